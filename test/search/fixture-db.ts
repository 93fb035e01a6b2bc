// Builds the search fixture database once per test file: the real build pipeline (importers,
// merge, write) over hand-written tables in the mirror's formats (test/fixtures/search/data).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDatabase } from '../../src/local/store/build.js';

export const FIXTURE_DATA = new URL('../fixtures/search/data', import.meta.url).pathname;

export async function buildFixtureDb(): Promise<string> {
  const dbPath = join(mkdtempSync(join(tmpdir(), 'chem-search-')), 'chem.db');
  await buildDatabase({ from: FIXTURE_DATA, dbPath, threads: 1, now: 1_700_000_000 }); // the structure index by default
  return dbPath;
}
