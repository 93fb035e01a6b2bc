// A lean SMILES reader for the predictor: reads the common SMILES exactly as OpenChemLib's SmilesParser does
// (without stereo), into a small molecule that the aromaticity model and the SMARTS graph read through the same
// methods as an OpenChemLib molecule. OpenChemLib's parse also perceives rings and aromaticity for uses the
// predictor has none for and allocates much more; this reader is several times faster.
//
// It follows OpenChemLib rule by rule (atom order, bond order and direction, neighbour order, bracket-atom
// valences, implicit hydrogens, the ring set and its order, the assignment of aromatic double bonds), so the
// molecule equals OpenChemLib's. Whatever it does not follow with certainty it declines (returns undefined) and the
// caller parses with OpenChemLib, so errors and odd inputs stay OpenChemLib's: hydrogen or isotope atoms, '*',
// the bond symbols ':' '$' '~', dative bonds, stereo forms other than @ @@ / \, charges OpenChemLib would move
// (pentavalent nitrogen), non-metals past Ba, duplicate bonds, any syntax outside the plain grammar, and aromatic
// systems that need more than OpenChemLib's first, greedy steps.
import * as OCL from 'openchemlib';
import type { MolView, RingSetView } from './aromaticity.js';
import { slab } from './slab.js';

// OpenChemLib's allowed valences (Molecule.cAtomValence) up to Ba; undefined where it has none (transition
// metals: implicit hydrogens are not supported on metals, so their list is never read). Past Ba only metals are read.
// prettier-ignore
const VALENCES: (readonly number[] | undefined)[] = [undefined, [1], [0], [1], [2], [3], [4], [3], [2], [1], [0],
  [1], [2], [3], [4], [3, 5], [2, 4, 6], [1, 3, 5, 7], [0], [1], [2],
  undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined,
  [2, 3], [2, 4], [3, 5], [2, 4, 6], [1, 3, 5, 7], [0, 2], [1], [2],
  undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined,
  [1, 2, 3], [2, 4], [3, 5], [2, 4, 6], [1, 3, 5, 7], [0, 2, 4, 6], [1], [2]];
const MAX_Z = 112;

const LABELS = OCL.Molecule.cAtomLabel;
/** Bracket element symbols OpenChemLib knows, to their atomic numbers (only those up to MAX_Z are read). */
const ELEMENT = new Map<string, number>();
for (let z = 1; z <= 128; z++) if (LABELS[z] && !ELEMENT.has(LABELS[z])) ELEMENT.set(LABELS[z], z);

const isMetal = (z: number) => (z >= 3 && z <= 4) || (z >= 11 && z <= 13) || (z >= 19 && z <= 31) || (z >= 37 && z <= 51) || (z >= 55 && z <= 84) || (z >= 87 && z <= 112);
const isOrganic = (z: number) => z === 1 || (z >= 5 && z <= 9) || (z >= 14 && z <= 17) || (z >= 32 && z <= 35) || (z >= 52 && z <= 53);
/** Elements OpenChemLib lets carry an aromatic double bond. */
const mayBeAromatic = (z: number) => z === 5 || z === 6 || z === 7 || z === 8 || z === 15 || z === 16 || z === 33 || z === 34;

/** OpenChemLib's radical states (Molecule.cAtomRadicalStateD, ...T). */
const DOUBLET = 32;
const TRIPLET = 48;

/** OpenChemLib's getElectronValenceCorrection. */
function valenceCorrection(z: number, charge: number, occupied: number, radical: number): number {
  const c = radical === DOUBLET ? -1 : radical ? -2 : 0;
  if (z === 7 || z === 8 || z === 9) return c + charge;
  if (z === 6 || z === 14 || z === 32) return c - Math.abs(charge);
  if (z === 15 || z === 33) return occupied - c - charge <= 3 ? c + charge : c - charge;
  if (z === 16 || z === 34 || z === 52) return occupied - c - charge <= 4 ? c + charge : c - Math.abs(charge);
  if (z === 17 || z === 35 || z === 53) return occupied - c - charge <= 5 ? c + charge : c - Math.abs(charge);
  return c - charge;
}

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

