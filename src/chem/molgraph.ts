// A flat, read-only view of an OpenChemLib molecule for SMARTS matching, with hydrogens as extra nodes.
// Built once per molecule; the matchers then only read typed arrays.
import * as OCL from 'openchemlib';
import { rdkitAromaticity, type MolView } from './aromaticity.js';
import { slab } from './slab.js';

/** Bond codes; `Aromatic` follows RDKit's aromaticity model (chem/aromaticity.ts), as the SMARTS tables assume. */
export const BOND_ZERO = 0;
export const BOND_SINGLE = 1;
export const BOND_DOUBLE = 2;
export const BOND_TRIPLE = 3;
export const BOND_AROMATIC = 4;

export interface MolGraph {
  /** All nodes: `heavy` core atoms first (every atom but plain hydrogens), then one node per hydrogen. */
  n: number;
  heavy: number;
  z: Uint8Array;
  charge: Int8Array;
  aromatic: Uint8Array;
  ring: Uint8Array;
  /** Total hydrogen count (SMARTS `H`), hydrogen neighbours written as atoms included. */
  hs: Uint8Array;
  /** Total connections (SMARTS `X`). */
  degree: Uint8Array;
  /** Total valence (SMARTS `v`): the Kekulé bond orders plus the hydrogens. */
  valence: Uint8Array;
  /** Isotope mass number, 0 for the natural mixture. */
  mass: Uint16Array;
  /** Ring counts over the relevant cycles (RDKit's symmetrized SSSR): rings holding the atom (SMARTS `R<n>`), the
   * size of the smallest (`r<n>`, 0 outside rings) and its ring bonds (`x<n>`). */
  rings: Uint8Array;
  minRing: Uint8Array;
  ringBonds: Uint8Array;
  /** Adjacency in CSR form: neighbours of node i are nbr[start[i] .. start[i+1]), core atoms before H nodes. */
  start: Int32Array;
  /** End of the core-atom neighbours of node i (the hydrogen-implicit view stops here). */
  coreEnd: Int32Array;
  nbr: Int32Array;
  bond: Uint8Array;
  /** 1 for a ring bond (SMARTS `@`), per adjacency entry like `bond`. */
  ringBond: Uint8Array;
  /** Number of bonds, bonds to hydrogens included. */
  bonds: number;
}

export function molGraph(mol: MolView): MolGraph {
  mol.ensureHelperArrays(OCL.Molecule.cHelperRings);
  const arom = rdkitAromaticity(mol);
  const heavy = mol.getAtoms();
  let hTotal = 0;
  let coreEdges = 0;
  for (let a = 0; a < heavy; a++) {
    const conn = mol.getConnAtoms(a);
    hTotal += mol.getAllHydrogens(a);
    for (let i = 0; i < conn; i++) if (mol.getAtomicNo(mol.getConnAtom(a, i)) === 1) hTotal--;
    coreEdges += conn;
  }
  const n = heavy + hTotal;
  const edges = coreEdges + 2 * hTotal;
  // the graph's arrays: views of fresh shared memory (chem/slab.ts)
  const { buffer, at: first } = slab(4 * (2 * n + 1 + edges) + 2 * n + 10 * n + 2 * edges);
  let at = first;
  const next = (bytes: number) => (at += bytes) - bytes;
  const start = new Int32Array(buffer, next(4 * (n + 1)), n + 1);
  const coreEnd = new Int32Array(buffer, next(4 * n), n);
  const nbr = new Int32Array(buffer, next(4 * edges), edges);
  const mass = new Uint16Array(buffer, next(2 * n), n);
  const charge = new Int8Array(buffer, next(n), n);
  const z = new Uint8Array(buffer, next(n), n).fill(1, heavy);
  const aromatic = new Uint8Array(buffer, next(n), n);
  const ring = new Uint8Array(buffer, next(n), n);
  const hs = new Uint8Array(buffer, next(n), n);
  const degree = new Uint8Array(buffer, next(n), n).fill(1, heavy);
  const valence = new Uint8Array(buffer, next(n), n).fill(1, heavy);
  const rings = new Uint8Array(buffer, next(n), n);
  const minRing = new Uint8Array(buffer, next(n), n);
  const ringBonds = new Uint8Array(buffer, next(n), n);
  const bond = new Uint8Array(buffer, next(edges), edges);
  const ringBond = new Uint8Array(buffer, next(edges), edges);
  for (const r of arom.rings) {
    const size = Math.min(r.atoms.length, 255);
    for (const a of r.atoms) {
      rings[a]++;
      if (!minRing[a] || size < minRing[a]) minRing[a] = size;
    }
  }

  // Core atoms: their core neighbours, then their hydrogen nodes. Hydrogen nodes follow, one edge each.
  let k = 0;
  let h = heavy;
  const hEdges = coreEdges + hTotal;
  for (let a = 0; a < heavy; a++) {
    z[a] = mol.getAtomicNo(a);
    charge[a] = mol.getAtomCharge(a);
    aromatic[a] = arom.atoms[a];
    ring[a] = mol.isRingAtom(a) ? 1 : 0;
    mass[a] = mol.getAtomMass(a);
    start[a] = k;
    const conn = mol.getConnAtoms(a);
    let hNeighbours = 0;
    let orders = 0;
    for (let i = 0; i < conn; i++) {
      const b = mol.getConnAtom(a, i);
      const bd = mol.getConnBond(a, i);
      nbr[k] = b;
      orders += mol.getBondOrder(bd);
      if (mol.isRingBond(bd)) {
        ringBond[k] = 1;
        ringBonds[a]++;
      }
      bond[k++] = arom.bonds[bd] ? BOND_AROMATIC : mol.getBondOrder(bd);
      if (mol.getAtomicNo(b) === 1) hNeighbours++;
    }
    coreEnd[a] = k;
    // getAllHydrogens counts hydrogen core atoms ([2H], the atoms of [H][H]) among the neighbours too
    const nh = mol.getAllHydrogens(a) - hNeighbours;
    hs[a] = nh + hNeighbours;
    degree[a] = conn + nh;
    valence[a] = orders + nh;
    for (let i = 0; i < nh; i++, h++) {
      nbr[k] = h;
      bond[k++] = BOND_SINGLE;
      const slot = hEdges + (h - heavy);
      start[h] = slot;
      coreEnd[h] = slot + 1;
      nbr[slot] = a;
      bond[slot] = BOND_SINGLE;
    }
  }
  start[n] = nbr.length;
  return { n, heavy, z, charge, aromatic, ring, hs, degree, valence, mass, rings, minRing, ringBonds, start, coreEnd, nbr, bond, ringBond, bonds: nbr.length / 2 };
}
