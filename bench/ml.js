#!/usr/bin/env node
// Benchmark of the chem-ml models at prediction time. Figures from one run:
//  1. load: milliseconds to read, gunzip and decode each model file (first use in a fresh process). Goal <= 50 ms.
//  2. batch overhead: `chem predict - --format csv --jobs 0` over N SMILES with the shipped models against the
//     same command with no models (CHEM_MODELS pointing at an empty directory: group contributions only), best
//     of --rounds each, interleaved. Goal: the models add <= 20 % per molecule.
//  3. a command that does not predict (`chem convert smiles CCO`) opens no model file (checked with CHEM_MODELS
//     pointing at a directory of unreadable model files).
//
//   npm run build && node bench/ml.js [--n 5000] [--rounds 3]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: opt } = parseArgs({ options: { n: { type: 'string', default: '5000' }, rounds: { type: 'string', default: '3' } } });
const root = fileURLToPath(new URL('../', import.meta.url));
const chem = join(root, 'bin/chem.js');
if (!existsSync(join(root, 'dist/local/predict/ml.js'))) {
  console.error('build first: npm run build');
  process.exit(2);
}
const { MODEL_KEYS } = await import(join(root, 'dist/local/predict/methods.js'));
const { loadModel } = await import(join(root, 'dist/local/predict/ml.js'));

// ---- load time ----
const loads = [];
for (const key of MODEL_KEYS) {
  const t0 = performance.now();
  const m = loadModel(key);
  // a model read from its forest file has no members left, only the flattened forest
  const trees = m && (m.forest ? m.forest.memberStart.at(-1) : m.members.reduce((s, x) => s + x.roots.length, 0));
  if (m) loads.push([key, performance.now() - t0, trees]);
}
console.log('model load (ms, first use):', loads.map(([k, ms, trees]) => `${k} ${ms.toFixed(1)} (${trees} trees)`).join(', '));
console.log(`slowest load ${Math.max(...loads.map((l) => l[1])).toFixed(1)} ms (goal <= 50 ms)`);

// ---- batch overhead ----
const methods = join(root, '..', 'shared', 'methods', 'predict_examples.tsv');
const base = existsSync(methods)
  ? readFileSync(methods, 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t')[0])
  : ['CCO', 'c1ccccc1', 'CC(=O)O', 'CC(C)=O', 'Cc1ccccc1', 'CCCCCC', 'c1ccc2ccccc2c1', 'CN1C=NC2=C1C(=O)N(C(=O)N2C)C', 'OC(=O)c1ccccc1O', 'ClC(Cl)Cl'];
const n = Number(opt.n);
const dir = mkdtempSync(join(tmpdir(), 'chem-bench-ml-'));
const file = join(dir, 'molecules.smi');
writeFileSync(file, Array.from({ length: n }, (_, i) => base[i % base.length]).join('\n') + '\n');
const empty = join(dir, 'none');
const broken = join(dir, 'broken');
for (const d of [empty, broken]) spawnSync('mkdir', ['-p', d]);
for (const key of MODEL_KEYS) writeFileSync(join(broken, `${key}.json.gz`), 'not a model');

function timed(env) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync('node', [chem, 'predict', '-', '--format', 'csv', '--jobs', '0'], { input: readFileSync(file), env: { ...process.env, ...env }, maxBuffer: 1 << 30 });
  if (r.status !== 0 && r.status !== 7) throw new Error(`chem predict: exit ${r.status} ${r.stderr}`);
  return Number(process.hrtime.bigint() - t0) / 1e9;
}
const best = { models: Infinity, none: Infinity };
for (let r = 0; r < Number(opt.rounds); r++) {
  best.models = Math.min(best.models, timed({}));
  best.none = Math.min(best.none, timed({ CHEM_MODELS: empty }));
}
const per = (s) => ((s / n) * 1e6).toFixed(0);
console.log(`batch of ${n}: with models ${best.models.toFixed(2)} s (${per(best.models)} µs/molecule), group contributions only ${best.none.toFixed(2)} s (${per(best.none)} µs/molecule)`);
console.log(`models add ${(((best.models - best.none) / best.none) * 100).toFixed(0)} % per molecule (goal <= 20 %)`);

// ---- no model for commands that do not predict ----
const conv = spawnSync('node', [chem, 'convert', 'smiles', 'CCO', '--json'], { env: { ...process.env, CHEM_MODELS: broken } });
console.log(`chem convert with unreadable model files: exit ${conv.status} (0 = no model was opened)`);
rmSync(dir, { recursive: true, force: true });
