// What the SMILES grammar (parse.ts) produces and what the chemistry reading (valence.ts, kekulize.ts) takes.
export class SmilesError extends Error {}

/** Bond orders as written; AROMATIC is ':' or an unwritten bond between two aromatic atoms. */
export const AROMATIC = 0;

export interface Graph {
  /** Atomic number per atom. */
  z: number[];
  charge: number[];
  /** Mass number written in the bracket, 0 when none. */
  isotope: number[];
  /** 1 when written lowercase. */
  aromatic: number[];
  /** Hydrogens written in the bracket; -1 for an organic-subset atom (implicit hydrogens). */
  hWritten: number[];
  /** Index in the string of the atom's element symbol, and the symbol's length. */
  symAt: number[];
  symLen: number[];
  /** Per bond its two atoms and order (1 2 3 4 or AROMATIC), in the order they were written (ring bonds at their closing). */
  a: number[];
  b: number[];
  order: number[];
  /** Where the bond's symbol is (or would be written), its length (0: unwritten); for a ring bond, at its closing. */
  bondAt: number[];
  bondLen: number[];
  /** For a ring bond, where a symbol written at its opening is, else -1. */
  openAt: number[];
  /** Stereo written (@, / or \). */
  stereo: boolean;
}
