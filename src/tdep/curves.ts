// A compound's temperature-dependent properties at one temperature, from its stored correlations
// (chem state, GET /api/v1/state). Per property: every correlation that covers T, evaluated exactly
// there (a source with two tables gives two points, its preferred equation first), and any measured
// value at T itself, in the order of a record's points (record.ts orderPoints: the recommended first). Where no correlation covers T, one source's measured points that bracket T
// closely are interpolated (ln P against 1/T for pressures, linear otherwise), flagged `interpolated`.
// Outside every range there is no value unless the caller opts in to extrapolation (flagged
// `extrapolated`), and the answer names the ranges that exist.
import { isTDependent, property } from '../api/properties.js';
import { roundSignificant, significantDigits } from '../api/precision.js';
import type { Correlation, DataPoint, StatePoint } from '../api/types.js';

export type { Correlation };
import { orderPoints } from '../api/ranking.js';
import { convert } from '../units/registry.js';
import { curveFunction, EQUATION_ORDER, EQUATIONS } from './equations.js';
import { logInInverseT } from '../util/interpolate.js';

/** Significant digits of a value evaluated from a correlation (as the record's sampled points: runner.ts). */
export const CURVE_DIGITS = 6;

/** The widest gap between two measured points that are interpolated: GAP_K and GAP_FRACTION of T, the smaller. */
const GAP_K = 50;
const GAP_FRACTION = 0.2;

/** What a compound holds for its states: its correlations, and the T-dependent points of its record. */
export interface CompoundCurves {
  correlations: Correlation[];
  /** The record's T-dependent points by key (measured ones are interpolated where no correlation covers T). */
  points: Readonly<Record<string, readonly DataPoint[]>>;
}

/** A correlation ready to evaluate: f(T) in the registry unit. */
export interface Ready extends Correlation {
  f: (T: number) => number;
}

/** The compound's correlations and measured points, indexed by key, for many evaluations. */
export class Curves {
  private readonly byKey = new Map<string, Ready[]>();
  private readonly measured = new Map<string, Map<string, DataPoint[]>>();

  constructor(data: CompoundCurves) {
    const sampled = new Set<string>();
    for (const k of data.correlations) {
      const raw = curveFunction(k.eq, k.coeffs);
      const to = property(k.key)?.unit ?? '';
      const f = k.unit === to ? raw : (T: number) => convert(raw(T), k.unit, to);
      (this.byKey.get(k.key) ?? this.byKey.set(k.key, []).get(k.key)!).push({ ...k, f });
      sampled.add(`${k.key}\t${k.s}\t${k.c ?? ''}`);
    }
    for (const [key, points] of Object.entries(data.points)) {
      for (const p of points) {
        if (p.calc || p.t === undefined || sampled.has(`${key}\t${p.s}\t${p.c ?? ''}`)) continue;
        const bySource = this.measured.get(key) ?? this.measured.set(key, new Map()).get(key)!;
        (bySource.get(p.s) ?? bySource.set(p.s, []).get(p.s)!).push(p);
      }
    }
    for (const bySource of this.measured.values()) for (const ps of bySource.values()) ps.sort((a, b) => a.t! - b.t!);
  }

  /** Every key with a correlation or a measured point. */
  keys(): string[] {
    return [...new Set([...this.byKey.keys(), ...this.measured.keys()])].filter((k) => isTDependent(k));
  }

  /** Every correlation of `key`, f(T) in the registry unit. */
  all(key: string): readonly Ready[] {
    return this.byKey.get(key) ?? [];
  }

  /**
   * Every correlation of `key` in the order chem state takes them where several cover T (api/ranking.ts:
   * measured before calculated, by SOURCE_RANKING; within a source, `preferred`). The saturation
   * temperature and chem vle's vapour pressures take the first that covers T.
   */
  ranked(key: string): readonly Ready[] {
    return rankCorrelations(this.byKey.get(key) ?? []);
  }

  /** Each source's preferred correlation of `key` among `among` (by `preferred`). */
  private perSource(among: Ready[]): Ready[] {
    const best = new Map<string, Ready>();
    for (const k of preferred(among)) if (!best.has(k.s)) best.set(k.s, k);
    return [...best.values()];
  }

  /** The points of every correlation covering T, a source's preferred one first. */
  private covering(key: string, T: number): [Ready, StatePoint][] {
    const all = this.byKey.get(key) ?? [];
    const covers = all.filter((k) => k.tmin - 1e-9 <= T && T <= k.tmax + 1e-9);
    return rankCorrelations(covers).flatMap((k) => {
      const p = this.point(k, T);
      return p ? [[k, p] as [Ready, StatePoint]] : [];
    });
  }

  /** One correlation's point at T, or undefined where it gives no usable value (0 at Tc, a pole). */
  private point(k: Ready, T: number): StatePoint | undefined {
    const v = roundSignificant(k.f(T), CURVE_DIGITS);
    const def = property(k.key);
    if (!Number.isFinite(v) || (def?.positive && v <= 0)) return undefined;
    const p: StatePoint = { u: k.key, v, s: k.s, t: T };
    p.c = withRange(k);
    if (k.r) p.r = k.r;
    if (k.calc) p.calc = true;
    if (EQUATIONS[k.eq]?.tabulated && !nodeOf(k.coeffs, T)) p.interpolated = true;
    return p;
  }

