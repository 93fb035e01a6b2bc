// The explicit context every command runs with: io streams, resolved settings, output choices and
// a lazily created backend. Tests build one with fake streams; nothing below reads `process.*`.
import type { Readable, Writable } from 'node:stream';
import type { Backend } from '../api/backend.js';
import type { Env, Settings } from './config.js';
import type { UnitPrefs } from '../units/display.js';
import type { Clock } from '../remote/rate-limit.js';

/** The output formats of every command (--format). */
export const FORMATS = ['table', 'json', 'ndjson', 'csv'] as const;
export type Format = (typeof FORMATS)[number];

export interface IO {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  stdinIsTTY: boolean;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** Terminal width for tables. */
  columns: number;
  /** Writes to stdout (text, or UTF-8 bytes), waiting for the stream to drain (large batches stay in bounded memory). */
  write(s: string | Uint8Array): Promise<void>;
}

export interface Context {
  io: IO;
  env: Env;
  settings: Settings;
  format: Format;
  /** True when the format was chosen explicitly (--format / --json), not from the TTY default. */
  formatExplicit: boolean;
  color: Colors;
  quiet: boolean;
  debug: boolean;
  units: UnitPrefs;
  convertJson: boolean;
  /** --wide: tables print long text whole. */
  wide: boolean;
  /** --fields: the columns to show in table, CSV and NDJSON rows (applied by output.ts). */
  fields?: string[];
  /** True for batch input (`-`): progress counter instead of spinners. */
  batch: boolean;
  /** Time for pacing, cache ages and progress rates (a virtual one in tests). */
  clock: Clock;
  /**
   * The backend, created on first use (loads only the modules it needs). On a terminal its calls
   * show a spinner, except in batches and with `feedback: false` (the server).
   */
  backend(opts?: { feedback?: boolean }): Promise<Backend>;
  /** A one-line notice on stderr (silenced by --quiet). */
  notice(message: string): void;
  /** Debug line on stderr (only with --debug). */
  log(message: string): void;
  /** Releases the backend (database handle, HTTP pool) if one was created. */
  close(): Promise<void>;
}

export function streamIO(stdin: Readable & { isTTY?: boolean }, stdout: Writable & { isTTY?: boolean; columns?: number }, stderr: Writable & { isTTY?: boolean }): IO {
  return {
    stdin,
    stdout,
    stderr,
    stdinIsTTY: !!stdin.isTTY,
    stdoutIsTTY: !!stdout.isTTY,
    stderrIsTTY: !!stderr.isTTY,
    columns: stdout.columns || 80,
    write: (s) =>
      new Promise((resolve, reject) => {
        if (stdout.write(s)) return resolve();
        const done = (err?: Error) => {
          stdout.off('drain', done);
          stdout.off('error', done);
          if (err) reject(err);
          else resolve();
        };
        stdout.on('drain', done);
        stdout.on('error', done);
      }),
  };
}

/** The global flags as commander hands them over: already checked and typed (program.ts, arguments.ts). */
export interface GlobalOptions {
  format?: Format;
  json?: boolean;
  color?: boolean;
  quiet?: boolean;
  debug?: boolean;
  db?: string;
  temp?: UnitPrefs['temp'];
  pressure?: UnitPrefs['pressure'];
  energy?: UnitPrefs['energy'];
  convertJson?: boolean;
  wide?: boolean;
  fields?: string[];
}

/** Default format: a table on a terminal, JSON when stdout is piped (streams and batches: NDJSON, see formatOf in output.ts). */
export function chooseFormat(opts: GlobalOptions, io: IO): { format: Format; explicit: boolean } {
  if (opts.json) return { format: 'json', explicit: true };
  if (opts.format) return { format: opts.format, explicit: true };
  return { format: io.stdoutIsTTY ? 'table' : 'json', explicit: false };
}

/** The styles the CLI uses. Plain strings unless colour is on (chalk is loaded only then). */
export interface Colors {
  enabled: boolean;
  bold(s: string): string;
  red(s: string): string;
}

const plain: Colors = { enabled: false, bold: (s) => s, red: (s) => s };

/** Colour only on a terminal, and never with --no-color or NO_COLOR. */
export function colorWanted(opts: GlobalOptions, env: Env, io: IO): boolean {
  return opts.color !== false && !(env.NO_COLOR !== undefined && env.NO_COLOR !== '') && io.stdoutIsTTY;
}

export function makeColor(opts: GlobalOptions, env: Env, io: IO, chalk?: typeof import('chalk')): Colors {
  if (!chalk || !colorWanted(opts, env, io)) return plain;
  const c = new chalk.Chalk({ level: 1 });
  return { enabled: true, bold: (s) => c.bold(s), red: (s) => c.red(s) };
}
