// Structure toolkit on OpenChemLib: parsing, canonical SMILES, formula, masses (molfiles: molfile.ts).
// Importing this module loads OpenChemLib (~70 ms), so only commands that need structures do.
import * as OCL from 'openchemlib';
import { ChemError, controlCharacter } from '../api/errors.js';
import { kekuleSmiles, readStructure, SmilesError, type Structure } from './smiles/read.js';

export type Molecule = OCL.Molecule;

const ELECTRON_MASS = 0.000548579909;

/** Turns OpenChemLib's Java-style message ("Class$S19: SmilesParser: ...") into a plain sentence. */
export function parserMessage(err: unknown): string {
  const raw = err instanceof Error ? err.message : String(err);
  return raw.replace(/^Class\$\S+:\s*/, '').replace(/^java\.lang\.\w+:\s*/, '');
}

/**
 * Parses a SMILES: read strictly (smiles/read.ts), then built by OpenChemLib from its Kekulé form, with the
 * hydrogens and radicals the reading gives. `coordinates: false` (the default) is ~8x faster; ask for coordinates
 * only when a drawing or a molfile is needed. `stereo: false` skips stereo perception (which computes coordinates
 * of its own) when no stereo feature is read. Invalid input is the spec's 404 for predict/convert.
 */
export function parseSmiles(smiles: string, opts: { coordinates?: boolean; stereo?: boolean } = {}): Molecule {
  const s = smiles.trim();
  const st = readSmiles(s);
  let mol: Molecule;
  try {
    mol = OCL.Molecule.fromSmiles(st.g.aromatic.includes(1) ? kekuleSmiles(s, st) : s, { noCoordinates: !opts.coordinates, noStereo: opts.stereo === false });
  } catch (err) {
    throw new ChemError(404, `invalid SMILES "${s}": ${parserMessage(err)}`);
  }
  try {
    fitStructure(mol, st);
  } catch (err) {
    throw err instanceof ChemError ? new ChemError(404, `SMILES "${s}": ${err.message}`) : err;
  }
  return mol;
}

/** The strict reading of a SMILES (trimmed), its errors as the spec's 404 with the position or atom at fault. */
export function readSmiles(s: string): Structure {
  if (!s) throw new ChemError(404, 'no compound can be generated from an empty SMILES');
  if (/\s/.test(s)) throw new ChemError(404, `invalid SMILES "${s}": contains whitespace`);
  // NUL and other control characters: named as such rather than as an unexpected character
  const control = controlCharacter(s);
  if (control) throw new ChemError(404, `invalid SMILES ${JSON.stringify(s)}: ${control}`);
  try {
    return readStructure(s);
  } catch (err) {
    if (err instanceof SmilesError) throw new ChemError(404, `invalid SMILES "${s}": ${err.message}`);
    throw err;
  }
}

/**
 * Gives OpenChemLib's atoms the hydrogens of the strict reading: OpenChemLib fills a bracket atom to a valence of
 * its own ([S+3] as SH5+3, [Al] as AlH3) and drops the H of [HH]. Its atoms are the SMILES's, except that it swaps
 * each plain hydrogen atom (on one heavy atom) with the last other atom (ExtendedMolecule.handleHydrogens); where
 * the atoms do not line up so (hydrogens it makes itself, on metals), its own counts stay.
 */
function fitStructure(mol: Molecule, st: Structure): void {
  const { g, h, start, conn } = st;
  const n = g.z.length;
  mol.ensureHelperArrays(OCL.Molecule.cHelperNeighbours);
  if (mol.getAllAtoms() !== n) return;
  const plain = new Uint8Array(n);
  for (let a = 0; a < n; a++) plain[a] = +(g.z[a] === 1 && !g.isotope[a] && !g.charge[a] && h[a] === 0 && start[a + 1] - start[a] === 1 && g.z[conn[start[a]]] > 1);
  const at = Array.from({ length: n }, (_, a) => a); // OpenChemLib's atom i is ours at[i]
  let last = n - 1;
  while (last >= 0 && plain[at[last]]) last--;
  for (let i = 0; i < last; i++) {
    if (!plain[at[i]]) continue;
    [at[i], at[last]] = [at[last], at[i]];
    while (last >= 0 && plain[at[last]]) last--;
  }
  for (let i = 0; i < n; i++) if (mol.getAtomicNo(i) !== g.z[at[i]]) return;
  for (let i = 0; i < n; i++) {
    const a = at[i];
    if (plain[a]) continue;
    let want = h[a];
    for (let k = start[a]; k < start[a + 1]; k++) if (g.z[conn[k]] === 1) want++; // OpenChemLib counts every hydrogen neighbour
    const have = mol.getAllHydrogens(i);
    if (have !== want) fitHydrogens(mol, i, want - have + mol.getImplicitHydrogens(i));
  }
}

