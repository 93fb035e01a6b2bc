#!/usr/bin/env node
// Benchmark of chem flash (issue 47):
//  1. Cold start: `chem flash` of a 9-component natural gas at 230 K and 4 MPa against `chem cid methane`,
//     processes started in turn (A B A B …); the ratio of the best of each (goal: the best flash within
//     1.6x the best cid) and the median of the pairs' ratios.
//  2. Warm: the same TP flash inside one process (the built vle modules, the inputs thermo gets: chemicals'
//     Tc, Pc, ω and the kij rule) against CalebBell/thermo's FlashVL with PRMIX in the same run
//     (bench/flash-thermo.py; skipped with a message where Python cannot import thermo). Goal: faster.
//
//   npm run build && node bench/flash.js --db PATH [--runs 5]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: opt } = parseArgs({ options: { db: { type: 'string', default: process.env.CHEM_DB }, runs: { type: 'string', default: '5' } } });
if (!opt.db || !existsSync(opt.db)) {
  console.error('usage: node bench/flash.js --db PATH (a database built with "chem db build")');
  process.exit(2);
}
const runs = Number(opt.runs);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const bin = fileURLToPath(new URL('../bin/chem.js', import.meta.url));
const GAS = ['methane', 'ethane', 'propane', 'n-butane', 'isobutane', 'n-pentane', 'nitrogen', 'carbon dioxide', 'n-hexane'];
const FLASH = ['flash', ...GAS, '--z', '0.80,0.07,0.04,0.015,0.01,0.01,0.02,0.025,0.01', '--t', '230K', '--p', '4MPa', '--json'];

const chem = (args) => {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [bin, '--db', opt.db, '--backend', 'local', ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`chem ${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  return ms;
};

chem(FLASH); // the code caches of both commands are written once
chem(['cid', 'methane', '--json']);
const [a, b, ratios] = [[], [], []];
for (let i = 0; i < runs; i++) {
  a.push(chem(FLASH));
  b.push(chem(['cid', 'methane', '--json']));
  ratios.push(a.at(-1) / b.at(-1));
}
const best = Math.min(...a) / Math.min(...b);
console.log(`cold start (${runs} pairs):`);
console.log(`  chem flash (9-component gas, 230 K, 4 MPa)  best ${Math.min(...a).toFixed(0).padStart(5)} ms, median ${median(a).toFixed(0)} ms`);
console.log(`  chem cid methane --json                     best ${Math.min(...b).toFixed(0).padStart(5)} ms, median ${median(b).toFixed(0)} ms`);
console.log(`  ratio of the bests ${best.toFixed(2)} (goal <= 1.6): ${best <= 1.6 ? 'met' : 'NOT met'}; median of the pairs' ratios ${median(ratios).toFixed(2)}`);

const py = spawnSync('/usr/bin/python3', [fileURLToPath(new URL('flash-thermo.py', import.meta.url)), '300'], {
  encoding: 'utf8',
  env: { ...process.env, PYTHONPATH: process.env.PYTHONPATH ?? '/work/ref/thermo:/work/ref/chemicals:/work/ref/fluids' },
});
if (py.status !== 0) {
  console.log(`warm TP flash: thermo not available (${py.stderr.trim().split('\n').at(-1)}): skipped`);
  process.exit(0);
}
const ref = JSON.parse(py.stdout.trim().split('\n').at(-1));
const { prFugacity } = await import('../dist/vle/fugacity.js');
const { tpFlash } = await import('../dist/vle/flash.js');
const model = prFugacity(ref.components, ref.kij);
let vf = 0;
for (let i = 0; i < 200; i++) vf = tpFlash(model, ref.z, ref.t, ref.p).phases[0].fraction; // warm-up: the JIT
const n = 2000;
const t0 = performance.now();
for (let i = 0; i < n; i++) tpFlash(model, ref.z, ref.t, ref.p);
const ms = (performance.now() - t0) / n;
console.log('warm TP flash of the same gas, same inputs:');
console.log(`  chem (vle/flash.ts tpFlash)   ${(ms * 1000).toFixed(0).padStart(6)} µs  VF ${vf.toFixed(5)}`);
console.log(`  thermo FlashVL (PRMIX)        ${(ref.ms * 1000).toFixed(0).padStart(6)} µs  VF ${ref.vf.toFixed(5)}`);
console.log(`  thermo / chem ${(ref.ms / ms).toFixed(1)}x (goal > 1, moonshot 10): ${ref.ms > ms ? 'met' : 'NOT met'}`);
