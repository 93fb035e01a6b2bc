// The three-phase point of a binary whose liquid splits: the two liquids (lle.ts) boiling together,
// P = x1a·γ1a·Psat1 + x2a·γ2a·Psat2 (equal to the same sum over liquid b, their activities being
// equal), at fixed P the T by Brent's method with the liquids re-solved at each T from the last
// ones, at fixed T directly. Inside the split every overall x1 has this one T (or P) and vapour.
import { liquidsAt, type Liquids } from './lle.js';
import { bracketed } from '../util/roots.js';
import type { System } from './system.js';

export interface ThreePhase {
  /** K */
  t: number;
  /** kPa */
  p: number;
  /** The vapour's y1. */
  y1: number;
  liquids: Liquids;
}

/** P (Pa) and y1 over the liquids at T. */
function boil(s: System, l: Liquids, T: number): { pa: number; y1: number } {
  const x = l.x1[0];
  const [g1, g2] = l.lnGamma[0];
  const p1 = x * Math.exp(g1) * s.psat[0].at(T);
  const p2 = (1 - x) * Math.exp(g2) * s.psat[1].at(T);
  return { pa: p1 + p2, y1: p1 / (p1 + p2) };
}

/** The three-phase point at fixed T (K), liquids started from `start`; undefined where one liquid is stable or T lies outside the Psat ranges. */
export function threePhaseP(s: System, T: number, start?: [number, number]): ThreePhase | undefined {
  const l = liquidsAt(s.lnGamma, T, start);
  if (!l) return undefined;
  const { pa, y1 } = boil(s, l, T);
  return Number.isFinite(pa) ? { t: T, p: pa / 1000, y1, liquids: l } : undefined;
}

/**
 * The three-phase point at fixed P (kPa): T from `guess` (the one-liquid bubble T of a liquid that
 * splits is near it), the liquids started from `start` and then from the last T's.
 */
export function threePhaseT(s: System, pKpa: number, guess: number, start?: [number, number]): ThreePhase | undefined {
  const lo = Math.max(s.psat[0].tmin, s.psat[1].tmin);
  const hi = Math.min(s.psat[0].tmax, s.psat[1].tmax);
  const lnP = Math.log(pKpa * 1000);
  let last = start;
  const f = (T: number) => {
    const l = liquidsAt(s.lnGamma, T, last);
    if (!l) return NaN;
    last = l.x1;
    return Math.log(boil(s, l, T).pa) - lnP;
  };
  const T = lo <= hi ? bracketed(f, guess, lo, hi, 1e-9) : NaN;
  if (!Number.isFinite(T)) return undefined;
  const three = threePhaseP(s, T, last);
  return three && { ...three, p: pKpa };
}

const cache = new WeakMap<System, Map<string, ThreePhase[]>>();

/**
 * The three-phase point of the system at fixed P or T whose liquids hold start[0] (the liquid that
 * splits), solved once per system, condition and split: some parameter sets split the liquid in two
 * separate ranges of x1 (methanol/n-hexane by ChemSep's NRTL), each with its own three-phase point.
 */
export function threePhase(s: System, at: { p: number } | { t: number }, guess: number, start: [number, number]): ThreePhase | undefined {
  let m = cache.get(s);
  if (!m) cache.set(s, (m = new Map()));
  const key = 'p' in at ? `p${at.p}` : `t${at.t}`;
  const known = m.get(key) ?? [];
  const holds = (t: ThreePhase) => t.liquids.x1[0] <= start[0] && start[0] <= t.liquids.x1[1];
  const found = known.find(holds);
  if (found) return found;
  const three = 'p' in at ? threePhaseT(s, at.p, guess, start) : threePhaseP(s, at.t, start);
  if (three && !known.some((k) => Math.abs(k.t - three.t) < 1e-9 && Math.abs(k.liquids.x1[0] - three.liquids.x1[0]) < 1e-9)) m.set(key, [...known, three]);
  return three;
}
