// Structure index (issue 16): one row per compound with a structure, written at the end of a build
// (a build step after the search index, whose ords it uses), rebuilt, never edited.
//
//   search_fp(ord PK, idcode, fp)   OpenChemLib's ID code of the structure (decoded at query time
//                                   for the atom-by-atom match: ~5x faster than parsing SMILES)
//                                   and its FragFp fingerprint (`Molecule.getIndex()`, the index of
//                                   SSSearcherWithIndex: 512 bits, one per key fragment present,
//                                   stored as 16 little-endian int32 words, 64 bytes).
//
// FragFp is a substructure-screening fingerprint: a fragment's bits are a subset of the bits of
// every molecule that contains it, so `fragment & ~molecule == 0` keeps every true hit and the
// exact match (OpenChemLib's SSSearcher) only runs on the candidates. It is also the fingerprint of
// similarity search (Tanimoto over the same 512 bits), which is what OpenChemLib/DataWarrior use.
// Computing it costs ~5-15 ms per structure (512 small substructure matches), the bulk of the step.
import type { DB } from '../schema.js';
import type { BuildStep } from '../steps.js';

export const FP_WORDS = 16;

export function hasStructureIndex(db: DB): boolean {
  return !!db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'search_fp'").get();
}

/** The fingerprint words as a blob, and back. */
export function fpBlob(words: ArrayLike<number>): Buffer {
  const buf = Buffer.alloc(FP_WORDS * 4);
  for (let i = 0; i < FP_WORDS; i++) buf.writeInt32LE(words[i] ?? 0, i * 4);
  return buf;
}

export async function buildStructureIndex(db: DB): Promise<void> {
  const { Molecule } = await import('openchemlib');
  const rows = db
    .prepare('SELECT r.ord, c.smiles FROM compounds c JOIN search_rank r ON r.compound_id = c.id WHERE c.smiles IS NOT NULL AND c.smiles <> \'\' ORDER BY r.ord')
    .raw()
    .all() as [number, string][];
  db.transaction(() => {
    db.exec('DROP TABLE IF EXISTS search_fp');
    db.exec('CREATE TABLE search_fp (ord INTEGER PRIMARY KEY, idcode TEXT NOT NULL, fp BLOB NOT NULL)');
    const insert = db.prepare('INSERT INTO search_fp (ord, idcode, fp) VALUES (?, ?, ?)');
    for (const [ord, smiles] of rows) {
      let mol;
      try {
        mol = Molecule.fromSmiles(smiles, { noCoordinates: true });
      } catch {
        continue; // stored structures were parsed by the import; a failure here leaves the row out
      }
      if (!mol.getAllAtoms()) continue;
      insert.run(ord, mol.getIDCode(), fpBlob(mol.getIndex()));
    }
  })();
}

export const structureIndexStep: BuildStep = {
  name: 'structure index',
  files: [],
  run: (db) => buildStructureIndex(db),
};
