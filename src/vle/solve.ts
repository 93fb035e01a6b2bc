// Bubble and dew points of a binary by modified Raoult's law, y_i·P = x_i·γ_i·Psat_i (ideal gas),
// each point solved by Brent's bracketed method on one unknown (T at fixed P, or P at fixed T via
// the dew point's composition loop), and the azeotrope where y1 − x1 changes sign.
import { CAN_SPLIT, RECORD_MODEL, splitsAt } from './activity.js';
import { threePhase, type ThreePhase } from './heterogeneous.js';
import type { Liquids } from './lle.js';
import { bracketed, brent } from '../util/roots.js';
import type { Psat, System } from './system.js';

/**
 * One answered point: mole fractions, T (K), P (kPa), activity coefficients. A three-phase point
 * (the liquid x1 splits into `liquids`, both boiling with vapour y1) has NaN for γ: see its liquids'.
 */
export interface Point {
  x1: number;
  y1: number;
  t: number;
  p: number;
  gamma1: number;
  gamma2: number;
  liquids?: Liquids;
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
  if (pt) return stable(s, pt, { p: pKpa });
  return splitNear(s, x1, pKpa) ?? { x1, note: outsideRanges(s, `no bubble point at ${pKpa} kPa`) };
}

/** A bubble point at x1 and fixed T (K): P. */
export function bubbleP(s: System, x1: number, T: number): Outcome {
  const pt = homogeneousBubbleP(s, x1, T);
  return pt ? stable(s, pt, { t: T }) : { x1, note: outsideRanges(s, `${T} K lies`) };
}

/**
 * The three-phase point of a liquid x1 whose one-liquid bubble point does not exist (a liquid far
 * inside a wide split, with γ of hundreds, would boil below every Psat range): tested for a split at
 * the pure components' boiling points.
 */
