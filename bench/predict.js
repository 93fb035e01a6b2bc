#!/usr/bin/env node
// Benchmark of the local predictor. Figures from one run, each printed as a ratio against its peer:
//  1. batch throughput: `chem predict -` over N SMILES in the default NDJSON output (whole v1 results with the
//     default T grids) and in CSV (every property at 298.15 K), chem-ml model points included, with the default
//     worker setting (a walker thread on two cores, one worker per core from three); also with --jobs 0 (the calling
//     thread only). Peer: Open Babel's logP alone, `obabel -ismi FILE -osmi --append logP -O /dev/null`, on the same
//     file. Each command runs --rounds times, interleaved; the best wall time of each is compared. Goal: chem >= 0.8x obabel's molecules/s for the
//     default CSV on the distinct molecules (chem computes every property and model point; obabel one logP).
//     The main figures are on N DISTINCT molecules: the first N distinct SMILES of the database's compounds
//     (--db PATH, or CHEM_DB), so no cache of repeated inputs could help; the same figures follow on the 50
//     methods molecules repeated to N lines.
//  2. memory: peak RSS of `chem predict -` (NDJSON) over --big enumerated SMILES (default 100 000), against the
//     same over 5 000 of them: a streaming batch holds the same memory whatever its length. Goal: <= 300 MB.
//  3. cold start: `chem predict CCO --json` against `node -e 0`, median of --runs each, interleaved, after one untimed
//     run that writes the command's code cache (as any first run after a build does). Goal: <= 2x.
//     (`chem search benzene --json` is in bench/search.js.)
//
//  1b. the corresponding-states estimates (pvap rhol hvapt cpl srf tcondl) as a ratio: CSV at two temperatures with and
//     without them. Goal: <= 1.25x. `--estimates` runs this alone.
//
//   npm run build && node bench/predict.js [--db PATH] [--n 10000] [--rounds 3] [--big 100000] [--runs 15] [--estimates]
//
// The repeated SMILES of 1. are the 50 molecules of ../shared/methods/predict_examples.tsv (or CHEM_METHODS_DIR),
// or, without that file, a small built-in set of common molecules. Without a database only they are measured. Open Babel comes from the OS
// (Debian: apt-get install openbabel, tried here when running as root); without it the ratios of 1. are skipped.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: opt } = parseArgs({
  options: {
    n: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '3' },
    big: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '15' },
    db: { type: 'string', default: process.env.CHEM_DB },
    estimates: { type: 'boolean', default: false },
  },
});
const root = fileURLToPath(new URL('../', import.meta.url));
const chem = join(root, 'bin/chem.js');
if (!existsSync(join(root, 'dist/cli/main.js'))) {
  console.error('build first: npm run build');
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), 'chem-bench-predict-'));
const ratio = (x) => `${x.toFixed(2)}x`;

// ---- input files ----
const methodsDir = [process.env.CHEM_METHODS_DIR, join(root, '..', 'shared', 'methods')].find(
  (d) => d && existsSync(join(d, 'predict_examples.tsv')),
);
const base = methodsDir
  ? readFileSync(join(methodsDir, 'predict_examples.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t')[0])
  : ['CCO', 'c1ccccc1', 'CC(=O)O', 'CC(C)=O', 'Cc1ccccc1', 'CCCCCC', 'c1ccc2ccccc2c1', 'CN1C=NC2=C1C(=O)N(C(=O)N2C)C', 'OC(=O)c1ccccc1O', 'ClC(Cl)Cl'];
const n = Number(opt.n);
/** The input sets of 1.: name, file. */
const inputs = [];
if (opt.db) {
  if (!existsSync(opt.db)) throw new Error(`no database at ${opt.db}`);
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(opt.db, { readonly: true });
  const distinct = db
    .prepare("SELECT smiles FROM compounds WHERE smiles IS NOT NULL AND smiles <> '' GROUP BY smiles ORDER BY min(rowid) LIMIT ?")
    .pluck()
    .all(n);
  db.close();
  const file = join(dir, 'distinct.smi');
  writeFileSync(file, distinct.join('\n') + '\n');
  inputs.push({ name: 'distinct', file, lines: distinct.length, about: `${distinct.length} distinct SMILES from the database's compounds` });
}
{
  const file = join(dir, 'repeated.smi');
  writeFileSync(file, Array.from({ length: n }, (_, i) => base[i % base.length]).join('\n') + '\n');
  inputs.push({ name: 'repeated', file, lines: n, about: `${base.length} molecules from ${methodsDir ? 'predict_examples.tsv' : 'the built-in set'} repeated to ${n} lines` });
}
for (const i of inputs) console.log(`input ${i.name}: ${i.about}`);
if (!opt.db) console.log('no database (--db or CHEM_DB): the distinct-molecule figures are skipped');

