// The equations of the temperature-dependent correlations, and their registry: one table, by the
// label a stored correlation names, shared by the import (which samples a record's points from it),
// chem state (which evaluates it at any T), chem vle and the plots. A curve whose label is not here, or
// whose coefficients do not fit it, fails the build (`equation`), never a query.
import { R } from '../units/registry.js';

// DIPPR equations (Perry's Handbook, 8th ed., section 2; ChemSep uses the same numbers).
export const dippr100 = (T: number, A: number, B = 0, C = 0, D = 0, E = 0) => A + T * (B + T * (C + T * (D + T * E)));
export const dippr101 = (T: number, A: number, B: number, C = 0, D = 0, E = 0) =>
  Math.exp(A + B / T + C * Math.log(T) + D * T ** E);
export const dippr102 = (T: number, A: number, B: number, C = 0, D = 0) => (A * T ** B) / (1 + C / T + D / (T * T));
export function dippr106(T: number, Tc: number, A: number, B: number, C = 0, D = 0, E = 0): number {
  const Tr = T / Tc;
  return A * (1 - Tr) ** (B + Tr * (C + Tr * (D + Tr * E)));
}
/** ChemSep equation 16: A + exp(B/T + C + D·T + E·T²). */
export const chemsep16 = (T: number, A: number, B: number, C = 0, D = 0, E = 0) =>
  A + Math.exp(B / T + C + D * T + E * T * T);

/** VDI Heat Atlas PPDS9 liquid viscosity: E·exp(A·x^(1/3) + B·x^(4/3)), x = (C−T)/(T−D). */
export function ppds9(T: number, A: number, B: number, C: number, D: number, E: number): number {
  const x = (C - T) / (T - D);
  if (x < 0) return NaN;
  return E * Math.exp(A * Math.cbrt(x) + B * x ** (4 / 3));
}

/** VDI Heat Atlas PPDS12 enthalpy of vaporization: R·Tc·(Aτ^⅓ + Bτ^⅔ + Cτ + Dτ² + Eτ⁶), τ = 1 − T/Tc. */
export function ppds12(T: number, Tc: number, R: number, A: number, B: number, C: number, D: number, E: number): number {
  const tau = 1 - T / Tc;
  if (tau < 0) return NaN;
  return R * Tc * (A * Math.cbrt(tau) + B * tau ** (2 / 3) + C * tau + D * tau ** 2 + E * tau ** 6);
}

/**
 * Shomate heat capacity with the coefficients as CalebBell/chemicals stores them, already rescaled
 * to T in K: A + B·T + C·T² + D·T³ + E/T² (the data README's t = T/1000 does not hold for this
 * file: water's 500–1700 K gas range gives NIST's 41.27 J/(mol×K) at 1000 K only with T in K).
 */
export function shomate(T: number, A: number, B: number, C: number, D: number, E: number): number {
  return A + T * (B + T * (C + T * D)) + E / (T * T);
}

/** TRC ideal-gas heat capacity over R (Frenkel' et al. 1994, as CalebBell/chemicals `TRCCp`). */
export function trcCpOverR(T: number, a: readonly number[]): number {
  const [a0, a1, a2, a3, a4, a5, a6, a7] = a as [number, number, number, number, number, number, number, number];
  const y = T <= a7 ? 0 : (T - a7) / (T + a6);
  const y2 = y * y;
  const dT = T - a7;
  return a0 + (a1 / (T * T)) * Math.exp(-a2 / T) + y2 * (a3 + (a4 - a5 / (dT * dT)) * y2 * y2 * y2);
}

/** Alibakhshi (2017) one-coefficient enthalpy of vaporization, J/mol. */
export function alibakhshi(T: number, Tc: number, C: number, R: number): number {
  return Math.cbrt(4.5 * Math.PI * 6.02214076e23) * 4.2e-7 * (Tc - 6) - (R / 2) * T * Math.log(T) + C * T;
}

// Correlations of the vapour-pressure, density, surface-tension, liquid heat-capacity and permittivity
// tables, in the forms CalebBell/chemicals evaluates them (../shared/data/README-new-tables.md).

