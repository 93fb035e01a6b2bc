// chem state COMPOUND --t T[,T…] [--p P]: a compound's properties at temperatures (and a pressure),
// each source's correlation evaluated there, the recommended first (src/tdep). With --p, the phase at
// each (T, P) and that phase's properties; --p alone, the saturation temperature. `-` reads
// "COMPOUND T [P]" lines (a line's T and P default to --t and --p), one output row per line.
//
// Flat rows (CSV, NDJSON fields, a batch's table): input (batch only), cid, compound, t, p, phase, then
// the recommended value of each property (--prop, else every T-dependent one), error (batch only).
import { Command, Option } from 'commander';
import { usageError } from '../../api/errors.js';
import { isTDependent, plainSymbol, PROPERTIES, property } from '../../api/properties.js';
import { pointText } from '../../api/precision.js';
import type { State, StatePoint, StateResult } from '../../api/types.js';
import type { StateQuery } from '../../api/backend.js';
import { parsePressure, parseTemperature } from '../../units/quantities.js';
import { pressure, propertyKeys, temperatures } from '../arguments.js';
import { readLines, runBatch } from '../batch.js';
import { action, type Deps } from '../command.js';
import type { Context } from '../context.js';
import { examples } from '../help.js';
import { printResult, type Column, type Render, type Row, type View } from '../output.js';

export interface StateOptions {
  /** --t: temperatures, K. */
  t?: number[];
  /** --p: pressure, kPa. */
  p?: number;
  /** --prop: only these properties. */
  prop?: string[];
  /** --extrapolate: beyond every source's range, flagged. */
  extrapolate?: boolean;
}

export function stateCommand(deps: Deps): Command {
  return new Command('state')
    .description('properties of a compound at temperatures and a pressure, from its sources\' correlations: the recommended value first, the phase, the boiling temperature at a pressure')
    .argument('[compound]', 'compound id, CAS number, InChIKey, name or SMILES; - reads "COMPOUND T [P]" lines from stdin')
    .addOption(new Option('--t <list>', 'temperatures, comma-separated, with a unit: 298.15 (K), 25C, 77F').argParser(temperatures))
    .addOption(new Option('--p <pressure>', 'pressure, with a unit: 101.325 (kPa), 1atm, 70kPa, 1bar, 14.7psi; alone, the saturation temperature').argParser(pressure))
    .addOption(new Option('--prop <keys>', 'only these properties (comma-separated keys, e.g. pvap,rhol)').argParser(propertyKeys))
    .option('--extrapolate', 'evaluate correlations beyond their ranges where none covers T (each value flagged extrapolated)')
    .addHelpText(
      'after',
      examples('chem state ethanol --t 40C --prop rhol', 'chem state water --p 70kPa', 'chem state toluene --t 80C,100C --p 1atm', 'printf "ethanol 25C\\nwater 350 1atm\\n" | chem state - --format csv'),
    )
    .action(action(deps, (ctx, [compound], opts: StateOptions) => runState(ctx, compound, opts)));
}

export async function runState(ctx: Context, compound: string | undefined, opts: StateOptions): Promise<number> {
  if (!compound) throw usageError('usage: chem state COMPOUND --t T [--p P] (see chem state --help)');
  const base: StateQuery = { ...(opts.t && { t: opts.t }), ...(opts.p !== undefined && { p: opts.p }), ...(opts.prop && { props: opts.prop }), ...(opts.extrapolate && { extrapolate: true }) };
  const backend = await ctx.backend();
  const view = stateView(opts.prop ?? PROPERTIES.filter((d) => isTDependent(d.key)).map((d) => d.key));
  if (compound !== '-') {
    if (!base.t && base.p === undefined) throw usageError('give --t (temperatures), --p (a pressure), or both');
    const result = await backend.state(compound, base);
    for (const n of result.notices) ctx.notice(n);
    await printResult(ctx, view, result);
    return result.states.some((s) => !Object.keys(s.props).length && !s.phase) ? 7 : 0;
  }
  return runBatch(ctx, readLines(ctx.io.stdin), async (line) => {
    const { q, query } = batchLine(line, base);
    return backend.state(q, query);
  }, view);
}

/**
 * A batch line: COMPOUND, then a temperature and optionally a pressure (tab- or space-separated, read from the
 * right, so names with spaces work: "acetic acid 25C 1atm"); a line without them takes --t and --p.
 */
