// The one N-component interface the flash solvers work against: ln φ_i of a phase at (x, T, P), for
// an equation of state (φ–φ, Peng–Robinson) and for modified Raoult's law (γ–φ: the liquid's
// φ_i = γ_i(x, T)·Psat_i(T)/P, the ideal gas's 1). T in K, P in kPa.
import { R } from '../units/registry.js';
import type { Activity } from './activity-models.js';
import { PengRobinson, type PrComponent } from './pr.js';

/** A phase's kind; `stable` lets the model take the root (or the phase, γ–φ) of least Gibbs energy. */
export type Kind = 'gas' | 'liquid' | 'stable';

export interface Fugacity {
  readonly n: number;
  /** True for an equation of state (one model for both phases: the stability test's trials take the stable root). */
  readonly eos: boolean;
  /** True where the liquid can split in two (NRTL, UNIQUAC, UNIFAC; PR's single fluid handles it by its roots). */
  readonly canSplit: boolean;
  /** ln φ_i and whether the phase is liquid-like (the root or the γ–φ phase taken). */
  lnPhi(x: readonly number[], T: number, P: number, kind: Kind): { lnPhi: number[]; liquid: boolean };
  /** K_i = y_i/x_i to start from (Wilson's for an EOS, Psat_i/P for modified Raoult). */
  kStart(T: number, P: number): number[];
  /** kg/m³ of a phase. */
  density(x: readonly number[], T: number, P: number, liquid: boolean): number;
}

/** Wilson's K (Wilson 1968): K_i = Pc_i/P · exp(5.373 (1 + ω_i)(1 − Tc_i/T)). */
export function wilsonK(comps: readonly PrComponent[], T: number, P: number): number[] {
  return comps.map((c) => (c.pc / P) * Math.exp(5.373 * (1 + c.omega) * (1 - c.tc / T)));
}

/** Peng–Robinson with kij: φ–φ. */
export function prFugacity(comps: readonly PrComponent[], kij: readonly (readonly number[])[]): Fugacity {
  const eos = new PengRobinson(comps, kij);
  return {
    n: comps.length,
    eos: true,
    canSplit: false,
    lnPhi(x, T, P, kind) {
      const ph = eos.phase(x, T, P, kind);
      return { lnPhi: ph.lnPhi, liquid: ph.liquidLike };
    },
    kStart: (T, P) => wilsonK(comps, T, P),
    density: (x, T, P, liquid) => eos.density(x, eos.phase(x, T, P, liquid ? 'liquid' : 'gas').v),
  };
}

export interface RaoultComponent {
  /** Pa at T (the component's vapour-pressure correlation); NaN outside its range. */
  psat: (T: number) => number;
  /** g/mol */
  mw: number;
}

/**
 * Modified Raoult's law: the liquid by an activity model (φ_i = γ_i Psat_i / P), the gas ideal. Its
 * density is the ideal gas's; a liquid's needs the pure liquids' densities (mixture-flash.ts): NaN here.
 */
export function raoultFugacity(comps: readonly RaoultComponent[], activity: Activity, canSplit: boolean): Fugacity {
  const n = comps.length;
  const zero = new Array<number>(n).fill(0);
  const liquidPhi = (x: readonly number[], T: number, P: number) => {
    const g = activity(x, T);
    return g.map((lg, i) => lg + Math.log(comps[i]!.psat(T) / (P * 1000)));
  };
  return {
    n,
    eos: false,
    canSplit,
    lnPhi(x, T, P, kind) {
      if (kind === 'gas') return { lnPhi: zero, liquid: false };
      const l = liquidPhi(x, T, P);
      if (kind === 'liquid') return { lnPhi: l, liquid: true };
      // the phase of least Gibbs energy at this composition: Σ x_i ln φ_i, liquid against ideal gas (0)
      const g = x.reduce((s, xi, i) => s + (xi > 0 ? xi * l[i]! : 0), 0);
      return g < 0 ? { lnPhi: l, liquid: true } : { lnPhi: zero, liquid: false };
    },
    kStart: (T, P) => comps.map((c) => c.psat(T) / (P * 1000)),
    density(x, T, P, liquid) {
      if (liquid) return NaN;
      const mw = x.reduce((s, xi, i) => s + xi * comps[i]!.mw, 0);
      return (P * mw) / (R * T); // ideal gas: P (Pa)·M (kg/mol)/(R T)
    },
  };
}
