// Runs the CLI in-process with fake streams: the same code path as bin/chem.js, without a spawn.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { main } from '../src/cli/main.js';
import { streamIO, type Context, type GlobalOptions } from '../src/cli/context.js';
import { buildContext, type Deps } from '../src/cli/command.js';
import type { Backend } from '../src/api/backend.js';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  stdin?: string;
  env?: Record<string, string | undefined>;
  tty?: boolean;
  columns?: number;
}

function sink(tty: boolean, columns?: number) {
  const chunks: string[] = [];
  const w = new Writable({
    write(chunk, _enc, cb) {
      chunks.push(chunk.toString());
      cb();
    },
  }) as Writable & { isTTY?: boolean; columns?: number };
  w.isTTY = tty;
  if (columns) w.columns = columns;
  return { w, text: () => chunks.join('') };
}

/** A fresh config dir per test file, so no test reads the developer's settings. */
export const testConfigDir = mkdtempSync(join(tmpdir(), 'chem-test-config-'));

export async function runChem(argv: string[], opts: RunOptions = {}): Promise<RunResult> {
  const out = sink(!!opts.tty, opts.columns);
  const err = sink(!!opts.tty);
  const stdin = Readable.from(opts.stdin !== undefined ? [opts.stdin] : []) as Readable & { isTTY?: boolean };
  const env = { CHEM_CONFIG_DIR: testConfigDir, HOME: testConfigDir, PATH: process.env.PATH, ...opts.env };
  const code = await main(argv, { io: streamIO(stdin, out.w, err.w), env });
  return { code, stdout: out.text(), stderr: err.text() };
}

export interface ContextOptions extends RunOptions {
  /** The backend every lookup goes to (Deps.createBackend). */
  backend?: Backend;
  clock?: Deps['clock'];
  /** Global flags, typed as commander hands them over. */
  globals?: GlobalOptions;
  /** Batch input (`-`). */
  batch?: boolean;
}

/** A real Context for calling a command's run function directly, with the backend and clock injected through Deps. */
export function testContext(opts: ContextOptions = {}): { ctx: Context; stdout: () => string; stderr: () => string } {
  const out = sink(!!opts.tty, opts.columns);
  const err = sink(!!opts.tty);
  const stdin = Readable.from(opts.stdin !== undefined ? [opts.stdin] : []);
  const env = { CHEM_CONFIG_DIR: testConfigDir, HOME: testConfigDir, PATH: process.env.PATH, ...opts.env };
  const backend = opts.backend;
  const deps: Deps = { io: streamIO(stdin, out.w, err.w), env, setExit: () => {}, clock: opts.clock, createBackend: backend && (async () => backend) };
  return { ctx: buildContext(deps, opts.globals ?? {}, !!opts.batch), stdout: out.text, stderr: err.text };
}

/** Reads a TSV with a header line into objects. */
export function readTsv(text: string): Record<string, string>[] {
  const lines = text.split('\n').filter((l) => l && !l.startsWith('#'));
  const head = lines.shift()!.split('\t');
  return lines.map((l) => Object.fromEntries(l.split('\t').map((v, i) => [head[i], v])));
}
