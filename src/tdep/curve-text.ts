// Vapour-pressure correlations kept with their coefficients. The build writes each pvap curve's
// comment as `<equation>, <tmin>–<tmax> K; A=…, B=…` (describeCurve), so the five sampled points
// of a curve carry the correlation itself; `chem vle` reads it back (parseCurve) and evaluates it
// inside its range only (so it works through any backend). The equations are the registry's
// (tdep/equations.ts), so the two sides cannot drift apart.
import { EQUATIONS } from './equations.js';

/** A vapour-pressure correlation read back from a comment. */
export interface PsatCurve {
  equation: string;
  coeffs: number[];
  tmin: number;
  tmax: number;
  /** Pa; only meaningful for tmin ≤ T ≤ tmax. */
  f: (T: number) => number;
}

/** The comment of a curve: equation, range and coefficients (Pa, K). */
export function describeCurve(equation: string, coeffs: readonly number[], tmin: number, tmax: number): string {
  const eq = EQUATIONS[equation];
  if (!eq || eq.coeffs.length !== coeffs.length) throw new Error(`vapour-pressure equation ${equation} takes ${eq?.coeffs.join(', ')}`);
  return `${equation}, ${tmin}–${tmax} K; ${eq.coeffs.map((k, i) => `${k}=${coeffs[i]}`).join(', ')}`;
}

const COMMENT = /^(.+), (-?[\d.e+-]+)\u2013(-?[\d.e+-]+) K; (.+)$/; // \u2013: the en dash of the range

/** The correlation a comment describes, or undefined (a comment of another form: a database built before coefficients were kept). */
export function parseCurve(c: string | undefined): PsatCurve | undefined {
  const m = c ? COMMENT.exec(c) : null;
  if (!m) return undefined;
  const [, equation, lo, hi, list] = m as unknown as [string, string, string, string, string];
  const eq = EQUATIONS[equation];
  if (!eq) return undefined;
  const pairs = new Map(list.split(', ').map((kv) => kv.split('=') as [string, string]));
  const coeffs = eq.coeffs.map((k) => Number(pairs.get(k)));
  const tmin = Number(lo);
  const tmax = Number(hi);
  if (coeffs.some((v) => !Number.isFinite(v)) || !(tmin > 0 && tmax >= tmin)) return undefined;
  return { equation, coeffs, tmin, tmax, f: (T) => eq.f(T, coeffs) };
}