export function batchLine(line: string, base: StateQuery): { q: string; query: StateQuery } {
  const parts = line.includes('\t') ? line.split('\t').map((s) => s.trim()) : line.trim().split(/\s+/);
  const tryParse = <T>(parse: (s: string) => T, s: string | undefined) => {
    try {
      return s === undefined ? undefined : parse(s);
    } catch {
      return undefined;
    }
  };
  const n = parts.length;
  if (n >= 3) {
    const t = tryParse(parseTemperature, parts[n - 2]);
    const p = tryParse(parsePressure, parts[n - 1]);
    if (t !== undefined && p !== undefined) return { q: parts.slice(0, n - 2).join(' '), query: { ...base, t: [t], p } };
  }
  if (n >= 2) {
    const t = tryParse(parseTemperature, parts[n - 1]);
    if (t !== undefined) return { q: parts.slice(0, n - 1).join(' '), query: { ...base, t: [t] } };
  }
  if (!base.t && base.p === undefined) throw usageError(`"${line}": expected COMPOUND T [P] (or give --t/--p)`);
  return { q: parts.join(' '), query: base };
}

/** Flat rows, one per state; a terminal table per state for a single result. */
function stateView(keys: readonly string[]): View<StateResult> {
  const columns: Column[] = [
    { key: 'cid' },
    { key: 'compound' },
    { key: 't', header: 'T', unit: 'K' },
    { key: 'p', header: 'P', unit: 'kPa', optional: true },
    { key: 'phase', optional: true },
    ...keys.map((k) => ({ key: k, unit: property(k)?.unit, optional: true })),
  ];
  const rows = (r: StateResult): Row[] =>
    r.states.map((s) => {
      const row: Row = { cid: r.compound.cid, compound: r.compound.name, t: s.t, p: s.p, phase: s.phase };
      for (const k of keys) row[k] = s.props[k]?.[0]?.v;
      return row;
    });
  return { columns, rows, table: stateTable };
}

/** One block per state: a heading, then one row per property (the recommended value, its source and equation, the others). */
function stateTable(r: StateResult, out: Render): string {
  const name = r.compound.cid ? `${r.compound.name} (${[r.compound.cas, r.compound.cid].filter(Boolean).join(', ')})` : 'the structure';
  return r.states.map((s) => `${out.lines(heading(name, s, out))}\n${propertyRows(s, out)}`).join('\n');
}

function heading(name: string, s: State, out: Render): string {
  const t = `${out.number(out.temperature(s.t))} ${out.unit('K')}`;
  const p = s.p === undefined ? '' : `, ${out.number(out.convert('kPa', s.p))} ${out.unit('kPa')}`;
  const what = s.saturation ? `boils at ${t}${p}` : `at ${t}${p}`;
  return `${name} ${what}${s.phase ? `: ${s.phase}` : ''}`;
}

function propertyRows(s: State, out: Render): string {
  const rows = Object.entries(s.props).map(([key, points]) => {
    const def = property(key);
    const p = points[0]!;
    const value = pointText(p, out.conversion(def?.unit), out.number);
    // a vapour-pressure comment lists the coefficients after ';': the table shows the equation and range
    const eq = out.rangesIn((p.c ?? '').split('; ')[0]!);
    return [def ? `${key} ${plainSymbol(def)}` : key, value, out.unit(def?.unit), [p.s, marks(p)].filter(Boolean).join(' '), others(points), eq];
  });
  if (!rows.length) return '(no property at these conditions)\n';
  return out.table(['property', 'value', 'unit', { header: 'source', fit: 'truncate' }, { header: 'others', fit: 'truncate' }, { header: 'equation and range', fit: 'truncate' }], rows);
}

const marks = (p: StatePoint) => [p.calc ? 'calc' : '', p.interpolated ? 'interpolated' : '', p.extrapolated ? 'extrapolated' : ''].filter(Boolean).join(' ');

/** "2, within 1.3 %": how many other sources and how far the farthest is from the recommended value. */
function others(points: StatePoint[]): string {
  if (points.length < 2) return '';
  const v0 = points[0]!.v;
  const spread = Math.max(...points.slice(1).map((p) => Math.abs(p.v - v0) / Math.abs(v0)));
  return `${points.length - 1} within ${spread < 0.001 ? '0.1' : (spread * 100).toPrecision(2)} %`;
}
