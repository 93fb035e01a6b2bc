// Circular atom environments (ECFP-like, as RDKit's Morgan fingerprints, hydrogens as counts) on the matcher's
// graph (molgraph.ts): hashed into counts they are a block of the model family's features (features.ts), into
// bits the fingerprint of similarity search (store/search/structure-index.ts).
import type { MolGraph } from '../../chem/molgraph.js';

/** Scratch arrays reused from molecule to molecule (grown as needed): heavy degrees and two layers of identifiers. */
let scratch = { hdeg: new Int32Array(0), ids: new Uint32Array(0), next: new Uint32Array(0) };
const pairs = new Uint32Array(256);

function scratchFor(n: number): typeof scratch {
  if (scratch.hdeg.length < n) {
    const m = Math.max(256, 2 * n);
    scratch = { hdeg: new Int32Array(m), ids: new Uint32Array(m), next: new Uint32Array(m) };
  }
  return scratch;
}

/** Heavy neighbours of each core atom (a scratch array, valid until the next call). */
export function heavyDegrees(g: MolGraph): Int32Array {
  const hdeg = scratchFor(g.heavy).hdeg;
  for (let a = 0; a < g.heavy; a++) {
    let d = 0;
    for (let k = g.start[a]; k < g.coreEnd[a]; k++) if (g.z[g.nbr[k]] !== 1) d++;
    hdeg[a] = d;
  }
  return hdeg;
}

const FNV = 2166136261;
const mix = (h: number, v: number) => Math.imul(h ^ (v >>> 0), 16777619) >>> 0;
/** mix(FNV, bond code) for each code. */
const BOND_SEED = Uint32Array.from({ length: 256 }, (_, code) => mix(FNV, code));

/**
 * Calls `visit` with the identifier of every core atom's environment at radius 0, 1 and 2 (3 × heavy calls):
 * radius 0 = element, heavy degree (`hdeg`, from heavyDegrees), H count, charge, ring and aromatic flags; each
 * further radius hashes the atom's identifier with its neighbours' (bond code, identifier) pairs, sorted.
 */
export function atomEnvironments(g: MolGraph, hdeg: Int32Array, visit: (id: number) => void): void {
  let { ids, next } = scratchFor(g.heavy);
  for (let a = 0; a < g.heavy; a++) {
    const h = mix(mix(mix(mix(mix(mix(FNV, g.z[a]), hdeg[a]), g.hs[a]), g.charge[a] + 16), g.ring[a]), g.aromatic[a]);
    ids[a] = h;
    visit(h);
  }
  for (let r = 1; r <= 2; r++) {
    const seed = mix(FNV, r);
    for (let a = 0; a < g.heavy; a++) {
      // the (bond, identifier) pairs in ascending order (insertion sort: a handful of neighbours)
      const end = g.coreEnd[a];
      const p = end - g.start[a] <= pairs.length ? pairs : new Uint32Array(end - g.start[a]);
      let n = 0;
      for (let k = g.start[a]; k < end; k++) {
        const v = mix(BOND_SEED[g.bond[k]], ids[g.nbr[k]]);
        let i = n++;
        for (; i > 0 && p[i - 1] > v; i--) p[i] = p[i - 1];
        p[i] = v;
      }
      let h = mix(seed, ids[a]);
      for (let i = 0; i < n; i++) h = mix(h, p[i]);
      next[a] = h;
      visit(h);
    }
    const t = ids;
    ids = next;
    next = t;
  }
}
