// 3D coordinates in milliseconds, for the records' 3D molfile. OpenChemLib's conformer generator
// builds every rigid fragment it has not seen in the process by self-organising 16 conformers of it
// (1-3 s of CPU for most structures); a record needs one sane geometry. This embedder starts from
// the 2D layout (which already has the E/Z geometry of double bonds and no overlaps), lifts it out
// of the plane by a seeded random z, and minimises a distance-geometry error function: bond lengths
// from covalent radii, angles by hybridisation as 1-3 distances, flat sp2 centres, cis/trans 1-4
// distances across double, triple and aromatic bonds, ring angles of 4- and 5-rings, chiral volumes of the specified stereocentres, and
// van der Waals lower bounds between atoms three or more bonds apart, by L-BFGS. The result is
// accepted only when the atom and bond parities read back from its molfile are the structure's.
// The work is bounded: at most ROUNDS x MAX_STEPS steps, each linear in the terms.
import * as OCL from 'openchemlib';
import type { Molecule } from './molecule.js';

/** Single-bond covalent radii, Å (Cordero et al., Dalton Trans. 2008, 2832; sp3/sp2/sp for carbon). */
const SINGLE: Record<number, number> = {
  1: 0.31, 3: 1.28, 4: 0.96, 5: 0.84, 6: 0.76, 7: 0.71, 8: 0.66, 9: 0.57, 11: 1.66, 12: 1.41, 13: 1.21, 14: 1.11,
  15: 1.07, 16: 1.05, 17: 1.02, 19: 2.03, 20: 1.76, 26: 1.32, 29: 1.32, 30: 1.22, 32: 1.2, 33: 1.19, 34: 1.2,
  35: 1.2, 50: 1.39, 51: 1.39, 52: 1.38, 53: 1.39,
};
const CARBON_SP2 = 0.73;
const CARBON_SP = 0.69;
/** Double- and triple-bond covalent radii, Å (Pyykkö & Atsumi, Chem. Eur. J. 2009, 186 and 2005, 3511). */
const DOUBLE: Record<number, number> = { 5: 0.78, 6: 0.67, 7: 0.6, 8: 0.57, 14: 1.07, 15: 1.02, 16: 0.94, 34: 1.07, 52: 1.23 };
const TRIPLE: Record<number, number> = { 5: 0.73, 6: 0.6, 7: 0.54, 8: 0.53, 15: 0.94, 16: 0.95 };
/** Van der Waals radii, Å (Bondi, J. Phys. Chem. 1964, 441); 2.0 for elements not listed. */
const VDW: Record<number, number> = { 1: 1.2, 6: 1.7, 7: 1.55, 8: 1.52, 9: 1.47, 14: 2.1, 15: 1.8, 16: 1.8, 17: 1.75, 34: 1.9, 35: 1.85, 53: 1.98 };

/** Minimisation steps at most, per round. */
const MAX_STEPS = 1000;
const LOWER_WEIGHT = 30;
/** Lower-bound pairs further apart than their bound plus this are left out until an atom has moved half of it. */
const NEAR_MARGIN = 2;
/** Minimisations at most, each after correcting the centres the previous one left inverted. */
const ROUNDS = 3;

function radius(mol: Molecule, atom: number, order: number): number {
  const z = mol.getAtomicNo(atom);
  if (order === 3 && TRIPLE[z]) return TRIPLE[z]!;
  if (order === 2 && DOUBLE[z]) return DOUBLE[z]!;
  if (z === 6) return mol.getAtomPi(atom) === 2 ? CARBON_SP : mol.getAtomPi(atom) === 1 || mol.isAromaticAtom(atom) ? CARBON_SP2 : SINGLE[6]!;
  return SINGLE[z] ?? 1.5;
}

/**
 * Bonds of oxygen to hypervalent S and P and of the nitro group, Å (Allen et al., J. Chem. Soc. Perkin Trans. 2
 * 1987, S1): much shorter than the sums of covalent radii. Keys: centre element, its count of double-bonded O,
 * order of this bond; the nitro group's charge-separated N=O and N–O⁻ are both 1.22.
 */
