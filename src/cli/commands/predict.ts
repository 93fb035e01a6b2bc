// chem predict SMILES: property prediction (spec 4.5 body, part 2.5), also in batch over .smi lines.
//
// Flat rows (CSV, and the table of a batch) have stable columns, in this order (src/local/predict/flat.ts):
//   input (batch only: the whole input line), mw (g/mol), mr (Crippen molar refractivity), then the fixed
//   properties in registry order tf tb tc pc vc af hf gf hvap hfus log10ws logp mcvol (each in its display
//   unit, empty when not predicted), then for each temperature of --t (default 298.15 K) the columns
//   <key>@<T>K of the T-dependent keys in registry order (hvapt dvisc cpg pvap rhol srf cpl tcondl), and (batch only) error. --prop keeps only the listed properties' columns.
// NDJSON batch rows are {"input": line, "result": <v1 prediction result>} or {"input": line, "error": {...}}.
import { Command, Option } from 'commander';
import { property, plainSymbol } from '../../api/properties.js';
import { pointText } from '../../api/precision.js';
import type { PredictionResult } from '../../api/types.js';
import type { PredictOptions } from '../../api/backend.js';
import { usageError } from '../../api/errors.js';
import { checkProps, predictOne, predictOrByName, selectProps } from '../../answers/predict.js';
import { action, type Deps } from '../command.js';
import type { Context } from '../context.js';
import { readLines, runBatch } from '../batch.js';
import { formatOf, JsonText, printResult, type Column, type Render, type View } from '../output.js';
import { flatColumns, flatRow, type FlatRow } from '../../local/predict/flat.js';
import { examples } from '../help.js';
import { wrapText } from '../../util/text.js';
import { propertyKeys, temperatures, wholeNumber } from '../arguments.js';

export interface PredictCommandOptions {
  /** The SMILES, or - for .smi lines from stdin. */
  smiles?: string;
  /** --prop: only these properties. */
  prop?: string[];
  /** --t: temperatures (K) of the T-dependent values. */
  t?: number[];
  /** --jobs: worker threads of big flat batches. */
  jobs?: number;
}

/** Temperatures of the T-dependent columns of flat rows when --t is not given. */
const FLAT_TEMPERATURES = [298.15];

/** Flat-row columns under the registry's units (converted to display units by the output layer). */
function columns(keys: readonly string[], temperatures: readonly number[]): Column[] {
  return flatColumns(keys, temperatures).map((c) =>
    c.key === 'mw' ? { key: 'mw', header: 'mw (g/mol)' } : { key: c.key, unit: c.property ? property(c.property)?.unit : undefined },
  );
}

/** One prediction: the v1 result; a terminal table of its data points; a single flat row in CSV. */
export function predictionView(keys: readonly string[], temperatures: readonly number[]): View<PredictionResult> {
  return { columns: columns(keys, temperatures), rows: (r) => [flatRow(r)], table: predictionTable };
}

/** Terminal rendering of one prediction: one line per data point in the user's display units, a property's key, symbol and unit on its first line. */
function predictionTable(r: PredictionResult, out: Render): string {
  const rows: string[][] = [];
  const { fixed, tdep } = r.properties;
  for (const [key, points] of [...Object.entries(fixed), ...Object.entries(tdep)]) {
    const def = property(key);
    points.forEach((p, i) => {
      rows.push([
        i ? '' : def ? `${key} ${plainSymbol(def)}` : key,
        pointText(p, out.conversion(def?.unit), out.number),
        i ? '' : out.unit(def?.unit),
        p.t === undefined ? '' : out.number(out.temperature(p.t)),
        p.r ?? p.s,
      ]);
    });
  }
  if (!rows.length) return 'no property could be predicted for this structure\n';
  return out.table(['property', 'value', { header: 'unit', optional: true }, { header: `T (${out.unit('K')})`, optional: true }, { header: 'method', fit: 'truncate' }], rows);
}

export function predictCommand(deps: Deps): Command {
  return new Command('predict')
    .description('predict properties from a SMILES, offline: the chem-ml models (tb tf tc pc vc af hf gf hvap hfus log10ws logp, each value with its uncertainty e; first where they beat the group contribution, all but af), then the group contributions (Joback, Wildman-Crippen logP, McGowan volume and derived ones), and at each --t temperature vapour pressure, liquid density, enthalpy of vaporization, liquid Cp, surface tension and thermal conductivity from those constants by corresponding states; CHEM_MODELS=DIR uses the models in DIR')
    .summary('predict properties from a SMILES: the chem-ml models (value ± uncertainty), then group contributions')
    .argument('[smiles]', 'the structure as SMILES (or a name, CAS number or compound id of the database: its structure), or - to read .smi lines ("SMILES [name]") from stdin')
    .addOption(new Option('--prop <keys>', 'only these properties, comma-separated (e.g. tb,tc,logp)').argParser(propertyKeys))
    .addOption(new Option('--jobs <n>', 'batches of 2000+ lines: worker threads (default: one per core on 3+ cores, 1 on 2, 0 on 1; 1: it walks the model trees while the main thread analyses; 0: none)').argParser(wholeNumber(0)))
    .addOption(new Option('--t <list>', 'temperatures for cpg, dvisc and the corresponding-states estimates pvap rhol hvapt cpl srf tcondl, comma-separated, with a unit: 298.15 (K), 25C, 77F (CSV: the T columns; default 298.15)').argParser(temperatures))
    .addHelpText(
      'after',
      examples(
        'chem predict CCO',
        'chem predict ethanol',
        'chem predict "c1ccccc1O" --json',
        'chem predict CCO --prop tb,tc,cpg --t 298.15,500',
        'chem predict "CCCCCC(=O)OC" --prop pvap,rhol --t 298.15,350',
        'chem predict - --format csv < molecules.smi > predictions.csv',
      ),
    )
    .action(action(deps, (ctx, [smiles], opts: PredictCommandOptions) => runPredict(ctx, { ...opts, smiles })));
}

