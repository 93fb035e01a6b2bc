// Identifiers computed from a structure alone: canonical SMILES, standard InChI and InChIKey.
// Used when a structure is not in the database, and by the database builder.
import { canonicalSmiles, parseMolfile, parseSmiles } from './molecule.js';
import { rdkitIdentity } from './inchi.js';
import { ChemError } from '../api/errors.js';

export interface StructureIds {
  inchi: string;
  inchikey: string;
  /** RDKit's canonical SMILES (OpenChemLib's where RDKit cannot write one). */
  smiles: string;
}

/** Identifiers of a SMILES or a molfile. Invalid input is a 404 (spec 4.4/4.5). */
export async function structureIdentifiers(kind: 'smiles' | 'molfile', value: string): Promise<StructureIds> {
  const mol = kind === 'smiles' ? parseSmiles(value) : parseMolfile(value);
  // RDKit reads the original input for InChI: its stereo perception matches the IUPAC reference.
  const ids = await rdkitIdentity(kind === 'smiles' ? value.trim() : value);
  if (!ids.inchi || !ids.inchikey) throw new ChemError(404, 'no InChI can be generated from this structure');
  return { inchi: ids.inchi, inchikey: ids.inchikey, smiles: ids.smiles ?? canonicalSmiles(mol) };
}
