// The declarative import runner. A table is a spec: its file, source, key column, and either a map
// column → property (with the unit the file uses) or a hook turning a row into temperature curves or
// points. The runner owns the file loop, tallies, CAS references and unit conversion (units.ts);
// range checks are the registry's (ImportContext.point). Curves are held back until every table of
// the importer is read and sampled on tGrid like every correlation of the store; with `crossCheck`,
// one that disagrees with the other tables of its compound by more than 10 % is dropped (counted).
import { property } from '../../../api/properties.js';
import { T298, tGrid } from './correlations.js';
import { curveFunction } from '../../../tdep/equations.js';
import { byCas, casOf, type IdentityIn, type ImportContext, type PointIn, type RowKey, type StoredCurve, type Tally } from './context.js';
import { CHEMICALS, type Importer } from './importer.js';
import { hillOf } from '../formula.js';
import { median } from '../outliers.js';
import { num, tsv, type Row } from './table.js';
import { convert } from '../../../units/registry.js';
import { convertKeepingDigits, roundSignificant } from '../../../api/precision.js';

/**
 * Significant digits of a value evaluated from a correlation: its coefficients have 5–8 digits and it
 * reproduces its data to 0.1–1 %, so a sixth digit already says more than it knows (but keeps a curve smooth).
 */
const CURVE_DIGITS = 6;

/** A temperature correlation of one row: the registry's equation `eq` with `coeffs`, in `unit`, valid tmin..tmax (K). */
export interface Curve {
  key: string;
  eq: string;
  coeffs: number[];
  unit: string;
  tmin: number;
  tmax: number;
  /** Names the equation and its range (the points' `c`). */
  c: string;
  /** The literature reference of this curve, when not the row's. */
  r?: string;
  /** f vanishes at this temperature (Tc): the grid stops at 0.999 of it. */
  zeroAt?: number;
  /** Tabulated temperatures to use instead of the grid. */
  ts?: number[];
}

/** A fixed or single-temperature value of one row, in `unit`. */
export interface Value extends PointIn {
  key: string;
  unit: string;
}

/** A column holding one property: its key and the unit the file uses (default: the registry's). */
export interface Column {
  key: string;
  unit?: string;
  /** The column holding the value's uncertainty (same unit). */
  error?: string;
  /** The temperature of a T-dependent value (K), e.g. 298.15 for a standard-state heat capacity. */
  t?: number;
  c?: string;
}

/** Why a row, or a part of it, is not imported: skipped (valid, not imported) or rejected (bad data). */
export type Note = { skip: string } | { reject: string };

export const reject = (reason: string): Note => ({ reject: reason });
/** A row lacking a coefficient or range its equation needs. */
export const MISSING = reject('missing coefficient');

/** What a row hook gives: curves, values and notes, or (string: skipped) why the whole row is not imported. */
export type Outputs = (Curve | Value | Note)[] | string | Note;

/** Values of the compounds imported so far, for tables whose equations need another constant. */
export interface Lookup {
  /** Molar mass, g/mol: of the identifier tables (the library's `chemicals.identifiers`), else of any table. */
  mw(ref: string): number | undefined;
  /** The first value of a fixed property from the sources in order, with the source. */
  first(ref: string, key: string, sources: readonly string[]): { v: number; s: string } | undefined;
  /** The row of another table (path as in a spec) for the compound, when that table has one. */
  rowOf(file: string, ref: string): Row | undefined;
}

export interface TableSpec {
  /** Path under chemicals/chemicals (or, starting with '/', under the data directory). */
  file: string;
  src: string;
  /** Literature reference of every point, when not the source's. */
  ref?: string;
  nc?: boolean;
  calc?: boolean;
  /** How a row names its compound (or compounds); default the `CAS` column. */
  key?: (row: Row) => RowKey | RowKey[];
  parse?: (text: string) => Row[];
  /** Column with the compound's name (an identity row when not empty). */
  name?: string;
  /** Column with the compound's formula: the row's points are dropped from a compound with another (PointIn). */
  formula?: string;
  /** The row's identity (names, structure), when it gives one. */
  identity?: (row: Row) => IdentityIn | undefined;
  /** The source the identity rows are ranked as, when not `src` (names, structures: sources.ts). */
  identitySrc?: string;
  /** The literature reference a row names (else `ref`, else the source's). */
  refOf?: (row: Row) => string | undefined;
  /** Fixed values: column → property. */
  columns?: Record<string, Column>;
  /** The row's curves, values and notes, or why the row is not imported. */
  row?: (row: Row, ref: string, lookup: Lookup) => Outputs;
}

export const path = (spec: TableSpec) => (spec.file.startsWith('/') ? spec.file.slice(1) : `${CHEMICALS}/${spec.file}`);

/** Relative deviation from the median of the other tables above which a curve is dropped. */
const CURVE_TOLERANCE = 0.1;

