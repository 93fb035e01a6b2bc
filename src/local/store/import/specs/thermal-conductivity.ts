// Thermal conductivity of the liquid (tcondl) and the low-pressure gas (tcondg), W/(m×K). The VDI
// tables give no range (thermo sets none): the liquid takes the compound's Tm–Tc from the VDI
// vapour-pressure table, which covers the same compounds; the gas is sampled on GAS_RANGE.
import { cells, dippr100Row, MISSING, type TableSpec } from '../runner.js';

const DIR = 'Thermal Conductivity';
/** Where the VDI gas polynomials are sampled (the table states no range). */
const GAS_RANGE: [number, number] = [250, 1000];
const VDI_PVAP = 'Vapor Pressure/VDI PPDS Boiling temperatures at different pressures.tsv';

export const THERMAL_CONDUCTIVITY: TableSpec[] = [
  {
    file: `${DIR}/Table 2-315 Thermal Conductivity of Inorganic and Organic Liquids.tsv`,
    src: 'perry',
    row: dippr100Row('tcondl', 'W/(m×K)', ['C1', 'C2', 'C3', 'C4', 'C5']),
  },
  {
    file: `${DIR}/VDI PPDS Thermal conductivity of saturated liquids.tsv`,
    src: 'vdi',
    row(row, ref, lookup) {
      const v = cells(row, ['A', 'B', 'C', 'D', 'E']);
      if (!v) return MISSING;
      const range = cells(lookup.rowOf(VDI_PVAP, ref) ?? {}, ['Tm', 'Tc']);
      if (!range) return 'no Tm–Tc in the VDI vapour-pressure table';
      const [A, B, C, D, E] = v as [number, number, number, number, number];
      const [tmin, tmax] = range as [number, number];
      return [{ key: 'tcondl', unit: 'W/(m×K)', tmin, tmax, eq: 'DIPPR equation 100', coeffs: [A, B, C, D, E], c: `PPDS polynomial, ${tmin}–${tmax} K (Tm–Tc of the VDI vapour-pressure table)` }];
    },
  },
  {
    file: `${DIR}/Table 2-314 Vapor Thermal Conductivity of Inorganic and Organic Substances.tsv`,
    src: 'perry',
    row(row) {
      const v = cells(row, ['C1', 'C2', 'C3', 'C4', 'Tmin', 'Tmax']);
      if (!v) return MISSING;
      const [A, B, C, D, tmin, tmax] = v as [number, number, number, number, number, number];
      return [{ key: 'tcondg', unit: 'W/(m×K)', tmin, tmax, eq: 'DIPPR equation 102', coeffs: [A, B, C, D], c: `DIPPR equation 102, ${tmin}–${tmax} K` }];
    },
  },
  {
    file: `${DIR}/VDI PPDS Thermal conductivity of gases.tsv`,
    src: 'vdi',
    row(row) {
      const v = cells(row, ['A', 'B', 'C', 'D', 'E']);
      if (!v) return MISSING;
      const [A, B, C, D, E] = v as [number, number, number, number, number];
      const [tmin, tmax] = GAS_RANGE;
      return [{ key: 'tcondg', unit: 'W/(m×K)', tmin, tmax, eq: 'DIPPR equation 100', coeffs: [A, B, C, D, E], c: `PPDS polynomial, sampled ${tmin}–${tmax} K (no range in the table)` }];
    },
  },
];
