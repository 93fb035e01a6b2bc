// The phase of a pure compound at (T, P), its gas density, and the temperature at which it boils at P.
import { roundSignificant } from '../api/precision.js';
import { R } from '../units/registry.js';
import { brent } from '../util/roots.js';
import type { SourceDescriptor, State, StatePoint } from '../api/types.js';

export type Phase = NonNullable<State['phase']>;

/** A fixed property's recommended value and its source (the record's [0]). */
export interface Constant {
  v: number;
  s: string;
}

/** The constants the phase rule and the gas density need, in registry units (K, kPa). */
export interface Constants {
  tf?: Constant;
  tb?: Constant;
  tc?: Constant;
  pc?: Constant;
  af?: Constant;
  /** g/mol */
  mw?: number;
}

/**
 * The phase at (T, P kPa) given the vapour pressure there: supercritical at or above Tc and Pc, gas at
 * or above Tc below Pc; below Tc, solid under the normal melting point, else liquid where P is above
 * the vapour pressure and gas where it is not. Undefined when the vapour pressure is unknown.
 */
export function phaseAt(T: number, P: number, k: Constants, psat: number | undefined): Phase | undefined {
  if (k.tc && T >= k.tc.v) return k.pc && P >= k.pc.v ? 'supercritical' : 'gas';
  if (k.tf && T < k.tf.v) return 'solid';
  if (psat === undefined) return undefined;
  return P > psat ? 'liquid' : 'gas';
}

/**
 * The vapour pressure (kPa) on the straight line of ln P against 1/T through the normal boiling point
 * and the critical point (thermo's BOILING_CRITICAL): only to tell liquid from gas where no source covers T.
 */
export function boilingCriticalPsat(T: number, k: Constants): number | undefined {
  if (!k.tb || !k.tc || !k.pc || !(k.tc.v > k.tb.v)) return undefined;
  const slope = Math.log(k.pc.v / 101.325) / (1 / k.tc.v - 1 / k.tb.v);
  return 101.325 * Math.exp(slope * (1 / T - 1 / k.tb.v));
}

/** Real roots of x³ + a x² + b x + c (trigonometric or Cardano form). */
function cubicRoots(a: number, b: number, c: number): number[] {
  const q = (a * a - 3 * b) / 9;
  const r = (2 * a ** 3 - 9 * a * b + 27 * c) / 54;
  if (r * r < q ** 3) {
    const th = Math.acos(r / Math.sqrt(q ** 3));
    const m = -2 * Math.sqrt(q);
    return [m * Math.cos(th / 3) - a / 3, m * Math.cos((th + 2 * Math.PI) / 3) - a / 3, m * Math.cos((th - 2 * Math.PI) / 3) - a / 3];
  }
  const A = -Math.sign(r) * Math.cbrt(Math.abs(r) + Math.sqrt(r * r - q ** 3));
  const B = A === 0 ? 0 : q / A;
  return [A + B - a / 3];
}

/** Peng–Robinson's Ωa and Ωb to full precision (the roots of their cubic, as thermo takes them; 0.45724 and 0.07780 are their roundings). */
const OMEGA_A = 0.4572355289213822;
const OMEGA_B = 0.07779607390388846;

/**
 * The compressibility factor of the gas by Peng & Robinson (Ind. Eng. Chem. Fundam. 15 (1976) 59): the
 * largest real root of the cubic in Z. T and Tc in K, P and Pc in the same unit.
 */
export function pengRobinsonZ(T: number, P: number, Tc: number, Pc: number, omega: number): number {
  const kappa = 0.37464 + 1.54226 * omega - 0.26992 * omega * omega;
  const alpha = (1 + kappa * (1 - Math.sqrt(T / Tc))) ** 2;
  const A = (OMEGA_A * alpha * (Tc / T) ** 2 * P) / Pc;
  const B = (OMEGA_B * (Tc / T) * P) / Pc;
  const roots = cubicRoots(-(1 - B), A - 3 * B * B - 2 * B, -(A * B - B * B - B ** 3)).filter((z) => z > B);
  return Math.max(...roots);
}

/** The sources a gas density names. */
export const GAS_SOURCES: Readonly<Record<string, SourceDescriptor>> = {
  'peng-robinson': { db: 'Peng–Robinson equation of state (chem state)', url: 'https://doi.org/10.1021/i160057a011' },
  'ideal-gas': { db: 'ideal gas law (chem state)', url: 'https://en.wikipedia.org/wiki/Ideal_gas_law' },
};

/** Significant digits of a gas density: Peng–Robinson's few-per-cent accuracy away from saturation. */
const GAS_DIGITS = 4;

/** The gas density (kg/m³) at (T K, P kPa): Peng–Robinson with Tc, Pc and ω, else the ideal gas. */
export function gasDensity(T: number, P: number, k: Constants): StatePoint | undefined {
  if (!k.mw) return undefined;
  const { tc, pc, af } = k;
  const pr = tc && pc && af;
  const Z = pr ? pengRobinsonZ(T, P, tc.v, pc.v, af.v) : 1;
  if (!Number.isFinite(Z) || Z <= 0) return undefined;
  const v = roundSignificant((P * 1000 * k.mw) / 1000 / (Z * R * T), GAS_DIGITS);
  return pr
    ? { u: 'rhog', v, s: 'peng-robinson', t: T, calc: true, c: `Peng–Robinson, Z = ${roundSignificant(Z, 4)} with Tc ${tc.v} K (${tc.s}), Pc ${pc.v} kPa (${pc.s}), ω ${af.v} (${af.s})` }
    : { u: 'rhog', v, s: 'ideal-gas', t: T, calc: true, c: `ideal gas, Z = 1 (no Tc, Pc and ω for Peng–Robinson), M ${k.mw} g/mol` };
}

/**
 * The temperature in [lo, hi] where f (a vapour pressure in kPa, rising with T) equals P, by Brent's method on
 * ln f − ln P (vle/roots.ts) to 1e-9 K; undefined when P is outside f's values at the ends.
 */
export function solveSaturation(f: (T: number) => number, P: number, lo: number, hi: number): number | undefined {
  const t = brent((T) => Math.log(f(T)) - Math.log(P), lo, hi, 1e-9);
  return Number.isFinite(t) ? t : undefined;
}
