// The one SMILES reader: the grammar (parse.ts), valences and hydrogens (valence.ts), aromatic systems to a Kekulé
// structure (kekulize.ts), and isotopes that have a known mass. What it accepts is what RDKit accepts, with the
// exceptions the README lists; the structure it gives is what every entry point builds its molecule from
// (lean.ts for the predictor, molecule.ts for OpenChemLib).
import * as OCL from 'openchemlib';
import { kekulize } from './kekulize.js';
import { AROMATIC, SmilesError, type Graph } from './graph.js';
import { parse } from './parse.js';
import { ringBonds } from './rings.js';
import { resetScratch, scratch } from './scratch.js';
import { cleanUp, hydrogens, radicals, SYMBOLS } from './valence.js';

export { SmilesError } from './graph.js';

export interface Structure {
  g: Graph;
  /** Neighbours of each atom by bond index (CSR): conn[start[a]..start[a+1]) and their bonds. */
  start: Int32Array;
  conn: Int32Array;
  connBond: Int32Array;
  /** 1 per ring bond. */
  ring: Int32Array;
  /** Bond orders, aromatic bonds Kekulé (1 or 2). */
  order: Int32Array;
  /** Hydrogens per atom: those a bracket writes, else the implicit ones (hydrogen atoms not counted). */
  h: Int32Array;
  /** Radical electrons per atom (bracket atoms only). */
  radical: Int32Array;
}

/**
 * Reads a SMILES strictly; throws a SmilesError naming the position or the atom at fault. The structure's arrays
 * are scratch memory, valid until the next reading.
 */
export function readStructure(s: string): Structure {
  resetScratch();
  const g = parse(s);
  const n = g.z.length;
  const nb = g.order.length;
  const start = scratch(n + 1);
  for (let b = 0; b < nb; b++) {
    start[g.a[b] + 1]++;
    start[g.b[b] + 1]++;
  }
  for (let a = 0; a < n; a++) start[a + 1] += start[a];
  const fill = scratch(n);
  fill.set(start.subarray(0, n));
  const conn = scratch(2 * nb);
  const connBond = scratch(2 * nb);
  for (let b = 0; b < nb; b++) {
    const x = g.a[b];
    const y = g.b[b];
    conn[fill[x]] = y;
    connBond[fill[x]++] = b;
    conn[fill[y]] = x;
    connBond[fill[y]++] = b;
  }
  const ring = ringBonds(n, nb, start, conn, connBond);
  cleanUp(g, start, conn, connBond);
  const { h, ev } = hydrogens(g, s, start, connBond, ring);
  const order = kekulize(g, s, start, conn, connBond, ring, h, ev);
  const radical = radicals(g, order, start, connBond, h);
  for (let a = 0; a < n; a++) {
    if (g.isotope[a] && !isotopeKnown(g.z[a], g.isotope[a])) throw new SmilesError(`unknown isotope ${g.isotope[a]}${SYMBOLS[g.z[a]]} at position ${g.symAt[a] - String(g.isotope[a]).length + 1}`);
  }
  return { g, start, conn, connBond, ring, order, h, radical };
}

/** Isotopes OpenChemLib has a mass for (its table is the one every mass chem prints comes from). */
const known = new Map<number, boolean>();
function isotopeKnown(z: number, mass: number): boolean {
  const key = z * 1000 + mass;
  let k = known.get(key);
  if (k === undefined) {
    const m = new OCL.Molecule(0, 0);
    const a = m.addAtom(z);
    m.setAtomMass(a, mass);
    m.setAtomAbnormalValence(a, 0);
    known.set(key, (k = z > 0 && Number.isFinite(m.getMolecularFormula().relativeWeight)));
  }
  return k;
}

/**
 * The SMILES with its aromatic atoms and bonds written in the Kekulé structure read (uppercase symbols, '=' for
 * the double bonds), everything else as written, for OpenChemLib, whose own kekulization misreads some systems.
 */
export function kekuleSmiles(s: string, st: Structure): string {
  const { g, order } = st;
  const edits: [number, number, string][] = []; // at, length replaced, text
  for (let a = 0; a < g.z.length; a++) {
    if (g.aromatic[a]) edits.push([g.symAt[a], g.symLen[a], SYMBOLS[g.z[a]]]);
  }
  for (let b = 0; b < g.order.length; b++) {
    if (g.order[b] !== AROMATIC) continue;
    if (g.openAt[b] >= 0) edits.push([g.openAt[b], 1, '']); // ':' at a ring bond's opening
    edits.push([g.bondAt[b], g.bondLen[b], order[b] === 2 ? '=' : '']);
  }
  edits.sort((p, q) => p[0] - q[0] || p[1] - q[1]); // an insertion before the symbol it precedes
  let out = '';
  let at = 0;
  for (const [i, len, text] of edits) {
    out += s.slice(at, i) + text;
    at = i + len;
  }
  return out + s.slice(at);
}
