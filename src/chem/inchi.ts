// Standard InChI and InChIKey through RDKit's WebAssembly build (RDKit bundles the IUPAC InChI
// library; OpenChemLib has none). The module takes ~200 ms to instantiate, so it is loaded once,
// on first use, and only by code paths that need InChI.
import { ChemError } from '../api/errors.js';

interface RDKitMol {
  get_inchi(): string;
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
  const R = await loadRDKit();
  const mol = R.get_mol(structure);
  if (!mol) throw new ChemError(404, 'no InChI can be generated from this structure');
  try {
    const inchi = mol.get_inchi();
    if (!inchi) throw new ChemError(404, 'no InChI can be generated from this structure');
    return { inchi, inchikey: R.get_inchikey_for_inchi(inchi) };
  } finally {
    mol.delete();
  }
}

/** InChIKey of an InChI string. */
export async function inchikeyOfInchi(inchi: string): Promise<string> {
  const R = await loadRDKit();
  return R.get_inchikey_for_inchi(inchi);
}