/** Antoine: log_base(P) = A − B/(T + C); 0 where T + C ≤ 0 (as the library). */
export function antoine(T: number, A: number, B: number, C: number, base = 10): number {
  if (T + C <= 0) return 0;
  return base ** (A - B / (T + C));
}

/** TRC extended Antoine: Antoine (base 10) + 0.43429·xⁿ + E·x⁸ + F·x¹², x = max((T − to − 273.15)/Tc, 0), to in °C. */
export function trcAntoineExtended(T: number, Tc: number, to: number, A: number, B: number, C: number, n: number, E: number, F: number): number {
  const x = Math.max((T - to - 273.15) / Tc, 0);
  return 10 ** (A - B / (T + C) + 0.43429 * x ** n + E * x ** 8 + F * x ** 12);
}

/** Wagner "2.5, 5": ln(P/Pc) = (aτ + bτ^1.5 + cτ^2.5 + dτ^5)/Tr, Tr capped at 1. */
export function wagner(T: number, Tc: number, Pc: number, a: number, b: number, c: number, d: number): number {
  const Tr = Math.min(T / Tc, 1);
  const tau = 1 - Tr;
  return Pc * Math.exp((a * tau + b * tau ** 1.5 + c * tau ** 2.5 + d * tau ** 5) / Tr);
}

/** Wagner original "3, 6": ln(P/Pc) = (aτ + bτ^1.5 + cτ³ + dτ⁶)/Tr, Tr capped at 1. */
export function wagnerOriginal(T: number, Tc: number, Pc: number, a: number, b: number, c: number, d: number): number {
  const Tr = Math.min(T / Tc, 1);
  const tau = 1 - Tr;
  return Pc * Math.exp((a * tau + b * tau ** 1.5 + c * tau ** 3 + d * tau ** 6) / Tr);
}

/** DIPPR eq. 105: A / B^(1 + (1 − T/C)^D). */
export const dippr105 = (T: number, A: number, B: number, C: number, D: number) => A / B ** (1 + (1 - T / C) ** D);

/** DIPPR eq. 114 (liquid Cp near Tc), τ = 1 − T/Tc. */
export function dippr114(T: number, Tc: number, A: number, B: number, C: number, D: number): number {
  const t = 1 - T / Tc;
  return (A * A) / t + B - 2 * A * C * t - A * D * t ** 2 - (C * C * t ** 3) / 3 - (C * D * t ** 4) / 2 - (D * D * t ** 5) / 5;
}

/** VDI PPDS 10 saturated liquid density, kg/m³: ρc + Aτ^0.35 + Bτ^(2/3) + Cτ + Dτ^(4/3), τ = 1 − T/Tc (0 at T ≥ Tc). */
export function vdiPpdsDensity(T: number, Tc: number, rhoc: number, A: number, B: number, C: number, D: number): number {
  const tau = T < Tc ? 1 - T / Tc : 0;
  return rhoc + A * tau ** 0.35 + B * tau ** (2 / 3) + C * tau + D * tau ** (4 / 3);
}

/** Hankinson–Thomson COSTALD saturated liquid molar volume (unit of Vchar). */
export function costald(T: number, Tc: number, Vchar: number, omega: number): number {
  const Tr = T / Tc;
  const tau = 1 - Tr;
  const V0 = 1 - 1.52816 * Math.cbrt(tau) + 1.43907 * tau ** (2 / 3) - 0.81446 * tau + 0.190454 * tau ** (4 / 3);
  const Vd = (-0.296123 + Tr * (0.386914 + Tr * (-0.0427258 - 0.0480645 * Tr))) / (Tr - 1.00001);
  return Vchar * V0 * (1 - omega * Vd);
}

/** Rackett saturated liquid molar volume, m³/mol (Tc K, Pc Pa): (R·Tc/Pc)·Z_RA^(1 + (1 − T/Tc)^(2/7)). */
export const rackett = (T: number, Tc: number, Pc: number, Zra: number, R: number) => ((R * Tc) / Pc) * Zra ** (1 + (1 - T / Tc) ** (2 / 7));

/** Mulero–Cachadiña (REFPROP) surface tension: Σ σi·(1 − T/Tc)^ni over the terms with ni ≠ 0; 0 at T ≥ Tc. */
export function refpropSigma(T: number, Tc: number, terms: readonly [number, number][]): number {
  if (T >= Tc) return 0;
  const x = 1 - T / Tc;
  return terms.reduce((s, [sigma, n]) => (n === 0 ? s : s + sigma * x ** n), 0);
}

