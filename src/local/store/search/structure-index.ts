// Structure index: written at the end of a build (a build step after the search index, whose ords it uses),
// rebuilt, never edited. Version 3 (table search_structure with a version row; version 2 had OpenChemLib's
// FragFp as its similarity fingerprint, version 1 a search_fp table: both are asked to rebuild). The whole
// table is one graph of disconnected molecules, the graph the substructure matcher reads (predict/molgraph.ts
// with hydrogens as counts: RDKit aromaticity, ring counts and sizes), stored as its typed arrays, one row per
// array (name, bytes in the platform's order, little-endian everywhere Node runs), so loading it is a copy of
// each array:
//
//   ords                  Int32   the search ord of each indexed structure, ascending
//   atomStart             Int32   structure i owns atoms atomStart[i] .. atomStart[i+1]-1
//   z charge aromatic ring hs degree valence mass rings minRing ringBonds   per atom (MolGraph's fields)
//   start nbr bond ringBond                                                 adjacency (CSR, MolGraph's)
//   screens               Int32   per structure, 32 words: the substructure screen (screen.ts: hashed
//                                 atoms, bonds and two-bond paths of that graph, 1024 bits)
//   fps                   Int32   per structure, 64 words: the fingerprint of similarity search (Tanimoto),
//                                 2 048 bits hashed from the circular atom environments of radius 0-2 of that
//                                 graph (predict/environments.ts, as RDKit's Morgan fingerprint of radius 2)
//   version               Int32   INDEX_VERSION; an index without it or with another is rebuilt, never read
//
// Reading the SMILES is most of the step's ~0.25 ms per structure, so a large table is indexed in worker threads
// (structure-index-worker.ts), one per core; they send each structure's graph packed (packGraph), the main
// thread joins them.
import { availableParallelism } from 'node:os';
import { atomEnvironments, heavyDegrees } from '../../predict/environments.js';
import type { MolGraph } from '../../../chem/molgraph.js';
import { mapInWorkers, useWorkers } from '../worker-pool.js';
import type { DB } from '../schema.js';
import type { BuildStep } from '../steps.js';

/** Bumped whenever what the index holds changes: a database with another version is asked to rebuild it. */
export const INDEX_VERSION = 3;
export const FP_WORDS = 64;
const ATOM_BYTES = 12;
const BOND_BYTES = 6;

export type Typed = Int32Array | Uint8Array | Int8Array | Uint16Array;
/** The MolGraph arrays stored, with their types. */
export const GRAPH_COLUMNS = {
  z: Uint8Array,
  charge: Int8Array,
  aromatic: Uint8Array,
  ring: Uint8Array,
  hs: Uint8Array,
  degree: Uint8Array,
  valence: Uint8Array,
  mass: Uint16Array,
  rings: Uint8Array,
  minRing: Uint8Array,
  ringBonds: Uint8Array,
  start: Int32Array,
  nbr: Int32Array,
  bond: Uint8Array,
  ringBond: Uint8Array,
} as const;

/** Whether the database holds a structure index of this version, one of an older chem ('old'), or none. */
export function structureIndexState(db: DB): 'current' | 'old' | 'none' {
  const tables = new Set(db.prepare("SELECT name FROM sqlite_master WHERE name IN ('search_structure', 'search_fp')").pluck().all());
  if (!tables.size) return 'none';
  const v = tables.has('search_structure') ? (db.prepare("SELECT data FROM search_structure WHERE name = 'version'").pluck().get() as Buffer | undefined) : undefined;
  return v?.byteLength === 4 && v.readInt32LE(0) === INDEX_VERSION ? 'current' : 'old';
}

/** The similarity fingerprint of a graph: bit (identifier mod 2 048) of every atom environment (environments.ts). */
export function similarityFingerprint(g: MolGraph): Int32Array {
  const fp = new Int32Array(FP_WORDS);
  atomEnvironments(g, heavyDegrees(g), (id) => (fp[(id >>> 5) & (FP_WORDS - 1)] |= 1 << (id & 31)));
  return fp;
}

