// Standard InChI, InChIKey and canonical SMILES through RDKit's WebAssembly build (RDKit bundles the
// IUPAC InChI library; OpenChemLib has none; RDKit's canonical SMILES is the one chemists and peer
// tools print). The module takes ~200 ms to instantiate, so it is loaded once, on first use, and only
// by code paths that need it (a database lookup never does: the build stores RDKit's SMILES).
import { ChemError } from '../api/errors.js';

interface RDKitMol {
  get_inchi(): string;
  get_smiles(): string;
  get_svg_with_highlights(details: string): string;
  set_new_coords(): boolean;
  get_molblock(details?: string): string;
  is_valid?(): boolean;
  delete(): void;
}
interface RDKitModule {
  get_mol(input: string, details?: string): RDKitMol | null;
  get_inchikey_for_inchi(inchi: string): string;
  version(): string;
}

let rdkit: Promise<RDKitModule> | undefined;

/**
 * RDKit's molecule of a SMILES or molfile for drawings and molfiles: sanitized, else (hypervalent atoms such as
 * ClO3F's chlorine, bridging hydrogens) as written, unsanitized; null when RDKit cannot read it at all.
 */
export async function rdkitMolecule(structure: string): Promise<RDKitMol | null> {
  const R = await loadRDKit();
  return R.get_mol(structure) ?? R.get_mol(structure, JSON.stringify({ sanitize: false }));
}

export function loadRDKit(): Promise<RDKitModule> {
  rdkit ??= import('@rdkit/rdkit').then((m) => (m.default as unknown as () => Promise<RDKitModule>)());
  return rdkit;
}

export interface InchiPair {
  inchi: string;
  inchikey: string;
}

/** Standard InChI and InChIKey of a SMILES or a molfile. */
export async function inchiOf(structure: string): Promise<InchiPair> {
  const ids = await rdkitIdentity(structure);
  if (!ids.inchi) throw new ChemError(404, 'no InChI can be generated from this structure');
  return ids as InchiPair;
}

export interface RDKitIdentity {
  /** RDKit's canonical (isomeric) SMILES, as Python's Chem.MolToSmiles(Chem.MolFromSmiles(s)) writes it. */
  smiles?: string;
  inchi?: string;
  inchikey?: string;
}

/**
 * RDKit's canonical SMILES and (unless `inchi: false`) standard InChI/InChIKey of a SMILES or a molfile, from
 * one sanitized reading; empty when RDKit cannot read it (as Python's MolFromSmiles gives None).
 */
export async function rdkitIdentity(structure: string, opts: { inchi?: boolean } = {}): Promise<RDKitIdentity> {
  const R = await loadRDKit();
  const mol = R.get_mol(structure);
  if (!mol) return {};
  try {
    const out: RDKitIdentity = {};
    const smiles = mol.get_smiles();
    if (smiles) out.smiles = /[[.]/.test(smiles) ? (await import('./smiles/brackets.js')).asRDKit2022(smiles) : smiles;
    const inchi = opts.inchi === false ? '' : mol.get_inchi();
    if (inchi) Object.assign(out, { inchi, inchikey: R.get_inchikey_for_inchi(inchi) });
    return out;
  } finally {
    mol.delete();
  }
}

/** InChIKey of an InChI string. */
export async function inchikeyOfInchi(inchi: string): Promise<string> {
  const R = await loadRDKit();
  return R.get_inchikey_for_inchi(inchi);
}