/** Gives atom `a` `want` implicit hydrogens: by an abnormal valence where OpenChemLib allows, else as hydrogen atoms. */
function fitHydrogens(mol: Molecule, a: number, want: number): void {
  // OpenChemLib fills an abnormal valence with hydrogens (less a charge's correction): aim, then correct once
  let valence = mol.getOccupiedValence(a) + want;
  mol.setAtomAbnormalValence(a, valence);
  valence += want - mol.getImplicitHydrogens(a);
  if (valence >= 0) mol.setAtomAbnormalValence(a, valence);
  if (mol.getImplicitHydrogens(a) === want) return;
  // a charge's correction can make the first aim miss: the lowest abnormal valence that gives them, else none
  const top = mol.getOccupiedValence(a) + want + 16;
  for (let v = 0; v <= top; v++) {
    mol.setAtomAbnormalValence(a, v);
    if (mol.getImplicitHydrogens(a) === want) return;
  }
  for (let v = 0; v <= top && mol.getImplicitHydrogens(a); v++) mol.setAtomAbnormalValence(a, v);
  if (mol.getImplicitHydrogens(a) !== 0) throw new ChemError(404, `${mol.getAtomLabel(a)} with charge ${mol.getAtomCharge(a)} and ${want} hydrogens is beyond what OpenChemLib holds (chem predict reads it)`);
  for (let k = 0; k < want; k++) mol.addBond(a, mol.addAtom(1));
  mol.ensureHelperArrays(OCL.Molecule.cHelperNeighbours);
}

/** Parses a V2000 or V3000 molfile. */
export function parseMolfile(text: string): Molecule {
  if (!/V[23]000/.test(text)) throw new ChemError(404, 'invalid molfile: no V2000 or V3000 counts line');
  let mol: Molecule;
  try {
    mol = OCL.Molecule.fromMolfile(text);
  } catch (err) {
    throw new ChemError(404, `invalid molfile: ${parserMessage(err)}`);
  }
  if (mol.getAllAtoms() === 0) throw new ChemError(404, 'invalid molfile: no atoms');
  return mol;
}

/**
 * OpenChemLib's canonical isomeric SMILES: the key SMILES lookups match (compounds.smiles_key), computed without
 * RDKit. The SMILES chem prints is RDKit's (inchi.ts rdkitIdentity).
 */
export function canonicalSmiles(mol: Molecule): string {
  return mol.toIsomericSmiles();
}

/** Element counts including implicit hydrogens, keyed by element symbol. */
export function elementCounts(mol: Molecule): Record<string, number> {
  mol.ensureHelperArrays(OCL.Molecule.cHelperNeighbours);
  const counts: Record<string, number> = {};
  const add = (sym: string, n: number) => {
    if (n) counts[sym] = (counts[sym] ?? 0) + n;
  };
  for (let a = 0; a < mol.getAllAtoms(); a++) {
    add(mol.getAtomLabel(a), 1);
    add('H', mol.getImplicitHydrogens(a));
  }
  return counts;
}

function netCharge(mol: Molecule): number {
  let q = 0;
  for (let a = 0; a < mol.getAllAtoms(); a++) q += mol.getAtomCharge(a);
  return q;
}

/**
 * Formula in Hill order: C, then H, then the other elements alphabetically, charge as `+2` / `-`.
 * H stays second without carbon too (H2O, H3N, H4ClN), as RDKit and the reference data write it.
 */
export function hillFormula(mol: Molecule): string {
  const counts = elementCounts(mol);
  const keys = Object.keys(counts).sort();
  const order = [...['C', 'H'].filter((k) => counts[k]), ...keys.filter((k) => k !== 'C' && k !== 'H')];
  let f = order.map((k) => (counts[k] === 1 ? k : `${k}${counts[k]}`)).join('');
  const q = netCharge(mol);
  if (q) f += (q > 0 ? '+' : '-') + (Math.abs(q) > 1 ? Math.abs(q) : '');
  return f;
}

export interface Masses {
  /** Average molecular weight, g/mol (standard atomic weights). */
  mw: number;
  /** Monoisotopic mass, g/mol, electrons of the net charge accounted for. */
  monoisotopic: number;
}

export function masses(mol: Molecule): Masses {
  const f = mol.getMolecularFormula();
  return { mw: f.relativeWeight, monoisotopic: f.absoluteWeight - netCharge(mol) * ELECTRON_MASS };
}

/**
 * Average molecular weight of a plain formula ("O7Re2", "C2H3KO2", "FeO4-2": element symbols with
 * counts, an optional trailing charge), with the same atomic weights as `masses`; undefined for
 * anything else (parentheses, hydrate dots, isotope labels D/T, unknown symbols).
 */
export function formulaWeight(formula: string): number | undefined {
  const m = /^((?:[A-Z][a-z]?\d*)+)(?:[+-]\d*)?$/.exec(formula.replace(/\s+/g, ''));
  if (!m) return undefined;
  const mol = new OCL.Molecule(0, 0);
  for (const [, label, n] of m[1]!.matchAll(/([A-Z][a-z]?)(\d*)/g)) {
    const z = label === 'D' || label === 'T' ? 0 : OCL.Molecule.getAtomicNoFromLabel(label!);
    if (!z) return undefined;
    for (let i = 0; i < (n ? Number(n) : 1); i++) mol.setAtomAbnormalValence(mol.addAtom(z), 0); // no implicit H
  }
  return mol.getAllAtoms() ? mol.getMolecularFormula().relativeWeight : undefined;
}

export function atomCounts(mol: Molecule): { atoms: number; heavy: number } {
  mol.ensureHelperArrays(OCL.Molecule.cHelperNeighbours);
  let atoms = 0;
  let heavy = 0;
  for (let a = 0; a < mol.getAllAtoms(); a++) {
    atoms += 1 + mol.getImplicitHydrogens(a);
    if (mol.getAtomicNo(a) !== 1) heavy++;
  }
  return { atoms, heavy };
}
