// What a plot shows: the T-dependent points of one property of a record, in display units, each
// told apart as measured, sampled from a correlation, or calculated. Shared by the terminal chart,
// the SVG/PNG chart (chart.ts) and the server's plot route.
import { ChemError, notFound, usageError } from '../api/errors.js';
import { plainSymbol, property, PROPERTIES } from '../api/properties.js';
import type { Compound, DataPoint } from '../api/types.js';
import { displayUnit, type UnitPrefs } from '../units/display.js';
import { roundSignificant } from '../api/precision.js';
import { parseCurve } from '../tdep/curve-text.js';

/**
 * measured: a value at one temperature. correlation: the points of one source sharing one comment
 * (the equation and its range, e.g. "ChemSep eq. 101, 200–473 K") are samples of one curve.
 * calculated: a prediction (`calc: true`), drawn as a dashed curve.
 */
export type PointKind = 'measured' | 'correlation' | 'calculated';

export interface PlotPoint {
  /** Temperature and value in display units. */
  t: number;
  v: number;
  /** Source key and its database name (the legend label). */
  s: string;
  source: string;
  kind: PointKind;
  /** Points of one curve share it (source and comment). */
  curve: string;
  outlier: boolean;
  r?: string;
  /** Position along its curve where that is not the order of t (a binodal drawn by temperature). */
  order?: number;
}

export interface PlotSeries {
  key: string;
  desc: string;
  /** Symbol without markup. */
  sym: string;
  /** Symbol of the x axis when it is not T (a composition: `t` then holds x1). */
  xSym?: string;
  /** Display units of the axes. */
  tUnit: string;
  unit: string;
  /** Log y axis: vapour pressures, and positive values spanning two decades or more (liquid viscosity). */
  log: boolean;
  points: PlotPoint[];
}

// Vapour and sublimation pressures follow ln p ≈ A − B/T: a log axis even over a narrow range.
const LOG_KEYS = new Set(['pvap', 'psub']);

const T_DEPENDENT_KEYS = (): string[] => PROPERTIES.filter((p) => p.dep.includes('T')).map((p) => p.key);

/** Checks a key asked for: 400 when it is not a T-dependent registry key. */
export function checkPlotKey(key: string): void {
  if (!property(key)) throw usageError(`unknown property "${key}": T-dependent keys are ${T_DEPENDENT_KEYS().join(', ')}`);
  if (!property(key)!.dep.includes('T')) throw usageError(`"${key}" does not depend on temperature: T-dependent keys are ${T_DEPENDENT_KEYS().join(', ')}`);
}

/** The series of one key of a record (key checked with checkPlotKey); 404 when it holds no point with a temperature. */
export function plotSeries(comp: Compound, key: string, units: UnitPrefs): PlotSeries {
  checkPlotKey(key);
  const def = property(key)!;
  const raw = ((comp.tpdep_props?.[key] ?? []) as DataPoint[]).filter((p) => typeof p.t === 'number' && Number.isFinite(p.v));
  if (!raw.length) throw notFound(`no ${key} data with a temperature for ${comp.compound} (${comp.id})`);
  const tConv = displayUnit('K', units);
  const vConv = displayUnit(def.unit, units);
  const curveOf = (p: DataPoint) => `${p.s}|${p.c ?? ''}`;
  const sizes = new Map<string, number>();
  for (const p of raw) if (p.c) sizes.set(curveOf(p), (sizes.get(curveOf(p)) ?? 0) + 1);
  const points = raw.map((p): PlotPoint => {
    const kind: PointKind = p.calc ? 'calculated' : p.c && sizes.get(curveOf(p))! >= 2 ? 'correlation' : 'measured';
    const point: PlotPoint = {
      t: tConv.state(p.t!),
      v: vConv.convert(p.v),
      s: p.s,
      source: comp.src?.[p.s]?.db ?? p.s,
      kind,
      curve: curveOf(p),
      outlier: !!p.o,
    };
    if (p.r) point.r = p.r;
    return point;
  });
  if (LOG_KEYS.has(key)) points.push(...densified(raw, curveOf, (v) => vConv.convert(v), (t) => tConv.state(t), comp));
  points.sort((a, b) => a.t - b.t);
  const vs = points.map((p) => p.v);
  const min = Math.min(...vs);
  const log = min > 0 && (LOG_KEYS.has(key) || Math.max(...vs) / min >= 100);
  return { key, desc: def.desc, sym: plainSymbol(def), tUnit: tConv.unit, unit: vConv.unit, log, points };
}

/** Points between a record's samples of each pressure correlation that keeps its coefficients (tdep/curve-text.ts), evaluated by the registry's equation: a smooth curve on the log axis. */
function densified(raw: DataPoint[], curveOf: (p: DataPoint) => string, v: (kPa: number) => number, t: (K: number) => number, comp: Compound): PlotPoint[] {
  const out: PlotPoint[] = [];
  const done = new Set<string>();
  for (const p of raw) {
    const id = curveOf(p);
    const k = p.calc || done.has(id) ? undefined : parseCurve(p.c);
    done.add(id);
    if (!k) continue;
    for (let i = 1; i < DENSE; i++) {
      const T = k.tmin + ((k.tmax - k.tmin) * i) / DENSE;
      const value = k.f(T) / 1000;
      if (value > 0 && Number.isFinite(value)) out.push({ t: t(roundSignificant(T, 6)), v: v(roundSignificant(value, 6)), s: p.s, source: comp.src?.[p.s]?.db ?? p.s, kind: 'correlation', curve: id, outlier: !!p.o });
    }
  }
  return out;
}

/** Intervals a pressure correlation is drawn with. */
const DENSE = 24;

/** The T-dependent keys of a record with at least one point at a temperature, in the record's order; 404 when none. */
export function recordKeys(comp: Compound): string[] {
  const keys = Object.entries(comp.tpdep_props ?? {})
    .filter(([k, points]) => property(k)?.dep.includes('T') && (points as DataPoint[]).some((p) => typeof p.t === 'number'))
    .map(([k]) => k);
  if (!keys.length) throw notFound(`no T-dependent data for ${comp.compound} (${comp.id})`);
  return keys;
}

/** Series of the keys asked for; keys without data are reported through `missing` unless none has data (then 404). */
export function plotAll(comp: Compound, keys: string[], units: UnitPrefs, missing: (e: ChemError) => void = () => {}): PlotSeries[] {
  for (const k of keys) checkPlotKey(k);
  const out: PlotSeries[] = [];
  const empty: ChemError[] = [];
  for (const k of keys) {
    try {
      out.push(plotSeries(comp, k, units));
    } catch (e) {
      if (!(e instanceof ChemError) || e.status !== 404) throw e;
      empty.push(e);
    }
  }
  if (!out.length) throw empty[0]!;
  empty.forEach(missing);
  return out;
}

/** Axis label: symbol and display unit, `Cp,gas (J/(mol×K))`. */
export const axisTitle = (sym: string, unit: string): string => (unit ? `${sym} (${unit})` : sym);
