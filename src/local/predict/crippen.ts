// Wildman-Crippen logP and molar refractivity: S. A. Wildman, G. M. Crippen, J. Chem. Inf. Comput. Sci. 39 (1999) 868.
import { CRIPPEN_TYPES } from './crippen-table.js';
import type { MolGraph } from './molgraph.js';
import { compileSmarts, indexByRootElement, matchAt } from './smarts.js';

export interface CrippenResult {
  logp: number;
  mr: number;
  /** Atoms per atom type (hydrogens included). */
  types: Record<string, number>;
}

const ROWS_BY_Z = indexByRootElement(CRIPPEN_TYPES.map((row) => ({ ...row, pattern: compileSmarts(row.smarts) })));

/**
 * Every atom, hydrogens included, takes the first row whose SMARTS matches with it as the first atom.
 * Hydrogen nodes on the same atom are interchangeable (an automorphism swaps them), so they share one type.
 */
export function crippen(g: MolGraph): CrippenResult {
  const result: CrippenResult = { logp: 0, mr: 0, types: {} };
  for (let a = 0; a < g.heavy; a++) {
    assign(result, g, a, 1);
    const hydrogens = g.start[a + 1] - g.coreEnd[a];
    if (hydrogens) assign(result, g, g.nbr[g.coreEnd[a]], hydrogens);
  }
  return result;
}

/** Types `node` and adds its contributions `n` times. */
function assign(result: CrippenResult, g: MolGraph, node: number, n: number): void {
  for (const row of ROWS_BY_Z[g.z[node]]) {
    if (!matchAt(row.pattern, g, node, true)) continue;
    result.logp += n * row.logp;
    result.mr += n * row.mr;
    result.types[row.type] = (result.types[row.type] ?? 0) + n;
    return;
  }
}
