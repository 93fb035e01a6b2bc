// Substructure and similarity search over the structure index (structure-index.ts). Loaded only
// by `sub:` and `sim:` queries (it imports OpenChemLib). The fingerprints of the whole table are
// read once per open database into one Int32Array; a query screens them all (16 words each),
// decodes the candidates' ID codes and runs OpenChemLib's SSSearcher on each. Results are cached
// per pattern (a few dozen), so the pages of one query cost one search.
import * as OCL from 'openchemlib';
import { usageError } from '../../../api/errors.js';
import { parserMessage } from '../../chem/molecule.js';
import type { DB } from '../schema.js';
import { FP_WORDS } from './structure-index.js';

const message = (err: unknown) => parserMessage(err).replace(/^SmilesParser:\s*/, '');

/** A `sub:` pattern (SMILES or SMARTS) as an OpenChemLib query fragment, or a usage error. */
function parsePattern(pattern: string): OCL.Molecule {
  const parser = new OCL.SmilesParser({ smartsMode: 'smarts' });
  let frag: OCL.Molecule;
  try {
    frag = parser.parseMolecule(pattern, { noCoordinates: true });
  } catch (err) {
    throw usageError(`invalid SMILES/SMARTS "${pattern}" in sub: ${message(err)}`);
  }
  if (!frag.getAllAtoms()) throw usageError(`invalid SMILES/SMARTS "${pattern}" in sub: no atoms`);
  frag.setFragment(true);
  return frag;
}

/** A `sim:` structure (plain SMILES), or a usage error. */
function parseSimilarTo(smiles: string): OCL.Molecule {
  let mol: OCL.Molecule;
  try {
    mol = OCL.Molecule.fromSmiles(smiles, { noCoordinates: true });
  } catch (err) {
    throw usageError(`invalid SMILES "${smiles}" in sim: ${message(err)}`);
  }
  if (!mol.getAllAtoms()) throw usageError(`invalid SMILES "${smiles}" in sim: no atoms`);
  return mol;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

const CACHE_SIZE = 32;

export class StructureIndex {
  private readonly cache = new Map<string, unknown>();

  private constructor(
    /** Ords in ascending order, their fingerprints (FP_WORDS words each) and ID codes, same order. */
    readonly ords: Int32Array,
    readonly fps: Int32Array,
    readonly idcodes: string[],
    /** Bits set in each fingerprint (for Tanimoto). */
    readonly bits: Uint16Array,
  ) {}

  static load(db: DB): StructureIndex {
    const rows = db.prepare('SELECT ord, fp, idcode FROM search_fp ORDER BY ord').raw().all() as [number, Buffer, string][];
    const ords = new Int32Array(rows.length);
    const fps = new Int32Array(rows.length * FP_WORDS);
    const idcodes: string[] = new Array(rows.length);
    const bits = new Uint16Array(rows.length);
    rows.forEach(([ord, fp, idcode], i) => {
      ords[i] = ord;
      idcodes[i] = idcode;
      for (let w = 0; w < FP_WORDS; w++) {
        const x = fp.readInt32LE(w * 4);
        fps[i * FP_WORDS + w] = x;
        bits[i]! += popcount(x);
      }
    });
    return new StructureIndex(ords, fps, idcodes, bits);
  }

  /** Forgets the cached results (benchmarks time the search itself). */
  clearCache(): void {
    this.cache.clear();
  }

  private cached<T>(key: string, fn: () => T): T {
    if (this.cache.has(key)) {
      const v = this.cache.get(key) as T;
      this.cache.delete(key);
      this.cache.set(key, v);
      return v;
    }
    const v = fn();
    this.cache.set(key, v);
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    return v;
  }

  /** Indexes (into ords) whose fingerprint holds every bit of `q`. */
  screen(q: ArrayLike<number>): number[] {
    const out: number[] = [];
    const { fps } = this;
    const n = this.ords.length;
    const words: number[] = [];
    for (let w = 0; w < FP_WORDS; w++) if (q[w]) words.push(w);
    for (let i = 0; i < n; i++) {
      const base = i * FP_WORDS;
      let ok = true;
      for (const w of words) {
        if ((q[w]! & ~fps[base + w]!) !== 0) {
          ok = false;
          break;
        }
      }
      if (ok) out.push(i);
    }
    return out;
  }

  /** Ords (ascending) of the structures containing the pattern: FragFp screen, then SSSearcher. */
  substructure(pattern: string): number[] {
    return this.cached('sub:' + pattern, () => {
      const frag = parsePattern(pattern);
      const candidates = this.screen(frag.getIndex());
      const searcher = new OCL.SSSearcher();
      searcher.setFragment(frag);
      const hits: number[] = [];
      for (const i of candidates) {
        searcher.setMolecule(OCL.Molecule.fromIDCode(this.idcodes[i]!, false));
        if (searcher.isFragmentInMolecule()) hits.push(this.ords[i]!);
      }
      return hits;
    });
  }

  /** Ord → Tanimoto similarity (FragFp) for the structures at or above `threshold`. */
  similar(smiles: string, threshold: number): Map<number, number> {
    return this.cached(`sim:${threshold}:${smiles}`, () => {
      const q = parseSimilarTo(smiles).getIndex();
      let qBits = 0;
      for (let w = 0; w < FP_WORDS; w++) qBits += popcount(q[w]!);
      const out = new Map<number, number>();
      const { fps, ords } = this;
      for (let i = 0; i < ords.length; i++) {
        const base = i * FP_WORDS;
        let inter = 0;
        for (let w = 0; w < FP_WORDS; w++) inter += popcount(q[w]! & fps[base + w]!);
        const union = qBits + this.bits[i]! - inter;
        const sim = union ? inter / union : 1; // two empty fingerprints: nothing tells them apart
        if (sim >= threshold) out.set(ords[i]!, sim);
      }
      return out;
    });
  }
}

/** Brute force for tests: every stored structure matched atom by atom, no screening. */
export function substructureBruteForce(db: DB, pattern: string): number[] {
  const frag = parsePattern(pattern);
  const searcher = new OCL.SSSearcher();
  searcher.setFragment(frag);
  const hits: number[] = [];
  for (const [ord, smiles] of db
    .prepare("SELECT r.ord, c.smiles FROM compounds c JOIN search_rank r ON r.compound_id = c.id WHERE c.smiles IS NOT NULL AND c.smiles <> '' ORDER BY r.ord")
    .raw()
    .iterate() as Iterable<[number, string]>) {
    searcher.setMolecule(OCL.Molecule.fromSmiles(smiles, { noCoordinates: true }));
    if (searcher.isFragmentInMolecule()) hits.push(ord);
  }
  return hits;
}
