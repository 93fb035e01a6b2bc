// What a client of GET /cid/{id} and `chem cid` can rely on (issue 13, items 3 and 4): the first point
// of every property is the recommended one (measured non-outliers by source ranking, then measured
// outliers, then calculated values), the same in the API and the CLI; and every field of spec 2.1 is
// present (text "" when unknown, mw wherever the formula is known).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compoundIdFor } from '../../src/api/ids.js';
import type { Compound, DataPoint } from '../../src/api/types.js';
import { buildDatabase } from '../../src/local/store/build.js';
import { Store } from '../../src/local/store/store.js';
import { orderPoints, SOURCE_RANKING } from '../../src/api/ranking.js';
import { fullRecord } from '../../src/local/record.js';
import { formulaWeight, parseSmiles } from '../../src/chem/molecule.js';
import { MAX_3D_HEAVY_ATOMS, molfile3d } from '../../src/chem/molfile.js';
import { runChem } from '../helpers.js';
import { get, serveLocal } from '../server/http.js';

const MIRROR = fileURLToPath(new URL('../fixtures/store/mirror', import.meta.url));
const RECORDS_PAGE = fileURLToPath(new URL('../../docs/records.md', import.meta.url));
const ETHANOL = compoundIdFor('LFQSCWFLJHTTHZ-UHFFFAOYSA-N');
const TOLUENE = compoundIdFor('YXFVVABEGXRONW-UHFFFAOYSA-N');
const SALT = 'CCCCCCCCCCCCCCCC[n+]1ccc(C)cc1.[Br-]';
const KEY = 'record-test-key';
let dir: string;
let dbPath: string;
let store: Store;
/** A copy of the fixture database that tests may change (outlier flags, a lost mw). */
let altered: Store;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'chem-record-'));
  dbPath = join(dir, 'chem.sqlite');
  await buildDatabase({ from: MIRROR, dbPath, threads: 1, steps: [], now: 1700000000 });
  copyFileSync(dbPath, join(dir, 'altered.sqlite'));
  store = Store.open(dbPath);
  altered = Store.open(join(dir, 'altered.sqlite'));
  // ethanol: the best-ranked tc (iupac) flagged as an outlier; potassium acetate without stored mw
  altered.db.prepare("UPDATE points SET o = 1 WHERE compound_id = ? AND key = 'tc' AND s = 'iupac'").run(ETHANOL);
  altered.db.prepare("UPDATE compounds SET mw = NULL WHERE cas = '127-08-2'").run();
  // toluene's record given a salt (cetylpicolinium bromide)
  altered.db.prepare('UPDATE compounds SET smiles = ? WHERE id = ?').run(SALT, TOLUENE);
});

afterAll(() => {
  store?.close();
  altered?.close();
  rmSync(dir, { recursive: true, force: true });
});

const rank = new Map(SOURCE_RANKING.map(([key], i) => [key, i]));
/** Ranking key of a source: versioned model keys (chem-ml-1.1, chem-ml-1.1-beta) rank as their family. */
const rankOf = (s: string) => rank.get(s) ?? rank.get(s.replace(/-\d.*$/, '')) ?? rank.size;
const klass = (p: DataPoint) => (p.calc ? 2 : 0) + (p.o ? 1 : 0);
/** Keys whose shipped model does not beat its baseline: its point follows the baseline's (models/<key>.json.gz "first"). */
/** The baselines of models/REPORT.md for the keys whose model does not beat them. */
const BASELINE: Record<string, string> = { af: 'lee-kesler-joback' };
const MODEL_KEYS = ['tb', 'tf', 'tc', 'pc', 'vc', 'af', 'hf', 'gf', 'hvap', 'hfus', 'log10ws', 'logp'];
const followsBaseline = new Set(MODEL_KEYS.filter((k) => JSON.parse(gunzipSync(readFileSync(`models/${k}.json.gz`)).toString()).first === false));
const tag = (p: DataPoint) => `${p.s}${p.o ? ' o' : ''}${p.calc ? ' calc' : ''}`;

