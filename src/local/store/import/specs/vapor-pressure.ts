// Vapour and sublimation pressure (the tables give Pa; registry kPa), each row one correlation in
// T evaluated as CalebBell/chemicals does, over the range thermo applies to the table.
import { antoine, dippr101, trcAntoineExtended, wagner, wagnerOriginal } from '../correlations.js';
import { cells, MISSING, type Curve, type Note, type TableSpec } from '../runner.js';
import type { Row } from '../table.js';

const DIR = 'Vapor Pressure';
const range = (lo: number, hi: number) => `${lo}–${hi} K`;

/** Antoine, log10 or ln of Pa (the library's coefficients: Poling's converted to Pa and K). */
const antoineRow =
  (key: string, base: number, label: string) =>
  (row: Row): Curve[] | Note => {
    const v = cells(row, ['A', 'B', 'C', 'Tmin', 'Tmax']);
    if (!v) return MISSING;
    const [A, B, C, tmin, tmax] = v as [number, number, number, number, number];
    return [{ key, unit: 'Pa', tmin, tmax, f: (T) => antoine(T, A, B, C, base), c: `${label}, ${range(tmin, tmax)}` }];
  };

/** DIPPR eq. 101, ln of Pa. */
const eq101Row =
  (key: string, cols: readonly string[], label: string) =>
  (row: Row): Curve[] | Note => {
    const v = cells(row, [...cols, 'Tmin', 'Tmax']);
    if (!v) return MISSING;
    const [A, B, C, D, E, tmin, tmax] = v as [number, number, number, number, number, number, number];
    return [{ key, unit: 'Pa', tmin, tmax, f: (T) => dippr101(T, A, B, C, D, E), c: `${label}, ${range(tmin, tmax)}` }];
  };

export const VAPOR_PRESSURE: TableSpec[] = [
  { file: `${DIR}/Antoine Collection Poling.tsv`, src: 'poling', row: antoineRow('pvap', 10, 'Antoine equation (log10 Pa)') },
  {
    file: `${DIR}/Antoine Extended Collection Poling.tsv`,
    src: 'poling',
    row(row) {
      const v = cells(row, ['A', 'B', 'C', 'Tc', 'to', 'n', 'E', 'F', 'Tmin', 'Tmax']);
      if (!v) return MISSING;
      const [A, B, C, Tc, to, n, E, F, tmin, tmax] = v as number[] as [number, number, number, number, number, number, number, number, number, number];
      return [{ key: 'pvap', unit: 'Pa', tmin, tmax, f: (T) => trcAntoineExtended(T, Tc, to, A, B, C, n, E, F), c: `TRC extended Antoine equation, ${range(tmin, tmax)}` }];
    },
  },
  {
    file: `${DIR}/Wagner Collection Poling.tsv`,
    src: 'poling',
    row(row) {
      const v = cells(row, ['A', 'B', 'C', 'D', 'Tc', 'Pc', 'Tmax']);
      if (!v) return MISSING;
      const [a, b, c, d, Tc, Pc, tmax] = v as [number, number, number, number, number, number, number];
      // thermo uses 0.1·Tmax where Tmin is empty
      const tmin = cells(row, ['Tmin'])?.[0] ?? 0.1 * tmax;
      return [{ key: 'pvap', unit: 'Pa', tmin, tmax, f: (T) => wagner(T, Tc, Pc, a, b, c, d), c: `Wagner equation (2.5, 5), ${range(tmin, tmax)}` }];
    },
  },
  {
    file: `${DIR}/Wagner Original McGarry.tsv`,
    src: 'mcgarry',
    row(row) {
      const v = cells(row, ['A', 'B', 'C', 'D', 'Pc', 'Tc', 'Tmin']);
      if (!v) return MISSING;
      const [a, b, c, d, Pc, Tc, tmin] = v as [number, number, number, number, number, number, number];
      return [{ key: 'pvap', unit: 'Pa', tmin, tmax: Tc, f: (T) => wagnerOriginal(T, Tc, Pc, a, b, c, d), c: `Wagner equation (3, 6), ${range(tmin, Tc)}` }];
    },
  },
  { file: `${DIR}/Table 2-8 Vapor Pressure of Inorganic and Organic Liquids.tsv`, src: 'perry', row: eq101Row('pvap', ['C1', 'C2', 'C3', 'C4', 'C5'], 'DIPPR equation 101') },
  {
    file: `${DIR}/VDI PPDS Boiling temperatures at different pressures.tsv`,
    src: 'vdi',
    row(row) {
      const v = cells(row, ['A', 'B', 'C', 'D', 'Tm', 'Tc', 'Pc']);
      if (!v) return MISSING;
      const [a, b, c, d, tm, Tc, Pc] = v as [number, number, number, number, number, number, number];
      return [{ key: 'pvap', unit: 'Pa', tmin: tm, tmax: Tc, f: (T) => wagner(T, Tc, Pc, a, b, c, d), c: `Wagner equation (2.5, 5), ${range(tm, Tc)}` }];
    },
  },
  { file: `${DIR}/Alcock_Itkin_Horrigan_metalic_elements.tsv`, src: 'alcock', row: eq101Row('pvap', ['A', 'B', 'C', 'D', 'E'], 'DIPPR equation 101 (ln Pa)') },
  { file: `${DIR}/Landolt_antoine_V20.tsv`, src: 'landolt', row: antoineRow('pvap', Math.E, 'Antoine equation (ln Pa)') },
  {
    file: `${DIR}/Alcock_Itkin_Horrigan_metalic_elements_sublimation.tsv`,
    src: 'alcock',
    row: eq101Row('psub', ['A', 'B', 'C', 'D', 'E'], 'DIPPR equation 101 (ln Pa)'),
  },
  { file: `${DIR}/Landolt_antoine_sublimation_V20.tsv`, src: 'landolt', row: antoineRow('psub', Math.E, 'Antoine equation (ln Pa)') },
];
