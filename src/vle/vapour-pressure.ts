// Each component's vapour pressure as the equilibria read it, in one ranked list of methods as chem state ranks
// them: the backend's stored correlations (Curves.ranked: api/ranking.ts), then, where none of them covers the
// temperatures an answer needs, the backend's estimate — chem state's, through the record's measured Tb and
// constants (local/predict/vapour-pressure.ts) — as the last method, calc with its e and said in a notice.
import type { Compound, DataPoint } from '../api/types.js';
import type { Backend } from '../api/backend.js';
import type { PsatCurve } from '../tdep/curve-text.js';
import { THROUGH_MEASURED } from '../tdep/psat-estimate.js';
import { Curves } from '../tdep/curves.js';
import { Psat } from './system.js';
import { pureBoilingT } from './solve.js';
import { logInInverseT } from '../util/interpolate.js';

export interface Ranked {
  curve: PsatCurve;
  /** The stored correlation's source and reference, or an estimate's, with its relative e. */
  s: string;
  r?: string;
  e?: number;
}

/** Temperatures (K) the estimate is read at: 5 K apart from 100 to 1000 K, ln P linear in 1/T between them. */
const GRID = Array.from({ length: 181 }, (_, i) => 100 + 5 * i);

/** How far (relative) beyond the components' boiling temperatures a Txy answer may need vapour pressures. */
const MARGIN = 0.1;

/** Temperatures checked across a span for coverage. */
const SPAN_STEPS = 100;

/** The compound's stored vapour-pressure correlations in chem state's order, each in Pa. */
export async function storedPsat(backend: Backend, c: Compound): Promise<Ranked[]> {
  const { correlations } = await backend.correlations(c.id, 'pvap');
  return new Curves({ correlations, points: {} }).ranked('pvap').map((k) => ({ s: k.s, ...(k.r ? { r: k.r } : {}), curve: { equation: k.eq, coeffs: k.coeffs, tmin: k.tmin, tmax: k.tmax, f: (T: number) => k.f(T) * 1000 } }));
}

/**
 * The backend's estimated vapour pressure of a record (its `chem state` pvap at GRID, the calc points: where no
 * stored value answers) as a curve, or undefined where it has none.
 */
async function estimatedPsat(backend: Backend, c: Compound): Promise<Ranked | undefined> {
  const r = await backend.state(c.id, { t: GRID, props: ['pvap'] }).catch(() => undefined);
  const points = (r?.states ?? []).flatMap((s) => (s.props.pvap ?? []).filter((p: DataPoint) => p.calc && p.v > 0 && p.t !== undefined).slice(0, 1));
  if (points.length < 3) return undefined;
  points.sort((a, b) => a.t! - b.t!);
  // between the grid's points (beyond its ends, extended from the outer two), Pa
  const f = (T: number) => {
    const k = points.findIndex((p) => p.t! >= T);
    const i = k < 0 ? points.length - 1 : Math.max(k, 1);
    const [a, b] = [points[i - 1]!, points[i]!];
    return logInInverseT(T, a.t!, a.v * 1000, b.t!, b.v * 1000);
  };
  const rel = points.map((p) => (p.e ?? NaN) / p.v).filter(Number.isFinite).sort((a, b) => a - b);
  const anchored = points[0]!.r?.includes(THROUGH_MEASURED);
  const equation = anchored ? "structure-based estimate through the record's measured constants" : 'structure-based estimate';
  const curve: PsatCurve = { equation, coeffs: [], tmin: points[0]!.t!, tmax: points.at(-1)!.t!, f };
  return { curve, s: points[0]!.s, ...(points[0]!.r ? { r: points[0]!.r } : {}), e: Number((rel.length ? rel[rel.length >> 1]! : NaN).toPrecision(2)) };
}

const psatOf = (c: Compound, r: Ranked[]) => new Psat(c.compound, r.map((x) => x.curve));
const covers = (ps: Psat, lo: number, hi: number) => Array.from({ length: SPAN_STEPS + 1 }, (_, k) => lo + ((hi - lo) * k) / SPAN_STEPS).every((T) => Number.isFinite(ps.at(T)));

/**
 * The components' ranked vapour pressures for an answer at `at` (an isothermal one at t, K; an isobaric one at p,
 * kPa, which spans the components' boiling temperatures there). A component whose stored correlations do not cover
 * that takes the backend's estimate after them, with a notice in `notes`; 404 (`refuse`) for one with neither.
 */
export async function vapourPressures(backend: Backend, comps: readonly Compound[], at: { t: number } | { p: number }, notes: string[], refuse: (c: Compound) => Error): Promise<Ranked[][]> {
  const ranked = await Promise.all(comps.map((c) => storedPsat(backend, c)));
  const estimated = new Set<number>();
  const estimate = async (i: number) => {
    estimated.add(i);
    const est = await estimatedPsat(backend, comps[i]!);
    if (est) ranked[i]!.push(est);
  };
  const enough = (i: number) => {
    const ps = psatOf(comps[i]!, ranked[i]!);
    return ranked[i]!.length > 0 && ('t' in at ? Number.isFinite(ps.at(at.t)) : Number.isFinite(pureBoilingT(ps, at.p)));
  };
  await Promise.all(comps.map((_, i) => (enough(i) ? undefined : estimate(i))));
  if ('p' in at) {
    // a Txy diagram or a bubble point runs between the components' boiling temperatures, and beyond them by an
    // azeotrope's depth (MARGIN)
    const tb = comps.map((c, i) => pureBoilingT(psatOf(c, ranked[i]!), at.p)).filter(Number.isFinite);
    if (tb.length) {
      const [lo, hi] = [Math.min(...tb) * (1 - MARGIN), Math.max(...tb) * (1 + MARGIN)];
      await Promise.all(comps.map((c, i) => (estimated.has(i) || covers(psatOf(c, ranked[i]!), lo, hi) ? undefined : estimate(i))));
    }
  }
  comps.forEach((c, i) => {
    if (!ranked[i]!.length) throw refuse(c);
    const est = ranked[i]!.find((r) => r.e !== undefined);
    if (!est) return;
    const what = `chem's estimate (${est.s}, calc, e ≈ ${Math.round(est.e! * 100)} % of the value)`;
    const stored = ranked[i]!.filter((r) => r !== est);
    notes.push(
      stored.length
        ? `${c.compound}'s stored vapour-pressure correlations cover ${psatOf(c, stored).ranges()}: outside them its vapour pressure is ${what}`
        : `${c.compound} has no measured vapour-pressure correlation: its vapour pressure is ${what}, ${est.curve.tmin}–${est.curve.tmax} K`,
    );
  });
  return ranked;
}
