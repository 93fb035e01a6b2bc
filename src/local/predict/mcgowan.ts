// McGowan characteristic volume: M. H. Abraham, J. C. McGowan, Chromatographia 23 (1987) 243-246.
import { MCGOWAN_BOND, MCGOWAN_VOLUMES } from './mcgowan-table.js';

/**
 * Vx = Σ atomic volumes (hydrogens included) + bonds × (−6.56), cm³/mol (= ml/mol); `elements` are atom counts
 * per element symbol. Undefined when an element has no cited volume.
 */
export function mcgowanVolume(elements: Record<string, number>, bonds: number): number | undefined {
  let v = bonds * MCGOWAN_BOND;
  for (const symbol in elements) {
    const vol = MCGOWAN_VOLUMES[symbol];
    if (vol === undefined) return undefined;
    v += elements[symbol] * vol;
  }
  return v;
}
