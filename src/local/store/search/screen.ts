// The substructure screen: a hashed fingerprint of a structure's atoms, bonds and two-bond paths, computed on
// the matcher's own graph (molgraph.ts: RDKit aromaticity), and the bits a SMARTS pattern is sure to need.
// Sound by construction: a pattern's bits come only from what every match must contain (an atom whose
// element and aromaticity the pattern fixes, a bond between two such atoms, with its type when the pattern
// fixes it, and a path of two such bonds), and a structure sets the bit of each of those it contains, under
// every reading the pattern could have (with and without the bond type), so `pattern & ~structure` is empty
// for every structure the pattern matches. Labels: element and aromaticity (z*2 + aromatic), or element only.
import type { MolGraph } from '../../../chem/molgraph.js';
import { NONE, type Pattern } from '../../../chem/smarts/pattern.js';

export const SCREEN_WORDS = 32;
const BITS = SCREEN_WORDS * 32;
/** The bond code of "any bond" in features. */
const ANY = 7;

function hash(kind: number, a: number, b = 0, c = 0, d = 0, e = 0): number {
  let h = Math.imul(kind + 1, 0x9e3779b1);
  for (const x of [a, b, c, d, e]) h = Math.imul(h ^ (x + 0x7f4a7c15), 0x85ebca6b) ^ (h >>> 13);
  h ^= h >>> 16;
  return (h >>> 0) % BITS;
}
const set = (out: Int32Array, at: number, bit: number) => (out[at + (bit >>> 5)] |= 1 << (bit & 31));

/** The features of one atom and a neighbour pair, as hashes (shared by structures and patterns). */
const atomFull = (l: number) => hash(1, l);
const atomElement = (z: number) => hash(2, z);
const bondFull = (l1: number, l2: number, code: number) => (l1 < l2 ? hash(3, l1, l2, code) : hash(3, l2, l1, code));
const bondElement = (z1: number, z2: number) => (z1 < z2 ? hash(4, z1, z2) : hash(4, z2, z1));
function path(centre: number, l1: number, c1: number, l2: number, c2: number): number {
  const [x, y] = [l1 * 8 + c1, l2 * 8 + c2];
  return x < y ? hash(5, centre, x, y) : hash(5, centre, y, x);
}

/** ORs the screen bits of the atoms lo..hi-1 of `g` (one structure, hydrogen-suppressed view) into out[at..]. */
export function structureScreen(g: MolGraph, lo: number, hi: number, out: Int32Array, at = 0): void {
  const label = (a: number) => g.z[a] * 2 + g.aromatic[a];
  for (let a = lo; a < hi; a++) {
    const la = label(a);
    set(out, at, atomFull(la));
    set(out, at, atomElement(g.z[a]));
    const [s, e] = [g.start[a], g.coreEnd[a]];
    for (let j = s; j < e; j++) {
      const b = g.nbr[j];
      const lb = label(b);
      if (b > a) {
        set(out, at, bondFull(la, lb, g.bond[j]));
        set(out, at, bondFull(la, lb, ANY));
        set(out, at, bondElement(g.z[a], g.z[b]));
      }
      for (let k = j + 1; k < e; k++) {
        const lc = label(g.nbr[k]);
        set(out, at, path(la, lb, g.bond[j], lc, g.bond[k]));
        set(out, at, path(la, lb, ANY, lc, ANY));
      }
    }
  }
}

/** The bits every structure the pattern matches has. */
export function patternScreen(p: Pattern): Int32Array {
  const out = new Int32Array(SCREEN_WORDS);
  const { atoms } = p;
  const full = atoms.map((a) => (a.req.never || a.req.z === NONE || a.req.arom === NONE ? -1 : a.req.z * 2 + a.req.arom));
  const z = atoms.map((a) => (a.req.never ? NONE : a.req.z));
  // every bond of the pattern once (tree bonds and ring closures), with the bond codes it allows
  const bonds: [number, number, number][] = [];
  atoms.forEach((a, i) => {
    if (a.parent >= 0) bonds.push([i, a.parent, a.codes]);
    for (const c of a.closures) bonds.push([i, c.to, c.codes]);
  });
  const single = (codes: number) => (codes && (codes & (codes - 1)) === 0 ? 31 - Math.clz32(codes) : ANY);
  atoms.forEach((_, i) => {
    if (full[i] >= 0) set(out, 0, atomFull(full[i]));
    if (z[i] !== NONE) set(out, 0, atomElement(z[i]));
  });
  const nbrs: [number, number][][] = atoms.map(() => []);
  for (const [u, v, codes] of bonds) {
    const code = single(codes);
    nbrs[u].push([v, code]);
    nbrs[v].push([u, code]);
    if (full[u] >= 0 && full[v] >= 0) {
      set(out, 0, bondFull(full[u], full[v], ANY));
      if (code !== ANY) set(out, 0, bondFull(full[u], full[v], code));
    }
    if (z[u] !== NONE && z[v] !== NONE) set(out, 0, bondElement(z[u], z[v]));
  }
  nbrs.forEach((ns, c) => {
    if (full[c] < 0) return;
    for (let i = 0; i < ns.length; i++) {
      for (let j = i + 1; j < ns.length; j++) {
        const [[u, cu], [v, cv]] = [ns[i], ns[j]];
        if (full[u] < 0 || full[v] < 0) continue;
        set(out, 0, path(full[c], full[u], ANY, full[v], ANY));
        if (cu !== ANY && cv !== ANY) set(out, 0, path(full[c], full[u], cu, full[v], cv));
      }
    }
  });
  return out;
}
