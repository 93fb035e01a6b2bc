// Liquid heat capacity (cpl, J/(mol×K)). Zabransky gives Cp/R: spline segments (one row each,
// consecutive rows of a compound and data type chain into one curve) and quasi-polynomials. A
// segment whose Cp/R falls to 3 or below, or that jumps by more than 10 % from the segment before
// it, is one of the unusable segments of the data README's quirks and is skipped, counted.
import { tGrid } from '../correlations.js';
import { curveFunction } from '../../../../tdep/equations.js';
import { cells, dippr100Row, MISSING, type Outputs, type TableSpec } from '../runner.js';
import type { Row } from '../table.js';
import { R } from '../../../../units/registry.js';

const DIR = 'Heat Capacity';
const TYPE: Record<string, string> = { p: 'isobaric', sat: 'along saturation', C: 'averaged' };
/** Largest relative jump between consecutive segments. */
const SEGMENT_JUMP = 0.1;

/** The last segment read, to check that the next one of the same compound and type meets it. */
let previous: { id: string; tmax: number; f: (T: number) => number } | undefined;

function zabransky(row: Row, ref: string): Outputs {
  const range = cells(row, ['Tmin', 'Tmax']);
  const spline = cells(row, ['A1-spline', 'A2-spline', 'A3-spline', 'A4-spline']);
  const type = row['Data Type'] ?? '';
  if (!range || !spline || !(type in TYPE)) return MISSING;
  const [tmin, tmax] = range as [number, number];
  const id = `${ref}\t${type}`;
  let eq: string;
  let coeffs: number[];
  let c: string;
  if (spline[0] !== 0) {
    [eq, coeffs] = ['Zabransky cubic spline', spline];
    c = `Zabransky cubic spline segment (${TYPE[type]}), ${tmin}–${tmax} K`;
  } else {
    const quasi = cells(row, ['A1-quasi', 'A2-quasi', 'A3-quasi', 'A4-quasi', 'A5-quasi', 'A6-quasi', 'Tc']);
    if (!quasi) return MISSING;
    const Tc = quasi[6]!;
    [eq, coeffs] = ['Zabransky quasi-polynomial', [Tc, ...quasi.slice(0, 6)]];
    c = `Zabransky quasi-polynomial (${TYPE[type]}), ${tmin}–${tmax} K, Tc ${Tc} K`;
  }
  const f = curveFunction(eq, coeffs);
  const prev = previous;
  previous = undefined;
  if (tGrid(tmin, tmax).some((T) => !(f(T) > 3 * R))) return 'cpl: Cp/R ≤ 3 (unusable segment)';
  if (prev && prev.id === id && prev.tmax === tmin && Math.abs(f(tmin) - prev.f(tmin)) > SEGMENT_JUMP * prev.f(tmin)) {
    return 'cpl: segment does not meet the one before';
  }
  previous = { id, tmax, f };
  return [{ key: 'cpl', unit: 'J/(mol×K)', tmin, tmax, eq, coeffs, c }];
}

/** JANAF liquid: tabulated (T, Cp) per CAS; at a repeated T (a transition) the later value is the liquid's. */
function janafRows(text: string): Row[] {
  return Object.entries(JSON.parse(text) as Record<string, [number[], number[]]>).map(([cas, [ts, cps]]) => {
    const byT = new Map<number, number>();
    ts.forEach((T, i) => {
      if (T > 0 && cps[i] !== undefined) byT.set(T, cps[i]!);
    });
    return { CAS: cas, T: [...byT.keys()].join(' '), Cp: [...byT.values()].join(' ') };
  });
}

export const LIQUID_HEAT_CAPACITY: TableSpec[] = [
  { file: `${DIR}/Zabransky.tsv`, src: 'zabransky', key: (row) => ({ cas: row.CASRN }), row: zabransky },
  { file: `${DIR}/Perry_Table_2-153_DIPPR_100.tsv`, src: 'perry', row: dippr100Row('cpl', 'J/(kmol×K)', ['A', 'B', 'C', 'D', 'E']) },
  {
    file: `${DIR}/Perry_Table_2-153_DIPPR_114.tsv`,
    src: 'perry',
    row(row, ref, lookup) {
      const v = cells(row, ['A', 'B', 'C', 'D', 'Tmin', 'Tmax']);
      if (!v) return MISSING;
      // The table has no Tc: DIPPR's, as in Piña-Martinez et al.
      const tc = lookup.first(ref, 'tc', ['dippr']);
      if (!tc) return 'no DIPPR Tc';
      const [A, B, C, D, tmin, tmax] = v as [number, number, number, number, number, number];
      return [{ key: 'cpl', unit: 'J/(kmol×K)', tmin, tmax, eq: 'DIPPR equation 114', coeffs: [tc.v, A, B, C, D], c: `DIPPR equation 114, ${tmin}–${tmax} K, Tc ${tc.v} K (DIPPR)` }];
    },
  },
  {
    file: `${DIR}/JANAF_1998_liq_Cp.json`,
    src: 'janaf',
    parse: janafRows,
    row(row) {
      const ts = (row.T ?? '').split(' ').filter(Boolean).map(Number);
      const vs = (row.Cp ?? '').split(' ').filter(Boolean).map(Number);
      if (!ts.length) return MISSING;
      return [{ key: 'cpl', unit: 'J/(mol×K)', tmin: ts[0]!, tmax: ts[ts.length - 1]!, ts, eq: 'table', coeffs: ts.flatMap((T, i) => [T, vs[i]!]), c: `JANAF table, ${ts[0]}–${ts[ts.length - 1]} K` }];
    },
  },
];
