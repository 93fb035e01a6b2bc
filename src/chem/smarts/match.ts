// Matching a compiled SMARTS pattern at a node of a molecule's graph, and the atom classes that let a table of
// patterns test each kind of atom once.
import type { MolGraph } from '../molgraph.js';
import { explicitDegree, implicitHs, meets, PatternTooCostly, type BondTest, type NeighbourSpec, type Pattern, type PatternAtom } from './pattern.js';

/**
 * True when the pattern matches with its first atom on node `a`. `cls`: atomClasses(g, explicitH), for callers that
 * match many patterns on the graph (the atom tests are then looked up per class), or null.
 */
export function matchAt(p: Pattern, g: MolGraph, a: number, explicitH: boolean, cls: Int32Array | null = null): boolean {
  if (!accepts(p.atoms[0], g, a, explicitH, cls)) return false;
  if (p.atoms.length === 1) return true;
  const map = p.map; // a pattern never recurses into itself, so its scratch map is free here
  map[0] = a;
  return extend(p, g, map, 1, explicitH, cls);
}

/** Pattern atom `pa` accepts node `a` (its element, Req and test). */
function accepts(pa: PatternAtom, g: MolGraph, a: number, explicitH: boolean, cls: Int32Array | null): boolean {
  const c = cls === null ? -1 : cls[a];
  if (c < 0) return (pa.zMask === null || pa.zMask[g.z[a]] === 1) && meets(pa.req, g, a) && pa.test(g, a, explicitH, cls);
  return acceptsLocally(pa, g, a, explicitH, cls, c) && (pa.rest === null || pa.rest(g, a, explicitH, cls));
}

/** The class-wide part of accepts() for node `a` of class `c`, computed once per class. */
export function acceptsLocally(pa: PatternAtom, g: MolGraph, a: number, explicitH: boolean, cls: Int32Array | null, c: number): boolean {
  if (c >= pa.memo.length) {
    const grown = new Uint8Array(Math.max(64, 2 * c));
    grown.set(pa.memo);
    pa.memo = grown;
  }
  let m = pa.memo[c];
  if (m === 0) {
    const ok = (pa.zMask === null || pa.zMask[g.z[a]] === 1) && meets(pa.req, g, a) && (pa.local === null || pa.local(g, a, explicitH, cls));
    pa.memo[c] = m = ok ? 1 : 2;
  }
  return m === 1;
}

function extend(p: Pattern, g: MolGraph, map: Int32Array, k: number, explicitH: boolean, cls: Int32Array | null): boolean {
  if (k === p.atoms.length) return true;
  const pa = p.atoms[k];
  const from = map[pa.parent];
  const end = explicitH ? g.start[from + 1] : g.coreEnd[from];
  if ((p.budget -= end - g.start[from]) < 0) throw new PatternTooCostly('atom comparisons exhausted');
  for (let j = g.start[from]; j < end; j++) {
    const b = g.nbr[j];
    if ((pa.zMask !== null && pa.zMask[g.z[b]] === 0) || !bondAccepts(pa, g, j) || used(map, k, b) || !accepts(pa, g, b, explicitH, cls)) continue;
    if (pa.closures.length && !closes(pa, g, map, b, explicitH)) continue;
    map[k] = b;
    if (extend(p, g, map, k + 1, explicitH, cls)) return true;
  }
  return false;
}

/** Every ring closure of pattern atom `pa`, placed on node `b`, is a bond of the graph that its test accepts. */
function closes(pa: PatternAtom, g: MolGraph, map: Int32Array, b: number, explicitH: boolean): boolean {
  const end = explicitH ? g.start[b + 1] : g.coreEnd[b];
  for (const c of pa.closures) {
    const other = map[c.to];
    let j = g.start[b];
    while (j < end && g.nbr[j] !== other) j++;
    if (j === end || !bondAccepts(c, g, j)) return false;
  }
  return true;
}

