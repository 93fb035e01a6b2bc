// Surface tension (registry N/m). Mulero–Cachadiña and VDI give N/m, Somayajulu and Jasper mN/m.
// Correlations that vanish at Tc are sampled up to 0.999 Tc.
import { cells, MISSING, type TableSpec } from '../runner.js';
import type { Row } from '../table.js';

const DIR = 'Interface';

const somayajuluRow = (row: Row) => {
  const v = cells(row, ['Tt', 'Tc', 'A', 'B', 'C']);
  if (!v) return MISSING;
  const [tt, Tc, A, B, C] = v as [number, number, number, number, number];
  return [{ key: 'srf', unit: 'mN/m', tmin: tt, tmax: Tc, zeroAt: Tc, eq: 'Somayajulu equation', coeffs: [Tc, A, B, C], c: `Somayajulu equation, ${tt}–${Tc} K` }];
};

export const SURFACE_TENSION: TableSpec[] = [
  {
    file: `${DIR}/MuleroCachadinaParameters.tsv`,
    src: 'mulero',
    row(row) {
      const v = cells(row, ['sigma0', 'n0', 'sigma1', 'n1', 'sigma2', 'n2', 'Tc', 'Tmin', 'Tmax']);
      if (!v) return MISSING;
      const [s0, n0, s1, n1, s2, n2, Tc, tmin, tmax] = v as [number, number, number, number, number, number, number, number, number];
      return [{ key: 'srf', unit: 'N/m', tmin, tmax, zeroAt: Tc, eq: 'Mulero–Cachadiña equation', coeffs: [Tc, s0, n0, s1, n1, s2, n2], c: `Mulero–Cachadiña equation, ${tmin}–${tmax} K` }];
    },
  },
  { file: `${DIR}/SomayajuluRevised.tsv`, src: 'somayajulu2013', row: somayajuluRow },
  { file: `${DIR}/Somayajulu.tsv`, src: 'somayajulu', row: somayajuluRow },
  {
    file: `${DIR}/Jasper-Lange.tsv`,
    src: 'jasper',
    row(row) {
      const v = cells(row, ['a', 'b']);
      if (!v) return MISSING;
      const [a, b] = v as [number, number];
      // thermo: an empty Tmin is 0 K; an empty Tmax, or one equal to Tmin, is where σ reaches 0.
      const tZero = b > 0 ? a / b + 273.15 : undefined;
      const tmin = cells(row, ['Tmin'])?.[0] ?? 0;
      let tmax = cells(row, ['Tmax'])?.[0];
      if (tmax === undefined || tmax === tmin) tmax = tZero;
      if (tmax === undefined) return 'no range';
      // a grid from 0 K is no use: the lowest sampled temperature is 0.3 of the upper end then.
      const lo = tmin > 0 ? tmin : Math.round(0.3 * tmax * 100) / 100;
      return [{ key: 'srf', unit: 'mN/m', tmin: lo, tmax, zeroAt: tZero, eq: 'Jasper linear equation', coeffs: [a, b], c: `Jasper linear equation, ${lo}–${Math.round(tmax * 100) / 100} K` }];
    },
  },
  {
    file: `${DIR}/VDI PPDS surface tensions.tsv`,
    src: 'vdi',
    row(row) {
      const v = cells(row, ['Tm', 'Tc', 'A', 'B', 'C', 'D', 'E']);
      if (!v) return MISSING;
      const [tm, Tc, A, B, C, D, E] = v as [number, number, number, number, number, number, number];
      return [{ key: 'srf', unit: 'N/m', tmin: tm, tmax: Tc, zeroAt: Tc, eq: 'DIPPR equation 106', coeffs: [Tc, A, B, C, D, E], c: `DIPPR equation 106, ${tm}–${Tc} K` }];
    },
  },
];
