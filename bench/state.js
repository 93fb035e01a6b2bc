#!/usr/bin/env node
// Benchmark of chem state on the full database:
//  1. Cold start: `chem state ethanol --t 300 --json` against `chem cid <ethanol's id> --json`, processes
//     started in turn (A B A B …) and the ratio taken pair by pair, median. Goal <= 1.5x chem cid.
//  2. A batch in one process: 1 000 "COMPOUND T P" lines (30 common compounds at temperatures inside their
//     liquid range, names and CAS numbers mixed) through `chem state - --format csv`, states per second
//     against the same process reading the same records with `chem cid -` (the peer: what the records alone
//     cost). Goal >= 1 000 states/s.
//
//   npm run build && node bench/state.js --db PATH [--runs 9]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: opt } = parseArgs({ options: { db: { type: 'string', default: process.env.CHEM_DB }, runs: { type: 'string', default: '9' } } });
if (!opt.db || !existsSync(opt.db)) {
  console.error('usage: node bench/state.js --db PATH (a database built with "chem db build")');
  process.exit(2);
}
const runs = Number(opt.runs);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const bin = fileURLToPath(new URL('../bin/chem.js', import.meta.url));

const chem = (args, input) => {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [bin, '--db', opt.db, '--backend', 'local', ...args], { encoding: 'utf8', input, maxBuffer: 1 << 28 });
  const ms = performance.now() - t0;
  if (r.status !== 0 && r.status !== 7) throw new Error(`chem ${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  return { ms, out: r.stdout };
};

const ETHANOL = JSON.parse(chem(['state', 'ethanol', '--t', '300', '--json']).out).compound.cid;
chem(['cid', ETHANOL, '--json']); // the code caches of both commands are written once
const ratios = [];
const [a, b] = [[], []];
for (let i = 0; i < runs; i++) {
  const s = chem(['state', 'ethanol', '--t', '300', '--json']).ms;
  const c = chem(['cid', ETHANOL, '--json']).ms;
  a.push(s);
  b.push(c);
  ratios.push(s / c);
}
const ratio = median(ratios);
console.log(`cold start (median of ${runs} pairs):`);
console.log(`  chem state ethanol --t 300 --json  ${median(a).toFixed(0).padStart(5)} ms`);
console.log(`  chem cid ${ETHANOL} --json   ${median(b).toFixed(0).padStart(5)} ms`);
console.log(`  ratio ${ratio.toFixed(2)} (goal <= 1.5): ${ratio <= 1.5 ? 'met' : 'NOT met'}`);

const COMPOUNDS = [
  ['water', 280, 370], ['ethanol', 250, 350], ['64-17-5', 250, 350], ['methanol', 250, 330], ['acetone', 250, 320],
  ['benzene', 290, 350], ['toluene', 250, 380], ['hexane', 250, 340], ['heptane', 250, 370], ['cyclohexane', 290, 350],
  ['acetic acid', 300, 390], ['chloroform', 250, 330], ['diethyl ether', 200, 300], ['ethyl acetate', 250, 340],
  ['1-butanol', 250, 390], ['2-propanol', 250, 350], ['phenol', 320, 450], ['aniline', 270, 450], ['pyridine', 250, 380],
  ['styrene', 250, 410], ['acetonitrile', 240, 350], ['7732-18-5', 280, 370], ['tetrahydrofuran', 200, 330],
  ['1-propanol', 250, 370], ['octane', 250, 390], ['naphthalene', 360, 480], ['formic acid', 290, 370],
  ['ethylene glycol', 270, 460], ['glycerol', 300, 500], ['dichloromethane', 200, 310],
];
const lines = Array.from({ length: 1000 }, (_, i) => {
  const [name, lo, hi] = COMPOUNDS[i % COMPOUNDS.length];
  return `${name} ${(lo + ((hi - lo) * ((i * 7919) % 997)) / 997).toFixed(2)} 101.325`;
});
const ids = new Map();
for (const row of chem(['state', '-', '--format', 'csv', '--prop', 'pvap'], lines.slice(0, COMPOUNDS.length).join('\n')).out.split(/\r?\n/).slice(1)) {
  const [input, cid] = row.split(',');
  if (cid) ids.set(input.split(' ').slice(0, -2).join(' '), cid);
}
const cidLines = lines.map((l) => ids.get(l.split(' ').slice(0, -2).join(' ')) ?? '').join('\n');
const batch = [];
const peer = [];
let answered = 0;
for (let i = 0; i < Math.min(runs, 5); i++) {
  const s = chem(['state', '-', '--format', 'csv'], lines.join('\n'));
  batch.push(s.ms);
  // a row with values: its error column (the last) empty
  answered = s.out.split(/\r?\n/).slice(1).filter((r) => r.endsWith(',')).length;
  peer.push(chem(['cid', '-', '--format', 'csv'], cidLines).ms);
}
const rate = 1000 / (median(batch) / 1000);
console.log(`\nbatch of 1000 lines in one process (median of ${batch.length}):`);
console.log(`  chem state - --format csv   ${median(batch).toFixed(0).padStart(6)} ms  ${rate.toFixed(0).padStart(6)} states/s (goal >= 1000): ${rate >= 1000 ? 'met' : 'NOT met'}; ${answered} rows with values`);
console.log(`  chem cid - --format csv     ${median(peer).toFixed(0).padStart(6)} ms  (the same records, read alone)  ratio ${(median(batch) / median(peer)).toFixed(2)}`);
process.exitCode = ratio <= 1.5 && rate >= 1000 ? 0 : 1;
