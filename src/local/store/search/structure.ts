// Substructure and similarity search over the structure index (structure-index.ts). Loaded only by `sub:` and
// `sim:` queries. The whole table is read once per open database: every structure's graph into one graph of
// disconnected molecules (typed arrays, the matcher's MolGraph), their screens and similarity fingerprints into
// Int32Arrays. A `sub:` pattern is compiled by the SMARTS parser and matcher (predict/smarts/), its screen bits
// (screen.ts) are compared with every structure's, and the matcher runs on the candidates, anchored in turn
// on each of their atoms. Results are cached per pattern (a few dozen), so the pages of one query cost one search.
import * as OCL from 'openchemlib';
import { usageError } from '../../../api/errors.js';
import { Lru } from '../../../util/lru.js';
import { parserMessage } from '../../../chem/molecule.js';
import { molGraph, type MolGraph } from '../../../chem/molgraph.js';
import { matchAt } from '../../../chem/smarts/match.js';
import { compileSmarts, rerooted, withRingMembership } from '../../../chem/smarts/parse.js';
import { NONE, PatternTooCostly, type Pattern } from '../../../chem/smarts/pattern.js';
import type { DB } from '../schema.js';
import { patternScreen, SCREEN_WORDS } from './screen.js';
import { FP_WORDS, GRAPH_COLUMNS, readStructureArrays, similarityFingerprint, typed, type Typed } from './structure-index.js';

/** A `sub:` pattern (SMILES or SMARTS) compiled, or a usage error naming the position. */
function parsePattern(pattern: string): Pattern {
  try {
    return compileSmarts(pattern);
  } catch (err) {
    throw usageError(`invalid SMILES/SMARTS "${pattern}" in sub: ${(err as Error).message}`);
  }
}

