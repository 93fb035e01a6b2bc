// RDKit's default aromaticity model, computed on an OpenChemLib molecule. Wildman–Crippen and the Joback
// SMARTS were written against RDKit's aromaticity (their reference implementations run on RDKit), which
// differs from OpenChemLib's: RDKit counts an exocyclic double bond to a more electronegative atom as taking
// the ring atom's electron, so 2-pyridone, uracil, caffeine, coumarin and 4-pyranone are aromatic there.
// The rules (docs/predict.md, "Aromaticity and atom typing"), in RDKit's terms, on the Kekulé structure OpenChemLib parsed:
// - rings: the relevant cycles (the union of all smallest sets of smallest rings, RDKit's symmetrized SSSR);
// - an atom is a candidate when its element is in the first three periods or is Se/Te, it is not above its
//   default valence (taken for the isoelectronic element, so [nH+] and [o+] qualify), it has no radical
//   (except on uncharged carbon), at most one double/triple bond, and it donates 0, 1 or 2 electrons;
// - a ring whose atoms are all candidates is a candidate ring; candidate rings of ≤ 24 atoms sharing exactly
//   one bond are fused; every connected set of up to 6 fused candidate rings is tested;
// - a set is aromatic when the electrons of the atoms in one or two of its rings number 4n+2 (n ≥ 1), or 2;
//   its atoms become aromatic, and its bonds that lie in only one ring of the set.
import * as OCL from 'openchemlib';

/** The ring set of `MolView`: OpenChemLib's RingCollection, every ring of up to 7 atoms (larger ones may follow). */
export interface RingSetView {
  getSize(): number;
  getRingSize(r: number): number;
  getRingAtoms(r: number): number[];
  getRingBonds(r: number): number[];
}

/**
 * What the aromaticity model and the SMARTS graph read of a molecule: the methods of OpenChemLib's Molecule they
 * call, which the lean SMILES reader's molecule (chem/smiles.ts) also has.
 */
export interface MolView {
  ensureHelperArrays(required: number): void;
  getAtoms(): number;
  getBonds(): number;
  getAllBonds(): number;
  getAtomicNo(atom: number): number;
  getAtomCharge(atom: number): number;
  getAtomMass(atom: number): number;
  getAtomRadical(atom: number): number;
  getAllHydrogens(atom: number): number;
  getConnAtoms(atom: number): number;
  getConnAtom(atom: number, i: number): number;
  getConnBond(atom: number, i: number): number;
  getConnBondOrder(atom: number, i: number): number;
  getBondOrder(bond: number): number;
  getBondAtom(i: number, bond: number): number;
  isRingAtom(atom: number): boolean;
  isRingBond(bond: number): boolean;
  getRingSet(): RingSetView;
}

export interface Aromaticity {
  /** Per atom index below `getAtoms()`: 1 when aromatic. */
  atoms: Uint8Array;
  /** Per bond index below `getAllBonds()`: 1 when aromatic. */
  bonds: Uint8Array;
  /** The relevant cycles (RDKit's symmetrized SSSR), for ring counts and sizes. */
  rings: Ring[];
}

// RDKit's periodic table: default valence (the first of its allowed valences; -1 none) and outer-shell
// electrons, for H to Xe (the isoelectronic lookups of charged Se and Te reach Sn to I).
// prettier-ignore
const DEFAULT_VALENCE = [-1, 1, 0, 1, 2, 3, 4, 3, 2, 1, 0, 1, 2, 3, 4, 3, 2, 1, 0, 1, 2,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 3, 4, 3, 2, 1, 0, 1, 2,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 3, 2, 3, 2, 1, 0];
// prettier-ignore
const OUTER_ELECTRONS = [0, 1, 2, 1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7, 8, 1, 2,
  3, 4, 5, 6, 7, 8, 9, 10, 11, 2, 3, 4, 5, 6, 7, 8, 1, 2,
  3, 4, 5, 6, 7, 8, 9, 10, 11, 2, 3, 4, 5, 6, 7, 8];