/** Every property in recommended order: class never goes down, and within a class the source rank never does. */
function expectOrdered(c: Compound): void {
  for (const [key, points] of Object.entries({ ...c.fixed_props, ...c.tpdep_props })) {
    for (let i = 1; i < points.length; i++) {
      const [a, b] = [points[i - 1]!, points[i]!];
      const msg = `${c.compound} ${key}: ${points.map(tag).join(', ')}`;
      expect(klass(a), msg).toBeLessThanOrEqual(klass(b));
      const r = (p: DataPoint) => (p.s.startsWith('chem-ml') && followsBaseline.has(key) ? rankOf(BASELINE[key]!) + 0.5 : rankOf(p.s));
      if (klass(a) === klass(b)) expect(r(a), msg).toBeLessThanOrEqual(r(b));
    }
  }
}

describe('the first point is the recommended one', () => {
  it('orders every property of every fixture record: measured by source rank, then outliers, then calculated', async () => {
    const ids = (store.db.prepare('SELECT id FROM compounds').all() as { id: string }[]).map((r) => r.id);
    for (const id of ids) expectOrdered(await fullRecord(store, id));
  });
  it('puts the best source first (ethanol: IUPAC critical constants, ATcT enthalpy of formation)', async () => {
    const c = await fullRecord(store, ETHANOL);
    expect(c.fixed_props!.tc![0]).toMatchObject({ s: 'iupac', v: 513.9 });
    expect(c.fixed_props!.pc![0]).toMatchObject({ s: 'iupac', v: 6148 });
    expect(c.fixed_props!.vc![0]!.s).toBe('iupac');
    expect(c.fixed_props!.hf![0]!.s).toBe('atct');
    expect(c.fixed_props!.tb![0]!.s).toBe('chemsep');
  });
  it('puts stored calculated values (OPERA, Wilson-Jasperson) and predictions after every measured one', async () => {
    const c = await fullRecord(store, ETHANOL);
    // stored order was crc, opera (calc), physprop, syrres, then the predictor's crippen
    const logp = c.fixed_props!.logp!.map(tag);
    expect(logp.slice(0, 3)).toEqual(['crc', 'physprop', 'syrres']);
    // calculated: the chem-ml model's point first (test/ml), then the stored OPERA value, then the group contribution
    expect(logp.slice(3)).toEqual([expect.stringMatching(/^chem-ml-1\.1(-beta)? calc$/), 'opera calc', 'crippen calc']);
    const tc = c.fixed_props!.tc!.map(tag);
    expect(tc.slice(-3)).toEqual([expect.stringMatching(/^chem-ml-1\.1(-beta)? calc$/), 'wilson-jasperson calc', 'joback calc']);
    // af: the model does not beat Lee–Kesler on Joback (models/REPORT.md), so its point follows theirs; hvap's beats Joback
    expect(followsBaseline).toEqual(new Set(['af']));
    const af = c.fixed_props!.af!.filter((p) => p.calc).map(tag);
    expect(af.indexOf('chem-ml-1.1-beta calc')).toBe(af.indexOf('lee-kesler-joback calc') + 1);
    const hvap = c.fixed_props!.hvap!.filter((p) => p.calc).map(tag);
    expect(hvap.indexOf('chem-ml-1.1-beta calc')).toBe(hvap.indexOf('joback calc') - 1);
  });
  it('puts an outlier after the other measured values, before the calculated ones, whatever its source', async () => {
    const tc = (await fullRecord(altered, ETHANOL)).fixed_props!.tc!.map(tag);
    const measured = tc.filter((t) => !/ (o|calc)$/.test(t));
    expect(measured[0]).toBe('chemsep'); // the best-ranked tc that is not an outlier
    expect(measured).toEqual(expect.arrayContaining(['crc', 'webbook', 'yaws', 'bell2018']));
    expect(tc).toEqual([...measured, 'iupac o', expect.stringMatching(/^chem-ml-1\.1(-beta)? calc$/), 'wilson-jasperson calc', 'joback calc']);
  });
  it('keeps the points of one source together and in temperature order', () => {
    const points: DataPoint[] = [
      { v: 3, s: 'yaws', t: 400 },
      { v: 1, s: 'zz-unlisted', t: 300 },
      { v: 2, s: 'chemsep', t: 350 },
      { v: 4, s: 'joback', t: 300, calc: true },
      { v: 5, s: 'chemsep', t: 300 },
      { v: 6, s: 'yaws', t: 300 },
    ];
    expect(orderPoints(points).map((p) => p.v)).toEqual([5, 2, 6, 3, 1, 4]);
  });
  it('ranks a model point just after the baseline it follows, and only then', () => {
    const points: DataPoint[] = [
      { v: 1, s: 'joback', calc: true },
      { v: 2, s: 'chem-ml-1.1-beta', calc: true },
      { v: 3, s: 'wilson-jasperson', calc: true },
      { v: 4, s: 'crc' },
    ];
    expect(orderPoints(points).map((p) => p.v)).toEqual([4, 2, 3, 1]);
    expect(orderPoints(points, 'joback').map((p) => p.v)).toEqual([4, 3, 1, 2]);
    expect(orderPoints(points, 'wilson-jasperson').map((p) => p.v)).toEqual([4, 3, 2, 1]);
  });
  it('is the same order in the CLI (JSON and table) and the API', async () => {
    const api = (await fullRecord(store, ETHANOL)).fixed_props!;
    const cli = JSON.parse((await runChem(['cid', ETHANOL, '--db', dbPath, '--json'])).stdout).comp.fixed_props;
    expect(cli).toEqual(api);
    const table = (await runChem(['cid', ETHANOL, '--db', dbPath, '--format', 'table', '--points'], { columns: 200 })).stdout;
    // The tc rows: the one with the key, then those under it (key and symbol stand once).
    const lines = table.split('\n');
    const first = lines.findIndex((l) => /^tc Tc\s/.test(l));
    const tcRows = lines.slice(first, first + api.tc!.length);
    expect(lines[first + api.tc!.length]).toMatch(/^\S/);
    tcRows.forEach((l, i) => expect(l).toMatch(new RegExp(`\\s${api.tc![i]!.s}(\\s|$)`)));

    const srv = await serveLocal(dbPath, KEY);
    try {
      const res = await get(srv.port, `/api/v1/cid/${ETHANOL}`, KEY);
      expect(res.status).toBe(200);
      expect(res.body.comp.fixed_props).toEqual(api);
    } finally {
      await srv.close();
    }
  });
  it('documents the ranking in docs/records.md as the same table', () => {
    const readme = readFileSync(RECORDS_PAGE, 'utf8');
    const section = readme.slice(readme.indexOf('**Which value comes first.**')).split('\n\n')[1]!;
    const rows = section.split('\n').slice(2).map((l) => l.split('|')[2]!);
    const keys = rows.flatMap((cell) => [...cell.matchAll(/`([a-z0-9-]+)`/g)].map((m) => m[1]));
    expect(keys).toEqual(SOURCE_RANKING.map(([key]) => key));
  });
});

