#!/usr/bin/env node
// Benchmark of chem vle on the full database:
//  1. In process: a 21-point isobaric Txy diagram with its azeotrope scan (vleDiagram over the local
//     backend, records and mixtures read warm), median over repetitions of each of a few pairs, beside
//     the peer: the database reads it needs alone (both compound records, the mixture list and record).
//     Goal <= 50 ms a diagram. Then the diagrams whose liquid splits (three-phase points: isoactivity
//     and the three-phase T inside the split), against the one-liquid diagram of ethanol/water measured
//     alongside. Goal <= 100 ms a diagram.
//     Then the same diagram by modified UNIFAC (Dortmund) against NRTL, timed alternately. Goal <= 1.5x.
//  2. In a shell: `chem vle ethanol water --json` against `chem mid` of the same pair, cold processes,
//     median of several runs. Goal <= 2x chem mid.
//
//   npm run build && node bench/vle.js --db PATH [--runs 7]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: opt } = parseArgs({ options: { db: { type: 'string', default: process.env.CHEM_DB }, runs: { type: 'string', default: '7' } } });
if (!opt.db || !existsSync(opt.db)) {
  console.error('usage: node bench/vle.js --db PATH (a database built with "chem db build")');
  process.exit(2);
}
const runs = Number(opt.runs);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const bin = fileURLToPath(new URL('../bin/chem.js', import.meta.url));

const { LocalBackend } = await import('../dist/local/backend.js');
const { vleDiagram } = await import('../dist/vle/diagram.js');
const backend = new LocalBackend({ dbPath: opt.db, env: {}, notice: () => {} });

const PAIRS = [
  ['64-17-5', '7732-18-5'], // ethanol / water, NRTL
  ['67-64-1', '67-66-3'], // acetone / chloroform, NRTL, maximum-boiling azeotrope
  ['71-36-3', '7732-18-5'], // 1-butanol / water, NRTL, two liquids (stability tests)
  ['67-63-0', '7732-18-5'], // 2-propanol / water: no NRTL set, UNIQUAC
];
let worst = 0;
console.log('in process, 21-point Txy at 101.325 kPa (median of 20, warm):');
for (const [a, b] of PAIRS) {
  const r = await vleDiagram(backend, { c1: a, c2: b });
  const times = [];
  const reads = [];
  for (let i = 0; i < 20; i++) {
    let t0 = performance.now();
    await vleDiagram(backend, { c1: a, c2: b });
    times.push(performance.now() - t0);
    t0 = performance.now();
    const [x, y] = r.components.map((c) => c.cid);
    await backend.compound(x, { files: false, predictions: false });
    await backend.compound(y, { files: false, predictions: false });
    if (r.sources.parameters) {
      await backend.mixtures(x);
      await backend.mixture(r.sources.parameters.mid);
    }
    reads.push(performance.now() - t0);
  }
  const t = median(times);
  worst = Math.max(worst, t);
  const az = r.azeotrope ? `azeotrope x1 ${r.azeotrope.x1.toFixed(4)} at ${r.azeotrope.t.toFixed(2)} K` : 'no azeotrope';
  const name = `${r.components[0].name} / ${r.components[1].name} (${r.model})`;
  console.log(`  ${name.padEnd(32)} ${t.toFixed(2).padStart(7)} ms   database reads alone ${median(reads).toFixed(2).padStart(6)} ms   ${az}`);
}
console.log(`  slowest ${worst.toFixed(2)} ms (goal <= 50 ms): ${worst <= 50 ? 'met' : 'NOT met'}`);

