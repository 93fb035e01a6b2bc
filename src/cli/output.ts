// The output layer: the one writer of every command. A single result, the items of a stream
// (`search --all`) and the rows of a batch (`-`) all go through openWriter, which alone decides the
// format, applies --fields, converts units and colours tables. Commands describe their results once
// with a View (columns, flat rows, optionally a richer terminal table drawn with a Render).
//
// What the output options mean, in every command and for every kind of output:
// - --format table|json|ndjson|csv. Default: a table on a terminal; when piped, JSON for a single
//   result and NDJSON for streams and batches.
// - json: the v1 body of a single result; streams and batches print a JSON array of their items
//   (batch items are {"input", "result"} or {"input", "error": {"status", "message"}}).
//   ndjson: the same documents, one a line.
// - --fields a,b: the columns of rows, in that order: table and CSV columns, and in NDJSON one
//   object of those fields a row instead of the whole document (batches keep "input" first, error
//   rows stay {"input", "error"}). JSON keeps the v1 body. An unknown field is a usage error in every
//   format.
// - --temp/--pressure/--energy: rows (table, CSV, NDJSON fields) are in display units, with the
//   unit in table and CSV headers; documents (json, ndjson) stay in spec units unless --convert-json.
// - colour (ctx.color): table headers bold, marks a view asks for (Render.warn) red; never off a terminal.
import { property } from '../api/properties.js';
import { usageError } from '../api/errors.js';
import { tableNumber } from '../api/precision.js';
import { wrapText } from '../util/text.js';
import type { Context, Format } from './context.js';
import { displayUnit, type Conversion } from '../units/display.js';
import { drawTable, type TableColumn } from './table.js';


export type Cell = string | number | boolean | null | undefined;
export type Row = Record<string, Cell>;

export interface Column {
  key: string;
  header?: string;
  /** Registry unit of the numbers in this column; converted to the user's display unit. */
  unit?: string;
  /** Left out of a table (never of CSV) when no row fills it, unless --fields names it. */
  optional?: boolean;
  /** How the column gives way in a table too wide for the terminal (see table.ts); default: never. */
  fit?: TableColumn['fit'];
}

/** Drawing helpers for a view's own terminal table: they apply the user's units and colour. */
export interface Render {
  /** A table fitted to the terminal width (a string column: a header that never gives way). */
  table(columns: (string | TableColumn)[], rows: string[][]): string;
  /** Rows under columns: units converted, units in the headers, unfilled optional columns left out. */
  rows(columns: Column[], rows: Row[]): string;
  /** Lines of free text (titles, sources) wrapped at spaces to the table width, continuations indented. */
  lines(text: string): string;
  /** Free text with its temperature ranges ("303–363 K", a correlation's range) in the display unit. */
  rangesIn(text: string): string;
  /** A property's value stored in a registry unit, in the user's display unit. */
  convert(unit: string | undefined, v: number): number;
  /** A temperature a value holds at (a point's t, a range), exact in the display unit (units.ts's state). */
  temperature(t: number): number;
  /** The display conversion of a registry unit (units.ts). */
  conversion(unit: string | undefined): Conversion;
  /** The display unit of a registry unit (`°C` for K under --temp C). */
  unit(unit: string | undefined): string;
  /** A number as tables show it. */
  number(v: Cell): string;
  /** Red on a colour terminal (outlier marks). */
  warn(s: string): string;
}

export interface View<T> {
  columns: Column[];
  /** Flat rows for CSV, NDJSON fields and the default table. A batch row takes the first one. */
  rows(result: T): Row[];
  /** A richer terminal rendering of a single result (identifier blocks, footers); default: the rows as a table. */
  table?(result: T, render: Render): string;
}

export interface ErrorBody {
  status: number;
  message: string;
}

/** A result already serialised (e.g. on a worker thread), as UTF-8: JSON outputs splice the bytes in as they are. */
export class JsonText {
  constructor(readonly bytes: Uint8Array) {}

  get text(): string {
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength).toString('utf8');
  }
}

/** One batch row: what the input gave, or why it failed. */
export type Outcome<T> = { input: string; result: T } | { input: string; error: ErrorBody };

/** single: one result; stream: many results, written as they come; batch: one outcome per input line. */
export type Kind = 'single' | 'stream' | 'batch';

export interface Writer<T> {
  /** A result (single, stream) or an outcome (batch). */
  write(entry: { result: T } | Outcome<T>): Promise<void>;
  /** Draws the table rows gathered so far (streams: one table a page); other formats are already written. */
  flush(): Promise<void>;
  /** Closes the output (the JSON array, pending table rows, the CSV header of an empty output). */
  end(): Promise<void>;
}

/** The format of an output kind: the piped default for streams and batches is NDJSON. */
export function formatOf(ctx: Context, kind: Kind): Format {
  return kind !== 'single' && ctx.format === 'json' && !ctx.formatExplicit ? 'ndjson' : ctx.format;
}

const INPUT: Column = { key: 'input' };
const LINE_END = Buffer.from('}\n');
const ERROR: Column = { key: 'error', optional: true };

