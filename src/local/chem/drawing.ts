// PNG drawings as data URIs: OpenChemLib draws the SVG, resvg (Rust, shipped as a binary inside
// its npm package) rasterises it. Loaded only when a drawing is asked for.
import { svg, type Molecule } from './molecule.js';

export async function pngDataUri(mol: Molecule, width = 300, height = 200): Promise<string> {
  const { Resvg } = await import('@resvg/resvg-js');
  const png = new Resvg(svg(mol, width, height), {
    background: 'white',
    fitTo: { mode: 'width', value: width },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
  }).render().asPng();
  return `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
}
