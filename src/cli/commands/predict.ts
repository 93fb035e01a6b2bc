// chem predict SMILES: local property prediction (spec 4.5 body, part 2.5), also in batch over .smi lines.
// It needs no database, so it calls the local predictor directly: nothing but OpenChemLib is loaded.
//
// Flat rows (CSV, and the table of a batch) have stable columns, in this order:
//   input (batch only: the whole input line), mw (g/mol), mr (Crippen molar refractivity), then the fixed
//   properties in registry order tf tb tc pc vc af hf gf hvap hfus log10ws logp mcvol (each in its display
//   unit, empty when not predicted), then for each temperature of --t (default 298.15 K) the columns
//   dvisc@<T>K and cpg@<T>K, and (batch only) error. --prop keeps only the listed properties' columns.
// NDJSON batch rows are {"input": line, "result": <v1 prediction result>} or {"input": line, "error": {...}}.
import { Command } from 'commander';
import { isTDependent, property, plainSymbol } from '../../api/properties.js';
import type { PredictionResult } from '../../api/types.js';
import { usageError } from '../../api/errors.js';
import { action, type Deps } from '../command.js';
import type { Context } from '../context.js';
import { readLines, runBatch } from '../batch.js';
import { printResult, renderTable, tableNumber, type Column, type Row, type View } from '../output.js';
import { displayUnit } from '../units.js';
import { examples } from '../help.js';

interface Options {
  prop?: string;
  t?: string;
}

/** Temperatures of the T-dependent columns of flat rows when --t is not given. */
const FLAT_TEMPERATURES = [298.15];

const list = (s: string | undefined) =>
  s
    ?.split(',')
    .map((x) => x.trim())
    .filter(Boolean);

function parseTemperatures(s: string | undefined): number[] | undefined {
  const items = list(s);
  if (!items) return undefined;
  if (!items.length) throw usageError('--t needs at least one temperature in K, e.g. --t 298.15,500');
  return items.map((x) => {
    const t = Number(x);
    if (!Number.isFinite(t) || t <= 0) throw usageError(`invalid temperature "${x}" in --t: expected kelvins > 0`);
    return t;
  });
}

const tKey = (key: string, t: number) => `${key}@${t}K`;

/** The flat view: one wide row per prediction (see the column list at the top of this file). */
export function predictionView(keys: readonly string[], temperatures: readonly number[]): View<PredictionResult> {
  const fixedKeys = keys.filter((k) => !isTDependent(k));
  const tKeys = keys.filter((k) => isTDependent(k));
  const columns: Column[] = [
    { key: 'mw', header: 'mw (g/mol)' },
    { key: 'mr' },
    ...fixedKeys.map((key) => ({ key, unit: property(key)?.unit })),
    ...temperatures.flatMap((t) => tKeys.map((k) => ({ key: tKey(k, t), unit: property(k)?.unit }))),
  ];
  return {
    columns,
    rows: (r) => {
      const row: Row = { mw: r.properties.descr.mol_mw as number, mr: (r.properties.descr.crippen as Record<string, number>).mr };
      for (const k of fixedKeys) row[k] = r.properties.fixed[k]?.[0]?.v;
      for (const k of tKeys) for (const p of r.properties.tdep[k] ?? []) if (p.t !== undefined) row[tKey(k, p.t)] = p.v;
      return [row];
    },
    table: predictionTable,
  };
}

/** Terminal rendering of one prediction: one line per data point, in the user's display units. */
function predictionTable(r: PredictionResult, ctx: Context): string {
  const rows: string[][] = [];
  const { fixed, tdep } = r.properties;
  const tUnit = displayUnit('K', ctx.units);
  for (const [key, points] of [...Object.entries(fixed), ...Object.entries(tdep)]) {
    const def = property(key);
    const conv = displayUnit(def?.unit, ctx.units);
    for (const p of points) {
      rows.push([
        key,
        def ? plainSymbol(def) : '',
        p.t === undefined ? '' : `${tableNumber(tUnit.convert(p.t))} ${tUnit.unit}`,
        tableNumber(conv.convert(p.v)),
        conv.unit,
        p.r ?? p.s,
      ]);
    }
  }
  if (!rows.length) return 'no property could be predicted for this structure\n';
  return renderTable(['property', 'symbol', 'T', 'value', 'unit', 'method'], rows, ctx);
}

export function predictCommand(deps: Deps): Command {
  return new Command('predict')
    .description('predict properties from a SMILES: Joback, Wildman-Crippen logP, McGowan volume and derived ones')
    .argument('[smiles]', 'the structure as SMILES, or - to read .smi lines ("SMILES [name]") from stdin')
    .option('--prop <keys>', 'only these properties, comma-separated (e.g. tb,tc,logp)')
    .option('--t <kelvins>', 'extra temperatures for cpg and dvisc, comma-separated (CSV: the T columns; default 298.15)')
    .addHelpText(
      'after',
      examples(
        'chem predict CCO',
        'chem predict "c1ccccc1O" --json',
        'chem predict CCO --prop tb,tc,cpg --t 298.15,500',
        'chem predict - --format csv < molecules.smi > predictions.csv',
      ),
    )
    .action(action(deps, (ctx, args, opts: Options) => runPredict(ctx, args, opts)));
}

export async function runPredict(ctx: Context, args: string[], opts: Options): Promise<number> {
  const [smiles] = args;
  if (smiles === undefined) throw usageError('usage: chem predict SMILES (see chem predict --help)');
  const props = parseProps(opts.prop);
  const temperatures = parseTemperatures(opts.t);
  // Flat rows have a column per temperature: exactly those temperatures are computed for every molecule.
  const flat = ctx.format === 'csv' || (smiles === '-' && ctx.format === 'table');
  const predictOpts = flat ? { temperatures: temperatures ?? FLAT_TEMPERATURES, grid: false } : { temperatures };
  const backend = await ctx.backend();
  const { PREDICTED_KEYS } = await import('../../local/predict/index.js');
  const view = predictionView(props ?? PREDICTED_KEYS, temperatures ?? FLAT_TEMPERATURES);
  const run = async (s: string) => selectProps(await backend.predict(s, predictOpts), props);
  if (smiles === '-') {
    // A .smi line is "SMILES [name]": the SMILES is the first field.
    return runBatch(ctx, readLines(ctx.io.stdin), (line) => run(line.split(/\s+/, 1)[0]), view);
  }
  await printResult(ctx, view, await run(smiles));
  return 0;
}

function parseProps(s: string | undefined): string[] | undefined {
  const keys = list(s);
  if (!keys) return undefined;
  if (!keys.length) throw usageError('--prop needs at least one property key, e.g. --prop tb,tc');
  for (const k of keys) if (!property(k)) throw usageError(`unknown property key "${k}" in --prop`);
  return keys;
}

/** Keeps only the listed properties (data points and info); allprops and descr stay whole. */
function selectProps(r: PredictionResult, props: string[] | undefined): PredictionResult {
  if (!props) return r;
  const pick = <T>(m: Record<string, T>) => Object.fromEntries(Object.entries(m).filter(([k]) => props.includes(k)));
  return { info: pick(r.info), properties: { ...r.properties, fixed: pick(r.properties.fixed), tdep: pick(r.properties.tdep) } };
}
