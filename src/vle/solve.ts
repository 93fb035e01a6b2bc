// Bubble and dew points of a binary by modified Raoult's law, y_i·P = x_i·γ_i·Psat_i (ideal gas),
// each point solved by Brent's bracketed method on one unknown (T at fixed P, or P at fixed T via
// the dew point's composition loop), and the azeotrope where y1 − x1 changes sign.
import { CAN_SPLIT, RECORD_MODEL, splitsAt, type LnGamma, type ModelName } from './activity.js';
import type { PsatCurve } from './psat.js';

/** A component's vapour pressure: its correlations, best first, each used only inside its range. */
export class Psat {
  readonly tmin: number;
  readonly tmax: number;

  constructor(
    readonly name: string,
    readonly curves: readonly PsatCurve[],
  ) {
    this.tmin = Math.min(...curves.map((c) => c.tmin));
    this.tmax = Math.max(...curves.map((c) => c.tmax));
  }

  /** The first correlation whose range holds T. */
  curveAt(T: number): PsatCurve | undefined {
    return this.curves.find((c) => T >= c.tmin && T <= c.tmax);
  }

  /** Pa at T; NaN outside every range. */
  at(T: number): number {
    const p = this.curveAt(T)?.f(T) ?? NaN;
    return p > 0 ? p : NaN;
  }

  /** The ranges, for a refusal line. */
  ranges(): string {
    return [...new Set(this.curves.map((c) => `${c.tmin}–${c.tmax} K`))].join(', ');
  }
}

/**
 * Brent's method (Brent 1973, as Numerical Recipes' zbrent) on f over [a, b] with f(a)·f(b) ≤ 0:
 * inverse quadratic interpolation, falling back to bisection, so it never leaves the bracket.
 */
