// The one vapour-pressure estimate of a compound without a measured curve, for chem state, chem vle and chem flash:
// the predictor's (estimates.ts: Lee–Kesler through Tb with Tc and the ω of ΔHvap's slope, on the model family's
// constants) through the record's own measured constants where it has them (its recommended Tb above all: the curve
// then passes through it, and the predicted constants only shape it).
import type { Compound, DataPoint, PropertyMap } from '../../api/types.js';
import type { PsatEstimate } from '../../tdep/psat-estimate.js';
import { ESTIMATE_INPUTS, pvapCurve } from './estimates.js';

/** The measured constants a record's estimate goes through. */
export const ANCHOR_KEYS: readonly string[] = ['tb', 'tc', 'pc', 'af', 'hvap', 'tf'];

/** A record's recommended measured value (its first point, not calc, not an outlier) of each anchor key. */
export function anchorsOf(record: Pick<Compound, 'fixed_props'>): PropertyMap {
  const anchors: PropertyMap = {};
  for (const key of ANCHOR_KEYS) {
    const p: DataPoint | undefined = record.fixed_props?.[key]?.[0];
    if (p && !p.calc && !p.o && Number.isFinite(p.v)) anchors[key] = [{ v: p.v, s: p.s, ...(p.e !== undefined ? { e: p.e } : {}) }];
  }
  return anchors;
}

/**
 * The vapour pressure of a structure (SMILES; undefined: from `anchors` alone, which then need tb, tc and one of pc,
 * af, hvap), kPa at T, with its e, source key and reference; through the measured constants in `anchors` (anchorsOf)
 * where given. Undefined when there are not the constants to estimate it. Throws on an unreadable SMILES.
 */
export async function estimatePsat(smiles: string | undefined, anchors: PropertyMap = {}): Promise<PsatEstimate | undefined> {
  if (smiles === undefined) return pvapCurve(anchors, { mw: 0 });
  const { predict } = await import('./index.js');
  const r = predict(smiles, { props: ['pvap', ...ESTIMATE_INPUTS], grid: false, temperatures: [] });
  const fixed: PropertyMap = { ...r.properties.fixed };
  for (const [k, ps] of Object.entries(anchors)) fixed[k] = [...ps, ...(fixed[k] ?? [])];
  return pvapCurve(fixed, { mw: Number(r.properties.descr.mol_mw) });
}
