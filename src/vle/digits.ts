// The digits a phase diagram's numbers are worth (precision.ts holds the rules of records and predictions).
// The solver converges far finer (1e-9 K) than its inputs support: NRTL, UNIQUAC and Wilson parameters fitted
// to equilibrium data measured to ~0.01 K and 1e-4 in mole fraction (the DECHEMA tables' digits), and
// vapour-pressure correlations of 4-5 significant digits. So a computed temperature keeps 2 decimals (K),
// a pressure ESTIMATE_DIGITS significant digits, a computed mole fraction 4 decimals (the azeotrope's x1 is
// searched to 1e-4) and an activity coefficient 4 significant digits. Given compositions and conditions
// stay as asked.
import { ESTIMATE_DIGITS, roundDecimals, roundSignificant } from '../api/precision.js';
import type { VlePoint, VleResult } from './types.js';

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

/**
 * The two liquids' x1 (a three-phase point's): a liquid's minor component to GAMMA_DIGITS significant digits,
 * so a solubility of 4e-4 (water in benzene) keeps its digits where 4 decimals would leave one.
 */
const minor = (v: number) => (v <= 0.5 ? roundSignificant(v, GAMMA_DIGITS) : roundSignificant(1 - roundSignificant(1 - v, GAMMA_DIGITS), 12));
const liquids = ([a, b]: [number, number]): [number, number] => [minor(a), minor(b)];

/** `r` with its computed numbers to the digits above (the fixed condition and the given compositions as they are). */
export function roundResult(r: VleResult): VleResult {
  const computed = (pt: VlePoint): VlePoint => ({
    ...pt,
    ...(r.kind === 'dew' ? { x1: x(pt.x1) } : { y1: x(pt.y1) }),
    ...('t' in pt ? { t: t(pt.t) } : {}),
    ...('p' in pt ? { p: p(pt.p) } : {}),
    gamma1: gamma(pt.gamma1),
    gamma2: gamma(pt.gamma2),
    ...(pt.x1_liquids ? { x1_liquids: liquids(pt.x1_liquids) } : {}),
    ...(pt.gamma_liquids ? { gamma_liquids: pt.gamma_liquids.map(([a, b]) => [gamma(a), gamma(b)]) as [[number, number], [number, number]] } : {}),
  });
  const a = r.azeotrope;
  const az = a && {
    ...a,
    x1: x(a.x1),
    ...('y1' in a ? { y1: x(a.y1) } : {}),
    ...('t' in a ? { t: t(a.t) } : {}),
    ...('p' in a ? { p: p(a.p) } : {}),
    ...(a.x1_liquids ? { x1_liquids: liquids(a.x1_liquids) } : {}),
  };
  return { ...r, points: r.points.map(computed), azeotrope: az };
}
