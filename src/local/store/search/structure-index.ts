// Structure index: one row per compound with a structure, written at the end of a build (a build step after
// the search index, whose ords it uses), rebuilt, never edited. Version 2 (table search_structure; a database
// holding only version 1's search_fp table is asked to rebuild it).
//
//   search_structure(ord PK, graph, screen, fp)
//     graph   the structure as the substructure matcher reads it (predict/molgraph.ts, hydrogens as counts:
//             RDKit aromaticity, ring counts and sizes), packed: u16 atoms, u16 bonds, then per atom
//             z, charge, aromatic, ring, H, X, valence, rings, smallest ring, ring bonds (one byte each) and
//             the isotope mass (u16), then per bond both atoms (u16) and the bond code and ring flag (bytes)
//     screen  the substructure screen (screen.ts: hashed atoms, bonds and two-bond paths of that graph,
//             1024 bits as 32 little-endian int32 words)
//     fp      OpenChemLib's FragFp (`Molecule.getIndex()`: 512 bits, one per key fragment present, 16
//             words), the fingerprint of similarity search (Tanimoto), as OpenChemLib/DataWarrior use it
//
// FragFp costs ~5-15 ms per structure (512 small substructure matches), the bulk of the step, so a large
// table is indexed in worker threads (structure-index-worker.ts), one per core.
import { availableParallelism } from 'node:os';
import type { MolGraph } from '../../predict/molgraph.js';
import { mapInWorkers, useWorkers } from '../worker-pool.js';
import type { DB } from '../schema.js';
import type { BuildStep } from '../steps.js';
import { SCREEN_WORDS, structureScreen } from './screen.js';

export const FP_WORDS = 16;
export const ATOM_BYTES = 12;
export const BOND_BYTES = 6;

export function hasStructureIndex(db: DB): boolean {
  return !!db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'search_structure'").get();
}

function words(w: ArrayLike<number>, n: number): Buffer {
  const buf = Buffer.alloc(n * 4);
  for (let i = 0; i < n; i++) buf.writeInt32LE(w[i] ?? 0, i * 4);
  return buf;
}

/** The heavy-atom view of a molecule graph, packed as described above. */
function packGraph(g: MolGraph): Buffer {
  const n = g.heavy;
  let bonds = 0;
  for (let a = 0; a < n; a++) bonds += g.coreEnd[a] - g.start[a];
  bonds /= 2;
  const buf = Buffer.alloc(4 + n * ATOM_BYTES + bonds * BOND_BYTES);
  buf.writeUInt16LE(n, 0);
  buf.writeUInt16LE(bonds, 2);
  let p = 4;
  for (let a = 0; a < n; a++) {
    buf[p] = g.z[a];
    buf.writeInt8(g.charge[a], p + 1);
    buf[p + 2] = g.aromatic[a];
    buf[p + 3] = g.ring[a];
    buf[p + 4] = g.hs[a];
    buf[p + 5] = g.degree[a];
    buf[p + 6] = g.valence[a];
    buf[p + 7] = g.rings[a];
    buf[p + 8] = g.minRing[a];
    buf[p + 9] = g.ringBonds[a];
    buf.writeUInt16LE(g.mass[a], p + 10);
    p += ATOM_BYTES;
  }
  for (let a = 0; a < n; a++) {
    for (let j = g.start[a]; j < g.coreEnd[a]; j++) {
      const b = g.nbr[j];
      if (b < a) continue;
      buf.writeUInt16LE(a, p);
      buf.writeUInt16LE(b, p + 2);
      buf[p + 4] = g.bond[j];
      buf[p + 5] = g.ringBond[j];
      p += BOND_BYTES;
    }
  }
  return buf;
}

/** Graph, screen and FragFp of each SMILES; null where OpenChemLib cannot read it (left out). */
export async function indexRows(smiles: string[]): Promise<([Buffer, Buffer, Buffer] | null)[]> {
  const { Molecule } = await import('openchemlib');
  const { molGraph } = await import('../../predict/molgraph.js');
  return smiles.map((s) => {
    try {
      const mol = Molecule.fromSmiles(s, { noCoordinates: true });
      if (!mol.getAllAtoms()) return null;
      const g = molGraph(mol);
      if (g.heavy > 0xffff) return null;
      const screen = new Int32Array(SCREEN_WORDS);
      structureScreen(g, 0, g.heavy, screen);
      return [packGraph(g), words(screen, SCREEN_WORDS), words(mol.getIndex(), FP_WORDS)];
    } catch {
      return null; // stored structures were parsed by the import; a failure here leaves the row out
    }
  });
}

/** Index rows of every SMILES, in worker threads (one per core) for a large table. */
async function indexAll(smiles: string[], threads = availableParallelism()): Promise<([Buffer, Buffer, Buffer] | null)[]> {
  if (!useWorkers(threads, smiles.length, import.meta.url)) return indexRows(smiles);
  const rows = await mapInWorkers<string, [Uint8Array, Uint8Array, Uint8Array] | null>(new URL('./structure-index-worker.js', import.meta.url), smiles, threads);
  return rows.map((r) => r && [Buffer.from(r[0]), Buffer.from(r[1]), Buffer.from(r[2])]);
}

export async function buildStructureIndex(db: DB): Promise<void> {
  const rows = db
    .prepare("SELECT r.ord, c.smiles FROM compounds c JOIN search_rank r ON r.compound_id = c.id WHERE c.smiles IS NOT NULL AND c.smiles <> '' ORDER BY r.ord")
    .raw()
    .all() as [number, string][];
  const out = await indexAll(rows.map((r) => r[1]));
  db.transaction(() => {
    db.exec('DROP TABLE IF EXISTS search_fp'); // version 1
    db.exec('DROP TABLE IF EXISTS search_structure');
    db.exec('CREATE TABLE search_structure (ord INTEGER PRIMARY KEY, graph BLOB NOT NULL, screen BLOB NOT NULL, fp BLOB NOT NULL)');
    const insert = db.prepare('INSERT INTO search_structure (ord, graph, screen, fp) VALUES (?, ?, ?, ?)');
    rows.forEach(([ord], i) => {
      const r = out[i];
      if (r) insert.run(ord, ...r);
    });
  })();
}

export const structureIndexStep: BuildStep = {
  name: 'structure index',
  files: [],
  run: (db) => buildStructureIndex(db),
};
