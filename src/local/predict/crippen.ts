// Wildman-Crippen logP and molar refractivity: S. A. Wildman, G. M. Crippen, J. Chem. Inf. Comput. Sci. 39 (1999) 868.
import { CRIPPEN_TYPES } from './crippen-table.js';
import { CRIPPEN_TYPE_NAMES } from './layout.js';
import type { MolGraph } from '../../chem/molgraph.js';
import { atomClasses, matchAt } from '../../chem/smarts/match.js';
import { compileSmarts, reach } from '../../chem/smarts/parse.js';
import { PatternIndex, star, StarMemo } from '../../chem/smarts/star.js';

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
    const hash = star(g, cls, a);
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
 * Types by star (smarts/star.ts star()): a heavy atom's, and its hydrogens', when every row tried on it reached no further
 * than the atom's neighbours (reach 1 from the atom, 2 from its hydrogens); a row that looks further ('[O-]C(=O)',
 * '[#1]OC=[#6,#7,O,S]') leaves the atom to the matcher. 10 000 database compounds: 147 000 heavy atoms, 7 500 stars.
 */
const HEAVY = { memo: new StarMemo<Row>(), reach: 1 };
const HYDROGEN = { memo: new StarMemo<Row>(), reach: 2 };

/** The type of `node` (the first row whose pattern matches there), known by the star of hash `hash` or matched. */
function typed(g: MolGraph, cls: Int32Array, node: number, hash: number, by: typeof HEAVY): Row {
  const known = by.memo.get(hash);
  if (known !== undefined) return known;
  let local = true;
  let found: Row = null;
  for (const row of ROWS.candidates(g, node, true, cls)) {
    local &&= row.reach <= by.reach;
    if (matchAt(row.pattern, g, node, true, cls)) {
      found = row;
      break;
    }
  }
  if (local) by.memo.set(hash, found);
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
