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