/** Characters (or bytes) gathered before a batch or stream writes them. */
const GATHER = 1 << 16;

/**
 * The output of a batch or stream, gathered into writes of about GATHER characters: a write a row had cost a tenth of a
 * 10 000-line CSV batch's time (a system call each on a file). What is gathered goes out when the event loop next
 * turns at the latest, so a batch typed line by line still answers each line at once. A write resolves at once
 * unless the output pushes back (it waits for the last write); a failed write fails the next one, or `flush`.
 */
function gathered(write: (s: string | Uint8Array) => Promise<void>) {
  let parts: (string | Uint8Array)[] = [];
  let size = 0;
  let scheduled = false;
  let last = Promise.resolve();
  const flush = (): Promise<void> => {
    if (parts.length) {
      const out = parts.every((p) => typeof p === 'string') ? parts.join('') : Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
      parts = [];
      size = 0;
      last = last.then(() => write(out));
    }
    return last;
  };
  return {
    flush,
    write(s: string | Uint8Array): Promise<void> {
      parts.push(s);
      size += s.length;
      if (size >= GATHER) return flush();
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          flush().catch(() => {}); // kept in `last` for the next write
        });
      }
      return last;
    },
  };
}

/** The writer of one command's output. */
export function openWriter<T>(ctx: Context, fullView: View<T>, kind: Kind = 'single'): Writer<T> {
  const format = formatOf(ctx, kind);
  const view = pickFields(fullView, ctx);
  const render = renderer(ctx);
  const batch = kind === 'batch';
  const columns = batch ? [INPUT, ...view.columns, ERROR] : view.columns;
  type Entry = { input?: string; result: T } | { input: string; error: ErrorBody };

  /** Flat rows of an entry: a result's rows; in a batch its first row (one per input line) or the error. */
  const rowsOf = (e: Entry): Row[] => {
    if ('error' in e) return [{ input: e.input, error: e.error.message }];
    const rows = view.rows(e.result);
    return batch ? [{ ...rows[0], input: e.input }] : rows;
  };
  /** The JSON document of an entry. */
  const doc = (e: Entry): unknown => {
    if ('error' in e) return { input: e.input, error: e.error };
    const result: unknown = e.result instanceof JsonText ? JSON.parse(e.result.text) : e.result;
    const body = ctx.convertJson ? convertJson(result, ctx) : result;
    return batch ? { input: e.input, result: body } : body;
  };
  /** The compact JSON text of an entry (NDJSON lines, items of a JSON array). */
  const docText = (e: Entry): string => {
    if ('error' in e || !(e.result instanceof JsonText) || ctx.convertJson) return JSON.stringify(doc(e));
    return batch ? `{"input":${JSON.stringify(e.input)},"result":${e.result.text}}` : e.result.text;
  };
  /** An NDJSON field row: the chosen columns (after the input in a batch), in display units. */
  const fieldObject = (row: Row): Record<string, Cell> =>
    Object.fromEntries(columns.filter((c) => c !== ERROR).map((c) => [c.key, cellValue(c, row[c.key], ctx) ?? null]));

  // one result: written as it is; a batch's or stream's rows: gathered
  const io = kind === 'single' ? { write: ctx.io.write, flush: () => Promise.resolve() } : gathered(ctx.io.write);
  let count = 0;
  const pending: Row[] = [];
  const drawPending = async () => {
    if (!pending.length) return;
    const out = render.rows(columns, pending);
    pending.length = 0;
    await io.write(out);
  };
  const csvHeader = () => csvLine(columns.map((c) => columnHeader(c, ctx)));
  // Per column its display-unit conversion, looked up once: CSV rows are the hot path of big batches.
  const converts = columns.map((c) => (c.unit ? displayUnit(c.unit, ctx.units).convert : undefined));
  /** The CSV record of a row (a batch row's input given apart: its result's row is used as it is, not copied). */
  const csvRecord = (row: Row, input?: string): string => {
    let line = '';
    for (let i = 0; i < columns.length; i++) {
      const c = columns[i];
      const v = c === INPUT ? input : row[c.key];
      const convert = converts[i];
      line += (i ? ',' : '') + csvField(convert && typeof v === 'number' ? convert(v) : v);
    }
    return line + '\r\n';
  };

  return {
    async write(e) {
      count++;
      switch (format) {
        case 'json':
          if (kind === 'single') return io.write(JSON.stringify(doc(e), null, 2) + '\n');
          return io.write((count === 1 ? '[\n' : ',\n') + docText(e));
        case 'ndjson':
          if (ctx.fields && !('error' in e)) return io.write(rowsOf(e).map((r) => JSON.stringify(fieldObject(r)) + '\n').join(''));
          if (batch && 'input' in e && 'result' in e && e.result instanceof JsonText && !ctx.convertJson) {
            // the bytes as they are, in one write with the rest of the line
            const head = Buffer.from(`{"input":${JSON.stringify(e.input)},"result":`);
            return io.write(Buffer.concat([head, e.result.bytes, LINE_END], head.length + e.result.bytes.length + LINE_END.length));
          }
          return io.write(docText(e) + '\n');
        case 'csv': {
          const input = 'input' in e ? e.input : undefined;
          const text = batch && 'result' in e ? csvRecord(view.rows(e.result)[0], input) : rowsOf(e).map((r) => csvRecord(r, input)).join('');
          return io.write((count === 1 ? csvHeader() : '') + text);
        }
        case 'table':
          if (kind === 'single' && view.table && 'result' in e) return io.write(view.table(e.result, render));
          pending.push(...rowsOf(e));
          if (kind === 'single') return drawPending();
      }
    },
    async flush() {
      await drawPending();
      await io.flush();
    },
    async end() {
      if (format === 'json' && kind !== 'single') await io.write(count ? '\n]\n' : '[]\n');
      else if (format === 'csv' && !count) await io.write(csvHeader());
      else if (format === 'table') await drawPending();
      await io.flush();
    },
  };
}