/** Somayajulu surface tension, mN/m: A·X^(5/4) + B·X^(9/4) + C·X^(13/4), X = (Tc − T)/Tc; 0 at T ≥ Tc. */
export function somayajulu(T: number, Tc: number, A: number, B: number, C: number): number {
  if (T >= Tc) return 0;
  const X = (Tc - T) / Tc;
  return A * X ** 1.25 + B * X ** 2.25 + C * X ** 3.25;
}

/** Jasper surface tension, mN/m: a − b·(T − 273.15), clipped at 0. */
export const jasper = (T: number, a: number, b: number) => Math.max(a - b * (T - 273.15), 0);

/** Zabransky cubic spline segment, Cp/R: A1 + A2·x + A3·x² + A4·x³, x = T/100 K. */
export function zabranskyCubic(T: number, a1: number, a2: number, a3: number, a4: number): number {
  const x = T / 100;
  return a1 + x * (a2 + x * (a3 + x * a4));
}

/** Zabransky quasi-polynomial, Cp/R: A1·ln(1 − Tr) + A2/(1 − Tr) + A3 + A4·Tr + A5·Tr² + A6·Tr³. */
export function zabranskyQuasi(T: number, Tc: number, a: readonly number[]): number {
  const [a1, a2, a3, a4, a5, a6] = a as [number, number, number, number, number, number];
  const Tr = T / Tc;
  return a1 * Math.log(1 - Tr) + a2 / (1 - Tr) + a3 + Tr * (a4 + Tr * (a5 + Tr * a6));
}

/** One equation of the registry. */
export interface Equation {
  /** Coefficient names, in the order `f` takes them ('…' last: any number more, as pairs). */
  coeffs: readonly string[];
  /** The value at T (K), in the unit of the curve that names the equation. */
  f: (T: number, c: readonly number[]) => number;
  /** The curve is a table of measured values joined by straight lines (an evaluation between nodes is interpolated). */
  tabulated?: true;
}

const n = (c: readonly number[], i: number) => c[i]!;

/**
 * IAPWS-IF97's saturation-pressure equation of water (region 4, IAPWS R7-97(2012) eq. 30), Pa, from its ten
 * coefficients n1…n10; consistent with IAPWS-95 to within 0.025 % from 273.15 K to the critical point.
 */
export function if97SaturationPressure(T: number, n: readonly number[]): number {
  const th = T + n[8]! / (T - n[9]!);
  const A = th * th + n[0]! * th + n[1]!;
  const B = n[2]! * th * th + n[3]! * th + n[4]!;
  const C = n[5]! * th * th + n[6]! * th + n[7]!;
  return 1e6 * ((2 * C) / (-B + Math.sqrt(B * B - 4 * A * C))) ** 4;
}

/** Linear interpolation in a table of (T, value) pairs sorted by T, flat beyond its ends. */
export function tableValue(T: number, pairs: readonly number[]): number {
  const m = pairs.length / 2;
  if (T <= pairs[0]!) return pairs[1]!;
  for (let i = 1; i < m; i++) {
    const t1 = pairs[2 * i]!;
    if (T <= t1) {
      const t0 = pairs[2 * i - 2]!;
      const v0 = pairs[2 * i - 1]!;
      return v0 + ((pairs[2 * i + 1]! - v0) * (T - t0)) / (t1 - t0);
    }
  }
  return pairs[2 * m - 1]!;
}

/**
 * Every equation a stored correlation may name, by its label. Where one source gives a compound two
 * curves of a property, chem state takes the one whose equation comes first here (for vapour pressure,
 * thermo's order: Wagner, extended Antoine, DIPPR 101, Antoine).
 */