/** Wall time in seconds of one command, stdin from `input` when given; fails loudly on a bad exit. */
function timed(cmd, args, input, okCodes = [0]) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { input: input && readFileSync(input), maxBuffer: 1 << 30, encoding: 'utf8' });
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.error || !okCodes.includes(r.status)) throw new Error(`${cmd} ${args.join(' ')}: exit ${r.status} ${r.error ?? r.stderr}`);
  return { s, stdout: r.stdout };
}

// ---- 1b. the corresponding-states estimates' cost (--estimates: this alone) ----
// `--format csv --t 298.15,350` on the first input (distinct molecules with a database), with every key against the
// same without the estimate keys (pvap rhol hvapt cpl srf tcondl: the --prop of all other keys), interleaved, best of
// --rounds. Goal: the estimates add <= 25 %.
{
  const { PREDICTED_KEYS } = await import('../dist/local/predict/methods.js');
  const { ESTIMATE_KEYS } = await import('../dist/local/predict/estimates.js');
  const others = PREDICTED_KEYS.filter((k) => !ESTIMATE_KEYS.includes(k)).join(',');
  const { file, name } = inputs[0];
  const args = ['predict', '-', '--format', 'csv', '--t', '298.15,350'];
  const best = { with: Infinity, without: Infinity };
  for (let r = 0; r < Number(opt.rounds); r++) {
    best.with = Math.min(best.with, timed('node', [chem, ...args], file, [0, 7]).s);
    best.without = Math.min(best.without, timed('node', [chem, ...args, '--prop', others], file, [0, 7]).s);
  }
  console.log(`\nestimates (${name}, csv --t 298.15,350, best of ${opt.rounds}): ${best.with.toFixed(2)} s with, ${best.without.toFixed(2)} s without: ${ratio(best.with / best.without)} (goal <= 1.25x)`);
  if (opt.estimates) process.exit(0);
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
if (!haveObabel) console.log('Open Babel (obabel) is not installed and could not be installed: the throughput ratios are skipped');

// ---- 1. throughput ----
const predict = (file, format, jobs) => () => timed('node', [chem, 'predict', '-', '--format', format, ...(jobs ? ['--jobs', jobs] : [])], file, [0, 7]);
const runs = {};
for (const { name, file, lines } of inputs) {
  const add = (label, f, rows) => (runs[`${name}: ${label}`] = { f, rows, input: name });
  add('chem predict ndjson', predict(file, 'ndjson'), lines);
  add('chem predict csv', predict(file, 'csv'), lines);
  add('chem predict ndjson --jobs 0', predict(file, 'ndjson', '0'), lines);
  add('chem predict csv --jobs 0', predict(file, 'csv', '0'), lines);
  if (haveObabel) add('obabel logP', () => timed('obabel', ['-ismi', file, '-osmi', '--append', 'logP', '-O', '/dev/null']));
}
const best = Object.fromEntries(Object.keys(runs).map((k) => [k, Infinity]));
for (let r = 0; r < Number(opt.rounds); r++) {
  for (const [k, { f, rows: want }] of Object.entries(runs)) {
    const { s, stdout } = f();
    if (want !== undefined) {
      const rows = k.includes('csv') ? stdout.split('\r\n').length - 2 : stdout.split('\n').length - 1;
      if (rows !== want) throw new Error(`${k}: ${rows} rows for ${want} lines`);
    }
    best[k] = Math.min(best[k], s);
  }
}
console.log('\nbatch throughput (best of %d rounds):', Number(opt.rounds));
for (const { name, lines } of inputs) {
  for (const [k, s] of Object.entries(best)) {
    if (runs[k].input !== name) continue;
    const peer = `${name}: obabel logP`;
    const vs = haveObabel && k !== peer ? `  ${ratio(best[peer] / s)} obabel logP (goal >= 0.8x)` : '';
    console.log(`  ${k.padEnd(40)} ${s.toFixed(2).padStart(6)} s ${Math.round(lines / s).toString().padStart(7)} molecules/s ${Math.round((s / lines) * 1e6).toString().padStart(5)} µs/molecule${vs}`);
  }
}

// ---- 2. memory ----
// Distinct small molecules: head + middle + tail fragments.
const heads = ['C', 'CC', 'CCC', 'CC(C)', 'c1ccccc1', 'C1CCCCC1', 'OC', 'NC', 'ClC', 'FC(F)(F)', 'O=C(O)', 'N#C', 'CC(=O)', 'COc1ccc(cc1)'];
const mids = ['', 'C', 'CC', 'CCC', 'C(C)', 'C=C', 'C#C', 'CO', 'CN', 'C(=O)', 'c1ccc(cc1)', 'C1CC1', 'OCC', 'SC'];
const tails = ['C', 'O', 'N', 'Cl', 'Br', 'F', 'C(=O)O', 'C(=O)N', 'OC', 'C#N', 'S', 'c1ccncc1', 'C(F)(F)F', '[N+](=O)[O-]'];
const enumerated = heads.flatMap((h) => mids.flatMap((m) => tails.map((t) => h + m + t)));
const rssProbe = join(dir, 'rss.cjs');
writeFileSync(rssProbe, "process.on('exit', () => require('node:fs').writeSync(2, `maxrss ${process.resourceUsage().maxRSS}\\n`));\n");
/** Peak RSS (MB) and wall time of `chem predict -` (NDJSON to /dev/null) over `lines` enumerated SMILES. */
function peak(lines) {
  const input = join(dir, `big-${lines}.smi`);
  writeFileSync(input, Array.from({ length: lines }, (_, i) => enumerated[i % enumerated.length]).join('\n') + '\n');
  const [fin, fout] = [openSync(input, 'r'), openSync('/dev/null', 'w')];
  const t0 = process.hrtime.bigint();
  const r = spawnSync('node', ['--require', rssProbe, chem, 'predict', '-', '--format', 'ndjson'], { stdio: [fin, fout, 'pipe'], encoding: 'utf8' });
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  closeSync(fin);
  closeSync(fout);
  const kb = /maxrss (\d+)/.exec(r.stderr)?.[1];
  if (![0, 7].includes(r.status) || !kb) throw new Error(`chem predict over ${lines} lines: exit ${r.status} ${r.stderr}`);
  return { mb: Number(kb) / 1024, s };
}
const big = Number(opt.big);
const [small, large] = [peak(5000), peak(big)];
console.log(`\nmemory, NDJSON batch of enumerated SMILES (${enumerated.length} distinct):`);
console.log(`  5000 lines: peak RSS ${small.mb.toFixed(0)} MB; ${big} lines: peak RSS ${large.mb.toFixed(0)} MB (goal <= 300 MB), ${large.s.toFixed(1)} s`);
console.log(`  ratio peak RSS ${big} lines / 5000 lines: ${ratio(large.mb / small.mb)} (bounded: about 1x)`);

// ---- 3. cold start ----
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cold = { node: [], chem: [] };
// one run first, untimed: the first run of a command after a build writes its code cache (bin/chem.js)
timed('node', [chem, 'predict', 'CCO', '--json']);
for (let i = 0; i < Number(opt.runs); i++) {
  cold.node.push(timed('node', ['-e', '0']).s);
  cold.chem.push(timed('node', [chem, 'predict', 'CCO', '--json']).s);
}
const [mn, mc] = [median(cold.node), median(cold.chem)];
console.log(`\ncold start (median of ${opt.runs}): node -e 0 ${(mn * 1000).toFixed(0)} ms, chem predict CCO --json ${(mc * 1000).toFixed(0)} ms`);
console.log(`  ratio chem / node: ${ratio(mc / mn)} (goal <= 2x)`);

rmSync(dir, { recursive: true, force: true });
