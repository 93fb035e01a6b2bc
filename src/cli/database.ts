// Building and pulling the local database with a progress bar: chem db build and pull, and the
// first-run question (first-run.ts).
import { dirname, join } from 'node:path';
import type { Context } from './context.js';
import { startBar } from './feedback.js';
import type { DbInfo } from '../local/store/store.js';

export interface BuildOpts {
  from?: string;
  includeNc?: boolean;
  fresh?: boolean;
  structureIndex?: boolean;
}

export interface PullOpts {
  mirror?: string;
  dataDir?: string;
  includeNc?: boolean;
  structureIndex?: boolean;
}

/** chem db build: builds the database at the settings' path from a data directory, with a progress bar. */
export async function build(ctx: Context, from: string, includeNc: boolean, fresh = false, structureIndex = true): Promise<DbInfo> {
  const { buildDatabase } = await import('../local/store/build.js');
  const bar = startBar(ctx, 'building');
  let phase = '';
  try {
    return await buildDatabase({
      from,
      dbPath: ctx.settings.db,
      includeNc,
      fresh,
      structureIndex,
      onProgress: (p, done, total) => {
        if (total) bar.update(done ?? 0, total, p);
        else if (p !== phase) bar.update(0, 0, (phase = p));
      },
    });
  } finally {
    bar.done();
  }
}

/** chem db pull: fetches the tables (checksums verified) beside the database, then builds it. Also run on first use (first-run.ts). */
export async function pull(ctx: Context, opts: PullOpts = {}): Promise<DbInfo> {
  const { pullData } = await import('../local/store/pull.js');
  const dataDir = opts.dataDir ?? join(dirname(ctx.settings.db), 'data');
  const bar = startBar(ctx, 'fetching');
  let pulled;
  try {
    pulled = await pullData({ dataDir, mirror: opts.mirror, includeNc: opts.includeNc, onProgress: (f, d, t) => bar.update(d, t, f.split('/').pop()) });
  } finally {
    bar.done();
  }
  ctx.notice(`${pulled.fetched} files fetched (${(pulled.bytes / 1e6).toFixed(1)} MB), ${pulled.present} already present, all checksums verified, in ${dataDir}`);
  return build(ctx, dataDir, !!opts.includeNc, false, opts.structureIndex !== false);
}
