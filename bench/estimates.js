#!/usr/bin/env node
// Measures the temperature-dependent estimates of `chem predict --t` (src/local/predict/estimates.ts) against the
// database's measured curves (non-calc, non-outlier points of pvap rhol hvapt cpl srf tcondl), beside the classic
// pipeline on the same rows: Joback Tb, Tc, Pc (Vc, ΔHvap, Cp) → Lee–Kesler ω → Lee–Kesler Psat, Rackett with
// Joback's Zc = Pc Vc/(R Tc), Watson from Joback's ΔHvap, Rowlinson–Bondi, Sastri–Rao and Sato–Riedel on Joback's
// constants. Per compound up to 3 temperatures of each property (lowest, middle, highest measured; pvap between
// 1e-3 and 1e4 kPa). Prints per property: rows, rows answered, median and mean error (|ln(p/p_measured)| for pvap,
// relative for the others), their ratio to the classic pipeline's on the rows both answer, and the share of measured
// values within e.
//
//   npm run build && node bench/estimates.js --db PATH [--compounds FILE | --unlabelled] [--n 400] [--json OUT]
//
// --unlabelled: the compounds with measured curves and no measured value of any constant the estimates read (tb tf tc
// pc vc af hvap): out of every model's training, a held-out measurement of the shipped models.
// --anchored: pvap through the record's own measured constants (recommended Tb, Tc, Pc, ω, ΔHvap), as chem state
// estimates a database compound without a curve (src/local/predict/vapour-pressure.ts): the e of such an estimate.
// --spread F1,F2,F3 (e.g. 0.25,0.5,0.75): pvap at these fractions of each curve's measured range (lowest to highest
// measured T, 1e-3 to 1e4 kPa) instead of at its lowest, middle and highest point, the measured value interpolated
// between the neighbouring measured points (ln P linear in 1/T: the points lie on smooth correlations).
// --compounds: lines "InChIKey" (the first field of each line): only these compounds, e.g. those left out of the
// models' training with `npm run train -- --exclude FILE --out DIR`, then run with CHEM_MODELS=DIR: a held-out
// measurement. Without it, --n compounds with measured vapour pressures drawn at random (seeded): in-sample for the
// shipped models, which flatters them.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';

const { values: opt } = parseArgs({
  options: { db: { type: 'string' }, compounds: { type: 'string' }, unlabelled: { type: 'boolean', default: false }, anchored: { type: 'boolean', default: false }, spread: { type: 'string' }, n: { type: 'string', default: '400' }, json: { type: 'string' } },
});
const dbPath = opt.db ?? process.env.CHEM_DB;
if (!dbPath) throw new Error('--db PATH (or CHEM_DB) is needed: the measured curves come from the database');
const cs = await import('../dist/local/predict/corresponding-states.js');
const { leeKeslerOmega } = await import('../dist/local/predict/derived.js');
const { predict } = await import('../dist/local/predict/index.js');
const { jobackCp } = await import('../dist/local/predict/joback.js');
const { anchorsOf, estimatePsat } = await import('../dist/local/predict/vapour-pressure.js');
const { LocalBackend } = await import('../dist/local/backend.js');

const spread = opt.spread?.split(',').map(Number);
if (spread && (spread.length < 1 || spread.some((f) => !(f >= 0 && f <= 1)))) throw new Error('--spread: fractions between 0 and 1, comma-separated');
const KEYS = ['pvap', 'rhol', 'hvapt', 'cpl', 'srf', 'tcondl'];
const db = new Database(dbPath, { readonly: true });
const organic = (s) => /[Cc]/.test(s) && !s.includes('.');
let compounds;
if (opt.compounds) {
  const keys = new Set(readFileSync(opt.compounds, 'utf8').split('\n').map((l) => l.split('\t')[0].trim()).filter(Boolean));
  const q = db.prepare(`select id, inchikey, smiles from compounds where inchikey = ? and smiles is not null and type = 'C'`);
  compounds = [...keys].flatMap((k) => q.all(k)).filter((c) => organic(c.smiles));
} else if (opt.unlabelled) {
  compounds = db
    .prepare(
      `select distinct c.id, c.inchikey, c.smiles from compounds c join points p on p.compound_id = c.id where p.key in (${KEYS.map((k) => `'${k}'`).join()}) and p.calc = 0 and p.o = 0
       and c.smiles is not null and c.type = 'C' and not exists (select 1 from points q where q.compound_id = c.id and q.calc = 0 and q.key in ('tb', 'tf', 'tc', 'pc', 'vc', 'af', 'hvap')) order by c.id`,
    )
    .all()
    .filter((c) => organic(c.smiles));
} else {
  compounds = db
    .prepare(`select distinct c.id, c.inchikey, c.smiles from compounds c join points p on p.compound_id = c.id where p.key = 'pvap' and p.calc = 0 and p.o = 0 and c.smiles is not null and c.type = 'C' order by c.id`)
    .all()
    .filter((c) => organic(c.smiles));
  let seed = 40;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  compounds = compounds.map((c) => [rnd(), c]).sort((a, b) => a[0] - b[0]).slice(0, Number(opt.n)).map((x) => x[1]);
}

