// Picks and creates the backend for a command. Modules are imported here, on first use, so a
// command that never touches a backend never loads OpenChemLib, SQLite or undici.
import type { Backend } from '../backend.js';
import type { Context, GlobalOptions } from './context.js';

export async function createBackend(ctx: Context, _globals: GlobalOptions): Promise<Backend> {
  const { LocalBackend } = await import('../local/backend.js');
  return new LocalBackend({ dbPath: ctx.settings.db, env: ctx.env, notice: ctx.notice });
}