// Splits: each diagram timed alternately with the one-liquid peer (ethanol / water) to share the machine's load.
const SPLITS = [
  ['7732-18-5', '123-86-4'], // water / n-butyl acetate, NRTL, 16 three-phase points
  ['71-36-3', '7732-18-5'], // 1-butanol / water, NRTL, 8
  ['7732-18-5', '98-01-1'], // water / furfural, NRTL
  ['67-56-1', '110-54-3'], // methanol / n-hexane, NRTL: two separate splits
];
let worstSplit = 0;
console.log('\n21-point Txy with two liquids (median of 20, warm), against ethanol / water measured alongside:');
for (const [a, b] of SPLITS) {
  const r = await vleDiagram(backend, { c1: a, c2: b });
  const [times, peer, reads] = [[], [], []];
  const [x, y] = r.components.map((c) => c.cid);
  for (let i = 0; i < 20; i++) {
    let t0 = performance.now();
    await vleDiagram(backend, { c1: a, c2: b });
    times.push(performance.now() - t0);
    t0 = performance.now();
    await vleDiagram(backend, { c1: '64-17-5', c2: '7732-18-5' });
    peer.push(performance.now() - t0);
    t0 = performance.now();
    await backend.compound(x, { files: false, predictions: false });
    await backend.compound(y, { files: false, predictions: false });
    await backend.mixtures(x);
    await backend.mixture(r.sources.parameters.mid);
    reads.push(performance.now() - t0);
  }
  const [t, p] = [median(times), median(peer)];
  worstSplit = Math.max(worstSplit, t);
  const three = r.points.filter((q) => q.phases === 3).length;
  const name = `${r.components[0].name} / ${r.components[1].name}`;
  console.log(`  ${name.padEnd(28)} ${t.toFixed(2).padStart(7)} ms  database reads alone ${median(reads).toFixed(2).padStart(6)} ms  ${String(three).padStart(2)} three-phase points  ${(t / p).toFixed(2)}x ethanol / water (${p.toFixed(2)} ms)`);
}
console.log(`  slowest ${worstSplit.toFixed(2)} ms (goal <= 100 ms): ${worstSplit <= 100 ? 'met' : 'NOT met'}`);

// UNIFAC: the same 21-point Txy by modified UNIFAC (Dortmund) and by the pair's NRTL set, timed alternately.
const GROUPED = [
  ['64-17-5', '7732-18-5'], // ethanol / water
  ['67-64-1', '67-66-3'], // acetone / chloroform
  ['67-56-1', '7732-18-5'], // methanol / water
  ['71-36-3', '7732-18-5'], // 1-butanol / water: two liquids (stability tests, three-phase points)
];
let worstUnifac = 0;
console.log('\n21-point Txy by modified UNIFAC (Dortmund) against the same diagram by NRTL (median of 20, warm):');
for (const [a, b] of GROUPED) {
  const [u, n] = [[], []];
  const r = await vleDiagram(backend, { c1: a, c2: b, model: 'dortmund' });
  await vleDiagram(backend, { c1: a, c2: b, model: 'nrtl' });
  for (let i = 0; i < 20; i++) {
    let t0 = performance.now();
    await vleDiagram(backend, { c1: a, c2: b, model: 'dortmund' });
    u.push(performance.now() - t0);
    t0 = performance.now();
    await vleDiagram(backend, { c1: a, c2: b, model: 'nrtl' });
    n.push(performance.now() - t0);
  }
  const ratio = median(u) / median(n);
  worstUnifac = Math.max(worstUnifac, ratio);
  const name = `${r.components[0].name} / ${r.components[1].name}`;
  console.log(`  ${name.padEnd(28)} ${r.model.padEnd(32)} ${median(u).toFixed(2).padStart(7)} ms   NRTL ${median(n).toFixed(2).padStart(7)} ms   ratio ${ratio.toFixed(2)}`);
}
console.log(`  worst ratio ${worstUnifac.toFixed(2)} (goal <= 1.5): ${worstUnifac <= 1.5 ? 'met' : 'NOT met'}`);
await backend.close();

const shell = (args) => {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [bin, '--db', opt.db, '--backend', 'local', ...args], { encoding: 'utf8' });
    times.push(performance.now() - t0);
    if (r.status !== 0) throw new Error(`chem ${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  }
  return median(times);
};
const vle = shell(['vle', 'ethanol', 'water', '--json']);
const mid = shell(['mid', '309475187-203-g', '--json']);
console.log(`\nin a shell (median of ${runs} cold processes):`);
console.log(`  chem vle ethanol water --json   ${vle.toFixed(0).padStart(5)} ms`);
console.log(`  chem mid 309475187-203-g --json ${mid.toFixed(0).padStart(5)} ms`);
console.log(`  ratio ${(vle / mid).toFixed(2)} (goal <= 2): ${vle <= 2 * mid ? 'met' : 'NOT met'}`);
process.exitCode = worst <= 50 && worstSplit <= 100 && worstUnifac <= 1.5 && vle <= 2 * mid ? 0 : 1;