const POLAR: Record<string, number> = {
  'S 1 2': 1.497, // sulfoxide S=O
  'S 2 2': 1.436, // sulfone, sulfonamide S=O
  'S 3 2': 1.42, // sulfonate S=O
  'S 2 1': 1.577, // sulfonate or sulfate ester S–O
  'S 3 1': 1.577,
  'P 1 2': 1.449, // phosphate, phosphonate P=O
  'P 1 1': 1.558, // P–O(C) of phosphate esters
  'N 1 2': 1.218, // nitro N=O
  'N 1 1': 1.218, // nitro N–O⁻
};

/** The POLAR length of a bond of oxygen (to S, P or a charged N), or undefined. */
function polarLength(mol: Molecule, a: number, b: number, order: number): number | undefined {
  const [o, x] = mol.getAtomicNo(a) === 8 ? [a, b] : [b, a];
  const z = mol.getAtomicNo(x);
  if (mol.getAtomicNo(o) !== 8 || (z !== 16 && z !== 15 && !(z === 7 && mol.getAtomCharge(x) === 1))) return undefined;
  // a sulfoxide written charge-separated, [S+][O-]
  if (z === 16 && order === 1 && mol.getAtomCharge(x) === 1 && mol.getAtomCharge(o) === -1) return POLAR['S 1 2'];
  let oxo = 0;
  for (let i = 0; i < mol.getAllConnAtoms(x); i++) if (mol.getConnBondOrder(x, i) === 2 && mol.getAtomicNo(mol.getConnAtom(x, i)) === 8) oxo++;
  return POLAR[`${z === 16 ? 'S' : z === 15 ? 'P' : 'N'} ${oxo} ${order}`];
}

function bondLength(mol: Molecule, bond: number): number {
  const a = mol.getBondAtom(0, bond);
  const b = mol.getBondAtom(1, bond);
  const polar = mol.isAromaticBond(bond) ? undefined : polarLength(mol, a, b, mol.getBondOrder(bond));
  if (polar !== undefined) return polar;
  if (mol.isAromaticBond(bond)) return (radius(mol, a, 1) + radius(mol, b, 1) + radius(mol, a, 2) + radius(mol, b, 2)) / 2;
  const order = mol.getBondOrder(bond);
  return radius(mol, a, order) + radius(mol, b, order);
}

/**
 * Ideal bond angle at an atom, radians: by its pi electrons, flat nitrogens as sp2. A P or S of three or more
 * neighbours is tetrahedral whatever its double bonds (phosphate, sulfone; a sulfoxide is pyramidal, ~106°).
 */
function bondAngle(mol: Molecule, atom: number): number {
  const z = mol.getAtomicNo(atom);
  if ((z === 15 || z === 16) && mol.getAllConnAtoms(atom) >= 3) return Math.acos(-1 / 3);
  const pi = mol.getAtomPi(atom);
  if (pi === 2 && mol.getAllConnAtoms(atom) === 2) return Math.PI;
  if (pi === 1 || mol.isAromaticAtom(atom) || (mol.getAtomicNo(atom) === 7 && mol.isFlatNitrogen(atom))) return (2 * Math.PI) / 3;
  return Math.acos(-1 / 3);
}

const isFlat = (mol: Molecule, atom: number) => mol.getAllConnAtoms(atom) === 3 && bondAngle(mol, atom) === (2 * Math.PI) / 3;

/** Terms of the error function, flattened for speed. */
interface Terms {
  /** Distance targets: i, j, target, weight, lower-bound-only (1) or exact (0). */
  pairs: Float64Array;
  /** Signed volumes of four atoms (see `corners`), bound (0: flat; else at least its size, of its sign), weight. */
  volumes: Float64Array;
  /** Van der Waals lower bounds: i, j, bound; most never bind, so `near` lists the pairs that can (see minimise). */
  lower: Float64Array;
  near: Int32Array;
  nearCount: number;
}