interface Held {
  ref: string;
  src: string;
  r?: string;
  calc?: boolean;
  t: Tally;
  curve: Curve;
  /** The curve's equation (the registry's, checked once). */
  f: (T: number) => number;
  formula?: string;
  /** The row's number in its tally when nothing else of the row was accepted: it counts once a point of the curve is. */
  row?: number;
}

/**
 * An importer reading `specs` in order. `crossCheck` drops a curve more than CURVE_TOLERANCE off the
 * other tables of its compound and key (the new families, whose tables the data README's quirks scan).
 */
export function tables(name: string, specs: readonly TableSpec[], { crossCheck = false } = {}): Importer {
  return {
    name,
    files: specs.map(path),
    ...(specs.every((s) => s.nc) ? { nc: true } : {}),
    run(ctx) {
      const lookup = lookupOf(ctx);
      const held: Held[] = [];
      for (const spec of specs) {
        if (spec.nc && !ctx.includeNc) continue;
        for (const { row, ref, t } of ctx.rows(path(spec), spec.src, spec.parse ?? tsv, spec.key ?? byCas())) {
          if (spec.name && row[spec.name]) ctx.identity(t, ref, { name: row[spec.name] }, spec.identitySrc);
          const id = spec.identity?.(row);
          if (id) ctx.identity(t, ref, id, spec.identitySrc);
          const r = spec.refOf?.(row) ?? spec.ref;
          const formula = spec.formula ? hillOf(row[spec.formula], { hSecond: true }) : undefined;
          const out = rowOutputs(spec, row, ref, lookup);
          const curves: Held[] = [];
          for (const o of typeof out === 'string' ? [{ skip: out }] : Array.isArray(out) ? out : [out]) {
            if ('skip' in o) t.skip(o.skip);
            else if ('reject' in o) t.reject(o.reject);
            else if ('eq' in o) {
              curves.push({ ref, src: spec.src, r: o.r ?? r, calc: spec.calc, t, curve: o, f: curveFunction(o.eq, o.coeffs), formula });
            } else {
              const [from, to] = [o.unit, unitOf(o.key)];
              // the value keeps the digits the table wrote; an uncertainty is a difference (no °C offset)
              const v = convertKeepingDigits(o.v, (x) => convert(x, from, to), (x) => convert(x, to, from));
              const e = o.e === undefined ? undefined : convertKeepingDigits(o.e, (x) => convert(x, from, to) - convert(0, from, to), (x) => convert(x, to, from) - convert(0, to, from));
              ctx.point(t, ref, o.key, { ...o, v, e, r: o.r ?? r, calc: o.calc ?? spec.calc, formula });
            }
          }
          for (const h of curves) held.push(t.used ? h : { ...h, row: t.rows });
        }
      }
      ctx.finish();
      emitCurves(ctx, held, crossCheck);
    },
  };
}

export const unitOf = (key: string) => property(key)?.unit ?? '';

/** What a row gives: the values of its columns, then those of the spec's hook (or why it is skipped). */
export function rowOutputs(spec: TableSpec, row: Row, ref: string, lookup: Lookup): Outputs {
  const out: (Curve | Value | Note)[] = [];
  for (const [col, { key, unit, error, t, c }] of Object.entries(spec.columns ?? {})) {
    const v = num(row[col]);
    if (v === undefined) continue;
    const e = error ? num(row[error]) : undefined;
    out.push({ key, v, unit: unit ?? unitOf(key), ...(e === undefined ? {} : { e }), ...(t === undefined ? {} : { t }), ...(c ? { c } : {}) });
  }
  if (!spec.row) return out;
  const more = spec.row(row, ref, lookup);
  return Array.isArray(more) ? [...out, ...more] : out.length ? out : more;
}

/** The numeric cells `cols` of a row, or undefined when one is empty or not a number. */
export function cells(row: Row, cols: readonly string[]): number[] | undefined {
  const out: number[] = [];
  for (const c of cols) {
    const v = num(row[c]);
    if (v === undefined) return undefined;
    out.push(v);
  }
  return out;
}

/** The numbers of optional columns (a coefficient left empty is 0). */
export function cellsOrZero(row: Row, cols: readonly string[]): number[] {
  return cols.map((c) => num(row[c]) ?? 0);
}

/** The range a curve is sampled on (stopping short of where it vanishes). */
function sampledRange(c: Curve): [number, number] {
  return [c.tmin, c.zeroAt === undefined ? c.tmax : Math.min(c.tmax, 0.999 * c.zeroAt)];
}

