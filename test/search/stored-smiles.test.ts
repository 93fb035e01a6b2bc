// A SMILES copied from a record finds its compound from the database alone, also where OpenChemLib
// writes the stored SMILES otherwise on a second pass (m-xylene: Cc1cccc(C)c1 → Cc1cc(C)ccc1). The
// record prints RDKit's canonical SMILES; the source's own string, the OpenChemLib form chem printed
// before and other ways of writing the structure still find it, through the OpenChemLib key column,
// without RDKit: the InChI module is replaced by one that counts its calls and computes no InChIKey
// for a query.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDb, type DB } from '../../src/local/store/schema.js';
import { SearchEngine } from '../../src/local/store/search/engine.js';
import { convertFromDb } from '../../src/local/store/search/convert.js';
import { canonicalSmiles, parseSmiles } from '../../src/chem/molecule.js';
import { buildFixtureDb } from './fixture-db.js';
import { runChem } from '../helpers.js';

const rdkitCalls = vi.hoisted(() => ({ n: 0 }));
vi.mock('../../src/chem/inchi.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/chem/inchi.js')>();
  return {
    ...original,
    loadRDKit: () => (rdkitCalls.n++, original.loadRDKit()),
    rdkitIdentity: (...args: Parameters<typeof original.rdkitIdentity>) => (rdkitCalls.n++, original.rdkitIdentity(...args)),
    inchiOf: () => (rdkitCalls.n++, Promise.reject(new Error('no InChI in this test'))),
  };
});

let db: DB;
let dbPath: string;
beforeAll(async () => {
  dbPath = await buildFixtureDb();
  db = openDb(dbPath, { readonly: true });
}, 60_000);
afterAll(() => db?.close());
beforeEach(() => void (rdkitCalls.n = 0));

describe('stored SMILES as the query', () => {
  it('finds the compound without computing an InChIKey', async () => {
    const stored = db.prepare("SELECT smiles FROM compounds WHERE compound = 'm-xylene'").pluck().get() as string;
    expect(canonicalSmiles(parseSmiles(stored))).not.toBe(stored); // the case this is about
    const r = await new SearchEngine(db).search(stored);
    expect(r.comps.map((c) => c.compound)).toEqual(['m-xylene']);
  });
});

// source: the fixture table's SMILES; rdkit: Python's Chem.MolToSmiles(Chem.MolFromSmiles(source)); other: written by hand
const CASES = [
  { name: 'm-xylene', source: 'CC1=CC(=CC=C1)C', rdkit: 'Cc1cccc(C)c1', other: 'C1=CC(C)=CC(C)=C1' },
  { name: 'L-alanine', source: 'C[C@@H](C(=O)O)N', rdkit: 'C[C@H](N)C(=O)O', other: 'OC(=O)[C@@H](N)C' },
  { name: 'benzoic acid', source: 'C1=CC=C(C=C1)C(=O)O', rdkit: 'O=C(O)c1ccccc1', other: 'OC(=O)C1=CC=CC=C1' },
];

describe("RDKit's SMILES printed, every other writing found", () => {
  for (const c of CASES) {
    it(`${c.name}: prints ${c.rdkit}; its source's SMILES, the old OpenChemLib form and ${c.other} find it`, async () => {
      const id = db.prepare('SELECT compound_id FROM names WHERE name = ?').pluck().get(c.name) as string;
      const found = await convertFromDb(db, 'cid', id);
      expect(found?.smiles).toBe(c.rdkit);
      const oldForm = canonicalSmiles(parseSmiles(c.source)); // what chem stored and printed before (m-xylene: the same)
      const engine = new SearchEngine(db);
      for (const q of [c.rdkit, c.source, oldForm, c.other]) {
        expect((await convertFromDb(db, 'smiles', q))?.cid, q).toBe(id);
        expect((await engine.search(`smiles:${q}`)).comps[0]?.id, q).toBe(id);
      }
      expect(rdkitCalls.n).toBe(0);
    });
  }

  it('chem convert smiles OLD-FORM and chem search print the RDKit SMILES', async () => {
    const c = CASES[1]!;
    const old = canonicalSmiles(parseSmiles(c.source));
    const conv = await runChem(['--db', dbPath, 'convert', 'smiles', old, '--json']);
    expect([conv.code, (JSON.parse(conv.stdout) as { smiles: string }).smiles]).toEqual([0, c.rdkit]);
    const search = await runChem(['--db', dbPath, 'search', `smiles:${c.other}`, '--json']);
    expect((JSON.parse(search.stdout) as { comps: { smiles: string }[] }).comps[0]?.smiles).toBe(c.rdkit);
    expect(rdkitCalls.n).toBe(0);
  });
});
