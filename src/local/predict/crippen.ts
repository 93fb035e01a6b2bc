// Wildman-Crippen logP and molar refractivity: S. A. Wildman, G. M. Crippen, J. Chem. Inf. Comput. Sci. 39 (1999) 868.
import { CRIPPEN_TYPES } from './crippen-table.js';
import { CRIPPEN_TYPE_NAMES } from './layout.js';
import type { MolGraph } from './molgraph.js';
import { atomClasses, compileSmarts, matchAt, PatternIndex } from './smarts.js';

export interface CrippenResult {
  logp: number;
  mr: number;
  /** Atoms per atom type (hydrogens included) as [slot, atoms] pairs in a row, in the order first seen; slot: the
   * type's index in CRIPPEN_TYPE_NAMES. */
  slots: number[];
}

const ROWS = new PatternIndex(CRIPPEN_TYPES.map((row) => ({ ...row, slot: CRIPPEN_TYPE_NAMES.indexOf(row.type), pattern: compileSmarts(row.smarts) })));
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
    assign(g, cls, a, 1);
    const hydrogens = g.start[a + 1] - g.coreEnd[a];
    if (hydrogens) assign(g, cls, g.nbr[g.coreEnd[a]], hydrogens);
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

/** Types `node` (the first row whose pattern matches there) and adds its contributions `n` times. */
function assign(g: MolGraph, cls: Int32Array, node: number, n: number): void {
  for (const row of ROWS.candidates(g, node, true, cls)) {
    if (!matchAt(row.pattern, g, node, true, cls)) continue;
    sums.logp += n * row.logp;
    sums.mr += n * row.mr;
    if (counts[row.slot] === 0) order[sums.seen++] = row.slot;
    counts[row.slot] += n;
    return;
  }
}
