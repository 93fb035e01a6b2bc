// Binary activity-coefficient models with the parameters of a mixture record, in the record's own
// equations and units (mixtures-models.ts): NRTL, UNIQUAC and Wilson as ChemSep/DECHEMA give them
// (UNIQUAC with the components' r and q), and the ideal solution. Index 1 and 2 are the components in the order the user named them (the record's
// `_12`/`_21` are swapped when its first component is the user's second).
import type { ParameterSet } from '../api/types.js';

export const MODELS = ['nrtl', 'uniquac', 'wilson', 'ideal'] as const;
export type ModelName = (typeof MODELS)[number];

/** The record's name of each model. */
export const RECORD_MODEL: Record<ModelName, string> = { nrtl: 'NRTL', uniquac: 'UNIQUAC', wilson: 'Wilson', ideal: 'ideal' };

/** ln γ1 and ln γ2 at mole fraction x1 and temperature T (K). */
export type LnGamma = (x1: number, T: number) => [number, number];

/** True for models that can predict two liquid phases (the stability test applies). */
export const CAN_SPLIT: Record<ModelName, boolean> = { nrtl: true, uniquac: true, wilson: false, ideal: false };

/** The parameter `name_ij` of the set with i, j in the user's order (`swap`: the record's 1 is the user's 2). */
function param(set: ParameterSet, name: string, i: 1 | 2, swap: boolean): number {
  const key = swap ? `${name}_${3 - i}${i}` : `${name}_${i}${3 - i}`;
  return set.params[key] ?? 0;
}

/** NRTL: tau_ij = b_ij/T, G_ij = exp(−alpha·tau_ij). */
export function nrtl(set: ParameterSet, swap: boolean): LnGamma {
  const b12 = param(set, 'b', 1, swap);
  const b21 = param(set, 'b', 2, swap);
  const alpha = set.params.alpha_12 ?? 0.3;
  return (x1, T) => {
    const x2 = 1 - x1;
    const t12 = b12 / T;
    const t21 = b21 / T;
    const G12 = Math.exp(-alpha * t12);
    const G21 = Math.exp(-alpha * t21);
    const d1 = x1 + x2 * G21;
    const d2 = x2 + x1 * G12;
    return [
      x2 * x2 * (t21 * (G21 / d1) ** 2 + (t12 * G12) / (d2 * d2)),
      x1 * x1 * (t12 * (G12 / d2) ** 2 + (t21 * G21) / (d1 * d1)),
    ];
  };
}

/** Wilson: Lambda_ij = exp(a_ij + b_ij/T). */
export function wilson(set: ParameterSet, swap: boolean): LnGamma {
  const a12 = param(set, 'a', 1, swap);
  const a21 = param(set, 'a', 2, swap);
  const b12 = param(set, 'b', 1, swap);
  const b21 = param(set, 'b', 2, swap);
  return (x1, T) => {
    const x2 = 1 - x1;
    const L12 = Math.exp(a12 + b12 / T);
    const L21 = Math.exp(a21 + b21 / T);
    const s1 = x1 + L12 * x2;
    const s2 = x2 + L21 * x1;
    const d = L12 / s1 - L21 / s2;
    return [-Math.log(s1) + x2 * d, -Math.log(s2) - x1 * d];
  };
}

/** The pure-component volume and area parameters of UNIQUAC. */
export interface RQ {
  r: number;
  q: number;
}

/**
 * UNIQUAC (Abrams & Prausnitz 1975, coordination number z = 10): the combinatorial part from r and
 * q, the residual part with tau_ij = exp(b_ij/T); Φ_i/x_i and θ_i/Φ_i are written so that they stay
 * finite at infinite dilution.
 */
export function uniquac(set: ParameterSet, swap: boolean, [c1, c2]: [RQ, RQ]): LnGamma {
  const b12 = param(set, 'b', 1, swap);
  const b21 = param(set, 'b', 2, swap);
  const l = (c: RQ) => 5 * (c.r - c.q) - (c.r - 1);
  const [l1, l2] = [l(c1), l(c2)];
  return (x1, T) => {
    const x2 = 1 - x1;
    const t12 = Math.exp(b12 / T);
    const t21 = Math.exp(b21 / T);
    const rx = x1 * c1.r + x2 * c2.r;
    const qx = x1 * c1.q + x2 * c2.q;
    const [phi1, phi2] = [(x1 * c1.r) / rx, (x2 * c2.r) / rx];
    const [th1, th2] = [(x1 * c1.q) / qx, (x2 * c2.q) / qx];
    const s1 = th1 + th2 * t21;
    const s2 = th2 + th1 * t12;
    const comb1 = Math.log(c1.r / rx) + 5 * c1.q * Math.log((c1.q / qx) / (c1.r / rx)) + phi2 * (l1 - (c1.r / c2.r) * l2);
    const comb2 = Math.log(c2.r / rx) + 5 * c2.q * Math.log((c2.q / qx) / (c2.r / rx)) + phi1 * (l2 - (c2.r / c1.r) * l1);
    const res1 = -c1.q * Math.log(s1) + th2 * c1.q * (t21 / s1 - t12 / s2);
    const res2 = -c2.q * Math.log(s2) + th1 * c2.q * (t12 / s2 - t21 / s1);
    return [comb1 + res1, comb2 + res2];
  };
}

export const ideal: LnGamma = () => [0, 0];

/** The activity model of a parameter set (undefined for a model this module cannot evaluate: UNIQUAC without r and q). */
export function lnGammaOf(model: ModelName, set: ParameterSet | undefined, swap: boolean, rq?: [RQ, RQ]): LnGamma | undefined {
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
