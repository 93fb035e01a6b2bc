// Identifiers computed from a structure alone: canonical SMILES, standard InChI and InChIKey.
// Used when a structure is not in the database, and by the database builder.
import { canonicalSmiles, parseMolfile, parseSmiles } from './molecule.js';
import { inchiOf } from './inchi.js';

export interface StructureIds {
  inchi: string;
  inchikey: string;
  smiles: string;
}

/** Identifiers of a SMILES or a molfile. Invalid input is a 404 (spec 4.4/4.5). */
export async function structureIdentifiers(kind: 'smiles' | 'molfile', value: string): Promise<StructureIds> {
  const mol = kind === 'smiles' ? parseSmiles(value) : parseMolfile(value);
  // RDKit reads the original input for InChI: its stereo perception matches the IUPAC reference.
  return { ...(await inchiOf(kind === 'smiles' ? value.trim() : value)), smiles: canonicalSmiles(mol) };
}