function buildTerms(mol: Molecule, xy: Float64Array, nAtoms: number, wantedAtoms: number[]): { pairs: number[]; volumes: number[]; lower: number[]; chiral: number[] } {
  const pairs: number[] = [];
  const lower: number[] = [];
  const volumes: number[] = [];
  const chiral: number[] = [];
  const len = new Map<number, number>();
  const key = (i: number, j: number) => (i < j ? i * nAtoms + j : j * nAtoms + i);
  for (let b = 0; b < mol.getAllBonds(); b++) {
    const d = bondLength(mol, b);
    len.set(key(mol.getBondAtom(0, b), mol.getBondAtom(1, b)), d);
    pairs.push(mol.getBondAtom(0, b), mol.getBondAtom(1, b), d, 100, 0);
  }
  const near = new Set<number>();
  for (let c = 0; c < nAtoms; c++) {
    const n = mol.getAllConnAtoms(c);
    for (const [a, b, t] of angles(mol, c)) {
      if (len.has(key(a, b))) continue; // three-membered ring
      near.add(key(a, b));
      const ra = len.get(key(a, c))!;
      const rb = len.get(key(b, c))!;
      // over four neighbours: only kept apart
      // linear centres resist bending only weakly through a distance: a stiffer term
      if (t) pairs.push(a, b, Math.sqrt(ra * ra + rb * rb - 2 * ra * rb * Math.cos(t)), t === Math.PI ? 200 : 20, 0);
      else pairs.push(a, b, 1.2 * Math.max(ra, rb), 20, 1);
    }
    if (isFlat(mol, c)) volumes.push(c, mol.getConnAtom(c, 0), mol.getConnAtom(c, 1), mol.getConnAtom(c, 2), 0, 10);
    if (n >= 3 && defined(wantedAtoms[c] ?? 0)) chiral.push(c);
  }
  // 1-4 distances across double and aromatic bonds (cis or trans as in the 2D layout) and triple bonds
  const cis14 = new Set<number>();
  for (let b = 0; b < mol.getAllBonds(); b++) {
    const triple = mol.getBondOrder(b) === 3;
    if (mol.getBondOrder(b) !== 2 && !triple && !mol.isAromaticBond(b)) continue;
    const [p, q] = [mol.getBondAtom(0, b), mol.getBondAtom(1, b)];
    const rpq = len.get(key(p, q))!;
    for (let i = 0; i < mol.getAllConnAtoms(p); i++) {
      const a = mol.getConnAtom(p, i);
      if (a === q) continue;
      for (let j = 0; j < mol.getAllConnAtoms(q); j++) {
        const d = mol.getConnAtom(q, j);
        if (d === p || d === a || near.has(key(a, d)) || len.has(key(a, d))) continue;
        // same side of the bond axis in the layout: cis
        const ux = xy[2 * q]! - xy[2 * p]!;
        const uy = xy[2 * q + 1]! - xy[2 * p + 1]!;
        const sa = ux * (xy[2 * a + 1]! - xy[2 * p + 1]!) - uy * (xy[2 * a]! - xy[2 * p]!);
        const sd = ux * (xy[2 * d + 1]! - xy[2 * p + 1]!) - uy * (xy[2 * d]! - xy[2 * p]!);
        const ra = len.get(key(a, p))!;
        const rd = len.get(key(d, q))!;
        const ta = Math.PI - bondAngle(mol, p);
        const td = Math.PI - bondAngle(mol, q);
        const side = sa * sd > 0 ? 1 : -1;
        const dx = rpq + rd * Math.cos(td) + ra * Math.cos(ta);
        const dy = rd * Math.sin(td) - side * ra * Math.sin(ta);
        // across a triple bond the four atoms are collinear (the 1-3 distances alone bend easily)
        pairs.push(a, d, triple ? ra + rpq + rd : Math.hypot(dx, dy), 10, 0);
        cis14.add(key(a, d));
      }
    }
  }
  // van der Waals lower bounds beyond two bonds
  for (let i = 0; i < nAtoms; i++) {
    for (let j = i + 1; j < nAtoms; j++) {
      const k = key(i, j);
      if (len.has(k) || near.has(k) || cis14.has(k)) continue;
      // three bonds apart: as close as eclipsed neighbours come; further: touching, with 0.4 Å of overlap
      const sum = (VDW[mol.getAtomicNo(i)] ?? 2) + (VDW[mol.getAtomicNo(j)] ?? 2);
      lower.push(i, j, oneFour(mol, i, j) ? 0.68 * sum : sum - 0.4);
    }
  }
  return { pairs, volumes, lower, chiral };
}

/**
 * Ideal angles (radians; 0 for "only apart") at centre c for each pair of its neighbours. In a
 * small ring the angle is the ring's: flat rings of 4 and 5 atoms close at 90° and 108° (the other
 * angles of a flat centre share what is left of 360°), saturated ones near 88° and 104.5°.
 */