export const EQUATIONS: Readonly<Record<string, Equation>> = {
  // vapour and sublimation pressure, Pa
  'IAPWS-IF97 saturation equation': { coeffs: ['n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'n8', 'n9', 'n10'], f: (T, c) => if97SaturationPressure(T, c) },
  'Wagner equation (3, 6)': { coeffs: ['a', 'b', 'c', 'd', 'Tc', 'Pc'], f: (T, c) => wagnerOriginal(T, n(c, 4), n(c, 5), n(c, 0), n(c, 1), n(c, 2), n(c, 3)) },
  'Wagner equation (2.5, 5)': { coeffs: ['a', 'b', 'c', 'd', 'Tc', 'Pc'], f: (T, c) => wagner(T, n(c, 4), n(c, 5), n(c, 0), n(c, 1), n(c, 2), n(c, 3)) },
  'TRC extended Antoine equation': {
    coeffs: ['A', 'B', 'C', 'Tc', 'to', 'n', 'E', 'F'],
    f: (T, c) => trcAntoineExtended(T, n(c, 3), n(c, 4), n(c, 0), n(c, 1), n(c, 2), n(c, 5), n(c, 6), n(c, 7)),
  },
  'DIPPR equation 101': { coeffs: ['A', 'B', 'C', 'D', 'E'], f: (T, c) => dippr101(T, n(c, 0), n(c, 1), n(c, 2), n(c, 3), n(c, 4)) },
  'DIPPR equation 101 (ln Pa)': { coeffs: ['A', 'B', 'C', 'D', 'E'], f: (T, c) => dippr101(T, n(c, 0), n(c, 1), n(c, 2), n(c, 3), n(c, 4)) },
  'Antoine equation (log10 Pa)': { coeffs: ['A', 'B', 'C'], f: (T, c) => antoine(T, n(c, 0), n(c, 1), n(c, 2), 10) },
  'Antoine equation (ln Pa)': { coeffs: ['A', 'B', 'C'], f: (T, c) => antoine(T, n(c, 0), n(c, 1), n(c, 2), Math.E) },
  // DIPPR and VDI (PPDS) forms of any property
  'DIPPR equation 100': { coeffs: ['A', 'B', 'C', 'D', 'E'], f: (T, c) => dippr100(T, n(c, 0), n(c, 1), n(c, 2), n(c, 3), n(c, 4)) },
  'DIPPR equation 102': { coeffs: ['A', 'B', 'C', 'D'], f: (T, c) => dippr102(T, n(c, 0), n(c, 1), n(c, 2), n(c, 3)) },
  'DIPPR equation 106': { coeffs: ['Tc', 'A', 'B', 'C', 'D', 'E'], f: (T, c) => dippr106(T, n(c, 0), n(c, 1), n(c, 2), n(c, 3), n(c, 4), n(c, 5)) },
  'DIPPR equation 114': { coeffs: ['Tc', 'A', 'B', 'C', 'D'], f: (T, c) => dippr114(T, n(c, 0), n(c, 1), n(c, 2), n(c, 3), n(c, 4)) },
  'ChemSep equation 16': { coeffs: ['A', 'B', 'C', 'D', 'E'], f: (T, c) => chemsep16(T, n(c, 0), n(c, 1), n(c, 2), n(c, 3), n(c, 4)) },
  'PPDS equation 9': { coeffs: ['A', 'B', 'C', 'D', 'E'], f: (T, c) => ppds9(T, n(c, 0), n(c, 1), n(c, 2), n(c, 3), n(c, 4)) },
  'PPDS equation 12': { coeffs: ['Tc', 'A', 'B', 'C', 'D', 'E'], f: (T, c) => ppds12(T, n(c, 0), R, n(c, 1), n(c, 2), n(c, 3), n(c, 4), n(c, 5)) },
  // liquid density, kg/m³ (molar forms with the molar mass the import used)
  'DIPPR equation 105 (kg/m³)': { coeffs: ['A', 'B', 'C', 'D', 'MW'], f: (T, c) => (dippr105(T, n(c, 0), n(c, 1), n(c, 2), n(c, 3)) * n(c, 4)) / 1000 },
  'PPDS equation 10': { coeffs: ['Tc', 'rhoc', 'A', 'B', 'C', 'D'], f: (T, c) => vdiPpdsDensity(T, n(c, 0), n(c, 1), n(c, 2), n(c, 3), n(c, 4), n(c, 5)) },
  'COSTALD (kg/m³)': { coeffs: ['Tc', 'Vchar', 'omega', 'MW'], f: (T, c) => n(c, 3) / 1000 / costald(T, n(c, 0), n(c, 1), n(c, 2)) },
  'Rackett equation (kg/m³)': { coeffs: ['Tc', 'Pc', 'Zra', 'MW'], f: (T, c) => n(c, 3) / 1000 / rackett(T, n(c, 0), n(c, 1), n(c, 2), R) },
  'linear in T': { coeffs: ['v0', 'k', 'T0'], f: (T, c) => n(c, 0) - n(c, 1) * (T - n(c, 2)) },
  // surface tension
  'Mulero–Cachadiña equation': {
    coeffs: ['Tc', 'sigma0', 'n0', 'sigma1', 'n1', 'sigma2', 'n2'],
    f: (T, c) => refpropSigma(T, n(c, 0), [[n(c, 1), n(c, 2)], [n(c, 3), n(c, 4)], [n(c, 5), n(c, 6)]]),
  },
  'Somayajulu equation': { coeffs: ['Tc', 'A', 'B', 'C'], f: (T, c) => somayajulu(T, n(c, 0), n(c, 1), n(c, 2), n(c, 3)) },
  'Jasper linear equation': { coeffs: ['a', 'b'], f: (T, c) => jasper(T, n(c, 0), n(c, 1)) },
  // heat capacities, J/(mol×K) unless the curve says another unit
  'Zabransky cubic spline': { coeffs: ['A1', 'A2', 'A3', 'A4'], f: (T, c) => R * zabranskyCubic(T, n(c, 0), n(c, 1), n(c, 2), n(c, 3)) },
  'Zabransky quasi-polynomial': { coeffs: ['Tc', 'A1', 'A2', 'A3', 'A4', 'A5', 'A6'], f: (T, c) => R * zabranskyQuasi(T, n(c, 0), c.slice(1)) },
  'Cp/R polynomial': { coeffs: ['a0', 'a1', 'a2', 'a3', 'a4'], f: (T, c) => R * dippr100(T, n(c, 0), n(c, 1), n(c, 2), n(c, 3), n(c, 4)) },
  'TRC Cp equation': { coeffs: ['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7'], f: (T, c) => R * trcCpOverR(T, c) },
  'Shomate equation': { coeffs: ['A', 'B', 'C', 'D', 'E'], f: (T, c) => shomate(T, n(c, 0), n(c, 1), n(c, 2), n(c, 3), n(c, 4)) },
  "Perry's Table 2-151 form": { coeffs: ['a', 'b', 'c', 'd'], f: (T, c) => n(c, 0) + n(c, 1) * T + n(c, 2) / (T * T) + n(c, 3) * T * T },
  // enthalpy of vaporization, J/mol
  'Alibakhshi model': { coeffs: ['Tc', 'C'], f: (T, c) => alibakhshi(T, n(c, 0), n(c, 1), R) },
  // a table of values (T, v, T, v, …), joined by straight lines
  'table': { coeffs: ['T', 'v', '…'], f: (T, c) => tableValue(T, c), tabulated: true },
};

/** The equation a label names; throws for a label or coefficient count it does not take (a build error). */
export function equation(label: string, coeffs: readonly number[]): Equation {
  const eq = EQUATIONS[label];
  if (!eq) throw new Error(`correlation equation "${label}" is not in the registry (src/tdep/equations.ts)`);
  const open = eq.coeffs[eq.coeffs.length - 1] === '…';
  const ok = open ? coeffs.length >= 4 && coeffs.length % 2 === 0 : coeffs.length === eq.coeffs.length;
  if (!ok || coeffs.some((x) => !Number.isFinite(x))) throw new Error(`correlation equation "${label}" takes ${eq.coeffs.join(', ')}; got ${coeffs.length} numbers`);
  return eq;
}

/** f(T) of a correlation (checked against the registry once). */
export function curveFunction(label: string, coeffs: readonly number[]): (T: number) => number {
  const { f } = equation(label, coeffs);
  return (T) => f(T, coeffs);
}

/** The position of a label in the registry: lower is preferred within one source. */
export const EQUATION_ORDER: ReadonlyMap<string, number> = new Map(Object.keys(EQUATIONS).map((k, i) => [k, i]));