const points = db.prepare(`select key, t, v from points where compound_id = ? and calc = 0 and o = 0 and t is not null and key in (${KEYS.map(() => '?').join()})`);
const median = (a) => {
  const s = [...a].sort((x, y) => x - y);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const R = cs.R;
/** The classic pipeline on Joback's constants (j: the Joback points' values, hvap in kJ/mol). */
function classic(key, j, t, mw) {
  const { tb, tc, pc, vc, hvap, cp } = j;
  if (tb === undefined || tc === undefined || !(t < tc) || !(tb < tc)) return undefined;
  const w = pc === undefined ? undefined : leeKeslerOmega(tb, tc, pc);
  switch (key) {
    case 'pvap':
      return w === undefined ? undefined : cs.leeKeslerPsat(t, tc, pc, w);
    case 'rhol':
      return pc === undefined || vc === undefined ? undefined : mw / cs.rackettVolume(t, tc, pc, (pc * vc) / (R * tc));
    case 'hvapt':
      return hvap === undefined ? undefined : cs.watson(t, tc, hvap, tb);
    case 'cpl':
      return w === undefined || !cp ? undefined : cs.rowlinsonBondi(t, tc, w, jobackCp(cp, t));
    case 'srf':
      return pc === undefined ? undefined : cs.sastriRao(t, tb, tc, pc);
    case 'tcondl':
      return cs.satoRiedel(t, mw, tb, tc);
  }
}
const backend = new LocalBackend({ dbPath, env: process.env, notice: () => {} });
const recordOf = async (id) => (await backend.compound(id, { files: false, predictions: false })).comp;
const err = (key, v, m) => (key === 'pvap' ? Math.abs(Math.log(v / m)) : Math.abs(v / m - 1));

const rows = [];
for (const c of compounds) {
  const by = {};
  for (const p of points.all(c.id, ...KEYS)) ((by[p.key] ??= new Map()).get(p.t) ?? by[p.key].set(p.t, []).get(p.t)).push(p.v);
  const picked = {};
  const ts = new Set();
  for (const [key, m] of Object.entries(by)) {
    let tt = [...m.keys()].sort((a, b) => a - b);
    if (key === 'pvap') tt = tt.filter((t) => median(m.get(t)) > 1e-3 && median(m.get(t)) < 1e4);
    if (!tt.length) continue;
    if (key === 'pvap' && spread) {
      if (tt.length < 2) continue;
      picked[key] = spread.map((f) => {
        const t = Math.round((tt[0] + f * (tt[tt.length - 1] - tt[0])) * 100) / 100;
        const j = Math.max(0, Math.min(tt.length - 2, tt.findLastIndex((x) => x <= t)));
        const [t0, t1] = [tt[j], tt[j + 1]];
        const [l0, l1] = [Math.log(median(m.get(t0))), Math.log(median(m.get(t1)))];
        return [t, Math.exp(l0 + ((1 / t - 1 / t0) / (1 / t1 - 1 / t0)) * (l1 - l0))];
      });
    } else picked[key] = [...new Set([tt[0], tt[tt.length >> 1], tt[tt.length - 1]])].map((t) => [t, median(m.get(t))]);
    picked[key].forEach(([t]) => ts.add(t));
  }
  if (!ts.size) continue;
  let r;
  try {
    r = predict(c.smiles, { temperatures: [...ts], grid: false });
  } catch {
    for (const [key, list] of Object.entries(picked)) for (const [t, m] of list) rows.push({ key, id: c.id, t, m });
    continue;
  }
  const { fixed, tdep } = r.properties;
  const jv = (k) => fixed[k]?.find((p) => p.s === 'joback')?.v;
  const cpg = new Map((tdep.cpg ?? []).map((p) => [p.t, p.v]));
  const j = { tb: jv('tb'), tc: jv('tc'), pc: jv('pc'), vc: jv('vc'), hvap: jv('hvap') };
  const anchored = opt.anchored && picked.pvap ? await estimatePsat(c.smiles, anchorsOf(await recordOf(c.id))) : undefined;
  for (const [key, list] of Object.entries(picked)) {
    for (const [t, m] of list) {
      let p = tdep[key]?.find((x) => x.t === t);
      if (opt.anchored && key === 'pvap') {
        const v = anchored?.f(t);
        p = v > 0 ? { v, e: v * anchored.lnE(t) } : undefined;
      }
      const cl = key === 'cpl' ? (cpg.has(t) ? classic(key, { ...j, cp: [0, 0, 0, 0] }, t, r.properties.descr.mol_mw) : undefined) : classic(key, j, t, r.properties.descr.mol_mw);
      // Rowlinson–Bondi's classic needs Joback's Cp at T: the cpg point (the polynomial, unrounded digits aside)
      const classicV = key === 'cpl' && cl !== undefined ? cl + cpg.get(t) : cl;
      rows.push({ key, id: c.id, t, m, v: p?.v, e: p?.e, classic: classicV });
    }
  }
}

const stats = (a) => {
  const s = a.filter(Number.isFinite).sort((x, y) => x - y);
  return { n: s.length, median: s.length ? median(s) : NaN, mean: s.reduce((x, y) => x + y, 0) / s.length };
};
const out = {};
const f3 = (x) => (Number.isFinite(x) ? x.toPrecision(3) : '-');
console.log(`${compounds.length} compounds${opt.compounds ? ` of ${opt.compounds}` : opt.unlabelled ? ' without measured constants (out of the models\' training)' : ' (random, in-sample for the shipped models)'}${process.env.CHEM_MODELS ? `, models ${process.env.CHEM_MODELS}` : ''}; pvap at ${spread ? `fractions ${spread.join(', ')} of each curve's measured range` : 'the lowest, middle and highest measured T'}`);
console.log('key     rows  answered  median  mean    classic median  mean    ratio median  mean   within e');
for (const key of KEYS) {
  const all = rows.filter((r) => r.key === key);
  if (!all.length) continue;
  const answered = all.filter((r) => r.v !== undefined && r.v > 0);
  const both = answered.filter((r) => r.classic !== undefined && r.classic > 0);
  const ours = stats(answered.map((r) => err(key, r.v, r.m)));
  const a = stats(both.map((r) => err(key, r.v, r.m)));
  const b = stats(both.map((r) => err(key, r.classic, r.m)));
  const within = answered.filter((r) => Math.abs(r.v - r.m) <= r.e).length / answered.length;
  out[key] = { rows: all.length, answered: answered.length, median: ours.median, mean: ours.mean, both: both.length, ratioMedian: a.median / b.median, ratioMean: a.mean / b.mean, classicMedian: b.median, classicMean: b.mean, withinE: within };
  console.log(
    `${key.padEnd(7)} ${String(all.length).padStart(5)} ${(answered.length / all.length * 100).toFixed(1).padStart(6)} %  ${f3(ours.median).padEnd(7)} ${f3(ours.mean).padEnd(7)} ${f3(b.median).padEnd(15)} ${f3(b.mean).padEnd(7)} ${f3(a.median / b.median).padEnd(13)} ${f3(a.mean / b.mean).padEnd(6)} ${(within * 100).toFixed(0)} %`,
  );
}
if (opt.json) writeFileSync(opt.json, JSON.stringify({ out, rows }, null, 0));
