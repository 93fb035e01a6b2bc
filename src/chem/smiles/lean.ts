// The predictor's molecule read from SMILES: the structure read.ts made (Kekulé bonds, hydrogens, radicals) in a
// small molecule that the aromaticity model and the SMARTS graph read through the same methods as an OpenChemLib
// molecule, with OpenChemLib's ring set and neighbour order, so both give the same predictions. OpenChemLib's own
// parse perceives rings and aromaticity for uses the predictor has none for and allocates much more; this is
// several times faster. Structures it does not hold (hydrogen and isotope atoms, '*', quadruple bonds) are left
// to OpenChemLib (molecule.ts).
import * as OCL from 'openchemlib';
import type { MolView, RingSetView } from '../aromaticity.js';
import { slab } from '../slab.js';
import type { Structure } from './read.js';
import { findRings, NO_RINGS, type RingSet } from './rings.js';

const MAX_Z = 112;
const LABELS = OCL.Molecule.cAtomLabel;

/** OpenChemLib's radical states (Molecule.cAtomRadicalStateD, ...T). */
const DOUBLET = 32;
const TRIPLET = 48;


/** Atomic weights, each read once from OpenChemLib's molecular formula of one atom of the element. */
const WEIGHTS: number[] = [];
function weight(z: number): number {
  let w = WEIGHTS[z];
  if (w === undefined) {
    const m = new OCL.Molecule(0, 0);
    m.setAtomAbnormalValence(m.addAtom(z), 0); // no implicit hydrogens
    WEIGHTS[z] = w = m.getMolecularFormula().relativeWeight;
  }
  return w;
}

/** Elements in OpenChemLib's formula order: C, H, N, O, then by symbol. */
const FORMULA_ORDER = [6, 1, 7, 8, ...Array.from({ length: MAX_Z - 1 }, (_, i) => i + 2).filter((z) => z !== 6 && z !== 7 && z !== 8).sort((p, q) => (LABELS[p] < LABELS[q] ? -1 : 1))];
/** Each element's place in FORMULA_ORDER. */
const FORMULA_RANK = new Int32Array(MAX_Z + 1);
FORMULA_ORDER.forEach((z, i) => (FORMULA_RANK[z] = i));
const formulaCounts = new Int32Array(MAX_Z + 1);

/**
 * A molecule read by `readSmiles`: no hydrogen atoms, no stereo; read through OpenChemLib's method names. All its
 * numbers are in one array: per atom z, charge, hydrogens, ring flag, radical state and the start of its neighbours
 * (CSR, in OpenChemLib's order: by bond index), the neighbours and their bonds, per bond its two atoms, order and
 * ring flag.
 */
export class LeanMolecule implements MolView {
  // where each array starts in d (z starts at 0)
  readonly oCharge: number;
  readonly oH: number;
  readonly oRing: number;
  readonly oRadical: number;
  readonly oStart: number;
  readonly oConnAtom: number;
  readonly oConnBond: number;
  readonly oBondAtoms: number;
  readonly oOrder: number;
  readonly oRingBond: number;
  readonly d: Int32Array;

  constructor(
    private readonly na: number,
    private readonly nb: number,
    private readonly rings: RingSet,
  ) {
    this.oCharge = na;
    this.oH = 2 * na;
    this.oRing = 3 * na;
    this.oRadical = 4 * na;
    this.oStart = 5 * na;
    this.oConnAtom = 6 * na + 1;
    this.oConnBond = this.oConnAtom + 2 * nb;
    this.oBondAtoms = this.oConnBond + 2 * nb;
    this.oOrder = this.oBondAtoms + 2 * nb;
    this.oRingBond = this.oOrder + nb;
    this.d = fresh(this.oRingBond + nb);
  }
  ensureHelperArrays(): void {}
  getAtoms(): number {
    return this.na;
  }
  getBonds(): number {
    return this.nb;
  }
  getAllBonds(): number {
    return this.nb;
  }
  getAtomicNo(a: number): number {
    return this.d[a];
  }
  getAtomCharge(a: number): number {
    return this.d[this.oCharge + a];
  }
  getAtomMass(): number {
    return 0;
  }
  getAtomRadical(a: number): number {
    return this.d[this.oRadical + a];
  }
  getAllHydrogens(a: number): number {
    return this.d[this.oH + a];
  }
  getConnAtoms(a: number): number {
    return this.d[this.oStart + a + 1] - this.d[this.oStart + a];
  }
  getConnAtom(a: number, i: number): number {
    return this.d[this.oConnAtom + this.d[this.oStart + a] + i];
  }
  getConnBond(a: number, i: number): number {
    return this.d[this.oConnBond + this.d[this.oStart + a] + i];
  }
  getConnBondOrder(a: number, i: number): number {
    return this.d[this.oOrder + this.d[this.oConnBond + this.d[this.oStart + a] + i]];
  }
  getBondOrder(b: number): number {
    return this.d[this.oOrder + b];
  }
  getBondAtom(i: number, b: number): number {
    return this.d[this.oBondAtoms + 2 * b + i];
  }
  isRingAtom(a: number): boolean {
    return this.d[this.oRing + a] === 1;
  }
  isRingBond(b: number): boolean {
    return this.d[this.oRingBond + b] === 1;
  }
  getRingSet(): RingSetView {
    return this.rings;
  }