function angles(mol: Molecule, c: number): [number, number, number][] {
  const n = mol.getAllConnAtoms(c);
  const out: [number, number, number][] = [];
  const ideal = n > 4 ? 0 : bondAngle(mol, c);
  const flat = ideal === (2 * Math.PI) / 3;
  let fixedSum = 0;
  let open = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const a = mol.getConnAtom(c, i);
      const b = mol.getConnAtom(c, j);
      const ring = ideal && ideal < Math.PI ? ringThrough(mol, a, c, b) : 0;
      let t = -1;
      if (ring === 4) t = flat ? Math.PI / 2 : (88 * Math.PI) / 180;
      else if (ring === 5) t = flat ? (108 * Math.PI) / 180 : (104.5 * Math.PI) / 180;
      if (t > 0) fixedSum += t;
      else open++;
      out.push([a, b, t]);
    }
  }
  const rest = flat && n === 3 && open ? (2 * Math.PI - fixedSum) / open : ideal;
  for (const pair of out) if (pair[2] < 0) pair[2] = rest;
  return out;
}

/** Size of the smallest ring through a-c-b when it has at most five atoms, else 0. */
function ringThrough(mol: Molecule, a: number, c: number, b: number): number {
  // breadth-first from a, not through c, up to three bonds
  let frontier = [a];
  const seen = new Set([a, c]);
  for (let depth = 1; depth <= 3; depth++) {
    const next: number[] = [];
    for (const p of frontier) {
      for (let i = 0; i < mol.getAllConnAtoms(p); i++) {
        const q = mol.getConnAtom(p, i);
        if (q === b) return depth + 2;
        if (!seen.has(q)) {
          seen.add(q);
          next.push(q);
        }
      }
    }
    frontier = next;
  }
  return 0;
}

function oneFour(mol: Molecule, i: number, j: number): boolean {
  for (let a = 0; a < mol.getAllConnAtoms(i); a++) {
    const p = mol.getConnAtom(i, a);
    for (let b = 0; b < mol.getAllConnAtoms(p); b++) {
      const q = mol.getConnAtom(p, b);
      for (let c = 0; c < mol.getAllConnAtoms(q); c++) if (mol.getConnAtom(q, c) === j) return true;
    }
  }
  return false;
}

function volume(x: Float64Array, c: number, a: number, b: number, d: number): number {
  const ax = x[3 * a]! - x[3 * c]!, ay = x[3 * a + 1]! - x[3 * c + 1]!, az = x[3 * a + 2]! - x[3 * c + 2]!;
  const bx = x[3 * b]! - x[3 * c]!, by = x[3 * b + 1]! - x[3 * c + 1]!, bz = x[3 * b + 2]! - x[3 * c + 2]!;
  const dx = x[3 * d]! - x[3 * c]!, dy = x[3 * d + 1]! - x[3 * c + 1]!, dz = x[3 * d + 2]! - x[3 * c + 2]!;
  return ax * (by * dz - bz * dy) + ay * (bz * dx - bx * dz) + az * (bx * dy - by * dx);
}

