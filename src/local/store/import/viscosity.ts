// Liquid dynamic viscosity `dvisc` in Pa×s. Perry's Table 2-313 (DIPPR eq. 101) on tGrid(Tmin, Tmax);
// VDI PPDS9 has no range in its table, so it is sampled at VDI_TEMPS inside its pole D < T < C; the
// correlation is stored with the compound's Tm–Tc of the VDI vapour-pressure table (as thermo and the
// VDI conductivities take it), inside the pole, so chem state evaluates it over the whole liquid range.
// Not imported: vapour viscosities (Perry 2-312, VDI gas; the registry's dvisc is the liquid) and the
// Viswanath–Natarajan and Dutt–Prasad tables (the data README's spot check finds ethanol 3x off).
import { cells, cellsOrZero, MISSING, tables } from './runner.js';

const VDI_TEMPS = [273.15, 298.15, 323.15, 348.15, 373.15];
const VDI_PVAP = 'Vapor Pressure/VDI PPDS Boiling temperatures at different pressures.tsv';

export const viscosity = tables('viscosity', [
  {
    file: 'Viscosity/Table 2-313 Viscosity of Inorganic and Organic Liquids.tsv',
    src: 'perry',
    row(row) {
      const v = cells(row, ['C1', 'C2', 'Tmin', 'Tmax']);
      if (!v) return MISSING;
      const [c1, c2, tmin, tmax] = v as [number, number, number, number];
      // empty C3–C5 are 0
      const [c3, c4, c5] = cellsOrZero(row, ['C3', 'C4', 'C5']) as [number, number, number];
      return [{ key: 'dvisc', unit: 'Pa×s', tmin, tmax, eq: 'DIPPR equation 101', coeffs: [c1, c2, c3, c4, c5], c: `DIPPR eq. 101 (Perry's Table 2-313), ${tmin}–${tmax} K` }];
    },
  },
  {
    file: 'Viscosity/VDI PPDS Dynamic viscosity of saturated liquids polynomials.tsv',
    src: 'vdi',
    row(row, ref, lookup) {
      const v = cells(row, ['A', 'B', 'C', 'D', 'E']);
      if (!v) return MISSING;
      const [A, B, C, D, E] = v as [number, number, number, number, number];
      const ts = VDI_TEMPS.filter((T) => T > D && T < C);
      if (!ts.length) return `dvisc: none of ${VDI_TEMPS.join(', ')} K inside the pole D < T < C`;
      const [tm, tc] = cells(lookup.rowOf(VDI_PVAP, ref) ?? {}, ['Tm', 'Tc']) ?? [ts[0]!, ts[ts.length - 1]!];
      let [tmin, tmax] = [Math.max(tm!, Math.ceil((D + 0.01) * 100) / 100), Math.min(tc!, Math.floor((C - 0.01) * 100) / 100)];
      if (!(tmin <= ts[0]! && ts[ts.length - 1]! <= tmax)) [tmin, tmax] = [ts[0]!, ts[ts.length - 1]!];
      return [{ key: 'dvisc', unit: 'Pa×s', tmin, tmax, ts, eq: 'PPDS equation 9', coeffs: [A, B, C, D, E], c: 'VDI PPDS9 (no range given in the source)' }];
    },
  },
]);
