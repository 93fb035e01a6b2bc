// The binary view of the activity models (activity-models.ts holds them for N components) with the
// parameters of a mixture record, in the record's own equations and units (mixtures-models.ts):
// NRTL, UNIQUAC and Wilson as ChemSep/DECHEMA give them (UNIQUAC with the components' r and q), and
// the ideal solution. Index 1 and 2 are the components in the order the user named them (the
// record's `_12`/`_21` are swapped when its first component is the user's second).
import type { ParameterSet } from '../api/types.js';
import { nrtlFromPairs, uniquacFromPairs, wilsonFromPairs, type Activity, type PairSet, type RQ } from './activity-models.js';

export type { Activity, RQ } from './activity-models.js';

/** The group-contribution models (group-models.ts): from the structures, no mixture record needed. */
export const GROUP_MODELS = ['dortmund', 'dortmund-2.0', 'unifac', 'unifac-2.0', 'unifac-lle'] as const;
export type GroupModelName = (typeof GROUP_MODELS)[number];
export const MODELS = ['nrtl', 'uniquac', 'wilson', 'ideal', ...GROUP_MODELS] as const;
export type ModelName = (typeof MODELS)[number];

export const isGroupModel = (m: ModelName | undefined): m is GroupModelName => (GROUP_MODELS as readonly string[]).includes(m ?? '');

/** The record's name of each model (a group model's: the model and table it computes with). */
export const RECORD_MODEL: Record<ModelName, string> = {
  nrtl: 'NRTL',
  uniquac: 'UNIQUAC',
  wilson: 'Wilson',
  ideal: 'ideal',
  dortmund: 'modified UNIFAC (Dortmund)',
  'dortmund-2.0': 'modified UNIFAC (Dortmund) 2.0',
  unifac: 'UNIFAC',
  'unifac-2.0': 'UNIFAC 2.0',
  'unifac-lle': 'UNIFAC-LLE',
};

/** ln γ1 and ln γ2 at mole fraction x1 and temperature T (K). */
export type LnGamma = (x1: number, T: number) => [number, number];

/** True for models that can predict two liquid phases (the stability test applies). */
export const CAN_SPLIT: Record<ModelName, boolean> = {
  nrtl: true,
  uniquac: true,
  wilson: false,
  ideal: false,
  ...(Object.fromEntries(GROUP_MODELS.map((m) => [m, true])) as Record<GroupModelName, true>),
};

/** The binary view of an N-component model: component 1 is x[0], component 2 is x[1]. */
export function binary(g: Activity): LnGamma {
  return (x1, T) => g([x1, 1 - x1], T) as [number, number];
}

/** The record's set as the pair (user's 1, user's 2): `swap` when the record's 1 is the user's 2. */
const pairOf = (set: ParameterSet, swap: boolean): PairSet[] => [swap ? { i: 1, j: 0, set } : { i: 0, j: 1, set }];

/** NRTL: tau_ij = b_ij/T, G_ij = exp(−alpha·tau_ij). */
export const nrtl = (set: ParameterSet, swap: boolean): LnGamma => binary(nrtlFromPairs(2, pairOf(set, swap)));

/** Wilson: Lambda_ij = exp(a_ij + b_ij/T). */
export const wilson = (set: ParameterSet, swap: boolean): LnGamma => binary(wilsonFromPairs(2, pairOf(set, swap)));

/** UNIQUAC (z = 10) with the components' r and q, tau_ij = exp(b_ij/T). */
export const uniquac = (set: ParameterSet, swap: boolean, rq: [RQ, RQ]): LnGamma => binary(uniquacFromPairs(pairOf(set, swap), rq));

export const ideal: LnGamma = () => [0, 0];

/** The activity model of a parameter set (undefined for a model this module cannot evaluate: UNIQUAC without r and q). */
export function lnGammaOf(model: Exclude<ModelName, GroupModelName>, set: ParameterSet | undefined, swap: boolean, rq?: [RQ, RQ]): LnGamma | undefined {
  if (model === 'ideal') return ideal;
  if (!set) return undefined;
  if (model === 'nrtl') return nrtl(set, swap);
  if (model === 'wilson') return wilson(set, swap);
  return rq && uniquac(set, swap, rq);
}

/** Logistic grid of trial compositions, dense near the pure ends where a second liquid often lies. */
const TRIALS = Array.from({ length: 241 }, (_, i) => 1 / (1 + Math.exp(-(i - 120) / 10)));

/**
 * Tangent-plane stability test of a liquid at x1 (Michelsen 1982, binary form): the liquid splits
 * when some trial composition z has a lower Gibbs energy than the tangent at x,
 * D(z) = Σ z_i [ln(z_i γ_i(z)) − ln(x_i γ_i(x))] < 0. Returns the most negative trial z1, or undefined when stable.
 */
export function splitsAt(lnG: LnGamma, x1: number, T: number): number | undefined {
  if (x1 <= 0 || x1 >= 1) return undefined;
  const [g1, g2] = lnG(x1, T);
  const mu1 = Math.log(x1) + g1;
  const mu2 = Math.log(1 - x1) + g2;
  let worst: number | undefined;
  let min = -1e-7;
  for (const z of TRIALS) {
    const [h1, h2] = lnG(z, T);
    const D = z * (Math.log(z) + h1 - mu1) + (1 - z) * (Math.log(1 - z) + h2 - mu2);
    if (D < min) {
      min = D;
      worst = z;
    }
  }
  return worst;
}