const defaultValence = (z: number) => DEFAULT_VALENCE[z] ?? -1;
const outerElectrons = (z: number) => OUTER_ELECTRONS[z] ?? 0;
/** RDKit's ordering: more outer electrons, then the lighter element. */
const moreElectronegative = (z1: number, z2: number) => {
  const [e1, e2] = [outerElectrons(z1), outerElectrons(z2)];
  return e1 > e2 || (e1 === e2 && z1 < z2);
};

/** Electrons an atom gives to a ring's π system, or NOT_CANDIDATE. */
const NOT_CANDIDATE = -1;
/** Fused candidate rings: at most this size, at most this many tested together (RDKit's limits). */
const MAX_FUSED_RING_SIZE = 24;
const MAX_FUSED_RINGS = 6;
/** Ring sets examined per fused system before giving up on larger sets (RDKit instead stops at 300 rings). */
const MAX_SUBSETS = 100_000;

export function rdkitAromaticity(mol: MolView): Aromaticity {
  mol.ensureHelperArrays(OCL.Molecule.cHelperRings);
  const n = mol.getAtoms();
  const atoms = new Uint8Array(n);
  const bonds = new Uint8Array(mol.getAllBonds());
  const electrons = new Int8Array(n).fill(NOT_CANDIDATE);
  let candidates = 0;
  for (let a = 0; a < n; a++) {
    if (!mol.isRingAtom(a)) continue;
    electrons[a] = donatedElectrons(mol, a);
    if (electrons[a] !== NOT_CANDIDATE) candidates++;
  }
  const cycles = relevantCycles(mol);
  if (candidates < 3) return { atoms, bonds, rings: cycles };

  const rings = cycles.filter((r) => r.atoms.every((a) => electrons[a] !== NOT_CANDIDATE));
  const k = rings.length;
  const neighbours: number[][] = rings.map(() => []);
  for (let i = 0; i < k; i++) {
    for (let j = i + 1; j < k; j++) {
      if (rings[i].atoms.length > MAX_FUSED_RING_SIZE || rings[j].atoms.length > MAX_FUSED_RING_SIZE) continue;
      const shared = rings[i].bonds.filter((b) => rings[j].bonds.includes(b)).length;
      if (shared !== 1) continue;
      neighbours[i].push(j);
      neighbours[j].push(i);
    }
  }
  const seen = new Uint8Array(k);
  for (let i = 0; i < k; i++) {
    if (seen[i]) continue;
    const system = [i];
    seen[i] = 1;
    for (let q = 0; q < system.length; q++) {
      for (const j of neighbours[system[q]]) {
        if (seen[j]) continue;
        seen[j] = 1;
        system.push(j);
      }
    }
    applyHuckel(rings, system, neighbours, electrons, atoms, bonds);
  }
  return { atoms, bonds, rings: cycles };
}

export interface Ring {
  atoms: number[];
  bonds: number[];
}