/** Error and gradient (into g) of coordinates x. */
function energy(t: Terms, x: Float64Array, g: Float64Array): number {
  g.fill(0);
  let e = 0;
  const p = t.pairs;
  for (let k = 0; k < p.length; k += 5) {
    const i = 3 * p[k]!, j = 3 * p[k + 1]!;
    const dx = x[i]! - x[j]!, dy = x[i + 1]! - x[j + 1]!, dz = x[i + 2]! - x[j + 2]!;
    const d = Math.sqrt(dx * dx + dy * dy + dz * dz) || 1e-6;
    const diff = d - p[k + 2]!;
    if (p[k + 4] && diff >= 0) continue;
    const w = p[k + 3]!;
    e += w * diff * diff;
    const f = (2 * w * diff) / d;
    g[i] += f * dx; g[i + 1] += f * dy; g[i + 2] += f * dz;
    g[j] -= f * dx; g[j + 1] -= f * dy; g[j + 2] -= f * dz;
  }
  const l = t.lower;
  for (let m = 0; m < t.nearCount; m++) {
    const k = t.near[m]!;
    const i = 3 * l[k]!, j = 3 * l[k + 1]!;
    const dx = x[i]! - x[j]!, dy = x[i + 1]! - x[j + 1]!, dz = x[i + 2]! - x[j + 2]!;
    const d2 = dx * dx + dy * dy + dz * dz;
    const bound = l[k + 2]!;
    if (d2 >= bound * bound) continue;
    const d = Math.sqrt(d2) || 1e-6;
    const diff = d - bound;
    e += LOWER_WEIGHT * diff * diff;
    const f = (2 * LOWER_WEIGHT * diff) / d;
    g[i] += f * dx; g[i + 1] += f * dy; g[i + 2] += f * dz;
    g[j] -= f * dx; g[j + 1] -= f * dy; g[j + 2] -= f * dz;
  }
  const v = t.volumes;
  for (let k = 0; k < v.length; k += 6) {
    const c = v[k]!, a = v[k + 1]!, b = v[k + 2]!, d = v[k + 3]!, bound = v[k + 4]!, w = v[k + 5]!;
    const vol = volume(x, c, a, b, d);
    // flat centres: volume 0; stereocentres: at least the bound, of its sign
    const diff = bound === 0 ? vol : bound > 0 ? Math.min(0, vol - bound) : Math.max(0, vol - bound);
    if (!diff) continue;
    e += w * diff * diff;
    const f = 2 * w * diff;
    // gradient of the triple product (a-c)·((b-c)×(d-c)) for each atom
    const A = [x[3 * a]! - x[3 * c]!, x[3 * a + 1]! - x[3 * c + 1]!, x[3 * a + 2]! - x[3 * c + 2]!];
    const B = [x[3 * b]! - x[3 * c]!, x[3 * b + 1]! - x[3 * c + 1]!, x[3 * b + 2]! - x[3 * c + 2]!];
    const D = [x[3 * d]! - x[3 * c]!, x[3 * d + 1]! - x[3 * c + 1]!, x[3 * d + 2]! - x[3 * c + 2]!];
    const ga = cross(B, D), gb = cross(D, A), gd = cross(A, B);
    for (let q = 0; q < 3; q++) {
      g[3 * a + q] += f * ga[q]!;
      g[3 * b + q] += f * gb[q]!;
      g[3 * d + q] += f * gd[q]!;
      g[3 * c + q] -= f * (ga[q]! + gb[q]! + gd[q]!);
    }
  }
  return e;
}

const cross = (u: number[], v: number[]) => [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];

/**
 * L-BFGS minimisation with a backtracking line search (Nocedal & Wright, Numerical Optimization,
 * algorithms 7.4 and 3.1), in place, until no force exceeds 0.01 or MAX_STEPS.
 */
