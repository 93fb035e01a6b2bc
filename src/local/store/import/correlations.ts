// Temperature correlations of the source tables, each returning the value in the unit of its
// coefficients, and the T grid on which they are stored as data points.

/** Standard temperature, K. */
export const T298 = 298.15;

/**
 * The grid a correlation is evaluated on: 5 evenly spaced points from Tmin to Tmax inclusive, plus
 * 298.15 K when it lies inside the range. Temperatures are rounded to 0.01 K.
 */
export function tGrid(tmin: number, tmax: number, n = 5): number[] {
  if (!(tmin > 0) || !(tmax >= tmin)) return [];
  const ts = new Set<number>();
  if (tmax === tmin) ts.add(round2(tmin));
  else for (let i = 0; i < n; i++) ts.add(round2(tmin + ((tmax - tmin) * i) / (n - 1)));
  if (tmin <= T298 && T298 <= tmax) ts.add(T298);
  return [...ts].sort((a, b) => a - b);
}

const round2 = (x: number) => Math.round(x * 100) / 100;

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
