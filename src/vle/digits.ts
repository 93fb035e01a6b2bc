// The digits a phase diagram's numbers are worth (precision.ts holds the rules of records and predictions).
// The solver converges far finer (1e-9 K) than its inputs support: NRTL, UNIQUAC and Wilson parameters fitted
// to equilibrium data measured to ~0.01 K and 1e-4 in mole fraction (the DECHEMA tables' digits), and
// vapour-pressure correlations of 4-5 significant digits. So a computed temperature keeps 2 decimals (K),
// a pressure ESTIMATE_DIGITS significant digits, a computed mole fraction 4 decimals (the azeotrope's x1 is
// searched to 1e-4) and an activity coefficient 4 significant digits. Given compositions and conditions
// stay as asked.
import { ESTIMATE_DIGITS, roundDecimals, roundSignificant } from '../api/precision.js';
import type { VlePoint, VleResult } from './diagram.js';

const T_DECIMALS = 2;
const X_DECIMALS = 4;
const GAMMA_DIGITS = 4;

/** A rounding that passes null and undefined (no answer, not asked) through. */
const rounding =
  (f: (v: number) => number) =>
  <T extends number | null | undefined>(v: T): T =>
    (typeof v === 'number' ? f(v) : v) as T;
const t = rounding((v) => roundDecimals(v, T_DECIMALS));
const p = rounding((v) => roundSignificant(v, ESTIMATE_DIGITS));
const x = rounding((v) => roundDecimals(v, X_DECIMALS));
const gamma = rounding((v) => roundSignificant(v, GAMMA_DIGITS));

/** `r` with its computed numbers to the digits above (the fixed condition and the given compositions as they are). */
export function roundResult(r: VleResult): VleResult {
  const computed = (pt: VlePoint): VlePoint => ({
    ...pt,
    ...(r.kind === 'dew' ? { x1: x(pt.x1) } : { y1: x(pt.y1) }),
    ...('t' in pt ? { t: t(pt.t) } : {}),
    ...('p' in pt ? { p: p(pt.p) } : {}),
    gamma1: gamma(pt.gamma1),
    gamma2: gamma(pt.gamma2),
  });
  const az = r.azeotrope && { ...r.azeotrope, x1: x(r.azeotrope.x1), ...('t' in r.azeotrope ? { t: t(r.azeotrope.t) } : {}), ...('p' in r.azeotrope ? { p: p(r.azeotrope.p) } : {}) };
  return { ...r, points: r.points.map(computed), azeotrope: az };
}