/** The bond at adjacency entry `j` passes `e` (its codes, a superset of what `bond` accepts, first). */
function bondAccepts(e: { bond: BondTest; codes: number; exact: boolean }, g: MolGraph, j: number): boolean {
  return ((e.codes >> g.bond[j]) & 1) === 1 && (e.exact || e.bond(g, j));
}

function used(map: Int32Array, k: number, b: number): boolean {
  for (let i = 0; i < k; i++) if (map[i] === b) return true;
  return false;
}

/** The first neighbour of `a` (hydrogen-suppressed view; cls: atomClasses(g, false)) that matches `spec` and is not in `taken`. */
export function findNeighbour(spec: NeighbourSpec, g: MolGraph, a: number, taken: readonly number[], cls: Int32Array): number {
  for (let j = g.start[a]; j < g.coreEnd[a]; j++) {
    const b = g.nbr[j];
    if (bondAccepts(spec, g, j) && !taken.includes(b) && accepts(spec, g, b, false, cls)) return b;
  }
  return -1;
}

/**
 * Atom classes of a graph's nodes for one view: nodes of a class agree on everything an atom test reads without
 * looking at neighbours (element, aromatic and ring flags, charge, H counts, connections, valence, ring counts),
 * so such tests are computed once per class (memo of PatternAtom) instead of per node. -1: a node outside the
 * keyed ranges (isotopes, large counts), tested directly. The array is scratch of the view, reused by the next call.
 */
export function atomClasses(g: MolGraph, explicitH: boolean): Int32Array {
  const view = explicitH ? 1 : 0;
  if (classScratch[view].length < g.n) classScratch[view] = new Int32Array(2 * g.n);
  const out = classScratch[view].fill(-1, 0, g.n);
  // hydrogen nodes come in runs of one class
  let lastLo = -1;
  let lastHi = -1;
  let last = -1;
  // without explicit hydrogens the matchers never reach the hydrogen nodes
  for (let a = 0, n = explicitH ? g.n : g.heavy; a < n; a++) {
    const q = g.charge[a] + 8;
    const hs = g.hs[a];
    const x = g.degree[a];
    const v = g.valence[a];
    const rings = g.rings[a];
    const minRing = g.minRing[a];
    const rb = g.ringBonds[a];
    const ih = implicitHs(g, a);
    const d = explicitDegree(g, a, explicitH);
    if (g.mass[a] !== 0 || g.aromatic[a] > 1 || g.ring[a] > 1 || q < 0 || q > 15 || hs > 15 || x > 15 || v > 31 || rings > 7 || minRing > 63 || rb > 7 || ih < 0 || ih > 15 || d > 15) continue;
    const lo = g.z[a] | (g.aromatic[a] << 8) | (g.ring[a] << 9) | (q << 10) | (hs << 14) | (x << 18) | (v << 22) | ((explicitH ? 1 : 0) << 27);
    const hi = rings | (minRing << 3) | (rb << 9) | (ih << 12) | (d << 16);
    if (lo !== lastLo || hi !== lastHi) {
      lastLo = lo;
      lastHi = hi;
      last = classId(lo, hi);
    }
    out[a] = last;
  }
  return out;
}

const classScratch = [new Int32Array(256), new Int32Array(256)];

/** Class ids by key (hi · 2^28 + lo, exact in a double), in order of first sight. */
const CLASSES = new Map<number, number>();
/** Bounded: a long-running server sees no more classes than this (the rest are tested directly). */
const MAX_CLASSES = 1 << 16;

/** The class id of a 28-bit `lo` and 20-bit `hi` key; -1 when the table is full. */
function classId(lo: number, hi: number): number {
  const key = hi * 2 ** 28 + lo;
  let id = CLASSES.get(key);
  if (id === undefined) {
    if (CLASSES.size >= MAX_CLASSES) return -1;
    CLASSES.set(key, (id = CLASSES.size));
  }
  return id;
}
