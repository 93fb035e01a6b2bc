// Structure files of a record: the 2D molfile from OpenChemLib's layout and the 3D molfile embedded from it;
// for a structure OpenChemLib cannot read from its SMILES (hypervalent atoms, unusual charges), RDKit's.
// Kept apart from molecule.ts, whose code stamps the build's structure cache (structure-cache.ts): a change to
// the files of records does not make the next build recompute every structure.
import * as OCL from 'openchemlib';
import { embed3d } from './embed.js';
import { rdkitMolecule } from './inchi.js';
import { atomCounts, parseMolfile, type Molecule } from './molecule.js';

/**
 * A copy with OpenChemLib's 2D layout: the coordinates of the 2D molfile, and where the 3D
 * embedding starts (so a record lays a structure out once for both).
 */
export function laidOut(mol: Molecule): Molecule {
  mol.ensureHelperArrays(OCL.Molecule.cHelperParities); // fixes the atom order (hydrogens last) before copying
  const m = mol.getCompactCopy();
  m.inventCoordinates();
  return m;
}

/** 2D molfile (V2000). */
export function molfile2d(mol: Molecule, layout = laidOut(mol)): string {
  return layout.toMolfile();
}

/**
 * Heavy atoms beyond which no 3D molfile is made: the embedding's work grows faster than the atom
 * count (a structure of this size takes a few hundred ms); 0.04 % of the database's structures are larger.
 */
export const MAX_3D_HEAVY_ATOMS = 150;

export const tooLargeFor3d = (mol: Molecule): boolean => atomCounts(mol).heavy > MAX_3D_HEAVY_ATOMS;

/**
 * 3D molfile (V2000, explicit hydrogens) from `embed3d`, seeded so the output is stable; undefined
 * when the structure is too large or the embedding cannot reproduce its stereo configuration.
 */
export function molfile3d(mol: Molecule, layout = laidOut(mol)): string | undefined {
  if (tooLargeFor3d(mol)) return undefined;
  return embed3d(mol, layout)?.toMolfile();
}

/**
 * The 2D molfile (V2000) RDKit lays out for a SMILES OpenChemLib cannot read, and the molecule OpenChemLib
 * reads from it (with those coordinates, where the 3D embedding starts); undefined when RDKit cannot read it.
 */
export async function rdkitMolfile2d(smiles: string): Promise<{ mol2d: string; mol: Molecule } | undefined> {
  const m = await rdkitMolecule(smiles);
  if (!m) return undefined;
  try {
    m.set_new_coords();
    let mol2d: string;
    try {
      mol2d = m.get_molblock();
    } catch {
      // aromatic rings read unsanitized (ferrocene's cyclopentadienides) have no Kekulé form to write
      mol2d = m.get_molblock(JSON.stringify({ kekulize: false }));
    }
    return { mol2d, mol: parseMolfile(mol2d) };
  } finally {
    m.delete();
  }
}