function minimise(t: Terms, x: Float64Array): number {
  const n = x.length;
  const M = 8;
  const s: Float64Array[] = [];
  const y: Float64Array[] = [];
  const rho: number[] = [];
  const spare: Float64Array[] = [];
  const alpha = new Array<number>(M);
  let g = new Float64Array(n);
  const anchor = new Float64Array(n);
  const refresh = (at: Float64Array) => {
    anchor.set(at);
    t.nearCount = 0;
    const l = t.lower;
    for (let k = 0; k < l.length; k += 3) {
      const i = 3 * l[k]!, j = 3 * l[k + 1]!;
      const dx = at[i]! - at[j]!, dy = at[i + 1]! - at[j + 1]!, dz = at[i + 2]! - at[j + 2]!;
      const r = l[k + 2]! + NEAR_MARGIN;
      if (dx * dx + dy * dy + dz * dz < r * r) t.near[t.nearCount++] = k;
    }
  };
  // exact as long as no atom has moved NEAR_MARGIN / 2 since the list was made
  const stale = (at: Float64Array) => {
    const limit = (NEAR_MARGIN / 2) ** 2;
    for (let i = 0; i < n; i += 3) {
      const dx = at[i]! - anchor[i]!, dy = at[i + 1]! - anchor[i + 1]!, dz = at[i + 2]! - anchor[i + 2]!;
      if (dx * dx + dy * dy + dz * dz > limit) return true;
    }
    return false;
  };
  refresh(x);
  let e = energy(t, x, g);
  const recent = new Float64Array(10); // the error of the last ten steps
  const d = new Float64Array(n);
  const xNew = new Float64Array(n);
  let gNew = new Float64Array(n);
  for (let step = 0; step < MAX_STEPS; step++) {
    let gmax = 0;
    for (let i = 0; i < n; i++) gmax = Math.max(gmax, Math.abs(g[i]!));
    // converged, or crawling along a flat valley (a chain's torsions cost nothing but contacts)
    if (gmax < 0.3 || (step >= 10 && recent[step % 10]! - e < 1e-3)) break;
    recent[step % 10] = e;
    // two-loop recursion: d = -H g
    for (let i = 0; i < n; i++) d[i] = -g[i]!;
    for (let k = s.length - 1; k >= 0; k--) {
      alpha[k] = rho[k]! * dot(s[k]!, d);
      axpy(-alpha[k]!, y[k]!, d);
    }
    if (s.length) {
      const k = s.length - 1;
      const gamma = dot(s[k]!, y[k]!) / dot(y[k]!, y[k]!);
      for (let i = 0; i < n; i++) d[i] *= gamma;
    } else {
      for (let i = 0; i < n; i++) d[i] *= 0.1 / gmax; // first step: at most 0.1 Å
    }
    for (let k = 0; k < s.length; k++) axpy(alpha[k]! - rho[k]! * dot(y[k]!, d), s[k]!, d);
    let slope = dot(g, d);
    if (slope >= 0) {
      // not a descent direction: restart from steepest descent
      s.length = y.length = rho.length = 0;
      for (let i = 0; i < n; i++) d[i] = (-g[i]! * 0.1) / gmax;
      slope = dot(g, d);
    }
    // no atom moves more than 0.3 Å in one step
    let dmax = 0;
    for (let i = 0; i < n; i++) dmax = Math.max(dmax, Math.abs(d[i]!));
    let lambda = Math.min(1, 0.3 / dmax);
    let eNew = Infinity;
    for (let tries = 0; tries < 20; tries++) {
      for (let i = 0; i < n; i++) xNew[i] = x[i]! + lambda * d[i]!;
      if (stale(xNew)) refresh(xNew);
      eNew = energy(t, xNew, gNew);
      if (eNew <= e + 1e-4 * lambda * slope) break;
      lambda *= 0.5;
    }
    if (!(eNew < e)) break;
    const sk = spare.pop() ?? new Float64Array(n);
    const yk = spare.pop() ?? new Float64Array(n);
    for (let i = 0; i < n; i++) {
      sk[i] = xNew[i]! - x[i]!;
      yk[i] = gNew[i]! - g[i]!;
    }
    const sy = dot(sk, yk);
    if (!(sy > 1e-10)) spare.push(sk, yk);
    else {
      if (s.length === M) {
        spare.push(s.shift()!, y.shift()!);
        rho.shift();
      }
      s.push(sk);
      y.push(yk);
      rho.push(1 / sy);
    }
    x.set(xNew);
    [g, gNew] = [gNew, g];
    e = eNew;
  }
  return e;
}

