#!/usr/bin/env node
// Benchmark of the local predictor. Figures from one run, printed as ratios:
//  1. batch throughput: `chem predict - --format csv` (every property: Joback, Crippen, McGowan, af,
//     log10ws, cpg and dvisc at 298.15 K) and `--format ndjson` (whole v1 results with the default T grids)
//     over N SMILES (CSV batches of 2000+ lines run on one worker thread per core; NDJSON on the main
//     thread), against Open Babel's logP alone: `obabel -ismi FILE -osmi --append logP -O /dev/null`.
//     Each command is run --rounds times, interleaved; the best wall time of each is compared.
//     Goal: chem >= 2x obabel's molecules/s. Also shown: chem with --jobs 0 (main thread only).
//  2. cold start: `chem predict CCO --json` against `node -e 0`, median of --runs each, interleaved.
//     Goal: <= 2x.
//
//   npm run build && node bench/predict.js [--n 10000] [--rounds 3] [--runs 15]
//
// The SMILES are the 50 molecules of ../shared/methods/predict_examples.tsv (or CHEM_METHODS_DIR) repeated
// to N lines, or, without that file, a small built-in set of common molecules. Open Babel comes from the OS
// (Debian: apt-get install openbabel, tried here when running as root); without it that part is skipped.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: opt } = parseArgs({
  options: {
    n: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '3' },
    runs: { type: 'string', default: '15' },
  },
});
const root = fileURLToPath(new URL('../', import.meta.url));
const chem = join(root, 'bin/chem.js');
if (!existsSync(join(root, 'dist/cli/main.js'))) {
  console.error('build first: npm run build');
  process.exit(2);
}

// ---- input file ----
const methodsDir = [process.env.CHEM_METHODS_DIR, join(root, '..', 'shared', 'methods')].find(
  (d) => d && existsSync(join(d, 'predict_examples.tsv')),
);
const base = methodsDir
  ? readFileSync(join(methodsDir, 'predict_examples.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t')[0])
  : ['CCO', 'c1ccccc1', 'CC(=O)O', 'CC(C)=O', 'Cc1ccccc1', 'CCCCCC', 'c1ccc2ccccc2c1', 'CN1C=NC2=C1C(=O)N(C(=O)N2C)C', 'OC(=O)c1ccccc1O', 'ClC(Cl)Cl'];
const n = Number(opt.n);
const smiles = Array.from({ length: n }, (_, i) => base[i % base.length]);
const dir = mkdtempSync(join(tmpdir(), 'chem-bench-predict-'));
const file = join(dir, 'molecules.smi');
writeFileSync(file, smiles.join('\n') + '\n');
console.log(`input: ${n} SMILES (${base.length} distinct, from ${methodsDir ? 'predict_examples.tsv' : 'the built-in set'})`);

/** Wall time in seconds of one command, stdin from `input` when given; fails loudly on a bad exit. */
function timed(cmd, args, input, okCodes = [0]) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { input: input && readFileSync(input), maxBuffer: 1 << 30, encoding: 'utf8' });
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.error || !okCodes.includes(r.status)) throw new Error(`${cmd} ${args.join(' ')}: exit ${r.status} ${r.error ?? r.stderr}`);
  return { s, stdout: r.stdout };
}

// ---- Open Babel ----
function findObabel() {
  if (spawnSync('obabel', ['-V']).status === 0) return true;
  if (process.getuid?.() === 0 && spawnSync('apt-get', ['--version']).status === 0) {
    console.log('obabel not found: trying apt-get install -y openbabel ...');
    spawnSync('apt-get', ['install', '-y', '-q', 'openbabel'], { stdio: 'ignore' });
    return spawnSync('obabel', ['-V']).status === 0;
  }
  return false;
}
const haveObabel = findObabel();
if (!haveObabel) console.log('Open Babel (obabel) is not installed and could not be installed: throughput ratio skipped');

// ---- throughput ----
const runs = {
  'chem predict csv': () => timed('node', [chem, 'predict', '-', '--format', 'csv'], file, [0, 7]),
  'chem predict csv --jobs 0': () => timed('node', [chem, 'predict', '-', '--format', 'csv', '--jobs', '0'], file, [0, 7]),
  'chem predict ndjson': () => timed('node', [chem, 'predict', '-', '--format', 'ndjson'], file, [0, 7]),
  ...(haveObabel ? { 'obabel logP': () => timed('obabel', ['-ismi', file, '-osmi', '--append', 'logP', '-O', '/dev/null']) } : {}),
};
const best = Object.fromEntries(Object.keys(runs).map((k) => [k, Infinity]));
for (let r = 0; r < Number(opt.rounds); r++) {
  for (const [k, f] of Object.entries(runs)) {
    const { s, stdout } = f();
    if (k.startsWith('chem') && k.includes('csv')) {
      const rows = stdout.split('\r\n').length - 2;
      if (rows !== n) throw new Error(`${k}: ${rows} rows for ${n} lines`);
    }
    best[k] = Math.min(best[k], s);
  }
}
console.log('\nbatch throughput (best of %d rounds):', Number(opt.rounds));
for (const [k, s] of Object.entries(best)) console.log(`  ${k.padEnd(28)} ${s.toFixed(2).padStart(7)} s  ${Math.round(n / s).toString().padStart(7)} molecules/s`);
if (haveObabel) {
  for (const k of ['chem predict csv', 'chem predict csv --jobs 0', 'chem predict ndjson']) {
    console.log(`  ratio ${k} / obabel logP: ${(best['obabel logP'] / best[k]).toFixed(2)}x (goal >= 2x)`);
  }
}

// ---- cold start ----
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cold = { node: [], chem: [] };
for (let i = 0; i < Number(opt.runs); i++) {
  cold.node.push(timed('node', ['-e', '0']).s);
  cold.chem.push(timed('node', [chem, 'predict', 'CCO', '--json']).s);
}
const [mn, mc] = [median(cold.node), median(cold.chem)];
console.log(`\ncold start (median of ${opt.runs}): node -e 0 ${(mn * 1000).toFixed(0)} ms, chem predict CCO --json ${(mc * 1000).toFixed(0)} ms`);
console.log(`  ratio chem / node: ${(mc / mn).toFixed(2)}x (goal <= 2x)`);

rmSync(dir, { recursive: true, force: true });
