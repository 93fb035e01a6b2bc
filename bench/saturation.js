#!/usr/bin/env node
// Measures `chem state X --p 101.325` on database compounds that have a measured normal boiling point and no
// vapour-pressure data: how many get a saturation temperature (the estimate through the record's measured constants,
// src/local/predict/vapour-pressure.ts), how many lie within 0.5 K of the record's recommended tb, and whether each
// is calc with an e and a notice. --n compounds drawn at random (seeded) among them.
//
//   npm run build && node bench/saturation.js --db PATH [--n 100] [--seed 48]
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';

const { values: opt } = parseArgs({ options: { db: { type: 'string' }, n: { type: 'string', default: '100' }, seed: { type: 'string', default: '48' } } });
const dbPath = opt.db ?? process.env.CHEM_DB;
if (!dbPath) throw new Error('--db PATH (or CHEM_DB) is needed');
const { LocalBackend } = await import('../dist/local/backend.js');
const { localState } = await import('../dist/local/state.js');

const db = new Database(dbPath, { readonly: true });
const curve = new Set(db.prepare(`select distinct compound_id id from points where key = 'pvap' and calc = 0`).all().map((r) => r.id));
const withTb = db.prepare(`select distinct compound_id id from points where key = 'tb' and calc = 0 and o = 0 order by compound_id`).all().map((r) => r.id).filter((id) => !curve.has(id));
let seed = Number(opt.seed);
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const picked = withTb.map((id) => [rnd(), id]).sort((a, b) => a[0] - b[0]).slice(0, Number(opt.n)).map((x) => x[1]);
db.close();

const backend = new LocalBackend({ dbPath, env: process.env, notice: () => {} });
let answered = 0;
let within = 0;
let flagged = 0;
const misses = [];
for (const id of picked) {
  try {
    const r = await localState(backend, id, { p: 101.325 });
    const s = r.states[0];
    // the record's recommended tb: its first point (the record's own order)
    const rec = (await backend.compound(id, { files: false, predictions: false })).comp.fixed_props.tb[0].v;
    answered++;
    if (Math.abs(s.t - rec) <= 0.5) within++;
    else misses.push(`${id}: ${s.t} K against ${rec} K`);
    const p = s.props.pvap?.[0];
    if (p?.calc && p.e > 0 && r.notices.some((n) => n.startsWith('saturation temperature at 101.325 kPa estimated'))) flagged++;
  } catch (err) {
    misses.push(`${id}: ${err.message.slice(0, 120)}`);
  }
}
console.log(`${picked.length} compounds with a measured tb and no vapour pressure: ${answered} answered (${((100 * answered) / picked.length).toFixed(0)} %), ${within} within 0.5 K of the record's tb (${((100 * within) / Math.max(answered, 1)).toFixed(0)} % of those answered), ${flagged} calc with e and a notice`);
for (const m of misses.slice(0, 15)) console.log(`  ${m}`);
