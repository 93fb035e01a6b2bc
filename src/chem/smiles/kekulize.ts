// Aromatic systems to a Kekulé structure, as RDKit's MolOps::Kekulize decides it: an aromatic bond outside every
// ring is single, an aromatic atom outside every ring is an error; each aromatic atom that can take one more bond
// (RDKit's markDbondCands) gets exactly one double bond to such a neighbour, or the SMILES is an error. The
// matching is a search that takes the most constrained atom first, so fused systems resolve without backtracking.
import { AROMATIC, SmilesError, type Graph } from './graph.js';
import { chargeShift, defaultValence, VALENCES } from './valence.js';

/** Searches tried before an aromatic system is given up as unreadable (none of the benchmarks comes near). */
const MAX_STEPS = 200_000;

/**
 * Bond orders with every aromatic bond 1 or 2. `h`: hydrogens per atom; `ev`: explicit valence per atom
 * (valence.ts); `ring`: 1 per ring bond.
 */
export function kekulize(g: Graph, s: string, start: Int32Array, conn: Int32Array, connBond: Int32Array, ring: Int32Array, h: Int32Array, ev: Int32Array): Int32Array {
  const n = g.z.length;
  const nb = g.order.length;
  const order = new Int32Array(nb);
  let any = false;
  for (let b = 0; b < nb; b++) {
    order[b] = g.order[b];
    if (order[b] !== AROMATIC) continue;
    if (ring[b]) any = true;
    else order[b] = 1;
  }
  for (let a = 0; a < n; a++) {
    if (!g.aromatic[a]) continue;
    let inRing = false;
    for (let k = start[a]; k < start[a + 1]; k++) if (ring[connBond[k]]) inRing = true;
    if (!inRing) throw new SmilesError(`aromatic atom "${s.slice(g.symAt[a], g.symAt[a] + g.symLen[a])}" at position ${g.symAt[a] + 1} is not in a ring`);
  }
  if (!any && !g.aromatic.includes(1)) return order;

  // candidates for a double bond (RDKit's markDbondCands)
  const cand = new Uint8Array(n);
  for (let a = 0; a < n; a++) {
    if (!g.aromatic[a]) continue;
    let sbo = 0;
    let aromaticBonds = 0;
    for (let k = start[a]; k < start[a + 1]; k++) {
      const o = order[connBond[k]];
      if (o === AROMATIC) aromaticBonds++;
      sbo += o === AROMATIC ? 1 : o;
    }
    if (!aromaticBonds) continue;
    const z = g.z[a];
    const implicit = g.hWritten[a] < 0 ? h[a] : 0;
    sbo += h[a];
    const shift = chargeShift(z, g.charge[a]);
    let dv = defaultValence(z) + shift;
    const tbo = ev[a] + implicit;
    const valences = VALENCES[z];
    for (let i = 1; tbo > dv && i < valences.length && valences[i] > 0; i++) dv = valences[i] + shift;
    const degree = start[a + 1] - start[a] + implicit;
    if (degree < dv && sbo < dv) cand[a] = 1;
  }

  const mate = new Int32Array(n).fill(-1);
  const options = (a: number) => {
    let k = 0;
    for (let i = start[a]; i < start[a + 1]; i++) {
      const y = conn[i];
      if (order[connBond[i]] === AROMATIC && cand[y] && mate[y] === -1) k++;
    }
    return k;
  };
  const open: number[] = [];
  for (let a = 0; a < n; a++) if (cand[a]) open.push(a);
  let steps = 0;
  const search = (): boolean => {
    if (++steps > MAX_STEPS) return false;
    let best = -1;
    let fewest = Infinity;
    for (const a of open) {
      if (mate[a] !== -1) continue;
      const k = options(a);
      if (k < fewest) {
        fewest = k;
        best = a;
        if (k <= 1) break;
      }
    }
    if (best < 0) return true;
    if (fewest === 0) return false;
    for (let i = start[best]; i < start[best + 1]; i++) {
      const y = conn[i];
      if (order[connBond[i]] !== AROMATIC || !cand[y] || mate[y] !== -1) continue;
      mate[best] = y;
      mate[y] = best;
      if (search()) return true;
      mate[best] = mate[y] = -1;
    }
    return false;
  };
  if (!search()) {
    const a = open.find((x) => mate[x] === -1) ?? g.aromatic.indexOf(1);
    throw new SmilesError(`cannot kekulize the aromatic system at position ${g.symAt[a] + 1}`);
  }
  for (let b = 0; b < nb; b++) if (order[b] === AROMATIC) order[b] = mate[g.a[b]] === g.b[b] ? 2 : 1;
  return order;
}