  /**
   * The points of `key` at T, recommended first: the correlations covering T; else the interpolations of
   * measured points; else (with `extrapolate`) each source's nearest correlation, flagged. `why` says why
   * there are none.
   */
  at(key: string, T: number, extrapolate = false): { points: StatePoint[]; why?: string } {
    const covered = this.covering(key, T).map(([, p]) => p);
    if (covered.length) return { points: orderPoints([...covered, ...this.measuredAt(key, T)]) as StatePoint[] };
    const between = this.interpolated(key, T);
    if (between.length) return { points: orderPoints(between) as StatePoint[] };
    const ranges = this.ranges(key);
    if (!ranges) return { points: [], why: `${key}: no data` };
    if (!extrapolate) return { points: [], why: `${key}: no source covers ${T} K (${ranges})` };
    const nearest = this.perSource(this.byKey.get(key) ?? []).flatMap((k) => {
      const p = this.point(k, T);
      return p ? [{ ...p, extrapolated: true as const }] : [];
    });
    return nearest.length ? { points: orderPoints(nearest) as StatePoint[] } : { points: [], why: `${key}: no correlation extrapolates to ${T} K (${ranges})` };
  }

  /** The measured points at T itself (a source's single value beside the correlations). */
  private measuredAt(key: string, T: number): StatePoint[] {
    return [...(this.measured.get(key)?.values() ?? [])].flatMap((ps) => ps.filter((p) => Math.abs(p.t! - T) < 1e-6).map((p) => ({ u: key, ...p })));
  }

  /** Measured points of one source at T: a point at T itself, or two that bracket it closely, interpolated. */
  private interpolated(key: string, T: number): StatePoint[] {
    const out: StatePoint[] = [];
    const log = key === 'pvap' || key === 'psub';
    for (const ps of this.measured.get(key)?.values() ?? []) {
      const at = ps.find((p) => Math.abs(p.t! - T) < 1e-6);
      if (at) {
        out.push({ u: key, ...at });
        continue;
      }
      const i = ps.findIndex((p) => p.t! > T);
      if (i <= 0) continue;
      const [a, b] = [ps[i - 1]!, ps[i]!];
      if (b.t! - a.t! > Math.min(GAP_K, GAP_FRACTION * T)) continue;
      const v = log
        ? logInInverseT(T, a.t!, a.v, b.t!, b.v)
        : a.v + ((b.v - a.v) * (T - a.t!)) / (b.t! - a.t!);
      const digits = Math.min(CURVE_DIGITS, Math.max(3, significantDigits(a.v), significantDigits(b.v)));
      const p: StatePoint = { u: key, v: roundSignificant(v, digits), s: a.s, t: T, c: `interpolated between ${a.t} and ${b.t} K${a.c ? ` (${a.c})` : ''}`, interpolated: true };
      if (a.r) p.r = a.r;
      out.push(p);
    }
    return out;
  }

  /** The ranges the sources cover, for a message: "perry 273.16–533.15 K, vdi 298.15 K". */
  ranges(key: string): string | undefined {
    const spans = new Map<string, [number, number]>();
    const add = (s: string, lo: number, hi: number) => {
      const r = spans.get(s);
      spans.set(s, r ? [Math.min(r[0], lo), Math.max(r[1], hi)] : [lo, hi]);
    };
    for (const k of this.byKey.get(key) ?? []) add(k.s, k.tmin, k.tmax);
    for (const [s, ps] of this.measured.get(key) ?? []) add(s, ps[0]!.t!, ps[ps.length - 1]!.t!);
    if (!spans.size) return undefined;
    const r2 = (x: number) => Math.round(x * 100) / 100;
    return [...spans].map(([s, [lo, hi]]) => `${s} ${lo === hi ? r2(lo) : `${r2(lo)}–${r2(hi)}`} K`).join(', ');
  }
}

/** The point's `c`: the record points' comment, with the correlation's range where it names none. */
function withRange(k: Correlation): string {
  const c = k.c ?? k.eq;
  return / K\b/.test(c) ? c : `${c}, ${k.tmin}–${k.tmax} K`;
}

/** Correlations in the ranking's order (orderPoints on their source and calc), a source's preferred first. */
export function rankCorrelations<K extends Correlation>(ks: readonly K[]): K[] {
  const tagged = preferred(ks).map((k): DataPoint & { k: K } => ({ v: 0, s: k.s, ...(k.calc ? { calc: true } : {}), k }));
  return (orderPoints(tagged) as typeof tagged).map(({ k }) => k);
}

/** Correlations in the order a source's are preferred: the registry's order of equations (Wagner before Antoine), then the narrower range. */
function preferred<K extends Correlation>(ks: readonly K[]): K[] {
  return [...ks].sort((a, b) => EQUATION_ORDER.get(a.eq)! - EQUATION_ORDER.get(b.eq)! || a.tmax - a.tmin - (b.tmax - b.tmin));
}

/** True when T is a node of a table's (T, v) pairs. */
function nodeOf(pairs: readonly number[], T: number): boolean {
  for (let i = 0; i < pairs.length; i += 2) if (Math.abs(pairs[i]! - T) < 1e-6) return true;
  return false;
}
