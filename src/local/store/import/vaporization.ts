// Enthalpy of vaporization correlations (J/mol → kJ/mol, key `hvapt`):
// - Perry's Table 2-150, DIPPR eq. 106 with its own Tc, on the tGrid of Tmin..Tmax;
// - VDI PPDS12 with its own Tc, and Alibakhshi (2017) with Tc from the critical tables (IUPAC,
//   Mathews, CRC, PSRK, Yaws, first found). Neither table gives a range, so both are evaluated on
//   SUBCRITICAL_GRID: 298.15 K (when below 0.95 Tc) and 0.6, 0.7, 0.8, 0.9 Tc;
// - VDI saturation tables: tabulated Hvap and liquid viscosity at the listed temperatures.
import { T298 } from './correlations.js';
import { at, cells, cellsOrZero, MISSING, tables, type Curve } from './runner.js';
import { num, type Row } from './table.js';

const TC_TABLES = ['IUPACOrganicCriticalProps.tsv', 'Mathews1972InorganicCriticalProps.tsv', 'CRCCriticalOrganics.tsv', 'Appendix to PSRK Revision 4.tsv', 'Yaws Collection.tsv'].map(
  (f) => `Critical Properties/${f}`,
);

function subcriticalGrid(tc: number): number[] {
  const ts = [0.6, 0.7, 0.8, 0.9].map((x) => Math.round(x * tc * 100) / 100);
  return T298 < 0.95 * tc ? [T298, ...ts].sort((a, b) => a - b) : ts;
}

/**
 * A correlation without a range in its table: sampled on subcriticalGrid(tc), stored with the range thermo gives
 * it (`range`, K), which chem state evaluates it over.
 */
const subcritical = (eq: string, coeffs: number[], tc: number, c: string, [tmin, tmax]: [number, number]): Curve => {
  const ts = subcriticalGrid(tc);
  const r2 = (x: number) => Math.round(x * 100) / 100;
  return { key: 'hvapt', unit: 'J/mol', tmin: Math.min(r2(tmin), ts[0]!), tmax: Math.max(r2(tmax), ts[ts.length - 1]!), ts, eq, coeffs, c };
};

/** The VDI saturation tables: one row per CAS, the columns as space-separated lists. */
function saturationRows(text: string): Row[] {
  type Saturation = { Name?: string; T?: number[]; Hvap?: number[]; 'Mu (l)'?: number[] };
  return Object.entries(JSON.parse(text) as Record<string, Saturation>).map(([cas, d]) => {
    const list = (xs: number[] | undefined) => (d.T ?? []).map((_, i) => (typeof xs?.[i] === 'number' ? xs[i] : '')).join(' ');
    return { CAS: cas, Name: d.Name ?? '', T: (d.T ?? []).join(' '), Hvap: list(d.Hvap), Mu: list(d['Mu (l)']) };
  });
}

export const vaporization = tables('vaporization', [
  {
    file: 'Phase Change/Table 2-150 Heats of Vaporization of Inorganic and Organic Liquids.tsv',
    src: 'perry',
    row(row) {
      const v = cells(row, ['Tc', 'C1', 'C2', 'Tmin', 'Tmax']);
      if (!v) return MISSING;
      const [tc, c1, c2, tmin, tmax] = v as [number, number, number, number, number];
      const [c3, c4] = cellsOrZero(row, ['C3', 'C4']) as [number, number];
      return [{ key: 'hvapt', unit: 'J/mol', tmin, tmax, zeroAt: tc, eq: 'DIPPR equation 106', coeffs: [tc, c1, c2, c3, c4, 0], c: `DIPPR eq. 106 (Perry's Table 2-150), ${tmin}–${tmax} K` }];
    },
  },
  {
    file: 'Phase Change/VDI PPDS Enthalpies of vaporization.tsv',
    src: 'vdi',
    row(row) {
      const v = cells(row, ['Tc', 'A', 'B', 'C', 'D', 'E']);
      if (!v) return MISSING;
      const [tc, A, B, C, D, E] = v as [number, number, number, number, number, number];
      return [subcritical('PPDS equation 12', [tc, A, B, C, D, E], tc, 'VDI PPDS12', [0.1 * tc, tc])];
    },
  },
  {
    file: 'Phase Change/Alibakhshi one-coefficient enthalpy of vaporization.tsv',
    src: 'alibakhshi',
    row(row, ref, lookup) {
      const C = num(row.C);
      const tc = TC_TABLES.map((f) => num(lookup.rowOf(f, ref)?.Tc)).find((x) => x !== undefined);
      if (tc === undefined || C === undefined) return 'no Tc for the model';
      return [subcritical('Alibakhshi model', [tc, C], tc, `Alibakhshi model, Tc = ${tc} K`, [0.3 * tc, Math.max(tc - 100, 0)])];
    },
  },
  {
    file: 'Misc/VDI Saturation Compounds Data.json',
    src: 'vdi',
    parse: saturationRows,
    name: 'Name',
    row(row) {
      const ts = (row.T ?? '').split(' ').filter(Boolean).map(Number);
      const [hvap, mu] = [row.Hvap, row.Mu].map((l) => (l ?? '').split(' ').map((x) => (x ? Number(x) : NaN)));
      return ts.flatMap((T, i) => [
        ...(hvap![i]! > 0 ? [at('hvapt', hvap![i]!, 'J/mol', T, 'VDI saturation table')] : []),
        ...(mu![i]! > 0 ? [at('dvisc', mu![i]!, 'Pa×s', T, 'saturated liquid, VDI saturation table')] : []),
      ]);
    },
  },
]);
