// Vapour and sublimation pressure (the tables give Pa; registry kPa), each row one correlation in
// T evaluated as CalebBell/chemicals does, over the range thermo applies to the table. A curve's
// comment keeps its equation, range and coefficients (tdep/curve-text.ts): chem vle evaluates it from them.
import { describeCurve } from '../../../../tdep/curve-text.js';
import { cells, MISSING, type Curve, type Note, type TableSpec } from '../runner.js';
import type { Row } from '../table.js';

const DIR = 'Vapor Pressure';

/** The curve of one row: `equation` (a registry label) with its coefficients, in Pa. */
function curve(key: string, equation: string, coeffs: number[], tmin: number, tmax: number): Curve[] {
  return [{ key, unit: 'Pa', tmin, tmax, eq: equation, coeffs, c: describeCurve(equation, coeffs, tmin, tmax) }];
}

/** Antoine, log10 or ln of Pa (the library's coefficients: Poling's converted to Pa and K). */
const antoineRow =
  (key: string, equation: string) =>
  (row: Row): Curve[] | Note => {
    const v = cells(row, ['A', 'B', 'C', 'Tmin', 'Tmax']);
    if (!v) return MISSING;
    return curve(key, equation, v.slice(0, 3), v[3]!, v[4]!);
  };

/** DIPPR eq. 101, ln of Pa. */
const eq101Row =
  (key: string, cols: readonly string[], equation: string) =>
  (row: Row): Curve[] | Note => {
    const v = cells(row, [...cols, 'Tmin', 'Tmax']);
    if (!v) return MISSING;
    return curve(key, equation, v.slice(0, 5), v[5]!, v[6]!);
  };

export const VAPOR_PRESSURE: TableSpec[] = [
  { file: `${DIR}/Antoine Collection Poling.tsv`, src: 'poling', row: antoineRow('pvap', 'Antoine equation (log10 Pa)') },
  {
    file: `${DIR}/Antoine Extended Collection Poling.tsv`,
    src: 'poling',
    row(row) {
      const v = cells(row, ['A', 'B', 'C', 'Tc', 'to', 'n', 'E', 'F', 'Tmin', 'Tmax']);
      if (!v) return MISSING;
      return curve('pvap', 'TRC extended Antoine equation', v.slice(0, 8), v[8]!, v[9]!);
    },
  },
  {
    file: `${DIR}/Wagner Collection Poling.tsv`,
    src: 'poling',
    row(row) {
      const v = cells(row, ['A', 'B', 'C', 'D', 'Tc', 'Pc', 'Tmax']);
      if (!v) return MISSING;
      // thermo uses 0.1·Tmax where Tmin is empty
      const tmin = cells(row, ['Tmin'])?.[0] ?? 0.1 * v[6]!;
      return curve('pvap', 'Wagner equation (2.5, 5)', v.slice(0, 6), tmin, v[6]!);
    },
  },
  {
    file: `${DIR}/Wagner Original McGarry.tsv`,
    src: 'mcgarry',
    row(row) {
      const v = cells(row, ['A', 'B', 'C', 'D', 'Tc', 'Pc', 'Tmin']);
      if (!v) return MISSING;
      return curve('pvap', 'Wagner equation (3, 6)', v.slice(0, 6), v[6]!, v[4]!);
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
      return curve('pvap', 'Wagner equation (2.5, 5)', [a, b, c, d, Tc, Pc], tm, Tc);
    },
  },
  { file: `${DIR}/Alcock_Itkin_Horrigan_metalic_elements.tsv`, src: 'alcock', row: eq101Row('pvap', ['A', 'B', 'C', 'D', 'E'], 'DIPPR equation 101 (ln Pa)') },
  { file: `${DIR}/Landolt_antoine_V20.tsv`, src: 'landolt', row: antoineRow('pvap', 'Antoine equation (ln Pa)') },
  {
    file: `${DIR}/Alcock_Itkin_Horrigan_metalic_elements_sublimation.tsv`,
    src: 'alcock',
    row: eq101Row('psub', ['A', 'B', 'C', 'D', 'E'], 'DIPPR equation 101 (ln Pa)'),
  },
  { file: `${DIR}/Landolt_antoine_sublimation_V20.tsv`, src: 'landolt', row: antoineRow('psub', 'Antoine equation (ln Pa)') },
];
