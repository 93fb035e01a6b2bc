// A SMILES copied from a record finds its compound from the database alone, also where OpenChemLib
// writes the stored SMILES otherwise on a second pass (m-xylene: Cc1cccc(C)c1 → Cc1cc(C)ccc1).
// The InChI module is replaced by one that fails, so no InChIKey can be computed for the query.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDb, type DB } from '../../src/local/store/schema.js';
import { SearchEngine } from '../../src/local/store/search/engine.js';
import { canonicalSmiles, parseSmiles } from '../../src/chem/molecule.js';
import { buildFixtureDb } from './fixture-db.js';

vi.mock('../../src/chem/inchi.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  inchiOf: () => Promise.reject(new Error('no InChI in this test')),
}));

let db: DB;
beforeAll(async () => {
  db = openDb(await buildFixtureDb(), { readonly: true });
}, 60_000);
afterAll(() => db?.close());

describe('stored SMILES as the query', () => {
  it('finds the compound without computing an InChIKey', async () => {
    const stored = db.prepare("SELECT smiles FROM compounds WHERE compound = 'm-xylene'").pluck().get() as string;
    expect(canonicalSmiles(parseSmiles(stored))).not.toBe(stored); // the case this is about
    const r = await new SearchEngine(db).search(stored);
    expect(r.comps.map((c) => c.compound)).toEqual(['m-xylene']);
  });
});
