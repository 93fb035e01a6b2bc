// `chem db build`: every importer over the data directory, the merge, and the write — into a
// temporary file beside the target that is renamed over it only when complete, so a killed or
// failed build leaves the previous database untouched.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { ChemError } from '../../api/errors.js';
import { ImportContext } from './import/context.js';
import { IMPORTERS } from './import/index.js';
import { merge } from './merge.js';
import { NAME_TABLE, readNameTable } from './name-structures.js';
import { createDb } from './schema.js';
import { mixturesStep } from './import/mixtures-step.js';
import { searchIndexStep } from './search/index-tables.js';
import { structureIndexStep } from './search/structure-index.js';
import type { BuildStep } from './steps.js';
import { Store, type DbInfo } from './store.js';
import { computeStructures } from './structures.js';
import { cached, readCache, writeCache } from './structure-cache.js';
import { writeCompounds, writeLog, writeMeta, writeSources } from './write.js';

export interface BuildOptions {
  /** The data directory (a copy of the mirror). */
  from: string;
  /** The database file to create or replace. */
  dbPath: string;
  includeNc?: boolean;
  /** Worker threads for structures (default: all cores; 1 = in this thread). */
  threads?: number;
  steps?: readonly BuildStep[];
  /** Build the structure index of sub:/sim: searches (default true; false leaves it out, sub:/sim: then exit 6). */
  structureIndex?: boolean;
  /** Progress: a phase name and, while computing structures, done/total. */
  onProgress?: (phase: string, done?: number, total?: number) => void;
  /** Unix seconds of the build (records' mtime). */
  now?: number;
  /** Recompute every structure instead of reusing the previous database's results. */
  fresh?: boolean;
  /** The table of structures read from names (name-structures.ts); false: none. Default the shipped table. */
  names?: string | false;
}

/** The steps after the compounds are written (steps.ts), in order; the structure index uses the search index's ords. */
export const BUILD_STEPS: readonly BuildStep[] = [mixturesStep, searchIndexStep, structureIndexStep];

/** Builds the database and returns its facts (`chem db info`'s). */
export async function buildDatabase(opts: BuildOptions): Promise<DbInfo> {
  const start = performance.now();
  if (!existsSync(opts.from) || !statSync(opts.from).isDirectory()) {
    throw new ChemError(400, `no data directory at ${opts.from}: pass --from DIR or set CHEM_DATA_DIR`);
  }
  const progress = opts.onProgress ?? (() => {});
  const phases: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round((now - mark) / 100) / 10;
    mark = now;
  };
  const ctx = new ImportContext(opts.from, !!opts.includeNc);
  for (const imp of IMPORTERS) {
    if (imp.nc && !ctx.includeNc) continue;
    progress(`reading ${imp.name}`);
    imp.run(ctx);
  }
  const logs = ctx.logs();
  if (!logs.length) throw new ChemError(400, `${opts.from} holds none of the data files: is it the data mirror?`);

  lap('read');
  progress('merging');
  const cache = opts.fresh ? new Map() : readCache(opts.dbPath);
  const compute = cached(cache, (jobs) => {
    let done = 0;
    return computeStructures(jobs, opts.threads, (n) => progress('structures', (done += n), jobs.length));
  });
  const names = opts.names === false ? undefined : readNameTable(opts.names ?? NAME_TABLE);
  const { compounds, stats } = await merge(ctx.identities, ctx.points, compute, names);

  lap('merge');
  mkdirSync(dirname(opts.dbPath), { recursive: true });
  removeStaleTemps(opts.dbPath);
  const tmp = `${opts.dbPath}.tmp-${randomBytes(6).toString('hex')}`;
  try {
    const db = createDb(tmp);
    // A temporary file that is discarded on failure needs no journal while it is filled.
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('foreign_keys = OFF'); // consistent by construction; checks would slow the bulk load
    // CHECK (x IN (...)) builds a lookup table for every row inserted; the values are ours.
    db.pragma('ignore_check_constraints = ON');
    progress('writing');
    const now = opts.now ?? Math.floor(Date.now() / 1000);
    writeSources(db);
    writeCompounds(db, compounds, now);
    writeCache(db, cache);
    const byCas = db.prepare('SELECT c.id, c.compound AS name FROM cas_numbers n JOIN compounds c ON c.id = n.compound_id WHERE n.cas = ?');
    const lookup = { byCas: (cas: string) => byCas.get(cas) as { id: string; name: string } | undefined };
    lap('write');
    for (const step of opts.steps ?? BUILD_STEPS.filter((s) => s !== structureIndexStep || opts.structureIndex !== false)) {
      progress(step.name);
      await step.run(db, ctx, lookup);
      lap(step.name);
    }
    writeLog(db, ctx.logs());
    writeMeta(db, {
      built_at: now,
      build_seconds: Math.round((performance.now() - start) / 100) / 10,
      build_phases: JSON.stringify(phases),
      data_dir: opts.from,
      include_nc: opts.includeNc ? 1 : 0,
      merge_stats: JSON.stringify(stats),
      missing_files: JSON.stringify(ctx.missing),
    });
    db.pragma('journal_mode = WAL');
    db.close();
    for (const suffix of ['-wal', '-shm']) rmSync(opts.dbPath + suffix, { force: true });
    renameSync(tmp, opts.dbPath);
  } finally {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(tmp + suffix, { force: true });
  }
  const store = Store.open(opts.dbPath);
  try {
    return store.info();
  } finally {
    store.close();
  }
}

/** Temporary files of killed builds (untouched for an hour; a running build writes continuously). */
function removeStaleTemps(dbPath: string): void {
  const dir = dirname(dbPath);
  const prefix = `${basename(dbPath)}.tmp-`;
  for (const f of readdirSync(dir)) {
    const path = join(dir, f);
    if (f.startsWith(prefix) && Date.now() - statSync(path).mtimeMs > 3600_000) rmSync(path, { force: true });
  }
}