/** Tests every connected set of up to MAX_FUSED_RINGS rings of one fused system, marking the aromatic ones. */
function applyHuckel(
  rings: Ring[],
  system: number[],
  neighbours: number[][],
  electrons: Int8Array,
  atoms: Uint8Array,
  bonds: Uint8Array,
): void {
  if (system.length === 1) {
    const ring = rings[system[0]];
    let e = 0;
    for (const a of ring.atoms) e += electrons[a];
    if (huckel(e)) {
      for (const a of ring.atoms) atoms[a] = 1;
      for (const b of ring.bonds) bonds[b] = 1;
    }
    return;
  }
  // counts per atom and bond over the rings of a set, left at zero between sets
  const atomCount = new Uint8Array(atoms.length);
  const bondCount = new Uint8Array(bonds.length);
  const done = new Uint8Array(bonds.length); // bonds of this system found aromatic
  let systemBonds = 0;
  for (const r of system) {
    for (const b of rings[r].bonds) {
      if (!bondCount[b]) systemBonds++;
      bondCount[b] = 1;
    }
  }
  bondCount.fill(0);
  let doneBonds = 0;
  let examined = 0;
  for (let size = 1; size <= Math.min(system.length, MAX_FUSED_RINGS); size++) {
    if (doneBonds >= systemBonds) break; // every bond aromatic already: larger sets add nothing
    const comb = Array.from({ length: size }, (_, i) => i);
    for (;;) {
      if (++examined > MAX_SUBSETS) return;
      const set = comb.map((i) => system[i]);
      if (connected(set, neighbours)) {
        for (const r of set) for (const a of rings[r].atoms) atomCount[a]++;
        // the electrons of the atoms in one or two of the set's rings, each atom once
        let e = 0;
        for (const r of set) {
          for (const a of rings[r].atoms) {
            if (atomCount[a] && atomCount[a] <= 2) e += electrons[a];
            atomCount[a] = 0;
          }
        }
        if (huckel(e)) {
          for (const r of set) for (const a of rings[r].atoms) atoms[a] = 1;
          for (const r of set) for (const b of rings[r].bonds) bondCount[b]++;
          for (const r of set) {
            for (const b of rings[r].bonds) {
              if (bondCount[b] === 1) {
                bonds[b] = 1;
                if (!done[b]) doneBonds++;
                done[b] = 1;
              }
              bondCount[b] = 0;
            }
          }
        }
      }
      if (!nextCombination(comb, system.length)) break;
    }
  }
}

/** 4n+2 electrons with n ≥ 1, or 2 (RDKit's rule; 2 admits the cyclopropenyl cation). */
const huckel = (e: number) => e === 2 || (e >= 6 && (e - 2) % 4 === 0);

/** Advances `comb` (increasing indices below n) to the next combination in lexicographic order. */
function nextCombination(comb: number[], n: number): boolean {
  let i = comb.length - 1;
  while (i >= 0 && comb[i] === n - comb.length + i) i--;
  if (i < 0) return false;
  comb[i]++;
  for (let j = i + 1; j < comb.length; j++) comb[j] = comb[j - 1] + 1;
  return true;
}

/** The rings of `set` form one connected piece of the fused-ring graph. */
function connected(set: number[], neighbours: number[][]): boolean {
  if (set.length === 1) return true;
  const reached = [set[0]];
  for (let q = 0; q < reached.length; q++) {
    for (const j of neighbours[reached[q]]) if (set.includes(j) && !reached.includes(j)) reached.push(j);
  }
  return reached.length === set.length;
}

/** RDKit's electron donor type of a ring atom, as electrons given (0, 1, 2), or NOT_CANDIDATE. */
function donatedElectrons(mol: MolView, a: number): number {
  const z = mol.getAtomicNo(a);
  const charge = mol.getAtomCharge(a);
  if (z === 0 || (z > 18 && z !== 34 && z !== 52)) return NOT_CANDIDATE;
  const radical = mol.getAtomRadical(a);
  const radicals = radical === OCL.Molecule.cAtomRadicalStateD ? 1 : radical ? 2 : 0;
  if (radicals && (z !== 6 || charge)) return NOT_CANDIDATE;
  // getAllHydrogens counts isotopic hydrogen neighbours too, which getConnAtoms also lists
  let degree = mol.getAllHydrogens(a);
  let valence = degree;
  let multiple = 0;
  let cyclicMultiple = false;
  let exocyclic = -1; // the atom at the other end of the first non-ring multiple bond
  const conn = mol.getConnAtoms(a);
  for (let i = 0; i < conn; i++) {
    if (mol.getAtomicNo(mol.getConnAtom(a, i)) === 1) {
      degree--;
      valence--;
    }
    const order = mol.getConnBondOrder(a, i);
    if (order === 0) continue; // a bond that adds no valence (metal-ligand) is not counted, as in RDKit
    degree++;
    valence += order;
    if (order < 2) continue;
    multiple++;
    if (mol.isRingBond(mol.getConnBond(a, i))) cyclicMultiple = true;
    else if (exocyclic < 0) exocyclic = mol.getConnAtom(a, i);
  }
  if (multiple > 1) return NOT_CANDIDATE; // C1=C=NC=N1
  const dv = defaultValence(z);
  if (dv > 0 && valence > defaultValence(z - charge)) return NOT_CANDIDATE;

  // RDKit's countAtomElec
  if (dv <= 1 || degree > 3) return NOT_CANDIDATE;
  const lonePairElectrons = Math.max(outerElectrons(z) - dv - charge, 0);
  let nelec = dv - degree + lonePairElectrons - radicals;
  if (nelec > 1 && valence - degree > 1) nelec = 1; // a triple bond leaves one electron
  if (nelec < 0) return NOT_CANDIDATE;

  const steals = exocyclic >= 0 && moreElectronegative(mol.getAtomicNo(exocyclic), z);
  if (nelec === 0) return exocyclic >= 0 ? 0 : cyclicMultiple ? 1 : NOT_CANDIDATE;
  if (nelec === 1) {
    if (exocyclic >= 0) return steals ? 0 : 1;
    return multiple ? 1 : charge === 1 ? 0 : NOT_CANDIDATE; // the +1 case: tropylium, cyclopropenyl cations
  }
  if (steals) nelec--;
  return nelec % 2 === 1 ? 1 : 2;
}

