// First use on a terminal: a command that needs the local database and finds none asks once
// whether to fetch and build it now (`chem db pull`), default no. Never when stdin or stdout is
// not a terminal: scripts keep the one-line instruction and exit 6.
import { existsSync } from 'node:fs';
import { ChemError } from '../api/errors.js';
import { chooseBackend, type BackendOptions } from './backend-factory.js';
import type { Context } from './context.js';
import { readLine } from './prompt.js';

/** The question, with the download size of the pinned tables and the time it takes. */
async function question(ctx: Context): Promise<string> {
  const { MANIFEST } = await import('../local/store/manifest.js');
  const mb = MANIFEST.filter((f) => !f.nc).reduce((a, f) => a + f.size, 0) / 1e6;
  return `chem: no local database at ${ctx.settings.db}\nchem: run "chem db pull" now: download ${Math.round(mb)} MB of open data tables and build it (about 2 minutes)? [y/N] `;
}

/**
 * After `err` ended a command: when it is the missing local database and both ends are a terminal,
 * asks, and on yes pulls and builds it. True when the database now exists (run the command again).
 */
export async function offerDatabase(ctx: Context, globals: BackendOptions, err: unknown): Promise<boolean> {
  const { io, env, settings } = ctx;
  if (!(err instanceof ChemError) || err.status !== 503 || !io.stdinIsTTY || !io.stdoutIsTTY) return false;
  if (chooseBackend(globals, settings) !== 'local' || existsSync(settings.db) || env.CHEM_DATA_DIR) return false;
  io.stderr.write(await question(ctx));
  if (!/^y(es)?$/i.test(await readLine(ctx))) return false;
  const { pull } = await import('./database.js');
  const info = await pull(ctx);
  ctx.notice(`database built: ${info.compounds} compounds at ${info.path}`);
  return true;
}
