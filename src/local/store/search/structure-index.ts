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
// Computing it costs ~5-15 ms per structure (512 small substructure matches), the bulk of the step,
// so a large table is fingerprinted in worker threads (structure-index-worker.ts), one per core.
import { availableParallelism } from 'node:os';
import { mapInWorkers, useWorkers } from '../worker-pool.js';
import type { DB } from '../schema.js';
import type { BuildStep } from '../steps.js';

export const FP_WORDS = 16;

export function hasStructureIndex(db: DB): boolean {
  return !!db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'search_fp'").get();
}

/** The fingerprint words as a blob, and back. */
function fpBlob(words: ArrayLike<number>): Buffer {
  const buf = Buffer.alloc(FP_WORDS * 4);
  for (let i = 0; i < FP_WORDS; i++) buf.writeInt32LE(words[i] ?? 0, i * 4);
  return buf;
}

/** ID code and FragFp blob of each SMILES; null where OpenChemLib cannot read it (left out). */
export async function fingerprints(smiles: string[]): Promise<([string, Buffer] | null)[]> {
  const { Molecule } = await import('openchemlib');
  return smiles.map((s) => {
    try {
      const mol = Molecule.fromSmiles(s, { noCoordinates: true });
      return mol.getAllAtoms() ? [mol.getIDCode(), fpBlob(mol.getIndex())] : null;
    } catch {
      return null; // stored structures were parsed by the import; a failure here leaves the row out
    }
  });
}

/** Fingerprints of every SMILES, in worker threads (one per core) for a large table. */
async function fingerprintAll(smiles: string[], threads = availableParallelism()): Promise<([string, Buffer] | null)[]> {
  if (!useWorkers(threads, smiles.length, import.meta.url)) return fingerprints(smiles);
  const rows = await mapInWorkers<string, [string, Uint8Array] | null>(new URL('./structure-index-worker.js', import.meta.url), smiles, threads);
  return rows.map((r) => r && [r[0], Buffer.from(r[1])]);
}

export async function buildStructureIndex(db: DB): Promise<void> {
  const rows = db
    .prepare("SELECT r.ord, c.smiles FROM compounds c JOIN search_rank r ON r.compound_id = c.id WHERE c.smiles IS NOT NULL AND c.smiles <> '' ORDER BY r.ord")
    .raw()
    .all() as [number, string][];
  const fps = await fingerprintAll(rows.map((r) => r[1]));
  db.transaction(() => {
    db.exec('DROP TABLE IF EXISTS search_fp');
    db.exec('CREATE TABLE search_fp (ord INTEGER PRIMARY KEY, idcode TEXT NOT NULL, fp BLOB NOT NULL)');
    const insert = db.prepare('INSERT INTO search_fp (ord, idcode, fp) VALUES (?, ?, ?)');
    rows.forEach(([ord], i) => {
      const f = fps[i];
      if (f) insert.run(ord, f[0], f[1]);
    });
  })();
}

export const structureIndexStep: BuildStep = {
  name: 'structure index',
  files: [],
  run: (db) => buildStructureIndex(db),
};