function words(w: ArrayLike<number>, n: number): Buffer {
  const buf = Buffer.alloc(n * 4);
  for (let i = 0; i < n; i++) buf.writeInt32LE(w[i] ?? 0, i * 4);
  return buf;
}

/**
 * The heavy-atom view of a molecule graph, packed for the trip from a worker: u16 atoms, u16 bonds, then per
 * atom z, charge, aromatic, ring, H, X, valence, rings, smallest ring, ring bonds (a byte each) and the
 * isotope mass (u16), then per bond both atoms (u16), the bond code and the ring flag (a byte each).
 */
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

/** Graph, screen and similarity fingerprint of each SMILES; null where OpenChemLib cannot read it (left out). */
export async function indexRows(smiles: string[]): Promise<([Buffer, Buffer, Buffer] | null)[]> {
  // loaded here, not at the top: the search engine imports this module for structureIndexState alone
  const { Molecule } = await import('openchemlib');
  const { molGraph } = await import('../../../chem/molgraph.js');
  const { SCREEN_WORDS, structureScreen } = await import('./screen.js');
  return smiles.map((s) => {
    try {
      const mol = Molecule.fromSmiles(s, { noCoordinates: true });
      if (!mol.getAllAtoms()) return null;
      const g = molGraph(mol);
      if (g.heavy > 0xffff) return null;
      const screen = new Int32Array(SCREEN_WORDS);
      structureScreen(g, 0, g.heavy, screen);
      return [packGraph(g), words(screen, SCREEN_WORDS), words(similarityFingerprint(g), FP_WORDS)];
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

/** One graph holding every packed structure as a disconnected piece; structure i owns atoms atomStart[i].. */
function tableGraph(graphs: Buffer[]): { g: MolGraph; atomStart: Int32Array } {
  let atoms = 0;
  let bonds = 0;
  for (const b of graphs) {
    atoms += b.readUInt16LE(0);
    bonds += b.readUInt16LE(2);
  }
  const col = <K extends keyof typeof GRAPH_COLUMNS>(k: K, n: number) => new GRAPH_COLUMNS[k](n) as InstanceType<(typeof GRAPH_COLUMNS)[K]>;
  const start = col('start', atoms + 1);
  // no hydrogen nodes: every node is a core atom, its core neighbours all of its neighbours
  const g: MolGraph = {
    n: atoms,
    heavy: atoms,
    z: col('z', atoms),
    charge: col('charge', atoms),
    aromatic: col('aromatic', atoms),
    ring: col('ring', atoms),
    hs: col('hs', atoms),
    degree: col('degree', atoms),
    valence: col('valence', atoms),
    mass: col('mass', atoms),
    rings: col('rings', atoms),
    minRing: col('minRing', atoms),
    ringBonds: col('ringBonds', atoms),
    start,
    coreEnd: start.subarray(1),
    nbr: col('nbr', 2 * bonds),
    bond: col('bond', 2 * bonds),
    ringBond: col('ringBond', 2 * bonds),
    bonds,
  };
  const atomStart = new Int32Array(graphs.length + 1);
  // pass 1: atoms and neighbour counts; pass 2: adjacency (CSR)
  let base = 0;
  graphs.forEach((b, i) => {
    atomStart[i] = base;
    const n = b.readUInt16LE(0);
    const m = b.readUInt16LE(2);
    let p = 4;
    for (let a = base; a < base + n; a++, p += ATOM_BYTES) {
      g.z[a] = b[p];
      g.charge[a] = b.readInt8(p + 1);
      g.aromatic[a] = b[p + 2];
      g.ring[a] = b[p + 3];
      g.hs[a] = b[p + 4];
      g.degree[a] = b[p + 5];
      g.valence[a] = b[p + 6];
      g.rings[a] = b[p + 7];
      g.minRing[a] = b[p + 8];
      g.ringBonds[a] = b[p + 9];
      g.mass[a] = b.readUInt16LE(p + 10);
    }
    for (let k = 0; k < m; k++, p += BOND_BYTES) {
      g.start[base + b.readUInt16LE(p) + 1]++;
      g.start[base + b.readUInt16LE(p + 2) + 1]++;
    }
    base += n;
  });
  atomStart[graphs.length] = base;
  for (let a = 0; a < atoms; a++) g.start[a + 1] += g.start[a];
  const fill = g.start.slice(0, atoms);
  graphs.forEach((b, i) => {
    const off = atomStart[i];
    const n = b.readUInt16LE(0);
    const m = b.readUInt16LE(2);
    for (let k = 0, p = 4 + n * ATOM_BYTES; k < m; k++, p += BOND_BYTES) {
      const [x, y] = [off + b.readUInt16LE(p), off + b.readUInt16LE(p + 2)];
      for (const [u, v] of [
        [x, y],
        [y, x],
      ]) {
        const j = fill[u]++;
        g.nbr[j] = v;
        g.bond[j] = b[p + 4];
        g.ringBond[j] = b[p + 5];
      }
    }
  });
  return { g, atomStart };
}

/** The stored arrays of the index, by row name. */
export function readStructureArrays(db: DB): Map<string, Buffer> {
  return new Map(db.prepare('SELECT name, data FROM search_structure').raw().all() as [string, Buffer][]);
}

/** A stored array as its typed array (a copy: the blob's bytes need not be aligned). */
export function typed<T extends Typed>(ctor: { new (n: number): T; BYTES_PER_ELEMENT: number }, blob: Buffer | undefined): T {
  if (!blob) throw new Error('structure index incomplete: rebuild it with "chem db build --from DIR" or "chem db pull"');
  const out = new ctor(blob.byteLength / ctor.BYTES_PER_ELEMENT);
  new Uint8Array(out.buffer).set(blob);
  return out;
}

export async function buildStructureIndex(db: DB): Promise<void> {
  const rows = db
    // OpenChemLib's own canonical SMILES where it read the structure (it reads its own writing back as written)
    .prepare("SELECT r.ord, COALESCE(c.smiles_key, c.smiles) FROM compounds c JOIN search_rank r ON r.compound_id = c.id WHERE c.smiles IS NOT NULL AND c.smiles <> '' ORDER BY r.ord")
    .raw()
    .all() as [number, string][];
  const out = await indexAll(rows.map((r) => r[1]));
  const kept = rows.flatMap(([ord], i) => (out[i] ? [[ord, ...out[i]] as const] : []));
  const { g, atomStart } = tableGraph(kept.map((k) => k[1]));
  const arrays: [string, Typed | Buffer][] = [
    ['ords', Int32Array.from(kept, (k) => k[0])],
    ['atomStart', atomStart],
    ...Object.keys(GRAPH_COLUMNS).map((k) => [k, g[k as keyof typeof GRAPH_COLUMNS]] as [string, Typed]),
    ['screens', Buffer.concat(kept.map((k) => k[2]))],
    ['fps', Buffer.concat(kept.map((k) => k[3]))],
    ['version', Int32Array.of(INDEX_VERSION)],
  ];
  db.transaction(() => {
    db.exec('DROP TABLE IF EXISTS search_fp'); // version 1
    db.exec('DROP TABLE IF EXISTS search_structure');
    db.exec('CREATE TABLE search_structure (name TEXT PRIMARY KEY, data BLOB NOT NULL)');
    const insert = db.prepare('INSERT INTO search_structure (name, data) VALUES (?, ?)');
    for (const [name, a] of arrays) insert.run(name, Buffer.from(a.buffer, a.byteOffset, a.byteLength));
  })();
}

export const structureIndexStep: BuildStep = {
  name: 'structure index',
  files: [],
  run: (db) => buildStructureIndex(db),
};