function dot(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

function axpy(a: number, x: Float64Array, y: Float64Array): void {
  for (let i = 0; i < x.length; i++) y[i] += a * x[i]!;
}

/** Atom and bond parities of `mol` as its 3D coordinates have them (what a reader of its molfile finds). */
function parities(mol: Molecule): { atoms: number[]; bonds: number[] } {
  // OpenChemLib keeps parities when coordinates change: recompute them
  mol.invalidateHelperArrays(OCL.Molecule.cHelperBitsStereo);
  mol.ensureHelperArrays(OCL.Molecule.cHelperParities);
  const atoms: number[] = [];
  const bonds: number[] = [];
  for (let a = 0; a < mol.getAllAtoms(); a++) atoms.push(mol.getAtomParity(a));
  for (let b = 0; b < mol.getAllBonds(); b++) bonds.push(mol.getBondParity(b));
  return { atoms, bonds };
}

const defined = (p: number) => p === 1 || p === 2;

/**
 * A copy of a structure with explicit hydrogens and 3D coordinates, or undefined when the embedding
 * does not reproduce its stereo configuration. Starts from `layout`, a copy of `mol` with 2D
 * coordinates (`laidOut`); disconnected parts (the ions of a salt) stay apart where it put them.
 * `seed` makes the result reproducible.
 */
export function embed3d(mol0: Molecule, layout: Molecule, seed = 42): Molecule | undefined {
  mol0.ensureHelperArrays(OCL.Molecule.cHelperParities);
  const wanted = { atoms: [] as number[], bonds: [] as number[] };
  for (let a = 0; a < mol0.getAllAtoms(); a++) wanted.atoms.push(mol0.getAtomParity(a));
  for (let b = 0; b < mol0.getAllBonds(); b++) wanted.bonds.push(mol0.getBondOrder(b) === 2 ? mol0.getBondParity(b) : 0);
  const mol = layout.getCompactCopy();
  mol.addImplicitHydrogens();
  // The parities of the 3D result are read from its coordinates alone, not from wedges.
  for (let b = 0; b < mol.getAllBonds(); b++) if (mol.isStereoBond(b)) mol.setBondType(b, OCL.Molecule.cBondTypeSingle);
  mol.ensureHelperArrays(OCL.Molecule.cHelperRings);
  const n = mol.getAllAtoms();
  if (n === 1) {
    mol.setAtomX(0, 0);
    mol.setAtomY(0, 0);
    mol.setAtomZ(0, 0);
    return mol;
  }
  const scale = 1.5 / (mol.getAverageBondLength(true) || 1);
  const xy = new Float64Array(2 * n);
  for (let a = 0; a < n; a++) {
    xy[2 * a] = mol.getAtomX(a) * scale;
    xy[2 * a + 1] = mol.getAtomY(a) * scale;
  }
  const { pairs, volumes: flat, lower, chiral } = buildTerms(mol, xy, n, wanted.atoms);
  const bondTo = (i: number, j: number) => {
    for (let k = 0; k < pairs.length; k += 5) if ((pairs[k] === i && pairs[k + 1] === j) || (pairs[k] === j && pairs[k + 1] === i)) return pairs[k + 2]!;
    return 1.5;
  };
  const terms: Terms = { pairs: Float64Array.from(pairs), volumes: new Float64Array(0), lower: Float64Array.from(lower), near: new Int32Array(lower.length / 3), nearCount: 0 };
  let rnd = seed >>> 0 || 1;
  const random = () => ((rnd = (Math.imul(rnd, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  const x = new Float64Array(3 * n);
  for (let a = 0; a < n; a++) {
    x[3 * a] = xy[2 * a]!;
    x[3 * a + 1] = xy[2 * a + 1]!;
    x[3 * a + 2] = random() - 0.5;
  }
  // Which sign of the corners' volume is a centre's wanted parity: OpenChemLib's parity 1 is a
  // positive volume of the four neighbours in index order, a negative one of the centre and its
  // three; where the minimised structure reads otherwise (a few centres do), the sign is turned and
  // the centre inverts in the next round.
  const sign = new Map<number, number>();
  for (const c of chiral) sign.set(c, (wanted.atoms[c] === 1 ? 1 : -1) * (mol.getAllConnAtoms(c) >= 4 ? 1 : -1));
  for (let round = 0; round < ROUNDS; round++) {
    const volumes = [...flat];
    for (const [c, s] of sign) {
      const corner = corners(mol, c);
      // half the volume of the ideal tetrahedron
      const r = corner.map((a) => (a === c ? 0 : bondTo(c, a)));
      const size = 0.5 * (corner[0] === c ? 0.77 * r[1]! * r[2]! * r[3]! : 3.08 * (r[0]! * r[1]! * r[2]! * r[3]!) ** 0.75);
      volumes.push(...corner, s * size, 10);
    }
    terms.volumes = Float64Array.from(volumes);
    minimise(terms, x);
    setCoordinates(mol, x);
    if (!sign.size && !wanted.bonds.some(defined)) return mol; // no stereo configuration to check
    const got = parities(mol);
    if (!wanted.bonds.every((p, b) => !defined(p) || got.bonds[b] === p)) return undefined;
    let wrong = 0;
    for (const [c, s] of sign) {
      if (got.atoms[c] === wanted.atoms[c]) continue;
      sign.set(c, -s);
      wrong++;
    }
    if (!wrong) return mol;
  }
  return undefined;
}

/**
 * The four points whose signed volume tells a stereocentre's configuration: its four neighbours in
 * index order (so the centre's own position cannot fake an inversion), or the centre and its three.
 */
function corners(mol: Molecule, c: number): [number, number, number, number] {
  const nb = [0, 1, 2, 3].slice(0, mol.getAllConnAtoms(c)).map((i) => mol.getConnAtom(c, i)).sort((a, b) => a - b);
  return (nb.length === 4 ? nb : [c, ...nb]) as [number, number, number, number];
}

function setCoordinates(mol: Molecule, x: Float64Array): void {
  for (let a = 0; a < mol.getAllAtoms(); a++) {
    mol.setAtomX(a, x[3 * a]!);
    mol.setAtomY(a, x[3 * a + 1]!);
    mol.setAtomZ(a, x[3 * a + 2]!);
  }
}