export function brent(f: (x: number) => number, a: number, b: number, tol = 1e-10, fa = f(a), fb = f(b)): number {
  if (fa === 0) return a;
  if (fb === 0) return b;
  if (!(fa * fb < 0)) return NaN;
  let c = b;
  let fc = fb;
  let d = b - a;
  let e = d;
  for (let i = 0; i < 100; i++) {
    if ((fb > 0 && fc > 0) || (fb < 0 && fc < 0)) {
      c = a;
      fc = fa;
      e = d = b - a;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      a = b;
      b = c;
      c = a;
      fa = fb;
      fb = fc;
      fc = fa;
    }
    const tol1 = 2 * Number.EPSILON * Math.abs(b) + 0.5 * tol;
    const xm = 0.5 * (c - b);
    if (Math.abs(xm) <= tol1 || fb === 0) return b;
    if (Math.abs(e) >= tol1 && Math.abs(fa) > Math.abs(fb)) {
      const s = fb / fa;
      let p: number;
      let q: number;
      if (a === c) {
        p = 2 * xm * s;
        q = 1 - s;
      } else {
        const qa = fa / fc;
        const r = fb / fc;
        p = s * (2 * xm * qa * (qa - r) - (b - a) * (r - 1));
        q = (qa - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      p = Math.abs(p);
      if (2 * p < Math.min(3 * xm * q - Math.abs(tol1 * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = xm;
        e = d;
      }
    } else {
      d = xm;
      e = d;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tol1 ? d : xm > 0 ? tol1 : -tol1;
    fb = f(b);
  }
  return b;
}

/**
 * A root of f near `guess` inside [lo, hi]: steps outward from the guess (growing) until f changes
 * sign, then Brent. NaN when f keeps its sign (or is undefined) over the whole interval.
 */
function bracketed(f: (x: number) => number, guess: number, lo: number, hi: number, tol: number): number {
  const a = Math.min(Math.max(guess, lo), hi);
  const fa = f(a);
  if (!Number.isFinite(fa)) return scanned(f, lo, hi, tol);
  if (fa === 0) return a;
  // f rises with T for a bubble point and falls for a dew point: step toward the sign change, either way
  const step = Math.max((hi - lo) / 200, 0.5);
  for (const dir of [1, -1]) {
    let x = a;
    let fx = fa;
    let s = step;
    while (dir > 0 ? x < hi : x > lo) {
      const y = dir > 0 ? Math.min(x + s, hi) : Math.max(x - s, lo);
      const fy = f(y);
      if (!Number.isFinite(fy)) break;
      if (fx * fy <= 0) return brent(f, Math.min(x, y), Math.max(x, y), tol, dir > 0 ? fx : fy, dir > 0 ? fy : fx);
      x = y;
      fx = fy;
      s *= 1.6;
    }
  }
  return NaN;
}

/** A root of f over [lo, hi] by a scan for the first change of sign between defined values (the guess fell in a gap between correlations). */
function scanned(f: (x: number) => number, lo: number, hi: number, tol: number): number {
  let x0 = NaN;
  let f0 = NaN;
  for (let i = 0; i <= 100; i++) {
    const x = lo + ((hi - lo) * i) / 100;
    const fx = f(x);
    if (Number.isFinite(fx) && Number.isFinite(f0) && f0 * fx <= 0) return brent(f, x0, x, tol, f0, fx);
    [x0, f0] = [x, fx];
  }
  return NaN;
}

export interface System {
  model: ModelName;
  lnGamma: LnGamma;
  psat: [Psat, Psat];
}

/** One answered point: mole fractions, T (K), P (kPa), activity coefficients. */
export interface Point {
  x1: number;
  y1: number;
  t: number;
  p: number;
  gamma1: number;
  gamma2: number;
}

/** Why a point has no answer: outside the Psat ranges, or two liquid phases (then t is where). */
export interface Refused {
  x1?: number;
  y1?: number;
  t?: number;
  p?: number;
  note: string;
  split?: boolean;
}

export type Outcome = Point | Refused;

export const isPoint = (o: Outcome): o is Point => !('note' in o);

/** The T range where both components have a vapour pressure. */
function commonRange(s: System): [number, number] {
  return [Math.max(s.psat[0].tmin, s.psat[1].tmin), Math.min(s.psat[0].tmax, s.psat[1].tmax)];
}

/** The boiling point of a pure component at P (kPa), K; NaN outside its correlations. */
export function pureBoilingT(psat: Psat, pKpa: number): number {
  const lnP = Math.log(pKpa * 1000);
  return bracketed((T) => Math.log(psat.at(T)) - lnP, (psat.tmin + psat.tmax) / 2, psat.tmin, psat.tmax, 1e-9);
}

/** Why a point is refused: what it needs lies outside every vapour-pressure range (given). */
function outsideRanges(s: System, what: string): string {
  return `${what} outside the vapour-pressure ranges (${s.psat[0].name} ${s.psat[0].ranges()}; ${s.psat[1].name} ${s.psat[1].ranges()}): not extrapolated`;
}

/** A bubble point at x1 and fixed P (kPa): T. `guess` speeds the bracket (the previous point's T). */
export function bubbleT(s: System, x1: number, pKpa: number, guess?: number): Outcome {
  const pt = homogeneousBubbleT(s, x1, pKpa, guess);
  return pt ? stable(s, pt) : { x1, note: outsideRanges(s, `no bubble point at ${pKpa} kPa`) };
}

/** A bubble point at x1 and fixed T (K): P. */
export function bubbleP(s: System, x1: number, T: number): Outcome {
  const pt = homogeneousBubbleP(s, x1, T);
  return pt ? stable(s, pt) : { x1, note: outsideRanges(s, `${T} K lies`) };
}

/** The bubble point of a liquid that stays one phase, or undefined outside the Psat ranges. */
function homogeneousBubbleT(s: System, x1: number, pKpa: number, guess?: number): Point | undefined {
  const [lo, hi] = commonRange(s);
  const lnP = Math.log(pKpa * 1000);
  const f = (T: number) => {
    const [g1, g2] = s.lnGamma(x1, T);
    return Math.log(x1 * Math.exp(g1) * s.psat[0].at(T) + (1 - x1) * Math.exp(g2) * s.psat[1].at(T)) - lnP;
  };
  const T = lo <= hi ? bracketed(f, guess ?? (lo + hi) / 2, lo, hi, 1e-9) : NaN;
  return Number.isFinite(T) ? pointAt(s, x1, T, pKpa) : undefined;
}

function homogeneousBubbleP(s: System, x1: number, T: number): Point | undefined {
  const [g1, g2] = s.lnGamma(x1, T);
  const P = x1 * Math.exp(g1) * s.psat[0].at(T) + (1 - x1) * Math.exp(g2) * s.psat[1].at(T);
  return Number.isFinite(P) ? pointAt(s, x1, T, P / 1000) : undefined;
}

/** y1 and γ of the liquid x1 at T and P. */
function pointAt(s: System, x1: number, T: number, pKpa: number): Point {
  const [g1, g2] = s.lnGamma(x1, T);
  const y1 = x1 > 0 ? (x1 * Math.exp(g1) * s.psat[0].at(T)) / (pKpa * 1000) : 0;
  return { x1, y1, t: T, p: pKpa, gamma1: Math.exp(g1), gamma2: Math.exp(g2) };
}

/** The point, unless the model's liquid splits there (tangent-plane test): then why there is none. */
function stable(s: System, pt: Point): Outcome {
  const z = CAN_SPLIT[s.model] ? splitsAt(s.lnGamma, pt.x1, pt.t) : undefined;
  if (z === undefined) return pt;
  const { x1, t, p } = pt;
  const where = `${t.toFixed(2)} K, ${Number(p.toPrecision(6))} kPa`;
  return { x1, t, p, split: true, note: `two liquid phases: ${RECORD_MODEL[s.model]} puts a second liquid near x1 = ${z.toPrecision(2)} at ${where}; no bubble point` };
}

/**
 * The liquid in equilibrium with vapour y1 at T and P (Pa): successive substitution
 * x_i = y_i·P/(γ_i(x)·Psat_i), normalised. Returns x1 and Σ y_i·P/(γ_i·Psat_i) (1 at the dew point).
 */
function dewLiquid(s: System, y1: number, T: number, Pa: number): { x1: number; sum: number } {
  const p1 = s.psat[0].at(T);
  const p2 = s.psat[1].at(T);
  let x1 = y1;
  let sum = NaN;
  for (let i = 0; i < 200; i++) {
    const [g1, g2] = s.lnGamma(x1, T);
    const a = (y1 * Pa) / (Math.exp(g1) * p1);
    const b = ((1 - y1) * Pa) / (Math.exp(g2) * p2);
    sum = a + b;
    const next = a / sum;
    if (Math.abs(next - x1) < 1e-12) return { x1: next, sum };
    x1 = next;
  }
  return { x1, sum };
}

/** A dew point at vapour y1 and fixed P (kPa): T and the liquid x1. */
export function dewT(s: System, y1: number, pKpa: number, guess?: number): Outcome {
  const [lo, hi] = commonRange(s);
  const Pa = pKpa * 1000;
  const T = lo <= hi ? bracketed((T) => Math.log(dewLiquid(s, y1, T, Pa).sum), guess ?? (lo + hi) / 2, lo, hi, 1e-9) : NaN;
  if (!Number.isFinite(T)) return { y1, note: outsideRanges(s, `no dew point at ${pKpa} kPa`) };
  return dewPoint(s, y1, T, pKpa);
}

/** A dew point at vapour y1 and fixed T (K): P and the liquid x1, P by the same substitution. */
export function dewP(s: System, y1: number, T: number): Outcome {
  const p1 = s.psat[0].at(T);
  const p2 = s.psat[1].at(T);
  if (!Number.isFinite(p1 + p2)) return { y1, note: outsideRanges(s, `${T} K lies`) };
  // at the dew liquid Σ = P/P_dew: P ← P/Σ is a fixed point at the dew pressure
  let Pa = 1 / (y1 / p1 + (1 - y1) / p2);
  for (let i = 0; i < 200; i++) {
    const next = Pa / dewLiquid(s, y1, T, Pa).sum;
    const done = Math.abs(next - Pa) < 1e-10 * Pa;
    Pa = next;
    if (done) break;
  }
  return dewPoint(s, y1, T, Pa / 1000);
}

function dewPoint(s: System, y1: number, T: number, pKpa: number): Outcome {
  const out = stable(s, pointAt(s, dewLiquid(s, y1, T, pKpa * 1000).x1, T, pKpa));
  return { ...out, y1 };
}

export interface Azeotrope {
  x1: number;
  t: number;
  p: number;
  /** The liquid there splits: a heterogeneous azeotrope. */
  heterogeneous?: boolean;
}

/** Compositions scanned for a change of sign of y1 − x1, whatever --x asked for. */
const SCAN = Array.from({ length: 99 }, (_, i) => (i + 1) / 100);

/**
 * The azeotrope: where y1 − x1 of the (one-liquid) bubble curve changes sign, located by Brent on
 * x1 to 1e-7 (the 1e-4 asked for, with room). Null when y1 − x1 keeps its sign or is refused there.
 */
export function azeotrope(s: System, at: { p: number } | { t: number }): Azeotrope | null {
  const bubble = (x: number, guess?: number) => ('p' in at ? homogeneousBubbleT(s, x, at.p, guess) : homogeneousBubbleP(s, x, at.t));
  let prev: Point | undefined;
  for (const x of SCAN) {
    const b = bubble(x, prev?.t);
    if (b && prev && (prev.y1 - prev.x1) * (b.y1 - b.x1) < 0) {
      let last = b;
      const x1 = brent((x) => ((last = bubble(x, last.t) ?? last), last.y1 - x), prev.x1, x, 1e-7, prev.y1 - prev.x1, b.y1 - b.x1);
      const r = bubble(x1, last.t) ?? last;
      const az: Azeotrope = { x1, t: r.t, p: r.p };
      if (CAN_SPLIT[s.model] && splitsAt(s.lnGamma, x1, r.t) !== undefined) az.heterogeneous = true;
      return az;
    }
    prev = b;
  }
  return null;
}
