// Picks and creates the backend for a command. Modules are imported here, on first use, so a
// command that never touches a backend never loads OpenChemLib, SQLite or undici.
//
// Which backend: `--backend`, else CHEM_BACKEND, else config `backend`, else remote when an API key
// is configured (config `api-key` or CHEM_API_KEY) and local otherwise.
import { join } from 'node:path';
import type { Backend } from '../api/backend.js';
import { usageError } from '../api/errors.js';
import { defaultCacheDir, type Env, type Settings } from './config.js';
import type { Context, GlobalOptions } from './context.js';

/** Global options of the remote backend (declared in program.ts). */
export interface BackendOptions extends GlobalOptions {
  backend?: string;
  /** false with --no-cache. */
  cache?: boolean;
  insecure?: boolean;
}

export function chooseBackend(globals: BackendOptions, settings: Settings): 'local' | 'remote' {
  const kind = globals.backend ?? settings.backend ?? (settings.apiKey ? 'remote' : 'local');
  if (kind !== 'local' && kind !== 'remote') throw usageError(`unknown backend "${kind}": expected local or remote`);
  return kind;
}

/** Where the remote backend caches responses (`chem cache path`). */
export function responseCacheDir(env: Env): string {
  return join(defaultCacheDir(env), 'http');
}

/** Creates the backend of a command (Deps.createBackend; tests pass their own). */
export type BackendFactory = (ctx: Context, globals: BackendOptions) => Promise<Backend>;

export const createBackend: BackendFactory = async (ctx, globals) => {
  if (chooseBackend(globals, ctx.settings) === 'local') {
    const { LocalBackend } = await import('../local/backend.js');
    return new LocalBackend({ dbPath: ctx.settings.db, env: ctx.env, notice: ctx.notice, opsinJar: ctx.settings.opsinJar });
  }
  const [{ RemoteBackend }, { DiskCache }, { sharedBucket, realClock, TokenBucket }] = await Promise.all([
    import('../remote/backend.js'),
    import('../remote/cache.js'),
    import('../remote/rate-limit.js'),
  ]);
  let pacingShown = false;
  return new RemoteBackend({
    baseUrl: ctx.settings.baseUrl,
    apiKey: ctx.settings.apiKey,
    insecure: !!globals.insecure,
    clock: ctx.clock,
    // One bucket for the whole process; a test's virtual clock gets a bucket of its own.
    bucket: ctx.clock === realClock ? sharedBucket(ctx.settings.baseUrl) : new TokenBucket(undefined, undefined, ctx.clock),
    cache: globals.cache === false ? undefined : new DiskCache(responseCacheDir(ctx.env), ctx.clock),
    log: ctx.log,
    // Pacing under the client's own limit is normal in a batch: say so once, not per request.
    onWait: (seconds, reason) => {
      if (reason.startsWith('client rate limit')) {
        if (pacingShown || seconds < 1) return;
        pacingShown = true;
      }
      ctx.notice(`waiting ${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s: ${reason}`);
    },
  });
};
