// Rings of a molecule read from SMILES, as OpenChemLib finds them: its RingCollection of small rings (its order,
// which the aromaticity model and the SMARTS graph read) and its ring bonds.
import type { RingSetView } from '../aromaticity.js';
import { scratch } from './scratch.js';

export class RingSet implements RingSetView {
  constructor(
    private readonly atoms: number[][],
    private readonly bonds: number[][],
  ) {}
  getSize(): number {
    return this.atoms.length;
  }
  getRingSize(r: number): number {
    return this.atoms[r].length;
  }
  getRingAtoms(r: number): number[] {
    return this.atoms[r];
  }
  getRingBonds(r: number): number[] {
    return this.bonds[r];
  }
}

export const NO_RINGS = new RingSet([], []);

/**
 * OpenChemLib's RingCollection of small rings (up to 7 atoms), in its order: atoms that cannot be in a ring are
 * pruned, a breadth-first walk meets each closure bond, and a depth-first search from it adds each ring not yet
 * found, written from its lowest atom towards the lower of that atom's two ring neighbours. Undefined past
 * OpenChemLib's cap of 1024 rings.
 */
export function findRings(na: number, start: Int32Array, connAtom: Int32Array, connBond: Int32Array, bondA: number[], bondB: number[]): RingSet | undefined {
  // atoms left with fewer than two neighbours are pruned, repeatedly (what remains, the 2-core, is the same in any order)
  const chain = scratch(na);
  const degree = scratch(na);
  const pruned = scratch(na);
  let top = 0;
  for (let a = 0; a < na; a++) {
    degree[a] = start[a + 1] - start[a];
    if (degree[a] < 2) {
      chain[a] = 1;
      pruned[top++] = a;
    }
  }
  while (top) {
    const a = pruned[--top];
    for (let k = start[a]; k < start[a + 1]; k++) {
      const y = connAtom[k];
      if (!chain[y] && --degree[y] < 2) {
        chain[y] = 1;
        pruned[top++] = y;
      }
    }
  }
  const ringAtoms: number[][] = [];
  const ringBonds: number[][] = [];
  let first = 0;
  while (first < na && chain[first]) first++;
  if (first === na) return new RingSet(ringAtoms, ringBonds);

  const bondBetween = (x: number, y: number) => {
    for (let k = start[x]; k < start[x + 1]; k++) if (connAtom[k] === y) return connBond[k];
    return -1;
  };
  const graphAtom = scratch(7);
  const connIndex = scratch(7);
  const used = scratch(na);
  const addRingIfNew = (size: number) => {
    let low = 0;
    for (let i = 1; i < size; i++) if (graphAtom[i] < graphAtom[low]) low = i;
    const left = graphAtom[low > 0 ? low - 1 : size - 1];
    const right = graphAtom[low < size - 1 ? low + 1 : 0];
    const step = left < right ? size - 1 : 1;
    const ring: number[] = [];
    for (let i = 0, k = low; i < size; i++, k = (k + step) % size) ring.push(graphAtom[k]);
    for (const other of ringAtoms) if (other.length === size && other.every((a, i) => a === ring[i])) return;
    ringAtoms.push(ring);
    ringBonds.push(ring.map((a, i) => bondBetween(a, ring[i === size - 1 ? 0 : i + 1])));
  };
  const addSmallRings = (atom1: number, atom2: number): boolean => {
    graphAtom[0] = atom1;
    graphAtom[1] = atom2;
    connIndex[1] = -1;
    used[atom2] = 1;
    for (let current = 1; current >= 1; ) {
      const x = graphAtom[current];
      if (++connIndex[current] === start[x + 1] - start[x]) {
        used[x] = 0;
        current--;
        continue;
      }
      const candidate = connAtom[start[x] + connIndex[current]];
      if (used[candidate] || chain[candidate]) continue;
      if (candidate === atom1 && current > 1) {
        addRingIfNew(current + 1);
        if (ringAtoms.length >= 1024) return false;
        continue;
      }
      if (current + 1 < 7) {
        graphAtom[++current] = candidate;
        used[candidate] = 1;
        connIndex[current] = -1;
      }
    }
    return true;
  };

  // the breadth-first walk over the non-chain atoms, fragment by fragment
  const queue = scratch(na);
  const parent = scratch(na);
  const seen = scratch(na);
  const searched = scratch(start[na] >> 1);
  queue[0] = first;
  parent[first] = -1;
  seen[first] = 1;
  for (let current = 0, highest = 0; current <= highest; ) {
    const x = queue[current];
    for (let k = start[x]; k < start[x + 1]; k++) {
      const candidate = connAtom[k];
      if (candidate === parent[x]) continue;
      if (seen[candidate]) {
        // each closure bond is met from both its atoms; OpenChemLib's second search finds the same rings again
        const b = connBond[k];
        if (!searched[b]++ && !addSmallRings(bondA[b], bondB[b])) return undefined;
        continue;
      }
      if (!chain[candidate]) {
        seen[candidate] = 1;
        parent[candidate] = x;
        queue[++highest] = candidate;
      }
    }
    current++;
    if (current > highest) {
      for (let a = 0; a < na; a++) {
        if (!seen[a] && !chain[a]) {
          seen[a] = 1;
          queue[++highest] = a;
          parent[a] = -1;
          break;
        }
      }
    }
  }
  return new RingSet(ringAtoms, ringBonds);
}

/** 1 for every bond on a cycle (OpenChemLib's ring bonds: those with a ring size), by Tarjan's bridge search. */
export function ringBonds(na: number, nb: number, start: Int32Array, connAtom: Int32Array, connBond: Int32Array): Int32Array {
  const ring = scratch(nb).fill(1);
  const order = scratch(na).fill(-1);
  const low = scratch(na);
  const stack = scratch(na);
  const via = scratch(na); // bond by which the atom was reached
  const next = scratch(na); // next adjacency index to look at
  let counter = 0;
  for (let root = 0; root < na; root++) {
    if (order[root] >= 0) continue;
    let top = 0;
    stack[0] = root;
    via[root] = -1;
    order[root] = low[root] = counter++;
    next[root] = start[root];
    while (top >= 0) {
      const x = stack[top];
      if (next[x] < start[x + 1]) {
        const k = next[x]++;
        const y = connAtom[k];
        if (connBond[k] === via[x]) continue;
        if (order[y] < 0) {
          order[y] = low[y] = counter++;
          via[y] = connBond[k];
          next[y] = start[y];
          stack[++top] = y;
        } else if (order[y] < low[x]) low[x] = order[y];
      } else {
        top--;
        if (top >= 0) {
          const p = stack[top];
          if (low[x] < low[p]) low[p] = low[x];
          if (low[x] > order[p]) ring[via[x]] = 0;
        }
      }
    }
  }
  return ring;
}