class RingSet implements RingSetView {
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

/** Scratch memory of one reading: zeroed views of one reused buffer (fresh typed arrays cost far more). */
let arena = new Int32Array(1 << 14);
let arenaTop = 0;
function scratch(n: number): Int32Array {
  if (arenaTop + n > arena.length) {
    arena = new Int32Array(Math.max(2 * arena.length, n)); // views already handed out keep the old buffer
    arenaTop = 0;
  }
  const v = arena.subarray(arenaTop, (arenaTop += n));
  v.fill(0);
  return v;
}

const enum C {
  Open = 40, // (
  Close = 41, // )
  Percent = 37,
  Dot = 46,
  Minus = 45,
  Plus = 43,
  Equals = 61,
  Hash = 35,
  Slash = 47,
  Backslash = 92,
  LBracket = 91,
  RBracket = 93,
  At = 64,
  Colon = 58,
  Zero = 48,
  Nine = 57,
  H = 72,
}

/** What came last, for the grammar checks. */
const enum Last {
  Start,
  Atom,
  Ring,
  Open,
  Close,
  Bond,
  Dot,
}

const isDigit = (c: number) => c >= C.Zero && c <= C.Nine;
const isLower = (c: number) => c >= 97 && c <= 122;
const isUpper = (c: number) => c >= 65 && c <= 90;

/**
 * Reads a SMILES the way OpenChemLib's SmilesParser does (stereo ignored); undefined when the input is outside what
 * this reader follows with certainty (see the head of this file), for OpenChemLib to read instead.
 */
export function readSmiles(s: string): LeanMolecule | undefined {
  const z: number[] = [];
  const charge: number[] = [];
  const marked: number[] = []; // lowercase: aromatic, needs a double bond unless it does not qualify
  const bracketH: number[] = []; // hydrogens written in brackets, -1 outside brackets
  const bondA: number[] = [];
  const bondB: number[] = [];
  const order: number[] = [];
  const branch: number[] = []; // atoms that open branches
  const ringOpen: number[] = []; // per ring closure number: its atom + 1 (0: free)
  const ringOrder: number[] = []; // its bond order when written at the opening, else 0
  let openRings = 0;
  let closures = 0;
  let prev = -1; // atom the next bond starts at
  let bond = 0; // bond symbol read before the next atom or ring number (0: none)
  let last = Last.Start;
  let bondAfter = Last.Start; // what the bond symbol followed
  const n = s.length;

  const addBond = (a: number, b: number, o: number) => {
    bondA.push(a);
    bondB.push(b);
    order.push(o);
  };
  const addAtom = (atomicNo: number, q: number, aromatic: boolean, h: number): boolean => {
    const a = z.length;
    if (a >= 65535) return false;
    z.push(atomicNo);
    charge.push(q);
    marked.push(aromatic ? 1 : 0);
    bracketH.push(h);
    if (prev >= 0) addBond(prev, a, bond || 1);
    prev = a;
    bond = 0;
    return true;
  };

  for (let i = 0; i < n; ) {
    const c = s.charCodeAt(i);
    if (c === C.LBracket) {
      // [symbol @/@@ H<n> charge :map], in this order
      let j = i + 1;
      let c1 = s.charCodeAt(j);
      let atomicNo: number;
      let aromatic = false;
      if (isUpper(c1)) {
        const two = isLower(s.charCodeAt(j + 1)) ? ELEMENT.get(s.slice(j, j + 2)) : undefined;
        if (two !== undefined) {
          atomicNo = two;
          j += 2;
        } else {
          if (isLower(s.charCodeAt(j + 1))) return undefined;
          atomicNo = ELEMENT.get(s[j]) ?? 0;
          j++;
        }
      } else if (c1 === 115 && s.charCodeAt(j + 1) === 101) {
        atomicNo = 34; // se
        aromatic = true;
        j += 2;
      } else {
        atomicNo = c1 === 99 ? 6 : c1 === 110 ? 7 : c1 === 111 ? 8 : c1 === 112 ? 15 : c1 === 115 ? 16 : 0;
        aromatic = true;
        j++;
      }
      if (atomicNo <= 1 || atomicNo > MAX_Z || (atomicNo >= VALENCES.length && !isMetal(atomicNo))) return undefined;
      c1 = s.charCodeAt(j);
      if (c1 === C.At) {
        j += s.charCodeAt(j + 1) === C.At ? 2 : 1;
        c1 = s.charCodeAt(j);
        if (isUpper(c1) && c1 !== C.H) return undefined; // @TH1, @SP2, @OH3, @AL1
      }
      let h = 0;
      if (c1 === C.H) {
        j++;
        h = 1;
        if (isDigit(s.charCodeAt(j))) h = s.charCodeAt(j++) - C.Zero;
        if (isDigit(s.charCodeAt(j))) return undefined;
        c1 = s.charCodeAt(j);
      }
      let q = 0;
      if (c1 === C.Plus || c1 === C.Minus) {
        q = 1;
        j++;
        while (s.charCodeAt(j) === c1) {
          q++;
          j++;
        }
        const d = s.charCodeAt(j);
        if (isDigit(d)) {
          if (q !== 1 || d === C.Zero) return undefined;
          q = d - C.Zero;
          j++;
          if (isDigit(s.charCodeAt(j))) return undefined;
        }
        if (c1 === C.Minus) q = -q;
        c1 = s.charCodeAt(j);
      }
      if (c1 === C.Colon) {
        j++;
        if (!isDigit(s.charCodeAt(j))) return undefined;
        while (isDigit(s.charCodeAt(j))) j++;
        c1 = s.charCodeAt(j);
      }
      // aluminium: OpenChemLib's hydrogens are wrong there (molecule.ts writtenAluminiumHydrogens)
      if (c1 !== C.RBracket || atomicNo === 13 || !addAtom(atomicNo, q, aromatic, h)) return undefined;
      last = Last.Atom;
      i = j + 1;
      continue;
    }
    if (isUpper(c) || isLower(c)) {
      // organic subset: B C N O P S F Cl Br I, aromatic b c n o p s
      let atomicNo = 0;
      let len = 1;
      const next = s.charCodeAt(i + 1);
      switch (c) {
        case 66: // B
          if (next === 114) {
            atomicNo = 35;
            len = 2;
          } else atomicNo = 5;
          break;
        case 67: // C
          if (next === 108) {
            atomicNo = 17;
            len = 2;
          } else atomicNo = 6;
          break;
        case 78:
          atomicNo = 7;
          break;
        case 79:
          atomicNo = 8;
          break;
        case 70:
          atomicNo = 9;
          break;
        case 80:
          atomicNo = 15;
          break;
        case 83:
          atomicNo = 16;
          break;
        case 73:
          atomicNo = 53;
          break;
        case 98: // b
          atomicNo = next === 114 ? 0 : 5; // br: aromatic bromine, an error
          break;
        case 99: // c
          atomicNo = next === 108 ? 0 : 6;
          break;
        case 110:
          atomicNo = 7;
          break;
        case 111:
          atomicNo = 8;
          break;
        case 112:
          atomicNo = 15;
          break;
        case 115:
          atomicNo = 16;
          break;
      }
      if (!atomicNo) return undefined;
      if (!addAtom(atomicNo, 0, isLower(c), -1)) return undefined;
      last = Last.Atom;
      i += len;
      continue;
    }
    if (isDigit(c) || c === C.Percent) {
      if (last !== Last.Atom && last !== Last.Ring && !(last === Last.Bond && (bondAfter === Last.Atom || bondAfter === Last.Ring))) return undefined;
      let num: number;
      if (c === C.Percent) {
        if (!isDigit(s.charCodeAt(i + 1)) || !isDigit(s.charCodeAt(i + 2))) return undefined;
        num = (s.charCodeAt(i + 1) - C.Zero) * 10 + s.charCodeAt(i + 2) - C.Zero;
        i += 3;
      } else {
        num = c - C.Zero;
        i++;
      }
      if (!ringOpen[num]) {
        ringOpen[num] = prev + 1;
        ringOrder[num] = bond;
        openRings++;
      } else {
        // OpenChemLib takes the bond written at the opening, else the one at the closing; it merges a duplicate bond
        const other = ringOpen[num] - 1;
        if (other === prev) return undefined;
        for (let b = 0; b < order.length; b++) if ((bondA[b] === other && bondB[b] === prev) || (bondA[b] === prev && bondB[b] === other)) return undefined;
        addBond(other, prev, ringOrder[num] || bond || 1);
        closures++;
        ringOpen[num] = 0;
        openRings--;
      }
      bond = 0;
      last = Last.Ring;
      continue;
    }
    switch (c) {
      case C.Open:
        if (last !== Last.Atom && last !== Last.Ring && last !== Last.Close) return undefined;
        branch.push(prev);
        last = Last.Open;
        break;
      case C.Close:
        if ((last !== Last.Atom && last !== Last.Ring && last !== Last.Close) || !branch.length) return undefined;
        prev = branch.pop()!;
        last = Last.Close;
        break;
      case C.Dot:
        if ((last !== Last.Atom && last !== Last.Ring && last !== Last.Close) || branch.length) return undefined;
        prev = -1;
        last = Last.Dot;
        break;
      case C.Minus:
      case C.Slash:
      case C.Backslash:
      case C.Equals:
      case C.Hash:
        if (last !== Last.Atom && last !== Last.Ring && last !== Last.Close && last !== Last.Open) return undefined;
        bond = c === C.Equals ? 2 : c === C.Hash ? 3 : 1;
        bondAfter = last;
        last = Last.Bond;
        break;
      default:
        return undefined;
    }
    i++;
  }
  if ((last !== Last.Atom && last !== Last.Ring && last !== Last.Close) || branch.length || openRings) return undefined;
  arenaTop = 0;
  return build(z, charge, marked, bracketH, bondA, bondB, order, closures > 0);
}


const NO_RINGS = new RingSet([], []);

/** The molecule's rings, bracket valences, double bonds of the aromatic atoms and hydrogens, as OpenChemLib does them. */
function build(
  z: number[],
  charge: number[],
  marked: number[],
  bracketH: number[],
  bondA: number[],
  bondB: number[],
  orders: number[],
  cyclic: boolean,
): LeanMolecule | undefined {
  const na = z.length;
  const nb = orders.length;
  const order = scratch(nb);
  const start = scratch(na + 1);
  const occupied = scratch(na); // sum of bond orders, kept up to date when aromatic bonds become double
  for (let b = 0; b < nb; b++) {
    order[b] = orders[b];
    start[bondA[b] + 1]++;
    start[bondB[b] + 1]++;
    occupied[bondA[b]] += order[b];
    occupied[bondB[b]] += order[b];
  }
  for (let a = 0; a < na; a++) start[a + 1] += start[a];
  const fill = scratch(na);
  for (let a = 0; a < na; a++) fill[a] = start[a];
  const connAtom = scratch(2 * nb);
  const connBond = scratch(2 * nb);
  for (let b = 0; b < nb; b++) {
    const x = bondA[b];
    const y = bondB[b];
    connAtom[fill[x]] = y;
    connBond[fill[x]++] = b;
    connAtom[fill[y]] = x;
    connBond[fill[y]++] = b;
  }

  // Bracket atoms: OpenChemLib keeps the written hydrogen count through an abnormal valence, or marks a radical.
  const abnormal = scratch(na).fill(-1);
  const radical = scratch(na);
  for (let a = 0; a < na; a++) {
    const h = bracketH[a];
    if (h < 0) continue;
    if (!isMetal(z[a]) && (!marked[a] || (z[a] === 6 && charge[a] === 0))) {
      const occ = occupied[a];
      const used = occ - valenceCorrection(z[a], charge[a], occ, 0) + h + marked[a];
      const valences = VALENCES[z[a]]!;
      let found = false;
      for (const v of valences) {
        if (used > v) continue;
        found = true;
        if (v === used + 2) radical[a] = TRIPLET;
        else if (v === used + 1) radical[a] = DOUBLET;
        else if (v !== used || v !== valences[0]) abnormal[a] = used;
        break;
      }
      if (!found) abnormal[a] = used;
    }
    if (h > 0 && abnormal[a] < 0 && !isOrganic(z[a]) && z[a] !== 13) return undefined; // would be hydrogen atoms
  }
  // OpenChemLib turns an uncharged nitrogen of valence 5 into a charged one (correctValenceExceededNitrogen).
  for (let a = 0; a < na; a++) if (z[a] === 7 && charge[a] === 0 && occupied[a] > 3) return undefined;

  // without ring closures the graph is a forest
  const rings = cyclic ? findRings(na, start, connAtom, connBond, bondA, bondB) : NO_RINGS;
  if (!rings) return undefined;
  const ringBond = cyclic ? ringBonds(na, nb, start, connAtom, connBond) : scratch(nb);

  let aromaticAtoms = 0;
  for (let a = 0; a < na; a++) aromaticAtoms += marked[a];
  if (aromaticAtoms && !locateAromaticDoubleBonds(rings)) return undefined;

  const mol = new LeanMolecule(na, nb, rings);
  const { d, oCharge, oH, oRing, oRadical, oStart, oConnAtom, oConnBond, oBondAtoms, oOrder, oRingBond } = mol;
  for (let a = 0; a < na; a++) {
    d[a] = z[a];
    d[oCharge + a] = charge[a];
    d[oRadical + a] = radical[a];
    d[oStart + a] = start[a];
    for (let k = start[a]; k < start[a + 1]; k++) if (ringBond[connBond[k]]) d[oRing + a] = 1;
    // OpenChemLib's getImplicitHydrogens
    if (abnormal[a] < 0 && !isOrganic(z[a]) && z[a] !== 13) continue;
    const occ = occupied[a] - valenceCorrection(z[a], charge[a], occupied[a], radical[a]);
    let max = abnormal[a];
    if (max < 0) {
      const valences = VALENCES[z[a]]!;
      max = valences[0];
      for (let i = 1; max < occ && i < valences.length; i++) max = valences[i];
    }
    d[oH + a] = Math.max(0, max - occ);
  }
  d[oStart + na] = start[na];
  d.set(connAtom, oConnAtom);
  d.set(connBond, oConnBond);
  for (let b = 0; b < nb; b++) {
    d[oBondAtoms + 2 * b] = bondA[b];
    d[oBondAtoms + 2 * b + 1] = bondB[b];
    d[oOrder + b] = order[b];
    d[oRingBond + b] = ringBond[b];
  }
  return mol;

  /**
   * OpenChemLib's SmilesParser.locateAromaticDoubleBonds up to its greedy steps: false where it would go on to
   * search alternating paths or large aromatic rings (the caller then leaves the molecule to OpenChemLib).
   */
  function locateAromaticDoubleBonds(rings: RingSet): boolean {
    const isAromatic = scratch(nb);
    const inAromaticRing = scratch(na);
    const aromaticRings: number[] = [];
    for (let r = 0; r < rings.getSize(); r++) {
      const atoms = rings.getRingAtoms(r);
      if (!atoms.every((a) => marked[a])) continue;
      aromaticRings.push(r);
      for (const a of atoms) inAromaticRing[a] = 1;
      for (const b of rings.getRingBonds(r)) isAromatic[b] = 1;
    }
    for (let a = 0; a < na; a++) if (marked[a] && !inAromaticRing[a]) return false;
    for (let b = 0; b < nb; b++) {
      if (!marked[bondA[b]] || !marked[bondB[b]]) continue;
      if (order[b] !== 1) return false; // a double bond written between aromatic atoms
      if (!isAromatic[b] && ringBond[b]) return false; // OpenChemLib's addLargeAromaticRing
    }
    const unmark = (a: number) => {
      if (marked[a]) {
        marked[a] = 0;
        aromaticAtoms--;
      }
      for (let k = start[a]; k < start[a + 1]; k++) isAromatic[connBond[k]] = 0;
    };
    const qualifiesForPi = (a: number) => {
      const atomicNo = z[a];
      if (!mayBeAromatic(atomicNo)) return false;
      if (atomicNo === 6 && (!marked[a] || charge[a] > 0)) return false;
      const valences = VALENCES[atomicNo]!;
      const maxUncharged = abnormal[a] >= 0 ? abnormal[a] : valences[valences.length - 1];
      const free = maxUncharged + valenceCorrection(atomicNo, charge[a], maxUncharged, radical[a]) - occupied[a] - Math.max(bracketH[a], 0);
      if (free < 1) return false;
      if (atomicNo === 16 || atomicNo === 34) return !(start[a + 1] - start[a] === 2 && charge[a] <= 0) && free !== 2;
      return true;
    };
    for (const r of aromaticRings) for (const a of rings.getRingAtoms(r)) if (!qualifiesForPi(a)) unmark(a);
    const promote = (b: number) => {
      if (order[b] === 1) {
        order[b] = 2;
        occupied[bondA[b]]++;
        occupied[bondB[b]]++;
      }
      unmark(bondA[b]);
      unmark(bondB[b]);
    };
    const aromaticBonds = (a: number) => {
      let k = 0;
      for (let i = start[a]; i < start[a + 1]; i++) k += isAromatic[connBond[i]];
      return k;
    };
    const promoteObvious = () => {
      for (let found = true; found; ) {
        found = false;
        for (let b = 0; b < nb; b++) {
          if (isAromatic[b] && (aromaticBonds(bondA[b]) === 1 || aromaticBonds(bondB[b]) === 1)) {
            found = true;
            promote(b);
          }
        }
      }
    };
    promoteObvious();
    for (const r of aromaticRings) {
      const bonds = rings.getRingBonds(r);
      if (bonds.length !== 6 || !bonds.every((b) => isAromatic[b])) continue;
      promote(bonds[0]);
      promote(bonds[2]);
      promote(bonds[4]);
      promoteObvious();
    }
    for (let q = 5; q >= 4; q--) {
      for (let found = true; found; ) {
        found = false;
        for (let b = 0; b < nb; b++) {
          if (isAromatic[b] && aromaticBonds(bondA[b]) + aromaticBonds(bondB[b]) === q) {
            promote(b);
            promoteObvious();
            found = true;
            break;
          }
        }
      }
    }
    return aromaticAtoms === 0;
  }
}

/**
 * OpenChemLib's RingCollection of small rings (up to 7 atoms), in its order: atoms that cannot be in a ring are
 * pruned, a breadth-first walk meets each closure bond, and a depth-first search from it adds each ring not yet
 * found, written from its lowest atom towards the lower of that atom's two ring neighbours. Undefined past
 * OpenChemLib's cap of 1024 rings.
 */
function findRings(na: number, start: Int32Array, connAtom: Int32Array, connBond: Int32Array, bondA: number[], bondB: number[]): RingSet | undefined {
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
function ringBonds(na: number, nb: number, start: Int32Array, connAtom: Int32Array, connBond: Int32Array): Int32Array {
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