/** The similarity fingerprint of a `sim:` structure (plain SMILES), or a usage error. */
function similarityFp(smiles: string): Int32Array {
  let mol: OCL.Molecule;
  try {
    mol = OCL.Molecule.fromSmiles(smiles, { noCoordinates: true });
  } catch (err) {
    throw usageError(`invalid SMILES "${smiles}" in sim: ${parserMessage(err).replace(/^SmilesParser:\s*/, '')}`);
  }
  if (!mol.getAllAtoms()) throw usageError(`invalid SMILES "${smiles}" in sim: no atoms`);
  return similarityFingerprint(molGraph(mol));
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Atom comparisons a `sub:` search may make (about a second): a pattern whose backtracking explodes is refused. */
const MATCH_BUDGET = 20_000_000;

export class StructureIndex {
  /** Results of the last few dozen patterns. */
  private readonly cache = new Lru<string, unknown>(32);
  /** Atom comparisons a `sub:` search may make (tests lower it). */
  matchBudget = MATCH_BUDGET;

  private constructor(
    /** Ords in ascending order; the same order for the molecules of `g`, the screens and the fingerprints. */
    readonly ords: Int32Array,
    readonly g: MolGraph,
    readonly atomStart: Int32Array,
    readonly screens: Int32Array,
    readonly fps: Int32Array,
    /** Bits set in each similarity fingerprint (for Tanimoto). */
    readonly bits: Uint16Array,
  ) {
    for (let a = 0; a < g.n; a++) {
      this.labels[g.z[a] * 2 + g.aromatic[a]]++;
      this.elements[g.z[a]]++;
      this.aromatic[g.aromatic[a]]++;
    }
  }

  /** Atoms of the table by element and aromaticity (z*2 + aromatic), by element, by aromaticity. */
  private readonly labels = new Int32Array(512);
  private readonly elements = new Int32Array(256);
  private readonly aromatic = new Int32Array(2);

  /** The pattern anchored on its rarest atom in the table (by what its element and aromaticity admit), its ring atoms and bonds tested as such. */
  private anchored(p: Pattern): Pattern {
    let best = 0;
    let bestCount = Infinity;
    p.atoms.forEach(({ req }, i) => {
      const count = req.never
        ? 0
        : req.z !== NONE && req.arom !== NONE
          ? this.labels[req.z * 2 + req.arom]
          : req.z !== NONE
            ? this.elements[req.z]
            : req.arom !== NONE
              ? this.aromatic[req.arom]
              : this.g.n;
      if (count < bestCount) [best, bestCount] = [i, count];
    });
    return withRingMembership(best ? rerooted(p, best) : p);
  }

  static load(db: DB): StructureIndex {
    const arrays = readStructureArrays(db);
    const col = <K extends keyof typeof GRAPH_COLUMNS>(k: K) => typed<Typed>(GRAPH_COLUMNS[k], arrays.get(k)) as MolGraph[K];
    const atomStart = typed(Int32Array, arrays.get('atomStart'));
    const start = col('start');
    const n = start.length - 1;
    const nbr = col('nbr');
    // no hydrogen nodes: every node is a core atom, its core neighbours all of its neighbours
    const g: MolGraph = {
      n,
      heavy: n,
      z: col('z'),
      charge: col('charge'),
      aromatic: col('aromatic'),
      ring: col('ring'),
      hs: col('hs'),
      degree: col('degree'),
      valence: col('valence'),
      mass: col('mass'),
      rings: col('rings'),
      minRing: col('minRing'),
      ringBonds: col('ringBonds'),
      start,
      coreEnd: start.subarray(1),
      nbr,
      bond: col('bond'),
      ringBond: col('ringBond'),
      bonds: nbr.length / 2,
    };
    const fps = typed(Int32Array, arrays.get('fps'));
    const ords = typed(Int32Array, arrays.get('ords'));
    const bits = new Uint16Array(ords.length);
    for (let i = 0; i < ords.length; i++) for (let w = 0; w < FP_WORDS; w++) bits[i] += popcount(fps[i * FP_WORDS + w]);
    return new StructureIndex(ords, g, atomStart, typed(Int32Array, arrays.get('screens')), fps, bits);
  }

  /** Forgets the cached results (benchmarks time the search itself). */
  clearCache(): void {
    this.cache.clear();
  }

  private cached<T>(key: string, fn: () => T): T {
    const kept = this.cache.get(key);
    if (kept !== undefined) return kept as T;
    const v = fn();
    this.cache.set(key, v);
    return v;
  }

  /** Ords (ascending) of the structures containing the pattern; `screen: false` matches every structure. */
  substructure(pattern: string, screen = true): number[] {
    return this.cached(`sub:${screen}:${pattern}`, () => {
      try {
        return this.match(pattern, screen);
      } catch (err) {
        if (!(err instanceof PatternTooCostly)) throw err;
        throw usageError(`SMARTS "${pattern}" in sub: is too costly to match (more than ${this.matchBudget.toLocaleString('en')} atom comparisons): make it more specific`);
      }
    });
  }

  /** The search itself: screen, then the matcher on each candidate's atoms. */
  private match(pattern: string, screen: boolean): number[] {
    const p = this.anchored(parsePattern(pattern));
    p.budget = this.matchBudget;
    const q = patternScreen(p);
    const words: number[] = [];
    for (let w = 0; w < SCREEN_WORDS; w++) if (screen && q[w]) words.push(w);
    const { screens, g, atomStart, ords } = this;
    const hits: number[] = [];
    for (let i = 0; i < ords.length; i++) {
      const base = i * SCREEN_WORDS;
      let ok = true;
      for (const w of words) {
        if ((q[w] & ~screens[base + w]) !== 0) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      for (let a = atomStart[i], end = atomStart[i + 1]; a < end; a++) {
        if (matchAt(p, g, a, false)) {
          hits.push(ords[i]);
          break;
        }
      }
    }
    return hits;
  }

  /** Ord → Tanimoto similarity (of the similarity fingerprints) for the structures at or above `threshold`. */
  similar(smiles: string, threshold: number): Map<number, number> {
    return this.cached(`sim:${threshold}:${smiles}`, () => {
      const q = similarityFp(smiles);
      let qBits = 0;
      for (let w = 0; w < FP_WORDS; w++) qBits += popcount(q[w]);
      const out = new Map<number, number>();
      const { fps, ords, bits } = this;
      for (let i = 0; i < ords.length; i++) {
        // Tanimoto <= fewer bits / more bits: most structures are too small or too large to reach the threshold
        if (Math.min(qBits, bits[i]) < threshold * Math.max(qBits, bits[i]) - 1e-9) continue;
        const base = i * FP_WORDS;
        let inter = 0;
        for (let w = 0; w < FP_WORDS; w++) inter += popcount(q[w] & fps[base + w]);
        const union = qBits + bits[i] - inter;
        const sim = union ? inter / union : 1; // two empty fingerprints: nothing tells them apart
        if (sim >= threshold) out.set(ords[i], sim);
      }
      return out;
    });
  }
}