/** Prints one result in the chosen format. */
export async function printResult<T>(ctx: Context, view: View<T>, result: T): Promise<void> {
  const writer = openWriter(ctx, view);
  await writer.write({ result });
  await writer.end();
}

/** CSV field per RFC 4180: quoted when it holds a comma, quote, CR or LF; quotes doubled. */
export function csvField(v: Cell): string {
  // A non-finite number is no value: an empty cell, as JSON writes null.
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : ''; // no number needs quotes
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CSV record, terminated by CRLF as RFC 4180 specifies. */
export function csvLine(cells: Cell[]): string {
  return cells.map(csvField).join(',') + '\r\n';
}

/** Header text of a column under the user's unit preferences: `tb (°C)`. */
function columnHeader(col: Column, ctx: Context): string {
  const name = col.header ?? col.key;
  const unit = col.unit ? displayUnit(col.unit, ctx.units).unit : '';
  return unit ? `${name} (${unit})` : name;
}

/** A cell converted to the display unit, with the digits of the stored value (units.ts). */
function cellValue(col: Column, v: Cell, ctx: Context): Cell {
  if (typeof v !== 'number' || !col.unit) return v;
  return displayUnit(col.unit, ctx.units).convert(v);
}

/** A temperature range in kelvin as the data's comments and sources write it. */
const K_RANGE = /(\d+(?:\.\d+)?)\u2013(\d+(?:\.\d+)?) K\b/g;

/**
 * Tables outside the writer (`chem config list` is not a v1 result) draw through this too, so every
 * table has the same width rules and colour.
 */

export function renderer(ctx: Context): Render {
  let drawn = 0;
  const render: Render = {
    // A result drawn as several tables (a record's identifiers, then its values) has a blank line between them.
    table: (columns, rows) =>
      (drawn++ ? '\n' : '') +
      drawTable(
        columns.map((c) => (typeof c === 'string' ? { header: c } : c)),
        rows,
        { width: ctx.wide ? Infinity : Math.max(40, ctx.io.columns), header: ctx.color.bold },
      ),
    rows: (columns, rows) =>
      render.table(
        columns.map((c) => ({ header: columnHeader(c, ctx), fit: c.fit, optional: c.optional })),
        rows.map((r) => columns.map((c) => tableNumber(cellValue(c, r[c.key], ctx)))),
      ),
    lines: (text) =>
      text
        .split('\n')
        .map((l) => wrapText(l, ctx.wide ? Infinity : Math.max(40, ctx.io.columns), 2).join('\n'))
        .join('\n'),
    rangesIn: (text) => text.replace(K_RANGE, (_, a: string, b: string) => `${tableNumber(render.temperature(Number(a)))}–${tableNumber(render.temperature(Number(b)))} ${render.unit('K')}`),
    convert: (unit, v) => displayUnit(unit, ctx.units).convert(v),
    temperature: (t) => displayUnit('K', ctx.units).state(t),
    conversion: (unit) => displayUnit(unit, ctx.units),
    unit: (unit) => displayUnit(unit, ctx.units).unit,
    number: tableNumber,
    warn: (s) => ctx.color.red(s),
  };
  return render;
}

/** The view restricted to --fields (in the order given, always shown); an unknown field is a usage error. */
function pickFields<T>(view: View<T>, ctx: Context): View<T> {
  if (!ctx.fields) return view;
  const byKey = new Map(view.columns.map((c) => [c.key, c]));
  const columns = ctx.fields.map((f) => {
    const col = byKey.get(f);
    if (!col) throw usageError(`unknown field "${f}": expected some of ${view.columns.map((c) => c.key).join(', ')}`);
    return { ...col, optional: false };
  });
  return { columns, rows: view.rows };
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
      const out: Record<string, unknown> = { ...obj, v: conv.convert(obj.v) };
      if (conv.unit) out.unit = conv.unit;
      if (typeof obj.t === 'number') out.t = displayUnit('K', ctx.units).state(obj.t);
      return out;
    }
    return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, walk(v, unitOf(k) !== undefined ? k : undefined)]));
  };
  return walk(result) as T;
}

function registryUnit(key: string): string | undefined {
  return property(key)?.unit;
}
