// Heat capacities in J/(mol×K): `cpg` (ideal gas), `cps` (solid) and, from the tables of all three
// phases (NIST Shomate, Perry 2-151), `cpl` (liquid; the liquid-only tables are in
// specs/liquid-heat-capacity.ts), all T-dependent. Coefficient tables are evaluated on tGrid(Tmin,
// Tmax); tabulated ones keep their temperatures. CRCHeatCapacitySolids labels graphite with methane's
// CAS (74-82-8): that row is refused. Perry 2-151 pairs dozens of its inorganics with the CAS of an
// unrelated compound (potassium with L-lysine's, uranium with uracil's): its rows carry their formula,
// and the merge drops their points from a compound of another formula.
import { tGrid, T298 } from './correlations.js';
import type { RowKey } from './context.js';
import { at, cells, cellsOrZero, MISSING, reject, tables, type Column, type Curve, type TableSpec, type Value } from './runner.js';
import { num, type Row } from './table.js';

const DIR = 'Heat Capacity';

/** JANAF: tabulated (T, Cp) per CAS, as space-separated lists; every pair is kept (a transition repeats T). */
function janafRows(text: string): Row[] {
  return Object.entries(JSON.parse(text) as Record<string, [number[], number[]]>).map(([cas, [ts, cps]]) => {
    const pairs = ts.flatMap((T, i) => (T > 0 && cps[i] !== undefined ? [[T, cps[i]!]] : []));
    return { CAS: cas, T: pairs.map((p) => p[0]).join(' '), Cp: pairs.map((p) => p[1]).join(' ') };
  });
}

const janaf = (file: string, key: string): TableSpec => ({
  file: `${DIR}/${file}`,
  src: 'janaf',
  parse: janafRows,
  row(row): Value[] {
    const ts = (row.T ?? '').split(' ').filter(Boolean).map(Number);
    const cps = (row.Cp ?? '').split(' ').map(Number);
    return ts.map((T, i) => at(key, cps[i]!, 'J/(mol×K)', T));
  },
});

type Range = [number, number, number, number, number, number, number];

/** NIST WebBook Shomate ranges per CAS: [solid, liquid, gas] lists of [Tmin, Tmax, A–E], as JSON cells. */
function shomateRows(text: string): Row[] {
  return Object.entries(JSON.parse(text) as Record<string, [Range[] | null, Range[] | null, Range[] | null]>).map(([cas, [solid, liquid, gas]]) => ({
    CAS: cas,
    cps: JSON.stringify(solid ?? []),
    cpl: JSON.stringify(liquid ?? []),
    cpg: JSON.stringify(gas ?? []),
  }));
}

/** Perry 2-151's phases: crystal, liquid, gas. */
const PERRY_PHASE: Record<string, string> = { c: 'cps', l: 'cpl', g: 'cpg' };

/** CRC solids: Cp at these temperatures (K), one column each. */
const CRC_TEMPS: Record<string, Column> = Object.fromEntries([200, 250, 300, 350, 400, 500, 600].map((T) => [String(T), { key: 'cps', t: T }]));

export const heatCapacity = tables('heat-capacity', [
  {
    file: `${DIR}/PolingDatabank.tsv`,
    src: 'poling',
    // The tabulated 298.15 K value stands in for the polynomial at that temperature.
    columns: { Cpg: { key: 'cpg', t: T298 } },
    row(row) {
      const v = cells(row, ['Tmin', 'Tmax', 'a0']);
      if (!v) return MISSING;
      const [tmin, tmax, a0] = v as [number, number, number];
      const [a1, a2, a3, a4] = cellsOrZero(row, ['a1', 'a2', 'a3', 'a4']) as [number, number, number, number];
      const ts = tGrid(tmin, tmax).filter((T) => T !== T298 || num(row.Cpg) === undefined);
      return [{ key: 'cpg', unit: 'J/(mol×K)', tmin, tmax, ts, eq: 'Cp/R polynomial', coeffs: [a0, a1, a2, a3, a4], c: `Cp/R polynomial, ${tmin}–${tmax} K` }];
    },
  },
  {
    file: `${DIR}/TRC Thermodynamics of Organic Compounds in the Gas State.tsv`,
    src: 'trc',
    name: 'Chemical',
    // Its Hfg column is the enthalpy of formation at 0 K, not hf's 298.15 K (methane −66.6 kJ/mol, ATcT's 0 K value
    // −66.56 and 298.15 K value −74.53; hexane −130.1 against −166.9): not imported.
    row(row) {
      const a = cells(row, ['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7']);
      const range = cells(row, ['Tmin', 'Tmax']);
      if (!a || !range) return MISSING;
      const [tmin, tmax] = range as [number, number];
      return [{ key: 'cpg', unit: 'J/(mol×K)', tmin, tmax, eq: 'TRC Cp equation', coeffs: a, c: `TRC Cp equation, ${tmin}–${tmax} K` }];
    },
  },
  janaf('JANAF_1998_gas_Cp.json', 'cpg'),
  janaf('JANAF_1998_solid_Cp.json', 'cps'),
  {
    file: `${DIR}/CRCHeatCapacitySolids.tsv`,
    src: 'crc',
    // Graphite is labelled with methane's CAS.
    key: (row): RowKey =>
      row.CASRN === '74-82-8' && /graphite/i.test(row['NAME/T(K) J/mol/K'] ?? '') ? { refused: 'CAS belongs to another substance' } : { cas: row.CASRN },
    columns: CRC_TEMPS,
  },
  {
    file: `${DIR}/webbook_shomate_coefficients.json`,
    src: 'webbook',
    parse: shomateRows,
    row(row): Curve[] {
      return (['cps', 'cpl', 'cpg'] as const).flatMap((key) =>
        (JSON.parse(row[key] ?? '[]') as Range[]).map(([tmin, tmax, A, B, C, D, E]): Curve => ({
          key,
          unit: 'J/(mol×K)',
          tmin,
          tmax,
          eq: 'Shomate equation',
          coeffs: [A, B, C, D, E],
          c: `Shomate equation, ${tmin}–${tmax} K`,
        })),
      );
    },
  },
  {
    file: `${DIR}/Perrys Table 2-151.tsv`,
    src: 'perry',
    key: (row) => ({ cas: row['Ful CAS'] }),
    formula: 'Formula',
    row(row) {
      const phase = row['main phase'] ?? '';
      if (phase === 'gls') return 'glass (not imported)';
      const key = PERRY_PHASE[phase];
      if (!key) return reject('no phase');
      const v = cells(row, ['Constant Term', 'Tmin', 'Tmax']);
      if (!v) return MISSING;
      const [a, tmin, tmax] = v as [number, number, number];
      const [b, c2, d] = cellsOrZero(row, ['+*T term', '/T^2 term', '*T^2 term']) as [number, number, number];
      return [
        {
          key,
          unit: 'cal/(mol×K)',
          tmin,
          tmax,
          eq: "Perry's Table 2-151 form",
          coeffs: [a, b, c2, d],
          c: `Perry's Table 2-151 (cal/mol/K), ${tmin}–${tmax} K${row.subphase ? `, ${row.subphase}` : ''}`,
        },
      ];
    },
  },
]);