/** Writes the curves as points (with `crossCheck`, but those off the others of their compound and key). */
function emitCurves(ctx: ImportContext, held: Held[], crossCheck: boolean): void {
  const groups = new Map<string, Held[]>();
  for (const h of held) {
    const k = `${h.ref}\t${h.curve.key}`;
    const g = groups.get(k);
    if (g) g.push(h);
    else groups.set(k, [h]);
  }
  const tallies = new Set<Tally>();
  const accepted = new Map<Tally, Set<number>>();
  for (const group of groups.values()) {
    for (const h of group) {
      tallies.add(h.t);
      if (crossCheck && offTheOthers(h, group)) {
        h.t.skip(`${h.curve.key}: curve more than ${CURVE_TOLERANCE * 100} % off the other tables`);
        continue;
      }
      const { curve } = h;
      const regUnit = unitOf(curve.key);
      const [lo, hi] = sampledRange(curve);
      // the correlation itself is stored with its points (write.ts), for chem state
      const stored: StoredCurve = { eq: curve.eq, coeffs: curve.coeffs, unit: curve.unit, tmin: curve.tmin, tmax: curve.tmax };
      let wrote = false;
      for (const T of curve.ts ?? tGrid(lo, hi)) {
        const v = roundSignificant(convert(h.f(T), curve.unit, regUnit), CURVE_DIGITS);
        wrote = ctx.point(h.t, h.ref, curve.key, { v, t: T, c: curve.c, r: h.r, calc: h.calc, formula: h.formula, curve: stored }, h.src) || wrote;
      }
      if (wrote && h.row !== undefined) (accepted.get(h.t) ?? accepted.set(h.t, new Set()).get(h.t)!).add(h.row);
    }
  }
  // These writes come after the rows were closed: a row whose curves alone gave points is counted here, once.
  for (const t of tallies) t.used = false;
  for (const [t, rows] of accepted) t.accepted += rows.size;
}

/**
 * True when the curve, at the middle of its range, is more than CURVE_TOLERANCE off the median of
 * all curves of the compound valid there, where at least 3 are (the scan of the data README's quirks).
 */
function offTheOthers(h: Held, group: Held[]): boolean {
  if (group.length < 3) return false;
  const [lo, hi] = sampledRange(h.curve);
  const mid = (lo + hi) / 2;
  const values = group
    .filter((g) => {
      const [a, b] = sampledRange(g.curve);
      return a <= mid && mid <= b;
    })
    .map((g) => convert(g.f(mid), g.curve.unit, unitOf(g.curve.key)))
    .filter(Number.isFinite);
  if (values.length < 3) return false;
  const med = median(values);
  const v = convert(h.f(mid), h.curve.unit, unitOf(h.curve.key));
  return !(Math.abs(v - med) <= CURVE_TOLERANCE * Math.abs(med));
}

export function lookupOf(ctx: ImportContext): Lookup {
  let mws: Map<string, number> | undefined;
  let fixed: Map<string, Map<string, number>> | undefined;
  const rows = new Map<string, Map<string, Row>>();
  return {
    rowOf(file, ref) {
      let m = rows.get(file);
      if (!m) {
        m = new Map();
        const rel = path({ file, src: '' });
        if (ctx.has(rel)) {
          for (const row of tsv(ctx.text(rel))) {
            const cas = casOf(row.CAS ?? '');
            if (typeof cas === 'string' && !m.has(`cas:${cas}`)) m.set(`cas:${cas}`, row);
          }
        }
        rows.set(file, m);
      }
      return m.get(ref);
    },
    mw(ref) {
      if (!mws) {
        mws = new Map();
        // the identifier tables first (the library's), then any table's
        for (const i of ctx.identities) if (i.s === 'pubchem' && i.mw) mws.set(i.ref, i.mw);
        for (const i of ctx.identities) if (i.mw && !mws.has(i.ref)) mws.set(i.ref, i.mw);
      }
      return mws.get(ref);
    },
    first(ref, key, sources) {
      if (!fixed) {
        fixed = new Map();
        for (const p of ctx.points) {
          if (p.t !== undefined || p.calc) continue;
          const k = `${p.ref}\t${p.key}`;
          let m = fixed.get(k);
          if (!m) fixed.set(k, (m = new Map()));
          if (!m.has(p.s)) m.set(p.s, p.v);
        }
      }
      const m = fixed.get(`${ref}\t${key}`);
      for (const s of sources) {
        const v = m?.get(s);
        if (v !== undefined) return { v, s };
      }
      return undefined;
    },
  };
}

/** A curve valid at 298.15 K only, or a single measured temperature: one point. */
export const at = (key: string, v: number, unit: string, t = T298, c?: string): Value => ({ key, v, unit, t, ...(c ? { c } : {}) });

/** A row of DIPPR eq. 100 coefficients (`cols`, then Tmin and Tmax): one curve in `unit`. */
export const dippr100Row =
  (key: string, unit: string, cols: readonly string[]) =>
  (row: Row): Curve[] | Note => {
    const v = cells(row, [...cols, 'Tmin', 'Tmax']);
    if (!v) return MISSING;
    const [tmin, tmax] = v.slice(5) as [number, number];
    return [{ key, unit, tmin, tmax, eq: 'DIPPR equation 100', coeffs: v.slice(0, 5), c: `DIPPR equation 100, ${tmin}–${tmax} K` }];
  };
