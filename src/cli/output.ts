// The output layer: one v1 result rendered as a table (terminals), JSON (the exact v1 body),
// NDJSON or CSV (RFC 4180). Commands describe their rows once with a View; this module does the rest.
import { createRequire } from 'node:module';
import { property } from '../api/properties.js';
import { usageError } from '../api/errors.js';
import type { Context } from './context.js';
import { displayUnit } from './units.js';

export const FORMATS = ['table', 'json', 'ndjson', 'csv'] as const;
export type Format = (typeof FORMATS)[number];

export type Cell = string | number | boolean | null | undefined;
export type Row = Record<string, Cell>;

export interface Column {
  key: string;
  header?: string;
  /** Registry unit of the numbers in this column; converted to the user's display unit. */
  unit?: string;
}

export interface View<T> {
  columns: Column[];
  /** Flat rows for CSV, NDJSON lists and the default table. Batch commands return exactly one. */
  rows(result: T): Row[];
  /** A richer terminal rendering (identifier blocks, footers); default: the rows as a table. */
  table?(result: T, ctx: Context): string;
}

/** CSV field per RFC 4180: quoted when it holds a comma, quote, CR or LF; quotes doubled. */
export function csvField(v: Cell): string {
  if (v === null || v === undefined) return '';
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CSV record, terminated by CRLF as RFC 4180 specifies. */
export function csvLine(cells: Cell[]): string {
  return cells.map(csvField).join(',') + '\r\n';
}

/** Header text of a column under the user's unit preferences: `tb (°C)`. */
export function columnHeader(col: Column, ctx: Context): string {
  const name = col.header ?? col.key;
  const unit = col.unit ? displayUnit(col.unit, ctx.units).unit : '';
  return unit ? `${name} (${unit})` : name;
}

/** A cell converted to the display unit; 12 significant digits remove conversion float noise. */
export function cellValue(col: Column, v: Cell, ctx: Context): Cell {
  if (typeof v !== 'number' || !col.unit) return v;
  return Number(displayUnit(col.unit, ctx.units).convert(v).toPrecision(12));
}

/** Numbers shown in tables: 6 significant digits, no exponent for everyday magnitudes. */
export function tableNumber(v: Cell): string {
  if (v === null || v === undefined) return '';
  if (typeof v !== 'number') return String(v);
  if (v === 0 || !Number.isFinite(v)) return String(v);
  const a = Math.abs(v);
  if (a >= 1e-4 && a < 1e9) return String(Number(v.toPrecision(6)));
  return v.toExponential(4);
}

/** A table fitted to the terminal width; long cells wrap. */
export function renderTable(headers: string[], rows: string[][], ctx: Context): string {
  const width = Math.max(40, ctx.io.columns);
  const natural = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => maxLineLength(r[i] ?? ''))) + 2);
  const borders = headers.length + 1;
  let widths = natural;
  if (natural.reduce((a, b) => a + b, 0) + borders > width) {
    const budget = width - borders;
    // Shrink the widest columns first so short ones (ids, units) stay intact.
    widths = [...natural];
    let total = widths.reduce((a, b) => a + b, 0);
    while (total > budget) {
      const widest = widths.indexOf(Math.max(...widths));
      if (widths[widest]! <= 6) break;
      widths[widest]!--;
      total--;
    }
  }
  // cli-table3 is loaded on the first table only: piped output never pays for it.
  const Table = createRequire(import.meta.url)('cli-table3') as typeof import('cli-table3');
  const table = new Table({
    head: headers,
    colWidths: widths,
    wordWrap: true,
    wrapOnWordBoundary: false,
    // cli-table3 styles the header itself so its width arithmetic sees the plain text.
    style: { head: ctx.color.enabled ? ['bold'] : [], border: [], compact: false },
  });
  for (const r of rows) table.push(r);
  return table.toString() + '\n';
}

function maxLineLength(s: string): number {
  return Math.max(0, ...s.split('\n').map((l) => l.length));
}

/** The rows of a view as a table under the user's units. */
export function rowsTable<T>(view: View<T>, rows: Row[], ctx: Context, lead: Column[] = []): string {
  const cols = [...lead, ...view.columns];
  return renderTable(
    cols.map((c) => columnHeader(c, ctx)),
    rows.map((r) => cols.map((c) => tableNumber(cellValue(c, r[c.key], ctx)))),
    ctx,
  );
}

/** The view restricted to --fields (in the order given); an unknown field is a usage error. */
export function pickFields<T>(view: View<T>, ctx: Context): View<T> {
  if (!ctx.fields) return view;
  const byKey = new Map(view.columns.map((c) => [c.key, c]));
  const columns = ctx.fields.map((f) => {
    const col = byKey.get(f);
    if (!col) throw usageError(`unknown field "${f}": expected some of ${view.columns.map((c) => c.key).join(', ')}`);
    return col;
  });
  return { columns, rows: view.rows };
}

/** A row as a JSON object of the view's columns, in display units. */
function rowObject(view: View<unknown>, row: Row, ctx: Context): Record<string, Cell> {
  return Object.fromEntries(view.columns.map((c) => [c.key, cellValue(c, row[c.key], ctx) ?? null]));
}

/** Prints one (non-batch) result in the chosen format. JSON is the v1 body; --fields shapes the rest. */
export async function printResult<T>(ctx: Context, fullView: View<T>, result: T): Promise<void> {
  const view = pickFields(fullView, ctx);
  switch (ctx.format) {
    case 'json':
      return ctx.io.write(JSON.stringify(ctx.convertJson ? convertJson(result, ctx) : result, null, 2) + '\n');
    case 'ndjson':
      if (ctx.fields) return ctx.io.write(view.rows(result).map((r) => JSON.stringify(rowObject(view as View<unknown>, r, ctx)) + '\n').join(''));
      return ctx.io.write(JSON.stringify(ctx.convertJson ? convertJson(result, ctx) : result) + '\n');
    case 'csv': {
      let out = csvLine(view.columns.map((c) => columnHeader(c, ctx)));
      for (const r of view.rows(result)) out += csvLine(view.columns.map((c) => cellValue(c, r[c.key], ctx)));
      return ctx.io.write(out);
    }
    case 'table':
      return ctx.io.write(view.table ? view.table(result, ctx) : rowsTable(view, view.rows(result), ctx));
  }
}

/**
 * --convert-json: data points (objects with a numeric `v` and a property key `u`, or inside a
 * property map keyed by registry key) converted to display units, with `unit` written beside `v`.
 */
export function convertJson<T>(result: T, ctx: Context, unitOf = registryUnit): T {
  const walk = (node: unknown, key?: string): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n, key));
    if (!node || typeof node !== 'object') return node;
    const obj = node as Record<string, unknown>;
    const propKey = typeof obj.u === 'string' ? obj.u : key;
    if (typeof obj.v === 'number' && propKey) {
      const conv = displayUnit(unitOf(propKey), ctx.units);
      const out: Record<string, unknown> = { ...obj, v: Number(conv.convert(obj.v).toPrecision(12)) };
      if (conv.unit) out.unit = conv.unit;
      if (typeof obj.t === 'number') out.t = Number(displayUnit('K', ctx.units).convert(obj.t).toPrecision(12));
      return out;
    }
    return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, walk(v, unitOf(k) !== undefined ? k : undefined)]));
  };
  return walk(result) as T;
}

function registryUnit(key: string): string | undefined {
  return property(key)?.unit;
}
