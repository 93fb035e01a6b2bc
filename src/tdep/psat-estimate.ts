// A vapour pressure estimated from a compound's constants where the database holds no curve of it (the predictor's,
// local/predict/vapour-pressure.ts, through the record's measured Tb where it has one), as the states and equilibria
// read it: a function of T with its uncertainty, and the temperature where it reaches a pressure.
import { roundSignificant, roundToUncertainty } from '../api/precision.js';
import type { StatePoint } from '../api/types.js';
import { solveSaturation } from './phase.js';
import { linearInInverseT } from '../util/interpolate.js';

/**
 * How an estimate's `r` says it went through the record's own measured constants (its points carry only s and r, also
 * over the remote API): the predictor writes it, chem vle reads it to name the curve.
 */
export const THROUGH_MEASURED = "through the record's measured";

/** A vapour-pressure estimate: kPa at T below tmax, the ln half-width of its e, its source key and reference. */
export interface PsatEstimate {
  /** kPa; NaN at or above tmax. */
  f: (t: number) => number;
  /** e of ln f at T (a point's e is f × this). */
  lnE: (t: number) => number;
  /** The (estimated or measured) critical temperature, K. */
  tmax: number;
  s: string;
  r: string;
}

/** Lowest reduced temperature searched for a saturation temperature (a vapour pressure of ~1e-12 Pc). */
const TR_LOW = 0.25;

/**
 * The temperature (6 significant digits) where the estimate equals P kPa and its e, K: the ln half-width over
 * d ln P/dT there; undefined where P is at or above the estimate's critical pressure.
 */
export function estimatedSaturation(est: PsatEstimate, P: number): { t: number; e: number } | undefined {
  const hi = est.tmax * (1 - 1e-9);
  const t = solveSaturation(est.f, P, TR_LOW * est.tmax, hi);
  if (t === undefined) return undefined;
  const dt = Math.max(1e-3 * t, 1e-3);
  const slope = (Math.log(est.f(Math.min(t + dt, hi))) - Math.log(est.f(t - dt))) / (Math.min(t + dt, hi) - (t - dt));
  const e = est.lnE(t) / slope;
  return { t: roundSignificant(t, 6), e: roundSignificant(e, 2) };
}

/** The estimate's point at T: calc, v to its e's second digit. */
export function estimatedPoint(est: PsatEstimate, t: number): StatePoint {
  const v = est.f(t);
  const { v: rv, e } = roundToUncertainty(v, v * est.lnE(t));
  return { u: 'pvap', s: est.s, t, v: rv, e, calc: true, r: est.r };
}

/** A stored vapour-pressure correlation as joinedTo reads it: kPa at T inside its range. */
export interface StoredRange {
  tmin: number;
  tmax: number;
  s: string;
  f: (t: number) => number;
}

/**
 * The estimate carried on from a compound's stored curves, with no step where their ranges end: ln P shifted to meet
 * the stored value at the lowest and the highest range end, the shift linear in 1/T between those knots and the
 * measured normal boiling point `tb` the estimate already passes through (shift 0 there), constant beyond the outer
 * knots. A measured curve places the vapour pressure better than the estimate; the estimate gives its shape beyond.
 */
export function joinedTo(est: PsatEstimate, stored: readonly StoredRange[], tb?: number): PsatEstimate {
  if (!stored.length) return est;
  const lo = stored.reduce((a, k) => (k.tmin < a.tmin ? k : a));
  const hi = stored.reduce((a, k) => (k.tmax > a.tmax ? k : a));
  const knots: [number, number][] = [
    [lo.tmin, Math.log(lo.f(lo.tmin) / est.f(lo.tmin))],
    [hi.tmax, Math.log(hi.f(hi.tmax) / est.f(hi.tmax))],
  ];
  if (knots.some(([, d]) => !Number.isFinite(d))) return est;
  if (tb !== undefined && (tb < lo.tmin || tb > hi.tmax)) knots.push([tb, 0]);
  knots.sort((a, b) => a[0] - b[0]);
  const shift = (T: number) => {
    if (T <= knots[0]![0]) return knots[0]![1];
    const i = knots.findIndex(([t]) => t >= T);
    if (i < 0) return knots.at(-1)![1];
    const [[t0, d0], [t1, d1]] = [knots[i - 1]!, knots[i]!];
    return linearInInverseT(T, t0, d0, t1, d1);
  };
  const ends = lo === hi ? `${lo.s}'s ${lo.tmin}–${lo.tmax} K` : `${lo.s}'s at ${lo.tmin} K and ${hi.s}'s at ${hi.tmax} K`;
  return { ...est, f: (T: number) => est.f(T) * Math.exp(shift(T)), r: `${est.r}; joined to the stored curves where they end (${ends})` };
}
