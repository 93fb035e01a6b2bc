// A node's star (its class and its neighbours' bonds and classes): patterns of reach <= 1 agree on every node of one
// star, so a table's matches are memoised per star; and the index of a table's patterns by their first atom.
import type { MolGraph } from '../molgraph.js';
import { acceptsLocally } from './match.js';
import type { Pattern } from './pattern.js';

/**
 * The star of a node, from the last star() call: its class, then each neighbour's (hydrogen nodes included) bond code
 * × 2^16 + class, ascending.
 */
let starCodes = new Int32Array(16);
let starLength = 0;

/**
 * Node `a`'s star in the explicit-hydrogen view (kept for StarMemo) and its 30-bit hash, or -1 when a node of it has
 * no class (cls: atomClasses(g, true)). Nodes of one star agree on every pattern of reach ≤ 1 (reach()) anchored at
 * them.
 */
export function star(g: MolGraph, cls: Int32Array, a: number): number {
  const [from, to] = [g.start[a], g.start[a + 1]];
  if (cls[a] < 0) return -1;
  if (starCodes.length <= to - from) starCodes = new Int32Array(2 * (to - from + 1));
  starCodes[0] = cls[a];
  let n = 1;
  for (let j = from; j < to; j++) {
    const c = cls[g.nbr[j]];
    if (c < 0) return -1;
    const v = g.bond[j] * 65536 + c;
    let i = n++;
    for (; i > 1 && starCodes[i - 1] > v; i--) starCodes[i] = starCodes[i - 1];
    starCodes[i] = v;
  }
  starLength = n;
  let h = 2166136261;
  for (let i = 0; i < n; i++) h = Math.imul(h ^ starCodes[i], 16777619);
  return h & 0x3fffffff;
}

/**
 * Results per star, for a table's matches at an atom when every pattern tried there has reach ≤ 1 (so they follow
 * from the star): distinct molecules share most stars, and a known star skips the matching. get() and set() refer
 * to the star of the last star() call, by its hash; an entry of another star under that hash is a miss. Bounded: a
 * long-running server keeps no more than MAX_STARS (the rest are matched each time).
 */
export class StarMemo<T> {
  private readonly memo = new Map<number, { star: Int32Array; value: T }>();

  get(hash: number): T | undefined {
    const e = hash < 0 ? undefined : this.memo.get(hash);
    if (e === undefined || e.star.length !== starLength) return undefined;
    for (let i = 0; i < starLength; i++) if (e.star[i] !== starCodes[i]) return undefined;
    return e.value;
  }

  set(hash: number, value: T): void {
    if (hash >= 0 && this.memo.size < MAX_STARS && !this.memo.has(hash)) this.memo.set(hash, { star: starCodes.slice(0, starLength), value });
  }
}
const MAX_STARS = 1 << 16;

/** A table of patterns anchored at their first atom, in table order: those that can match at a node. */
export class PatternIndex<T extends { pattern: Pattern }> {
  private readonly byZ: T[][] = [];
  private readonly byClass: (T[] | undefined)[] = [];
  constructor(items: readonly T[]) {
    for (let z = 0; z < 256; z++) this.byZ.push(items.filter((it) => it.pattern.rootZ === null || it.pattern.rootZ.includes(z)));
  }

  /** The items, in order, whose first pattern atom can accept node `a` (cls: atomClasses(g, explicitH)). */
  candidates(g: MolGraph, a: number, explicitH: boolean, cls: Int32Array): readonly T[] {
    const c = cls[a];
    if (c < 0) return this.byZ[g.z[a]];
    return (this.byClass[c] ??= this.byZ[g.z[a]].filter((it) => acceptsLocally(it.pattern.atoms[0], g, a, explicitH, cls, c)));
  }
}