  /** OpenChemLib's getMolecularFormula().relativeWeight: the count times the weight of each element, in formula order. */
  relativeWeight(): number {
    const counts = formulaCounts;
    const present: number[] = []; // the elements, in formula order
    const add = (z: number, n: number) => {
      if (!counts[z]) {
        let i = present.length;
        while (i > 0 && FORMULA_RANK[present[i - 1]] > FORMULA_RANK[z]) i--;
        present.splice(i, 0, z);
      }
      counts[z] += n;
    };
    let h = 0;
    for (let a = 0; a < this.na; a++) {
      add(this.d[a], 1);
      h += this.d[this.oH + a];
    }
    if (h) add(1, h);
    let w = 0;
    for (const z of present) {
      w += counts[z] * weight(z);
      counts[z] = 0;
    }
    return w;
  }
}

/** A molecule's array: `n` fresh (zeroed) numbers of shared memory (slab.ts). */
function fresh(n: number): Int32Array {
  const { buffer, at } = slab(4 * n);
  return new Int32Array(buffer, at, n);
}

/**
 * The predictor's molecule of a structure read (read.ts); undefined for what it does not hold: hydrogen atoms,
 * isotopes, '*', elements past Cn, quadruple bonds, more than OpenChemLib's 1024 small rings.
 */
export function leanMolecule(st: Structure): LeanMolecule | undefined {
  const { g, start, conn, connBond, ring, order, h, radical } = st;
  const na = g.z.length;
  const nb = order.length;
  if (na >= 65535) return undefined;
  let cyclic = false;
  for (let a = 0; a < na; a++) if (g.z[a] <= 1 || g.z[a] > MAX_Z || g.isotope[a]) return undefined;
  for (let b = 0; b < nb; b++) {
    if (order[b] > 3) return undefined;
    if (ring[b]) cyclic = true;
  }
  // without ring bonds the graph is a forest
  const rings = cyclic ? findRings(na, start, conn, connBond, g.a, g.b) : NO_RINGS;
  if (!rings) return undefined;
  const mol = new LeanMolecule(na, nb, rings);
  const { d, oCharge, oH, oRing, oRadical, oStart, oConnAtom, oConnBond, oBondAtoms, oOrder, oRingBond } = mol;
  for (let a = 0; a < na; a++) {
    d[a] = g.z[a];
    d[oCharge + a] = g.charge[a];
    d[oRadical + a] = oclRadical(radical[a]);
    d[oStart + a] = start[a];
    d[oH + a] = h[a];
    for (let k = start[a]; k < start[a + 1]; k++) if (ring[connBond[k]]) d[oRing + a] = 1;
  }
  d[oStart + na] = start[na];
  d.set(conn, oConnAtom);
  d.set(connBond, oConnBond);
  for (let b = 0; b < nb; b++) {
    d[oBondAtoms + 2 * b] = g.a[b];
    d[oBondAtoms + 2 * b + 1] = g.b[b];
    d[oOrder + b] = order[b];
    d[oRingBond + b] = ring[b];
  }
  return mol;
}

/** OpenChemLib's radical state for a count of radical electrons (it has none past two). */
export const oclRadical = (electrons: number) => (electrons === 0 ? 0 : electrons === 1 ? DOUBLET : TRIPLET);
