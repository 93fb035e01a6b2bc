// `npm run train`: exports the training set from the built local database (dataset.ts), then runs the trainer
// (ml/train.py, XGBoost through Debian's /usr/bin/python3) which writes the model files, the golden predictions
// and the validation report. Python is needed here only; `chem` itself evaluates the models in TypeScript (ml.ts).
//
//   npm run train -- [--db PATH] [--from DATA_DIR] [--out DIR] [--exclude FILE] [--only tb,tc] [--no-cv] [--sample N]
//                    [--random-folds] [--critprop-only] [--seed N] [--python PATH] [--tb-curves measured|augment|replace]
//                    [--curves-cv] [--keep-export DIR]
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { exportDataset } from './dataset.js';
import { writeForests } from './forests.js';
import { renderReport, writeReport } from './report.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const { values: opt } = parseArgs({
  options: {
    db: { type: 'string' },
    from: { type: 'string' },
    out: { type: 'string', default: join(ROOT, 'models') },
    exclude: { type: 'string' },
    only: { type: 'string', default: '' },
    sample: { type: 'string' },
    seed: { type: 'string', default: '7' },
    'min-element': { type: 'string' },
    'no-cv': { type: 'boolean', default: false },
    'random-folds': { type: 'boolean', default: false },
    'critprop-only': { type: 'boolean', default: false },
    'tb-curves': { type: 'string' },
    'curves-cv': { type: 'boolean', default: false },
    'keep-export': { type: 'string' },
    python: { type: 'string', default: process.env.CHEM_PYTHON ?? '/usr/bin/python3' },
  },
});

const dataDir = opt.from ?? process.env.CHEM_DATA_DIR;
const db = opt.db ?? process.env.CHEM_DB ?? join(process.env.XDG_DATA_HOME ?? join(process.env.HOME ?? '.', '.local/share'), 'chem/chem.sqlite');
const out = resolve(opt.out);
// --keep-export DIR: the exported training set stays there (to rerun ml/train.py on it)
const work = opt['keep-export'] ? resolve(opt['keep-export']) : mkdtempSync(join(tmpdir(), 'chem-train-'));
try {
  const t0 = performance.now();
  const summary = exportDataset({ db, out: work, dataDir, exclude: opt.exclude, golden: join(ROOT, 'ml/golden.smi'), sample: opt.sample ? Number(opt.sample) : undefined });
  console.error(`exported ${summary.compounds} compounds in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${JSON.stringify(summary.targets)}`);
  const reportJson = join(work, 'report.json');
  const args = [join(ROOT, 'ml/train.py'), '--data', work, '--out', out, '--report', reportJson, '--seed', opt.seed, '--data-dir', dataDir ?? ''];
  if (opt.only) args.push('--only', opt.only);
  if (opt['min-element']) args.push('--min-element', opt['min-element']);
  if (opt['no-cv']) args.push('--no-cv');
  if (opt['random-folds']) args.push('--random-folds');
  args.push('--critprop-db'); // the report compares both ways of training on the CritProp folds
  if (opt['critprop-only']) args.push('--critprop-only');
  if (opt['tb-curves']) args.push('--tb-curves', opt['tb-curves']);
  if (opt['curves-cv']) args.push('--curves-cv');
  const r = spawnSync(opt.python, args, { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`the trainer failed (${opt.python} exited ${r.status ?? r.signal}${r.error ? `: ${r.error.message}` : ''})`);
  if (opt['critprop-only']) {
    // bench:ml: print the CritProp comparison, leave the models and their report alone
    process.stdout.write(renderReport(JSON.parse(readFileSync(reportJson, 'utf8'))));
  } else {
    if (!opt['no-cv']) {
      copyFileSync(reportJson, join(out, 'report.json')); // the numbers REPORT.md is rendered from (npm run report)
      writeReport(reportJson, join(out, 'REPORT.md'));
    }
    writeForests(out);
    console.error(`models written to ${out} in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
} finally {
  if (!opt['keep-export']) rmSync(work, { recursive: true, force: true });
}
