// Liquid-liquid equilibrium of a binary at T: the two liquids of equal activities,
// x_a·γ1(x_a) = x_b·γ1(x_b) and (1 − x_a)·γ2(x_a) = (1 − x_b)·γ2(x_b). Newton on the ln-activities
// in logit variables (a start from the stability test's trial phase, or the last solution of a
// neighbouring T); where it fails or has no start, the common tangent of the lower convex hull of
// the Gibbs energy of mixing on a grid, refined by the same Newton. Also the spinodal test that
// tells whether a split exists at all, and the critical solution temperatures where it closes.
import { splitsAt, type LnGamma } from './activity.js';
import { brent } from '../util/roots.js';

/** The two liquids, x1 of each (a < b), and ln γ1, ln γ2 in each. */
export interface Liquids {
  x1: [number, number];
  lnGamma: [[number, number], [number, number]];
}

const logit = (x: number) => Math.log(x / (1 - x));
const expit = (u: number) => 1 / (1 + Math.exp(-u));

/** ln a1, ln a2 of the liquid logit(x1) = u (x and 1 − x written so that neither loses digits near 0 or 1). */
function lnActivities(g: LnGamma, u: number, T: number): [number, number] {
  const x = expit(u);
  const [g1, g2] = g(x, T);
  // ln x = −ln(1 + e^−u), ln(1 − x) = −ln(1 + e^u)
  return [-Math.log1p(Math.exp(-u)) + g1, -Math.log1p(Math.exp(u)) + g2];
}

/** Distinct liquids differ by at least this in logit x1 (closer is the trivial solution, x_a = x_b). */
const DISTINCT = 1e-4;

/**
 * Newton's method on F = ln a_i(x_a) − ln a_i(x_b) = 0 in u = logit x_a, v = logit x_b, the
 * Jacobian by central differences, steps shortened to at most 2 in logit. Undefined when it does
 * not converge to two distinct liquids.
 */
export function isoactivity(g: LnGamma, T: number, xa: number, xb: number): Liquids | undefined {
  let u = logit(Math.min(Math.max(xa, 1e-12), 1 - 1e-12));
  let v = logit(Math.min(Math.max(xb, 1e-12), 1 - 1e-12));
  const h = 1e-6;
  for (let i = 0; i < 60; i++) {
    const A = lnActivities(g, u, T);
    const B = lnActivities(g, v, T);
    const F = [A[0] - B[0], A[1] - B[1]];
    if (!Number.isFinite(F[0]! + F[1]!)) return undefined;
    if (Math.abs(F[0]!) < 1e-11 && Math.abs(F[1]!) < 1e-11) break;
    const [ap, am] = [lnActivities(g, u + h, T), lnActivities(g, u - h, T)];
    const [bp, bm] = [lnActivities(g, v + h, T), lnActivities(g, v - h, T)];
    const j11 = (ap[0] - am[0]) / (2 * h);
    const j21 = (ap[1] - am[1]) / (2 * h);
    const j12 = -(bp[0] - bm[0]) / (2 * h);
    const j22 = -(bp[1] - bm[1]) / (2 * h);
    const det = j11 * j22 - j12 * j21;
    if (!(Math.abs(det) > 1e-300)) return undefined;
    let du = -(j22 * F[0]! - j12 * F[1]!) / det;
    let dv = -(-j21 * F[0]! + j11 * F[1]!) / det;
    const big = Math.max(Math.abs(du), Math.abs(dv));
    if (big > 2) [du, dv] = [(2 * du) / big, (2 * dv) / big];
    u += du;
    v += dv;
    if (i === 59) return undefined;
  }
  if (Math.abs(u - v) < DISTINCT) return undefined;
  if (u > v) [u, v] = [v, u];
  const [a, b] = [expit(u), expit(v)];
  return { x1: [a, b], lnGamma: [g(a, T), g(b, T)] };
}

/** Grid of logit x1 for the convex hull: x1 from 1e-13 to 1 − 1e-13 (solubilities far below a ppm stay on it). */
const HULL = Array.from({ length: 601 }, (_, i) => Math.round((-30 + i * 0.1) * 10) / 10);

/**
 * The split of the lower convex hull of g(x) = Σ x_i ln a_i: the hull edge spanning a gap of grid
 * points lying above it, the one holding `near` if one does, else the widest. Approximate ends of
 * the binodal, or undefined (g is convex on the grid).
 */
