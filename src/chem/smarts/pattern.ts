// Daylight SMARTS with RDKit's semantics (this folder: pattern.ts the compiled form, parse.ts the parser,
// match.ts the matcher, star.ts the per-star memo and the pattern index), for the predictor's tables (Joback, Crippen) and substructure search:
// atoms (element symbols, upper case aliphatic and lower case aromatic, in brackets any element; #n, A, a, *,
// isotopes, H<n> total H, h<n> implicit H, D<n> explicit connections, X<n> total connections, v<n> valence,
// R<n> ring count, r<n> smallest ring size, x<n> ring bonds, charges, recursive $(...); chirality and atom
// maps are read and ignored), the operators ! & , ; on atoms and bonds, the bonds - = # : ~ @ / \ (no bond
// symbol: single or aromatic), branches and ring closures. Rings, ring counts and aromaticity are those of
// the graph (molgraph.ts: RDKit's aromaticity model and the relevant cycles). Not supported: disconnected
// patterns ('.'), hybridization (^), component-level grouping; they are parse errors naming the position.
import type { MolGraph } from '../molgraph.js';

/**
 * `explicitH`: hydrogens are atoms (Crippen) or only counts (Joback, search: hydrogen-suppressed); `cls`: the graph's
 * atomClasses for that view, or null (recursive patterns pass it on).
 */
export type AtomTest = (g: MolGraph, a: number, explicitH: boolean, cls: Int32Array | null) => boolean;
/** A test of the bond at adjacency entry `j` (g.bond[j], g.ringBond[j]). */
export type BondTest = (g: MolGraph, j: number) => boolean;

/** A bond expression and the bond codes (bit per BOND_* code) it can match, for screening; `exact`: the codes say it all. */
export interface BondExpr {
  test: BondTest;
  codes: number;
  exact: boolean;
}

/**
 * Plain comparisons every match of an expression needs (NONE: no requirement; `never`: contradictory), checked
 * before the expression's closures: most candidate atoms fail on these, so they rarely reach the closures.
 */
export interface Req {
  z: number;
  arom: number;
  h: number;
  x: number;
  ring: number;
  q: number;
  never: boolean;
}
export const NONE = -1000;
export const FIELDS = ['z', 'arom', 'h', 'x', 'ring', 'q'] as const;
export const req = (fields: Partial<Req> = {}): Req => ({ z: NONE, arom: NONE, h: NONE, x: NONE, ring: NONE, q: NONE, never: false, ...fields });

/**
 * An atom expression, the atomic numbers it can match (null: any) for indexing patterns by element, and its Req.
 * `test` is `local && rest` (null: true): `local` reads only what atomClasses keys on, so its value can be kept per
 * class; `rest` holds the recursive parts, which look beyond the atom.
 */
export interface Expr {
  test: AtomTest;
  z: number[] | null;
  req: Req;
  local: AtomTest | null;
  rest: AtomTest | null;
}

export interface PatternAtom {
  test: AtomTest;
  req: Req;
  local: AtomTest | null;
  rest: AtomTest | null;
  /** Per atom class: 0 not known yet, 1 zMask, req and `local` hold, 2 they do not. */
  memo: Uint8Array;
  /** Atomic numbers the atom can have (null: any), and as a lookup by atomic number (a quick first test). */
  z: number[] | null;
  zMask: Uint8Array | null;
  /** Index of the pattern atom this one is bonded to (-1 for the first atom). */
  parent: number;
  bond: BondTest;
  /** Bond codes the bond to the parent can have (bit per BOND_* code), and whether they say it all (no `bond` call). */
  codes: number;
  exact: boolean;
  /** Ring-closure bonds to earlier pattern atoms, checked when this atom is mapped. */
  closures: { to: number; bond: BondTest; codes: number; exact: boolean }[];
}

export interface Pattern {
  smarts: string;
  atoms: PatternAtom[];
  /** Atomic numbers the first atom can have (null: any). */
  rootZ: number[] | null;
  /** Scratch mapping pattern atom -> graph node, reused between calls. */
  map: Int32Array;
  /** Atom comparisons left before matching gives up with PatternTooCostly (a search sets it; tables never run out). */
  budget: number;
}

export class PatternTooCostly extends Error {}

/**
 * A bond from a given atom to a neighbour, e.g. `=[OX1]` (used for the atoms a Joback group consumes): a pattern atom
 * whose bond to its parent is that bond.
 */
export type NeighbourSpec = PatternAtom;

/** Connections to atoms of the graph (hydrogen nodes count only when they are atoms of the view). */
export const explicitDegree = (g: MolGraph, a: number, h: boolean) => (h ? g.start[a + 1] : g.coreEnd[a]) - g.start[a];
/** Hydrogens that are counts, not atoms of the graph (SMARTS `h`). */
export function implicitHs(g: MolGraph, a: number): number {
  let n = g.hs[a];
  for (let j = g.start[a]; j < g.coreEnd[a]; j++) if (g.z[g.nbr[j]] === 1) n--;
  return n;
}

/** The comparisons of `r` hold for node `a` (hydrogen nodes have 0 for ring, aromatic and charge). */
export function meets(r: Req, g: MolGraph, a: number): boolean {
  return (
    !r.never &&
    (r.z === NONE || g.z[a] === r.z) &&
    (r.h === NONE || g.hs[a] === r.h) &&
    (r.x === NONE || g.degree[a] === r.x) &&
    (r.ring === NONE || g.ring[a] === r.ring) &&
    (r.arom === NONE || g.aromatic[a] === r.arom) &&
    (r.q === NONE || g.charge[a] === r.q)
  );
}