export async function runPredict(ctx: Context, opts: PredictCommandOptions): Promise<number> {
  const { smiles, prop: props, t: temperatures, jobs } = opts;
  if (smiles === undefined) throw usageError('usage: chem predict SMILES (see chem predict --help)');
  // Flat rows have a column per temperature: exactly those temperatures are computed for every molecule.
  const flat = ctx.format === 'csv' || (smiles === '-' && ctx.format === 'table');
  const flatTemperatures = temperatures ?? FLAT_TEMPERATURES;
  const predictOpts: PredictOptions = flat ? { temperatures: flatTemperatures, grid: false } : { temperatures };
  const backend = await ctx.backend();
  const { PREDICTED_KEYS } = await import('../../local/predict/methods.js');
  const keys = props ?? PREDICTED_KEYS;
  const view = predictionView(keys, flatTemperatures);
  const onNotice = (m: string) => ctx.notice(m);
  if (smiles !== '-') {
    const { result, smiles: used } = await predictOne(backend, smiles, { ...predictOpts, props }, onNotice, temperatures);
    await printResult(ctx, view, result);
    // On a terminal table: whether the database has measured values of this compound (a cheap indexed read).
    const m = formatOf(ctx, 'single') === 'table' && backend.measured ? await backend.measured(used).catch(() => undefined) : undefined;
    const line = m && `${m.name} has measured values of ${m.keys} propert${m.keys > 1 ? 'ies' : 'y'} in the database: chem cid ${m.cid}`;
    if (line) await ctx.io.write(wrapText(line, ctx.io.stdoutIsTTY ? ctx.io.columns : Infinity, 2).join('\n') + '\n');
    return 0;
  }
  await checkProps(backend, props);
  const run = async (s: string) => selectProps(await backend.predict(s, { ...predictOpts, props }), props);
  const orByName = <R>(text: string, predict: (s: string) => Promise<R>) => predictOrByName(backend, text, predict, onNotice);
  if (backend.kind !== 'local') {
    const rowView: View<FlatRow> = { columns: view.columns, rows: (r) => [r] };
    if (!flat) return runBatch(ctx, readLines(ctx.io.stdin), async (line) => (await orByName(line, run)).result, view);
    return runBatch(ctx, readLines(ctx.io.stdin), async (line) => flatRow((await orByName(line, run)).result), rowView);
  }
  // Local batches are predicted in chunks, from BIG_BATCH lines on with worker threads: by default one per core from
  // three cores on, on two one that walks the model trees while this thread analyses the next chunk (pool.ts). Each
  // thread pays the JIT warm-up of what it runs (~1 s over the first thousands of molecules for the whole
  // predictor), which only pays off for big batches. JSON outputs get each result's JSON text (serialised where it
  // was predicted), flat ones the flat row.
  const { PredictPool, defaultJobs } = await import('../../local/predict/pool.js');
  const workers = jobs ?? defaultJobs();
  const canPool = workers > 0 && !ctx.io.stdinIsTTY && PredictPool.available();
  const { lines, count } = canPool ? await lookAhead(readLines(ctx.io.stdin), BIG_BATCH) : { lines: readLines(ctx.io.stdin), count: 0 };
  const json = !flat && !ctx.fields && ['json', 'ndjson'].includes(formatOf(ctx, 'batch'));
  const pool = new PredictPool({ ...predictOpts, props }, json ? 'json' : 'flat', canPool && count >= BIG_BATCH ? workers : 0);
  const batchView: View<FlatRow | JsonText> = {
    columns: view.columns,
    rows: (r) => [r instanceof JsonText ? flatRow(JSON.parse(r.text) as PredictionResult) : r],
  };
  const work = async (line: string) => {
    const { result: r } = await orByName(line, (s) => pool.predict(s));
    return r instanceof Uint8Array ? new JsonText(r) : r;
  };
  try {
    // Enough lines in flight to fill the chunks (and the workers); typed lines are answered one by one.
    return await runBatch(ctx, lines, work, batchView, { concurrency: ctx.io.stdinIsTTY ? 1 : 1024 });
  } finally {
    await pool.close();
  }
}

/** Smallest batch that runs on worker threads. */
const BIG_BATCH = 2000;

/** Reads up to `n` lines ahead: `count` is how many there were (n when there are more). */
async function lookAhead(source: AsyncIterable<string>, n: number): Promise<{ lines: AsyncIterable<string>; count: number }> {
  const it = source[Symbol.asyncIterator]();
  const head: string[] = [];
  let done = false;
  while (head.length < n) {
    const next = await it.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
  }
  async function* lines() {
    yield* head;
    if (done) return;
    for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
  }
  return { lines: lines(), count: head.length };
}

