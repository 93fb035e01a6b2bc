// Small structure drawings for the web page's search results: RDKit's SVG of each SMILES. The SVGs of the
// structures drawn last are kept (least recently used dropped first), as the record drawings are
// (store/record.ts), so paging back and forth through results draws nothing twice.
import { Lru } from '../../util/lru.js';

export const THUMBNAIL = { width: 180, height: 120 };
/** At most this many SMILES a request: a page of search results. */
export const THUMBNAILS_MAX = 100;
/** ~3-10 kB each. */
const kept = new Lru<string, string | null>(1000);

/** The drawing of each SMILES, null for one RDKit cannot read (a search result without a structure shows none). */
export async function thumbnails(smiles: readonly string[]): Promise<Record<string, string | null>> {
  const { svgDrawing } = await import('../../chem/drawing.js');
  const out: Record<string, string | null> = {};
  for (const s of smiles) {
    let svg = kept.get(s);
    if (svg === undefined) kept.set(s, (svg = await svgDrawing(s, THUMBNAIL.width, THUMBNAIL.height).catch(() => null)));
    out[s] = svg;
  }
  return out;
}
