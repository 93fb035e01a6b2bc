// Opening the database for a command that needs it. When there is none: with a data directory in
// CHEM_DATA_DIR, build it once (with a notice); otherwise one line saying how to get it (503).
import { existsSync } from 'node:fs';
import { ChemError } from '../../api/errors.js';
import { Store } from './store.js';

export interface OpenOptions {
  dbPath: string;
  env: Record<string, string | undefined>;
  notice: (message: string) => void;
}

export async function openStore(opts: OpenOptions): Promise<Store> {
  if (existsSync(opts.dbPath)) return Store.open(opts.dbPath);
  const from = opts.env.CHEM_DATA_DIR;
  if (!from) {
    throw new ChemError(503, `no local database at ${opts.dbPath}: run "chem db build --from DIR" or "chem db pull" (or set CHEM_DATA_DIR)`);
  }
  opts.notice(`no local database at ${opts.dbPath}: building it from ${from} (once, about a minute)`);
  const { buildDatabase } = await import('./build.js');
  await buildDatabase({ from, dbPath: opts.dbPath });
  return Store.open(opts.dbPath);
}