describe('every compound field is present', () => {
  const TEXT = ['compound', 'cas', 'inchi', 'inchikey', 'formula', 'smiles', 'drawing', 'mol2d', 'mol3d', 'webbook_id'];
  it('gives every record of the fixture every field of spec 2.1, text as strings', async () => {
    const ids = (store.db.prepare('SELECT id FROM compounds').all() as { id: string }[]).map((r) => r.id);
    for (const id of ids) {
      const c = await fullRecord(store, id);
      for (const f of TEXT) expect(typeof c[f], `${c.compound} ${f}`).toBe('string');
      expect(c.inchi!.length).toBeGreaterThanOrEqual(0);
      for (const f of ['rev', 'mtime']) expect(typeof c[f], f).toBe('number');
      expect(typeof c.has_outliers).toBe('boolean');
      for (const f of ['other_names', 'log']) expect(Array.isArray(c[f]), f).toBe(true);
      for (const f of ['src', 'fixed_props', 'tpdep_props', 'descr']) expect(typeof c[f], f).toBe('object');
      if (c.formula) expect(typeof c.mw, `${c.compound} mw`).toBe('number');
    }
  });
  it('writes "" for what is unknown: an S record without structure, one known by InChIKey alone without CAS or InChI', async () => {
    expect(await fullRecord(store, compoundIdFor('CAS:1000-86-8'))).toMatchObject({ type: 'S', inchi: '', inchikey: '', smiles: '', formula: '', drawing: '', mol2d: '' });
    expect(await fullRecord(store, compoundIdFor('BDERNNFJNOPAEC-UHFFFAOYSA-N'))).toMatchObject({ type: 'S', cas: '', inchi: '', smiles: '' });
    const r = await runChem(['cid', compoundIdFor('CAS:1000-86-8'), '--db', dbPath, '--json']);
    expect(JSON.parse(r.stdout).comp).toMatchObject({ inchi: '', smiles: '' });
    const table = (await runChem(['cid', compoundIdFor('CAS:1000-86-8'), '--db', dbPath, '--format', 'table'], { columns: 160 })).stdout;
    expect(table).not.toMatch(/^inchi\s/m); // no empty identifier rows in the table
  });
  it('gives a salt a 3D molfile of its ions side by side', async () => {
    const m3 = molfile3d(parseSmiles(SALT))!;
    // cetylpicolinium C22H40N+ and Br-: 23 + 40 + 1 atoms with explicit hydrogens, one charge line each
    expect(m3.split('\n')[3]!.slice(0, 3).trim()).toBe('64');
    const c = await fullRecord(altered, TOLUENE);
    expect(c).toMatchObject({ smiles: SALT, mol3d: m3 });
    expect(c.mol2d).toMatch(/V2000/);
    expect(c.drawing).toMatch(/^data:image\/png;base64,/);
    expect(c.notices).toBeUndefined();
  });
  it('leaves out a part that cannot be computed with a notice, the rest of the record intact', async () => {
    const big = `C${'C'.repeat(MAX_3D_HEAVY_ATOMS)}O`; // over the bound of the 3D embedding
    altered.db.prepare('UPDATE compounds SET smiles = ? WHERE id = ?').run(big, TOLUENE);
    try {
      const c = await fullRecord(altered, TOLUENE);
      expect(c.mol3d).toBe('');
      expect(c.notices).toEqual([`mol3d left out: over ${MAX_3D_HEAVY_ATOMS} heavy atoms`]);
      expect(c.mol2d).toMatch(/V2000/);
      expect(c.fixed_props!.logp!.some((p) => p.calc)).toBe(true); // predictions still computed
    } finally {
      altered.db.prepare('UPDATE compounds SET smiles = ? WHERE id = ?').run(SALT, TOLUENE);
    }
  });
  it('computes no drawing or molfile when the output shows none', async () => {
    const c = await fullRecord(store, ETHANOL, { files: false });
    expect(c).toMatchObject({ drawing: '', mol2d: '', mol3d: '' });
    expect(c.fixed_props!.logp!.length).toBeGreaterThan(0);
  });
  it('computes mw from the formula when none is stored', async () => {
    const c = await fullRecord(altered, compoundIdFor('CAS:127-08-2'));
    expect(c.formula).toBe('C2H3KO2');
    expect(c.mw).toBeCloseTo(98.14, 1);
    expect(formulaWeight('O7Re2')).toBeCloseTo(484.41, 1);
    expect(formulaWeight('FeO4-2')).toBeCloseTo(119.84, 1);
    expect(formulaWeight('CuSO4·5H2O')).toBeUndefined();
    expect(formulaWeight('D2O')).toBeUndefined();
  });
});
