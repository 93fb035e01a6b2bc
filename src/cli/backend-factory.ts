// Picks and creates the backend for a command. Modules are imported here, on first use, so a
// command that never touches a backend never loads OpenChemLib, SQLite or undici.
//
// Which backend: `--backend`, else CHEM_BACKEND, else config `backend`, else remote when an API key
// is configured (config `api-key` or CHEM_API_KEY) and local otherwise.
import { join } from 'node:path';
import type { Backend } from '../backend.js';
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

export async function createBackend(ctx: Context, globals: BackendOptions): Promise<Backend> {
  if (chooseBackend(globals, ctx.settings) === 'local') {
    const { LocalBackend } = await import('../local/backend.js');
    return new LocalBackend({ dbPath: ctx.settings.db, env: ctx.env, notice: ctx.notice });
  }
  const [{ RemoteBackend }, { DiskCache }, { sharedBucket }] = await Promise.all([
    import('../remote/backend.js'),
    import('../remote/cache.js'),
    import('../remote/rate-limit.js'),
  ]);
  let pacingShown = false;
  return new RemoteBackend({
    baseUrl: ctx.settings.baseUrl,
    apiKey: ctx.settings.apiKey,
    insecure: !!globals.insecure,
    bucket: sharedBucket(ctx.settings.baseUrl),
    cache: globals.cache === false ? undefined : new DiskCache(responseCacheDir(ctx.env)),
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
}
