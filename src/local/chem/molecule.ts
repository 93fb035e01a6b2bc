// Structure toolkit on OpenChemLib: parsing, canonical SMILES, formula, masses (molfiles: molfile.ts).
// Importing this module loads OpenChemLib (~70 ms), so only commands that need structures do.
import * as OCL from 'openchemlib';
import { ChemError, controlCharacter } from '../../api/errors.js';

export type Molecule = OCL.Molecule;

const ELECTRON_MASS = 0.000548579909;

/** Turns OpenChemLib's Java-style message ("Class$S19: SmilesParser: ...") into a plain sentence. */
export function parserMessage(err: unknown): string {
  const raw = err instanceof Error ? err.message : String(err);
  return raw.replace(/^Class\$\S+:\s*/, '').replace(/^java\.lang\.\w+:\s*/, '');
}

/**
 * Parses a SMILES. `coordinates: false` (the default) is ~8x faster; ask for coordinates only
 * when a drawing or a molfile is needed. `stereo: false` skips stereo perception (which computes
 * coordinates of its own) when no stereo feature is read. Invalid input is the spec's 404 for predict/convert.
 */
export function parseSmiles(smiles: string, opts: { coordinates?: boolean; stereo?: boolean } = {}): Molecule {
  const s = smiles.trim();
  if (!s) throw new ChemError(404, 'no compound can be generated from an empty SMILES');
  if (/\s/.test(s)) throw new ChemError(404, `invalid SMILES "${s}": contains whitespace`);
  // NUL and other control characters: OpenChemLib would stop reading there and answer a fragment.
  const control = controlCharacter(s);
  if (control) throw new ChemError(404, `invalid SMILES ${JSON.stringify(s)}: ${control}`);
  const unclosed = unclosedBranch(s);
  // Positions in messages count from 1, as for control characters (errors.ts).
  if (unclosed >= 0) throw new ChemError(404, `invalid SMILES "${s}": unclosed branch "(" at position ${unclosed + 1}`);
  let mol: Molecule;
  try {
    mol = OCL.Molecule.fromSmiles(dihydrogen(s), { noCoordinates: !opts.coordinates, noStereo: opts.stereo === false });
  } catch (err) {
    throw new ChemError(404, `invalid SMILES "${s}": ${parserMessage(err)}`);
  }
  if (mol.getAllAtoms() === 0) throw new ChemError(404, `invalid SMILES "${s}": no atoms`);
  writtenAluminiumHydrogens(s, mol);
  // OpenChemLib leaves a radical where an aromatic system cannot be kekulized (c1cccc1); without
  // bracket atoms a SMILES cannot express a radical, so that is an invalid input.
  if (!s.includes('[')) {
    for (let a = 0; a < mol.getAllAtoms(); a++) {
      if (mol.getAtomRadical(a)) throw new ChemError(404, `invalid SMILES "${s}": cannot kekulize the aromatic system at atom ${a + 1}`);
    }
  }
  return mol;
}

/** Dihydrogen written as one bracket atom, "[HH]" ("[2HH]"): OpenChemLib drops the written H (one atom, formula H). */
const dihydrogen = (s: string) => (s.includes('HH]') ? s.replace(/(^|\.)\[(\d*)HH\](?=\.|$)/g, '$1[$2H][H]') : s);

/**
 * OpenChemLib gives a bracket aluminium the hydrogens of valence 3 whatever is written ("[Al]" becomes AlH3,
 * formula H3Al): each Al atom gets the count its bracket writes (none when it writes none), as SMILES means.
 * Al is never in the organic subset, so the k-th Al atom is the k-th "[…Al…]" (heavy atoms keep their order).
 */
function writtenAluminiumHydrogens(s: string, mol: Molecule): void {
  if (!s.includes('Al')) return;
  // "[Al…]" writes no H (0), "[AlH…]" one, "[AlH3…]" three
  const written = [...s.matchAll(/\[\d*Al@*(?:H(\d*))?/g)].map((m) => (m[1] === undefined ? 0 : Number(m[1] || 1)));
  let k = 0;
  for (let a = 0; a < mol.getAllAtoms(); a++) {
    if (mol.getAtomicNo(a) !== 13) continue;
    const want = written[k++];
    if (want === undefined || want === mol.getImplicitHydrogens(a)) continue;
    // OpenChemLib fills an abnormal valence with hydrogens (less a charge's correction): aim, then correct once
    let valence = mol.getOccupiedValence(a) + want;
    mol.setAtomAbnormalValence(a, valence);
    valence += want - mol.getImplicitHydrogens(a);
    if (valence >= 0) mol.setAtomAbnormalValence(a, valence);
    if (mol.getImplicitHydrogens(a) !== want) mol.setAtomAbnormalValence(a, -1);
  }
}

/** Position of the first "(" that is never closed, or -1 (OpenChemLib accepts "C(C"). */
function unclosedBranch(s: string): number {
  const open: number[] = [];
  let inBracket = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '[') inBracket = true;
    else if (c === ']') inBracket = false;
    else if (!inBracket && c === '(') open.push(i);
    else if (!inBracket && c === ')') open.pop();
  }
  return open.length ? open[0]! : -1;
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

/** Canonical isomeric SMILES (OpenChemLib's canonical atom order). */
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
