// Wildman-Crippen logP and molar refractivity: S. A. Wildman, G. M. Crippen, J. Chem. Inf. Comput. Sci. 39 (1999) 868.
import { CRIPPEN_TYPES } from './crippen-table.js';
import { CRIPPEN_TYPE_NAMES } from './layout.js';
import type { MolGraph } from './molgraph.js';
import { atomClasses, compileSmarts, matchAt, PatternIndex, reach } from './smarts.js';

export interface CrippenResult {
  logp: number;
  mr: number;
  /** Atoms per atom type (hydrogens included) as [slot, atoms] pairs in a row, in the order first seen; slot: the
   * type's index in CRIPPEN_TYPE_NAMES. */
  slots: number[];
}

const ROWS = new PatternIndex(
  CRIPPEN_TYPES.map((row) => {
    const pattern = compileSmarts(row.smarts);
    return { ...row, slot: CRIPPEN_TYPE_NAMES.indexOf(row.type), pattern, reach: reach(pattern) };
  }),
);
type Row = (typeof ROWS extends PatternIndex<infer T> ? T : never) | null;
/** Scratch of one call: the sums, atoms per type slot, and the slots in the order first seen (the key order of `types`). */
const sums = { logp: 0, mr: 0, seen: 0 };
const counts = new Float64Array(CRIPPEN_TYPE_NAMES.length);
const order = new Int32Array(CRIPPEN_TYPE_NAMES.length);

/**
 * Every atom, hydrogens included, takes the first row whose SMARTS matches with it as the first atom.
 * Hydrogen nodes on the same atom are interchangeable (an automorphism swaps them), so they share one type.
 */
export function crippen(g: MolGraph): CrippenResult {
  const cls = atomClasses(g, true);
  sums.logp = sums.mr = sums.seen = 0;
  for (let a = 0; a < g.heavy; a++) {
    const hash = starOf(g, cls, a);
    add(typed(g, cls, a, hash, HEAVY), 1);
    const hydrogens = g.start[a + 1] - g.coreEnd[a];
    if (hydrogens) add(typed(g, cls, g.nbr[g.coreEnd[a]], hash, HYDROGEN), hydrogens);
  }
  const slots: number[] = [];
  for (let k = 0; k < sums.seen; k++) {
    const slot = order[k];
    slots.push(slot, counts[slot]);
    counts[slot] = 0;
  }
  return { logp: sums.logp, mr: sums.mr, slots };
}

/** Atoms per atom type name, in the order first seen. */
export function crippenTypes(r: CrippenResult): Record<string, number> {
  // a null-prototype object is a dictionary in V8: its key order, a different one for most molecules, makes no
  // hidden classes (a plain {} makes thousands of them in a first pass over new molecules)
  const types: Record<string, number> = Object.create(null);
  for (let i = 0; i < r.slots.length; i += 2) types[CRIPPEN_TYPE_NAMES[r.slots[i]]] = r.slots[i + 1];
  return types;
}

/**
 * Memo of types by star (starOf): a heavy atom's type, and that of its hydrogens, when every row tried on it reached
 * no further than the atom's neighbours (reach 1 from the atom, 2 from its hydrogens); a row that looks further
 * ('[O-]C(=O)', '[#1]OC=[#6,#7,O,S]') leaves that star to the matcher. Distinct molecules share most stars (10 000
 * database compounds: 147 000 heavy atoms, 7 500 stars), so most atoms skip the matching. Keyed by the star's hash,
 * each entry holding its star: an entry whose star differs (a collision) is a miss.
 */
interface Memo {
  star: Int32Array;
  row: Row;
}
const HEAVY = { memo: new Map<number, Memo>(), reach: 1 };
const HYDROGEN = { memo: new Map<number, Memo>(), reach: 2 };
/** Bounded: a long-running server sees no more stars than this (the rest are matched each time). */
const MAX_STARS = 1 << 16;

/** The type of `node` (the first row whose pattern matches there), from the memo when atom a's star is there. */
function typed(g: MolGraph, cls: Int32Array, node: number, hash: number, by: typeof HEAVY): Row {
  const known = hash < 0 ? undefined : by.memo.get(hash);
  if (known !== undefined && sameStar(known.star)) return known.row;
  let local = hash >= 0 && known === undefined;
  let found: Row = null;
  for (const row of ROWS.candidates(g, node, true, cls)) {
    local &&= row.reach <= by.reach;
    if (matchAt(row.pattern, g, node, true, cls)) {
      found = row;
      break;
    }
  }
  if (local && by.memo.size < MAX_STARS) by.memo.set(hash, { star: star.slice(0, starLength), row: found });
  return found;
}

/** Adds the contributions of `row` `n` times. */
function add(row: Row, n: number): void {
  if (!row) return;
  sums.logp += n * row.logp;
  sums.mr += n * row.mr;
  if (counts[row.slot] === 0) order[sums.seen++] = row.slot;
  counts[row.slot] += n;
}

/** The star of the last starOf() call: the atom's class, then its neighbours' bond code × 2^16 + class, ascending. */
let star = new Int32Array(16);
let starLength = 0;
const mix = (h: number, v: number) => Math.imul(h ^ v, 16777619);

/**
 * Heavy atom `a`'s star (into `star`) and its 30-bit hash, or -1 when a node of it has no class. Atoms with one
 * star match the same rows of reach 1.
 */
function starOf(g: MolGraph, cls: Int32Array, a: number): number {
  const [from, to] = [g.start[a], g.start[a + 1]];
  if (cls[a] < 0) return -1;
  if (star.length <= to - from) star = new Int32Array(2 * (to - from + 1));
  star[0] = cls[a];
  let n = 1;
  for (let j = from; j < to; j++) {
    const c = cls[g.nbr[j]];
    if (c < 0) return -1;
    const v = g.bond[j] * 65536 + c;
    let i = n++;
    for (; i > 1 && star[i - 1] > v; i--) star[i] = star[i - 1];
    star[i] = v;
  }
  starLength = n;
  let h = 2166136261;
  for (let i = 0; i < n; i++) h = mix(h, star[i]);
  return h & 0x3fffffff;
}

function sameStar(s: Int32Array): boolean {
  if (s.length !== starLength) return false;
  for (let i = 0; i < starLength; i++) if (s[i] !== star[i]) return false;
  return true;
}
