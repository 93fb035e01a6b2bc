// Glue between commander and the command functions: builds the Context from the global options
// and turns a handler's result into the process exit code. Flags arrive typed (arguments.ts);
// what a command needs from outside (streams, environment, backend, clock) comes in Deps, so a
// test injects a fake backend or a virtual clock instead of patching a Context.
import type { Command } from 'commander';
import { brokenConfigMessage, readConfigFile, resolveSettings, type Env } from './config.js';
import { usageError } from '../api/errors.js';
import { chooseFormat, makeColor, type Context, type GlobalOptions, type IO } from './context.js';
import { createBackend, type BackendFactory } from './backend-factory.js';
import { realClock, type Clock } from '../remote/rate-limit.js';
import { withSpinner } from './feedback.js';
import type { UnitPrefs } from '../units/display.js';
import { wrapText } from '../util/text.js';

export interface Deps {
  io: IO;
  env: Env;
  /** Receives the handler's exit code. */
  setExit(code: number): void;
  /** chalk, preloaded by main only when stdout is a terminal (saves ~25 ms when piped). */
  chalk?: typeof import('chalk');
  /** Creates the backend on a command's first lookup (default: local or remote, backend-factory.ts). */
  createBackend?: BackendFactory;
  /** Time for pacing, cache ages and progress rates (default: the real clock). */
  clock?: Clock;
}

export type Handler<O> = (ctx: Context, args: string[], opts: O, cmd: Command) => Promise<number | void>;

export interface ActionOptions {
  /**
   * Settings that are not valid (a bad value, a file that is not JSON) keep their defaults instead
   * of failing the command: for `chem config`, which must work on a broken file to repair it.
   */
  lenientConfig?: boolean;
}

/** Builds a Context for a command invocation. `batch`: input from stdin (`-`), a progress count instead of spinners. */
export function buildContext(deps: Deps, globals: GlobalOptions, batch: boolean, opts: ActionOptions = {}): Context {
  const { io, env } = deps;
  const file = readConfigFile(env);
  const makeBackend = deps.createBackend ?? createBackend;
  if (file.broken && !opts.lenientConfig) throw usageError(brokenConfigMessage(file));
  const values = { ...file.values, ...(globals.db ? { db: globals.db } : {}) };
  const settings = resolveSettings(env, values, opts.lenientConfig ? () => {} : undefined);
  const units: UnitPrefs = {
    temp: globals.temp ?? settings.temp,
    pressure: globals.pressure ?? settings.pressure,
    energy: globals.energy ?? settings.energy,
  };
  const { format, explicit } = chooseFormat(globals, io);
  const quiet = !!globals.quiet;
  const debug = !!globals.debug;
  let backend: ReturnType<Context['backend']> | undefined;
  const ctx: Context = {
    io,
    env,
    settings,
    format,
    formatExplicit: explicit,
    color: makeColor(globals, env, io, deps.chalk),
    quiet,
    debug,
    units,
    convertJson: !!globals.convertJson,
    wide: !!globals.wide,
    fields: globals.fields,
    batch,
    clock: deps.clock ?? realClock,
    backend: async (opts = {}) => {
      const b = await (backend ??= makeBackend(ctx, globals));
      return batch || opts.feedback === false ? b : withSpinner(b, ctx);
    },
    notice: (m) => {
      // on a terminal a long notice is wrapped at spaces to its width (no line the terminal would break mid-word);
      // piped, it stays one line for scripts
      if (!quiet) io.stderr.write((io.stderrIsTTY ? wrapText(`chem: ${m}`, io.columns, 6) : [`chem: ${m}`]).join('\n') + '\n');
    },
    log: (m) => {
      if (debug) io.stderr.write(`[debug] ${m}\n`);
    },
    close: async () => {
      if (backend) await (await backend.catch(() => undefined))?.close();
    },
  };
  return ctx;
}

/**
 * Wraps a handler as a commander action. A command that stopped for want of the local database may
 * run once more, after the first-run question (first-run.ts) fetched and built it.
 */
export function action<O>(deps: Deps, handler: Handler<O>, options: ActionOptions = {}) {
  return async (...params: unknown[]) => {
    const cmd = params[params.length - 1] as Command;
    const opts = cmd.opts() as O;
    const args = cmd.args.filter((a): a is string => typeof a === 'string');
    const globals = cmd.optsWithGlobals() as GlobalOptions;
    const run = async (firstTry: boolean): Promise<number | void> => {
      const ctx = buildContext(deps, globals, args.includes('-'), options);
      try {
        return await handler(ctx, args, opts, cmd);
      } catch (err) {
        // `chem db …` manages the database itself: never asked there.
        if (!firstTry || cmd.parent?.name() === 'db') throw err;
        const { offerDatabase } = await import('./first-run.js');
        if (!(await offerDatabase(ctx, globals, err))) throw err;
      } finally {
        await ctx.close();
      }
      return run(false);
    };
    deps.setExit((await run(true)) ?? 0);
  };
}