function splitNear(s: System, x1: number, pKpa: number): Point | undefined {
  if (!CAN_SPLIT[s.model]) return undefined;
  for (const T of s.psat.map((ps) => pureBoilingT(ps, pKpa)).filter(Number.isFinite)) {
    const z = splitsAt(s.lnGamma, x1, T);
    const three = z === undefined ? undefined : threePhase(s, { p: pKpa }, T, [x1, z]);
    if (three && three.liquids.x1[0] <= x1 && x1 <= three.liquids.x1[1]) return threePoint(x1, three);
  }
  return undefined;
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

/** The three-phase point as a point of overall composition x1. */
function threePoint(x1: number, three: ThreePhase): Point {
  return { x1, y1: three.y1, t: three.t, p: three.p, gamma1: NaN, gamma2: NaN, liquids: three.liquids };
}

/** Why a point that splits has no answer (x1 outside the three-phase point's liquids, or none found). */
function splitNote(s: System, pt: Point, z: number, what: string, three?: ThreePhase): Refused {
  const { x1, t, p } = pt;
  const where = `${t.toFixed(2)} K, ${Number(p.toPrecision(6))} kPa`;
  const why = three
    ? `x1 lies outside the liquids of the three-phase point (${three.liquids.x1.map((v) => v.toPrecision(4)).join(', ')})`
    : `no three-phase point inside the vapour-pressure ranges (${s.psat[0].name} ${s.psat[0].ranges()}; ${s.psat[1].name} ${s.psat[1].ranges()})`;
  return { x1, t, p, split: true, note: `two liquid phases: ${RECORD_MODEL[s.model]} puts a second liquid near x1 = ${z.toPrecision(2)} at ${where}; no ${what}: ${why}` };
}

/**
 * The point, unless the model's liquid splits there (tangent-plane test): then the three-phase
 * point, started from the liquid and the test's trial phase, when x1 lies between its liquids.
 */
function stable(s: System, pt: Point, at: { p: number } | { t: number }): Outcome {
  const z = CAN_SPLIT[s.model] ? splitsAt(s.lnGamma, pt.x1, pt.t) : undefined;
  if (z === undefined) return pt;
  const three = threePhase(s, at, pt.t, [pt.x1, z]);
  if (three && three.liquids.x1[0] <= pt.x1 && pt.x1 <= three.liquids.x1[1]) return threePoint(pt.x1, three);
  return splitNote(s, pt, z, 'bubble point', three);
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
  return dewPoint(s, y1, T, pKpa, { p: pKpa });
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
  return dewPoint(s, y1, T, Pa / 1000, { t: T });
}

/**
 * The dew point at T and P of vapour y1, unless its liquid splits: then the dew point on the branch
 * of the liquid that condenses (x1 ≤ x1a or x1 ≥ x1b of the three-phase point, whose bubble points'
 * vapour runs from the pure end to the three-phase vapour), found by Brent on x1 along it.
 */
function dewPoint(s: System, y1: number, T: number, pKpa: number, at: { p: number } | { t: number }): Outcome {
  const pt = pointAt(s, dewLiquid(s, y1, T, pKpa * 1000).x1, T, pKpa);
  const z = CAN_SPLIT[s.model] ? splitsAt(s.lnGamma, pt.x1, T) : undefined;
  if (z === undefined) return { ...pt, y1 };
  const three = threePhase(s, at, T, [pt.x1, z]);
  if (!three) return { ...splitNote(s, pt, z, 'dew point'), y1 };
  if (Math.abs(y1 - three.y1) < 1e-9) return threePoint(y1, three);
  const bubble = (x: number) => ('p' in at ? homogeneousBubbleT(s, x, at.p, three.t) : homogeneousBubbleP(s, x, at.t));
  const [xa, xb] = three.liquids.x1;
  for (const [lo, hi] of [[0, xa], [xb, 1]] as const) {
    const f = (x: number) => (bubble(x)?.y1 ?? NaN) - y1;
    const [flo, fhi] = [f(lo), f(hi)];
    if (!(flo * fhi <= 0)) continue;
    const b = bubble(brent(f, lo, hi, 1e-12, flo, fhi));
    if (b) return { ...b, y1 };
  }
  return { ...splitNote(s, pt, z, 'dew point', three), y1 };
}

export interface Azeotrope {
  x1: number;
  t: number;
  p: number;
  /** The liquid there splits: a heterogeneous azeotrope (x1 = y1, the vapour's, between the two liquids). */
  heterogeneous?: boolean;
  y1?: number;
  liquids?: Liquids;
}

/** Compositions scanned for a change of sign of y1 − x1, whatever --x asked for. */
const SCAN = Array.from({ length: 99 }, (_, i) => (i + 1) / 100);

/**
 * The azeotrope: where y1 − x1 of the (one-liquid) bubble curve changes sign, located by Brent on
 * x1 to 1e-7 (the 1e-4 asked for, with room). Where the liquid splits there (or, without a change
 * of sign, at any scanned x1), the three-phase point is the heterogeneous azeotrope when its vapour
 * lies between its two liquids. Null when y1 − x1 keeps its sign or is refused there.
 */
export function azeotrope(s: System, at: { p: number } | { t: number }): Azeotrope | null {
  const bubble = (x: number, guess?: number) => ('p' in at ? homogeneousBubbleT(s, x, at.p, guess) : homogeneousBubbleP(s, x, at.t));
  const splits = (b: Point) => (CAN_SPLIT[s.model] ? splitsAt(s.lnGamma, b.x1, b.t) : undefined);
  let prev: Point | undefined;
  for (const x of SCAN) {
    const b = bubble(x, prev?.t);
    if (b && prev && (prev.y1 - prev.x1) * (b.y1 - b.x1) < 0) {
      let last = b;
      const x1 = brent((x) => ((last = bubble(x, last.t) ?? last), last.y1 - x), prev.x1, x, 1e-7, prev.y1 - prev.x1, b.y1 - b.x1);
      const r = bubble(x1, last.t) ?? last;
      const z = splits(r);
      return z === undefined ? { x1, t: r.t, p: r.p } : heteroazeotrope(s, at, r, z);
    }
    prev = b;
  }
  // no change of sign: a three-phase point anywhere on the scan (the one-liquid curve may not exist inside a wide split)
  let guess: number | undefined;
  for (const x of SCAN) {
    const o = 'p' in at ? bubbleT(s, x, at.p, guess) : bubbleP(s, x, at.t);
    if (!isPoint(o)) continue;
    guess = o.t;
    const three = o.liquids && { t: o.t, p: o.p, y1: o.y1, liquids: o.liquids };
    if (three) return three.y1 > three.liquids.x1[0] && three.y1 < three.liquids.x1[1] ? heterogeneous(three) : null;
  }
  return null;
}

const heterogeneous = (three: ThreePhase): Azeotrope => ({ x1: three.y1, t: three.t, p: three.p, heterogeneous: true, y1: three.y1, liquids: three.liquids });

/** The three-phase point from a liquid that splits, as an azeotrope when its vapour lies between its liquids. */
function heteroazeotrope(s: System, at: { p: number } | { t: number }, from: Point, z: number): Azeotrope | null {
  const three = threePhase(s, at, from.t, [from.x1, z]);
  return three && three.y1 > three.liquids.x1[0] && three.y1 < three.liquids.x1[1] ? heterogeneous(three) : null;
}