function hullSplit(g: LnGamma, T: number, near?: number): [number, number] | undefined {
  const xs = HULL.map(expit);
  const gs = HULL.map((u, i) => {
    const [a1, a2] = lnActivities(g, u, T);
    return xs[i]! * a1 + expit(-u) * a2;
  });
  const hull: number[] = [];
  for (let i = 0; i < xs.length; i++) {
    while (hull.length >= 2) {
      const [o, a] = [hull[hull.length - 2]!, hull[hull.length - 1]!];
      const cross = (xs[a]! - xs[o]!) * (gs[i]! - gs[o]!) - (gs[a]! - gs[o]!) * (xs[i]! - xs[o]!);
      if (cross <= 0) hull.pop();
      else break;
    }
    hull.push(i);
  }
  let best: [number, number] | undefined;
  let width = 0;
  for (let k = 1; k < hull.length; k++) {
    const [a, b] = [hull[k - 1]!, hull[k]!];
    if (b - a < 2) continue;
    // a gap when the grid points between lie above the edge by more than rounding
    const line = (i: number) => gs[a]! + ((gs[b]! - gs[a]!) * (xs[i]! - xs[a]!)) / (xs[b]! - xs[a]!);
    let above = 0;
    for (let i = a + 1; i < b; i++) above = Math.max(above, gs[i]! - line(i));
    if (!(above > 1e-10)) continue;
    const holds = near !== undefined && xs[a]! <= near && near <= xs[b]!;
    if (holds) return [xs[a]!, xs[b]!];
    if (xs[b]! - xs[a]! > width) {
      width = xs[b]! - xs[a]!;
      best = [xs[a]!, xs[b]!];
    }
  }
  return best;
}

/**
 * The two liquids at T, or undefined where one liquid is stable. `start`: approximate compositions
 * (the liquid and the stability test's trial phase, or the liquids of a nearby T).
 */
export function liquidsAt(g: LnGamma, T: number, start?: [number, number]): Liquids | undefined {
  if (start) {
    const l = isoactivity(g, T, Math.min(...start), Math.max(...start));
    if (l && stable(g, l, T)) return l;
  }
  const split = hullSplit(g, T, start && (start[0] + start[1]) / 2);
  const l = split && isoactivity(g, T, split[0], split[1]);
  return l && stable(g, l, T) ? l : undefined;
}

/**
 * Both liquids pass the tangent-plane test: equal activities alone also hold for a pair of unstable
 * liquids close together inside the spinodal, where Newton from a poor start can end.
 */
function stable(g: LnGamma, l: Liquids, T: number): boolean {
  return splitsAt(g, l.x1[0], T) === undefined && splitsAt(g, l.x1[1], T) === undefined;
}

/** The stability function 1 + x1·∂lnγ1/∂x1 (= x1·∂ln a1/∂x1) at x1 = logit⁻¹ u: 1 at both pure ends, negative inside the spinodal. */
function stabilityAt(g: LnGamma, u: number, T: number): number {
  const h = 1e-4;
  const dlng = (g(expit(u + h), T)[0] - g(expit(u - h), T)[0]) / (2 * h); // ∂lnγ1/∂u = x1(1 − x1)·∂lnγ1/∂x1
  return 1 + dlng / (1 - expit(u));
}

/** Grid of logit x1 for the stability function: x1 from 6e-6 to 1 − 6e-6, where its differences keep their digits. */
const MARGIN = HULL.filter((u) => Math.abs(u) <= 12).filter((_, i) => i % 2 === 0);

/**
 * The least value of the stability function over x1 (grid, then golden-section search) and where:
 * negative where the liquid has an unstable (spinodal) range, so that it splits; 0 at a critical
 * solution temperature.
 */
export function stabilityMargin(g: LnGamma, T: number): { min: number; x1: number } {
  let k = 0;
  let min = Infinity;
  MARGIN.forEach((u, i) => {
    const v = stabilityAt(g, u, T);
    if (v < min) [min, k] = [v, i];
  });
  let [a, b] = [MARGIN[Math.max(k - 1, 0)]!, MARGIN[Math.min(k + 1, MARGIN.length - 1)]!];
  const r = (Math.sqrt(5) - 1) / 2;
  for (let i = 0; i < 40; i++) {
    const [c, d] = [b - r * (b - a), a + r * (b - a)];
    if (stabilityAt(g, c, T) < stabilityAt(g, d, T)) b = d;
    else a = c;
  }
  const u = (a + b) / 2;
  const v = stabilityAt(g, u, T);
  return v < min ? { min: v, x1: expit(u) } : { min, x1: expit(MARGIN[k]!) };
}

/** A critical solution temperature: where the split closes, and the composition it closes at. */
export interface Critical {
  t: number;
  x1: number;
  /** "upper" (one liquid above it) or "lower" (one liquid below it). */
  kind: 'upper' | 'lower';
}

/**
 * The critical solution temperatures between lo and hi (K): where the stability margin changes sign
 * on a scan of `steps` intervals, located by Brent to 1e-6 K; x1 where the stability function is least there.
 */
export function criticalPoints(g: LnGamma, lo: number, hi: number, steps = 60): Critical[] {
  const out: Critical[] = [];
  const m = (T: number) => stabilityMargin(g, T).min;
  let [t0, m0] = [lo, m(lo)];
  for (let i = 1; i <= steps; i++) {
    const t1 = lo + ((hi - lo) * i) / steps;
    const m1 = m(t1);
    if (m0 * m1 < 0) {
      const t = brent(m, t0, t1, 1e-6, m0, m1);
      out.push({ t, x1: stabilityMargin(g, t).x1, kind: m0 < 0 ? 'upper' : 'lower' });
    }
    [t0, m0] = [t1, m1];
  }
  return out;
}