/**
 * The relevant cycles (cycles that are not sums of shorter ones: the union of all minimum cycle bases). Usually
 * from OpenChemLib's ring set, which holds every ring of up to 7 atoms: when those span the cycle space, the
 * relevant cycles are among them. Otherwise (macrocycles), per ring system from Horton's candidates (two
 * shortest paths from a root closed by an edge).
 */
function relevantCycles(mol: MolView): Ring[] {
  mol.ensureHelperArrays(OCL.Molecule.cHelperRings);
  const ringBonds: number[] = [];
  for (let b = 0; b < mol.getBonds(); b++) if (mol.isRingBond(b)) ringBonds.push(b);
  if (!ringBonds.length) return [];
  // ring systems: union-find over ring bonds
  const root: number[] = [];
  for (let a = 0; a < mol.getAtoms(); a++) root.push(a);
  const find = (x: number): number => (root[x] === x ? x : (root[x] = find(root[x])));
  let nu = ringBonds.length; // cycle space dimension: edges - vertices + systems, = edges - unions
  for (const b of ringBonds) {
    const x = find(mol.getBondAtom(0, b));
    const y = find(mol.getBondAtom(1, b));
    if (x === y) continue;
    root[x] = y;
    nu--;
  }
  const set = mol.getRingSet();
  const small: Ring[] = [];
  for (let r = 0; r < set.getSize(); r++) {
    if (set.getRingSize(r) <= 7) small.push({ atoms: set.getRingAtoms(r), bonds: set.getRingBonds(r) });
  }
  const found = relevant(small, ringBonds, nu);
  if (found) return found;
  const systems = new Map<number, number[]>();
  for (const b of ringBonds) {
    const s = find(mol.getBondAtom(0, b));
    if (!systems.has(s)) systems.set(s, []);
    systems.get(s)!.push(b);
  }
  const out: Ring[] = [];
  for (const edges of systems.values()) out.push(...systemCycles(mol, edges));
  return out;
}

/**
 * The cycles (sorted by size) that are independent of all strictly smaller ones, by Gaussian elimination over
 * GF(2) on bond bit vectors; undefined when the cycles do not span a cycle space of dimension `nu`.
 */
