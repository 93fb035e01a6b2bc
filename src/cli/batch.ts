// The batch convention for every command that takes `-`: one value per line from stdin, input
// order kept, exactly one output row per input row (an error row when it failed), never stopping
// half-way; the exit code says whether any row failed.
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { ChemError, EXIT, toChemError } from '../api/errors.js';
import type { Context } from './context.js';
import { openWriter, type Outcome, type View } from './output.js';
import { startProgress } from './feedback.js';

export async function* readLines(stream: Readable): AsyncIterable<string> {
  const rl = createInterface({ input: stream, crlfDelay: Infinity });
  for await (const line of rl) yield line.replace(/^\uFEFF/, '');
}

export interface BatchOptions {
  /** Work items in flight at once (the remote backend's rate limiter paces them further). */
  concurrency?: number;
}

/** Runs `work` over every input line and writes one row per line (the batch writer of output.ts). Returns the exit code. */
export async function runBatch<T>(
  ctx: Context,
  lines: AsyncIterable<string>,
  work: (input: string) => Promise<T>,
  view: View<T>,
  opts: BatchOptions = {},
): Promise<number> {
  const concurrency = Math.max(1, opts.concurrency ?? 8);
  const writer = openWriter(ctx, view, 'batch');
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
    await writer.write(o);
  };
  for await (const line of lines) {
    queue.push(settle(line));
    if (queue.length >= concurrency) await emit(await queue.shift()!);
  }
  while (queue.length) await emit(await queue.shift()!);
  await writer.end();
  progress.done();
  return failed ? EXIT.partial : EXIT.ok;
}
