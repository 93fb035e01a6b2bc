// Vapour-pressure correlations kept with their coefficients. The build writes each pvap curve's
// comment as `<equation>, <tmin>–<tmax> K; A=…, B=…` (describeCurve), so the five sampled points
// of a curve carry the correlation itself; `chem vle` reads it back (parseCurve) and evaluates it
// inside its range only. One table of equations serves both sides, so they cannot drift apart.
import { antoine, dippr101, trcAntoineExtended, wagner, wagnerOriginal } from '../local/store/import/correlations.js';

interface Equation {
  /** Coefficient names, in the order `f` takes them. */
  coeffs: readonly string[];
  /** Pa at T (K). */
  f: (T: number, c: readonly number[]) => number;
}

const n = (c: readonly number[], i: number) => c[i]!;

/** Every vapour-pressure equation of the store, by the label its curves' comments start with. */
export const PSAT_EQUATIONS: Readonly<Record<string, Equation>> = {
  'Antoine equation (log10 Pa)': { coeffs: ['A', 'B', 'C'], f: (T, c) => antoine(T, n(c, 0), n(c, 1), n(c, 2), 10) },
  'Antoine equation (ln Pa)': { coeffs: ['A', 'B', 'C'], f: (T, c) => antoine(T, n(c, 0), n(c, 1), n(c, 2), Math.E) },
  'TRC extended Antoine equation': {
    coeffs: ['A', 'B', 'C', 'Tc', 'to', 'n', 'E', 'F'],
    f: (T, c) => trcAntoineExtended(T, n(c, 3), n(c, 4), n(c, 0), n(c, 1), n(c, 2), n(c, 5), n(c, 6), n(c, 7)),
  },
  'Wagner equation (2.5, 5)': { coeffs: ['a', 'b', 'c', 'd', 'Tc', 'Pc'], f: (T, c) => wagner(T, n(c, 4), n(c, 5), n(c, 0), n(c, 1), n(c, 2), n(c, 3)) },
  'Wagner equation (3, 6)': { coeffs: ['a', 'b', 'c', 'd', 'Tc', 'Pc'], f: (T, c) => wagnerOriginal(T, n(c, 4), n(c, 5), n(c, 0), n(c, 1), n(c, 2), n(c, 3)) },
  'DIPPR equation 101': { coeffs: ['A', 'B', 'C', 'D', 'E'], f: (T, c) => dippr101(T, n(c, 0), n(c, 1), n(c, 2), n(c, 3), n(c, 4)) },
  'DIPPR equation 101 (ln Pa)': { coeffs: ['A', 'B', 'C', 'D', 'E'], f: (T, c) => dippr101(T, n(c, 0), n(c, 1), n(c, 2), n(c, 3), n(c, 4)) },
};

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
  const eq = PSAT_EQUATIONS[equation];
  if (!eq || eq.coeffs.length !== coeffs.length) throw new Error(`vapour-pressure equation ${equation} takes ${eq?.coeffs.join(', ')}`);
  return `${equation}, ${tmin}–${tmax} K; ${eq.coeffs.map((k, i) => `${k}=${coeffs[i]}`).join(', ')}`;
}

const COMMENT = /^(.+), (-?[\d.e+-]+)\u2013(-?[\d.e+-]+) K; (.+)$/; // \u2013: the en dash of the range

/** The correlation a comment describes, or undefined (a comment of another form: a database built before coefficients were kept). */
export function parseCurve(c: string | undefined): PsatCurve | undefined {
  const m = c ? COMMENT.exec(c) : null;
  if (!m) return undefined;
  const [, equation, lo, hi, list] = m as unknown as [string, string, string, string, string];
  const eq = PSAT_EQUATIONS[equation];
  if (!eq) return undefined;
  const pairs = new Map(list.split(', ').map((kv) => kv.split('=') as [string, string]));
  const coeffs = eq.coeffs.map((k) => Number(pairs.get(k)));
  const tmin = Number(lo);
  const tmax = Number(hi);
  if (coeffs.some((v) => !Number.isFinite(v)) || !(tmin > 0 && tmax >= tmin)) return undefined;
  return { equation, coeffs, tmin, tmax, f: (T) => eq.f(T, coeffs) };
}
