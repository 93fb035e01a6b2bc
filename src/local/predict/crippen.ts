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

/** Every atom, hydrogens included, takes the first row whose SMARTS matches with it as the first atom. */
export function crippen(g: MolGraph): CrippenResult {
  let logp = 0;
  let mr = 0;
  const types: Record<string, number> = {};
  for (let a = 0; a < g.n; a++) {
    for (const row of ROWS_BY_Z[g.z[a]]) {
      if (!matchAt(row.pattern, g, a, true)) continue;
      logp += row.logp;
      mr += row.mr;
      types[row.type] = (types[row.type] ?? 0) + 1;
      break;
    }
  }
  return { logp, mr, types };
}
