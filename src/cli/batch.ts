// The batch convention for every command that takes `-`: one value per line from stdin, input
// order kept, exactly one output row per input row (an error row when it failed), never stopping
// half-way; the exit code says whether any row failed.
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { ChemError, EXIT, toChemError } from '../api/errors.js';
import type { Context } from './context.js';
import { cellValue, columnHeader, csvLine, pickFields, rowsTable, type Column, type Row, type View } from './output.js';
import { startProgress } from './feedback.js';

export async function* readLines(stream: Readable): AsyncIterable<string> {
  const rl = createInterface({ input: stream, crlfDelay: Infinity });
  for await (const line of rl) yield line.replace(/^\uFEFF/, '');
}

type Outcome<T> = { input: string; result: T } | { input: string; error: { status: number; message: string } };

export interface BatchOptions {
  /** Work items in flight at once (the remote backend's rate limiter paces them further). */
  concurrency?: number;
}

/** Runs `work` over every input line and writes one row per line in `ctx.format`. Returns the exit code. */
export async function runBatch<T>(
  ctx: Context,
  lines: AsyncIterable<string>,
  work: (input: string) => Promise<T>,
  view: View<T>,
  opts: BatchOptions = {},
): Promise<number> {
  const concurrency = Math.max(1, opts.concurrency ?? 8);
  const writer = batchWriter(ctx, pickFields(view, ctx));
  const progress = startProgress(ctx);
  let failed = 0;
  const settle = (input: string): Promise<Outcome<T>> =>
    (async () => {
      const trimmed = input.trim();
      if (!trimmed) throw new ChemError(400, 'empty input line');
      return work(trimmed);
    })().then(
      (result) => ({ input, result }),
      (err) => {
        const e = toChemError(err);
        return { input, error: { status: e.status, message: e.message } };
      },
    );

  const queue: Promise<Outcome<T>>[] = [];
  const emit = async (o: Outcome<T>) => {
    if ('error' in o) failed++;
    progress.tick('error' in o);
    await writer.row(o);
  };
  await writer.start();
  for await (const line of lines) {
    queue.push(settle(line));
    if (queue.length >= concurrency) await emit(await queue.shift()!);
  }
  while (queue.length) await emit(await queue.shift()!);
  await writer.end();
  progress.done();
  return failed ? EXIT.partial : EXIT.ok;
}

interface Writer<T> {
  start(): Promise<void>;
  row(o: Outcome<T>): Promise<void>;
  end(): Promise<void>;
}

const INPUT: Column = { key: 'input' };
const ERROR: Column = { key: 'error' };

function batchWriter<T>(ctx: Context, view: View<T>): Writer<T> {
  const flat = (o: Outcome<T>): Row[] =>
    'error' in o ? [{ input: o.input, error: o.error.message }] : view.rows(o.result).slice(0, 1).map((r) => ({ ...r, input: o.input }));
  switch (ctx.format) {
    case 'ndjson':
      return {
        start: async () => {},
        row: (o) => {
          // With --fields the row's columns replace the full result object.
          const line = ctx.fields && 'result' in o ? { input: o.input, ...Object.fromEntries(view.columns.map((c) => [c.key, cellValue(c, flat(o)[0]?.[c.key], ctx) ?? null])) } : o;
          return ctx.io.write(JSON.stringify(line) + '\n');
        },
        end: async () => {},
      };
    case 'json': {
      let first = true;
      return {
        start: () => ctx.io.write('['),
        row: (o) => {
          const s = (first ? '\n' : ',\n') + JSON.stringify(o);
          first = false;
          return ctx.io.write(s);
        },
        end: () => ctx.io.write(first ? ']\n' : '\n]\n'),
      };
    }
    case 'csv': {
      const cols = [INPUT, ...view.columns, ERROR];
      return {
        start: () => ctx.io.write(csvLine(cols.map((c) => columnHeader(c, ctx)))),
        row: async (o) => {
          const rows = flat(o);
          await ctx.io.write(csvLine(cols.map((c) => cellValue(c, (rows[0] ?? { input: o.input })[c.key], ctx))));
        },
        end: async () => {},
      };
    }
    case 'table': {
      const rows: Row[] = [];
      return {
        start: async () => {},
        row: async (o) => {
          rows.push(flat(o)[0] ?? { input: o.input });
        },
        end: () => ctx.io.write(rowsTable({ ...view, columns: [...view.columns, ERROR] }, rows, ctx, [INPUT])),
      };
    }
  }
}
