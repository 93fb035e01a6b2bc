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

/** R, J/(mol K). */
const R = 8.31446261815324;

/**
 * Without a structure: the measured constants, Tc by Guldberg's rule (Tb/Tc = 2/3) and ΔHvap at Tb by Kistiakowsky's
 * ΔSvap = 36.1 + R ln Tb J/(mol K) where the record has none (Poling, Prausnitz & O'Connell 5th ed. §2-2, §7-11),
 * each with a 10 % e: the curve still passes through the measured Tb, the rest is rough and its e says so.
 */
function fromTbAlone(anchors: PropertyMap): PsatEstimate | undefined {
  const tb = anchors.tb?.[0]?.v;
  if (tb === undefined) return undefined;
  const fixed: PropertyMap = { ...anchors };
  const rules: string[] = [];
  if (!fixed.tc) {
    fixed.tc = [{ v: 1.5 * tb, e: 0.15 * tb, s: 'guldberg', calc: true }];
    rules.push("Tc by Guldberg's rule (1.5 Tb)");
  }
  if (!fixed.hvap) {
    const h = (tb * (36.1 + R * Math.log(tb))) / 1000;
    fixed.hvap = [{ v: h, e: 0.1 * h, s: 'kistiakowsky', calc: true }];
    rules.push("ΔHvap at Tb by Kistiakowsky's rule");
  }
  const curve = pvapCurve(fixed, { mw: 0 });
  return curve && rules.length ? { ...curve, r: `${curve.r}; no structure: ${rules.join(', ')}` } : curve;
}

/**
 * The vapour pressure of a structure (SMILES; undefined, or a structure the predictor cannot estimate it for: from
 * `anchors` alone, which then need tb, fromTbAlone()), kPa at T, with its e, source key and reference; through the measured constants in `anchors` (anchorsOf)
 * where given. Undefined when there are not the constants to estimate it. Throws on an unreadable SMILES.
 */
export async function estimatePsat(smiles: string | undefined, anchors: PropertyMap = {}): Promise<PsatEstimate | undefined> {
  if (smiles === undefined) return fromTbAlone(anchors);
  const { predict } = await import('./index.js');
  let r;
  try {
    r = predict(smiles, { props: ['pvap', ...ESTIMATE_INPUTS], grid: false, temperatures: [] });
  } catch (err) {
    // a structure the predictor cannot read (a salt, a metal): the record's constants alone, where they suffice
    const alone = fromTbAlone(anchors);
    if (alone) return alone;
    throw err;
  }
  const fixed: PropertyMap = { ...r.properties.fixed };
  for (const [k, ps] of Object.entries(anchors)) fixed[k] = [...ps, ...(fixed[k] ?? [])];
  return pvapCurve(fixed, { mw: Number(r.properties.descr.mol_mw) }) ?? fromTbAlone(anchors);
}