function relevant(cycles: Ring[], ringBonds: number[], nu: number): Ring[] | undefined {
  if (cycles.length < nu) return undefined;
  const bit = new Array<number>(ringBonds[ringBonds.length - 1] + 1);
  ringBonds.forEach((b, i) => (bit[b] = i));
  const words = (ringBonds.length + 31) >>> 5;
  const sorted = [...cycles].sort((p, q) => p.bonds.length - q.bonds.length);
  // the basis: each vector's pivot (its lowest bit) and its words
  const pivots: number[] = [];
  const vectors: number[] = [];
  const w = new Array<number>(words);
  /** Reduces the cycle's vector by the basis into `w`; its pivot, -1 when it is a sum of basis vectors. */
  const reduce = (bonds: number[]): number => {
    w.fill(0);
    for (const b of bonds) w[bit[b] >>> 5] |= 1 << (bit[b] & 31);
    for (let k = 0; k < pivots.length; k++) {
      const p = pivots[k];
      if (w[p >>> 5] & (1 << (p & 31))) for (let i = 0; i < words; i++) w[i] ^= vectors[k * words + i];
    }
    for (let i = 0; i < words; i++) if (w[i]) return (i << 5) + (31 - Math.clz32(w[i] & -w[i]));
    return -1;
  };
  const out: Ring[] = [];
  for (let i = 0; i < sorted.length && pivots.length < nu; ) {
    let j = i;
    while (j < sorted.length && sorted[j].bonds.length === sorted[i].bonds.length) j++;
    const group = sorted.slice(i, j).filter((c) => reduce(c.bonds) >= 0);
    for (const c of group) {
      const pivot = reduce(c.bonds);
      if (pivot >= 0) {
        pivots.push(pivot);
        vectors.push(...w);
      }
      out.push(c);
    }
    i = j;
  }
  return pivots.length === nu ? out : undefined;
}

function systemCycles(mol: MolView, edges: number[]): Ring[] {
  const verts = [...new Set(edges.flatMap((b) => [mol.getBondAtom(0, b), mol.getBondAtom(1, b)]))];
  const local = new Map(verts.map((v, i) => [v, i]));
  const nv = verts.length;
  const ne = edges.length;
  const ends = edges.map((b) => [local.get(mol.getBondAtom(0, b))!, local.get(mol.getBondAtom(1, b))!]);
  if (ne === nv) return [ringFromEdges(edges, ends, verts, edges.map((_, e) => e))]; // a single cycle
  const adj: [number, number][][] = verts.map(() => []);
  ends.forEach(([x, y], e) => (adj[x].push([y, e]), adj[y].push([x, e])));
  const candidates = new Map<string, Ring>();
  const parentEdge = new Int32Array(nv);
  const parent = new Int32Array(nv);
  const seen = new Uint8Array(nv);
  const mark = new Int32Array(nv).fill(-1);
  for (let r = 0; r < nv; r++) {
    seen.fill(0);
    seen[r] = 1;
    parent[r] = -1;
    parentEdge[r] = -1;
    const queue = [r];
    for (let q = 0; q < queue.length; q++) {
      const x = queue[q];
      for (const [y, e] of adj[x]) {
        if (seen[y]) continue;
        seen[y] = 1;
        parent[y] = x;
        parentEdge[y] = e;
        queue.push(y);
      }
    }
    for (let e = 0; e < ne; e++) {
      const [x, y] = ends[e];
      if (parentEdge[x] === e || parentEdge[y] === e) continue;
      const stamp = r * ne + e;
      for (let v = x; v !== r; v = parent[v]) mark[v] = stamp;
      let disjoint = true;
      for (let v = y; v !== r; v = parent[v]) if (mark[v] === stamp) disjoint = false;
      if (!disjoint) continue;
      const members = [e];
      for (let v = x; v !== r; v = parent[v]) members.push(parentEdge[v]);
      for (let v = y; v !== r; v = parent[v]) members.push(parentEdge[v]);
      const key = members.sort((p, q) => p - q).join(',');
      if (!candidates.has(key)) candidates.set(key, ringFromEdges(edges, ends, verts, members));
    }
  }
  return relevant([...candidates.values()], edges, ne - nv + 1) ?? [];
}

/** A ring (atoms in ring order, bond indices) from the local edge indices of one cycle. */
function ringFromEdges(edges: number[], ends: number[][], verts: number[], members: number[]): Ring {
  const bonds = members.map((e) => edges[e]);
  const atoms: number[] = [];
  const left = new Set(members);
  let v = ends[members[0]][0];
  while (left.size) {
    atoms.push(verts[v]);
    for (const e of left) {
      const [x, y] = ends[e];
      if (x !== v && y !== v) continue;
      left.delete(e);
      v = x === v ? y : x;
      break;
    }
  }
  return { atoms, bonds };
}
