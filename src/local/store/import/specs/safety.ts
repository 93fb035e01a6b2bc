// Flammability (flash and autoignition temperatures in K, limits as volume fractions), the triple
// point, and the environmental indices GWP (20, 100 and 500 years) and ODP.
import { cells, type TableSpec } from '../runner.js';
import type { Row } from '../table.js';

const FLAMMABILITY = { T_flash: { key: 'tflash' }, T_autoignition: { key: 'tautoign' }, LFL: { key: 'lfl' }, UFL: { key: 'ufl' } };
/** ODP columns in the library's order of preference (WMO 2010 first, then the Montreal Protocol). */
const ODP = ['ODP2 Max', 'ODP1 Max', 'ODP2 Design', 'ODP1 Design', 'ODP2 Min', 'ODP1 Min'];

/**
 * Serat's flash points off the 0.1 °C grid disagree with IEC far more than the round ones (median
 * 5.6 K against 1.4 K; ethanol 260.0 K against IEC's 285.15 K): they look like estimates and are skipped.
 */
function serat(row: Row) {
  const t = cells(row, ['T_flash'])?.[0];
  if (t === undefined) return 'no flash point';
  const tenths = (t - 273.15) * 10;
  if (Math.abs(tenths - Math.round(tenths)) > 1e-6) return 'tflash: off the 0.1 °C grid (an estimate)';
  return [{ key: 'tflash', v: t, unit: 'K' }];
}

export const SAFETY: TableSpec[] = [
  { file: 'Safety/IS IEC 60079-20-1 2010.tsv', src: 'iec', columns: FLAMMABILITY },
  { file: 'Safety/NFPA 497 2008.tsv', src: 'nfpa', columns: FLAMMABILITY },
  { file: 'Safety/DIPPR T_flash Serat.csv', src: 'serat', row: serat },
  {
    file: 'Triple Properties/Staveley 1981.tsv',
    src: 'staveley',
    columns: { Tt: { key: 'tt' } },
    row(row) {
      const pt = cells(row, ['Pt'])?.[0];
      if (pt === undefined) return [];
      const e = cells(row, ['Pt_uncertainty'])?.[0];
      return [{ key: 'pt', v: pt, unit: 'Pa', ...(e === undefined ? {} : { e }) }];
    },
  },
  {
    file: 'Environment/Official Global Warming Potentials 2021.tsv',
    src: 'ipcc',
    columns: { '20yr GWP': { key: 'gwp20' }, '100yr GWP': { key: 'gwp100' }, '500yr GWP': { key: 'gwp500' } },
  },
  {
    file: 'Environment/Ozone Depletion Potentials.tsv',
    src: 'odp',
    row(row) {
      const col = ODP.find((c) => cells(row, [c]));
      return col ? [{ key: 'odp', v: cells(row, [col])![0]!, unit: '', c: col }] : 'no ODP';
    },
  },
];
