// PNG drawings as data URIs: RDKit's MolDraw2D draws the SVG (atom labels as paths, so no font is
// loaded), resvg (Rust, shipped as a binary inside its npm package) rasterises it: ~5-20 ms per
// structure, where OpenChemLib's depiction took ~0.75 s. Loaded only when a drawing is asked for.
import { ChemError } from '../api/errors.js';
import { rdkitMolecule } from './inchi.js';

/** Longest bond in pixels: small molecules stay small, large ones shrink to fit. */
const BOND_PX = 30;

/** The SVG drawing of a SMILES or molfile; 404 when RDKit cannot read it. */
export async function svgDrawing(structure: string, width = 300, height = 200): Promise<string> {
  const mol = await rdkitMolecule(structure);
  if (!mol) throw new ChemError(404, 'RDKit cannot read this structure to draw it');
  try {
    return mol.get_svg_with_highlights(JSON.stringify({ width, height, fixedBondLength: BOND_PX, clearBackground: true }));
  } finally {
    mol.delete();
  }
}

/** The PNG of a SMILES or molfile, as a data URI; 404 when RDKit cannot read it. */
export async function pngDataUri(structure: string, width = 300, height = 200): Promise<string> {
  const [svg, { Resvg }] = await Promise.all([svgDrawing(structure, width, height), import('@resvg/resvg-js')]);
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: false } }).render().asPng();
  return `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
}
