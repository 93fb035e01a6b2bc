// Liquid dynamic viscosity `dvisc` in Pa×s. Perry's Table 2-313 (DIPPR eq. 101) on tGrid(Tmin, Tmax);
// VDI PPDS9 has no range in its table, so it is evaluated at VDI_TEMPS inside its pole D < T < C.
// Not imported: vapour viscosities (Perry 2-312, VDI gas; the registry's dvisc is the liquid) and the
// Viswanath–Natarajan and Dutt–Prasad tables (the data README's spot check finds ethanol 3x off).
import { dippr101, ppds9, tGrid } from './correlations.js';
import { num, tsv } from './table.js';
import { CHEMICALS, type Importer } from './importer.js';
import { byCas } from './context.js';

const F = {
  perry: `${CHEMICALS}/Viscosity/Table 2-313 Viscosity of Inorganic and Organic Liquids.tsv`,
  vdi: `${CHEMICALS}/Viscosity/VDI PPDS Dynamic viscosity of saturated liquids polynomials.tsv`,
};
export const VDI_TEMPS = [273.15, 298.15, 323.15, 348.15, 373.15];

export const viscosity: Importer = {
  name: 'viscosity',
  files: Object.values(F),
  run(ctx) {
    for (const { row, ref, t } of ctx.rows(F.perry, 'perry', tsv, byCas())) {
      const [c1, c2, c3, c4, c5, tmin, tmax] = ['C1', 'C2', 'C3', 'C4', 'C5', 'Tmin', 'Tmax'].map((k) => num(row[k]));
      if (c1 === undefined || c2 === undefined || tmin === undefined || tmax === undefined) {
        t.reject('missing coefficient');
        continue;
      }
      const c = `DIPPR eq. 101 (Perry's Table 2-313), ${tmin}–${tmax} K`;
      for (const T of tGrid(tmin, tmax)) ctx.point(t, ref, 'dvisc', { v: dippr101(T, c1, c2, c3 ?? 0, c4 ?? 0, c5 ?? 0), t: T, c });
    }
    for (const { row, ref, t } of ctx.rows(F.vdi, 'vdi', tsv, byCas())) {
      const [A, B, C, D, E] = ['A', 'B', 'C', 'D', 'E'].map((k) => num(row[k]));
      if ([A, B, C, D, E].some((x) => x === undefined)) {
        t.reject('missing coefficient');
        continue;
      }
      for (const T of VDI_TEMPS.filter((T) => T > D! && T < C!)) {
        ctx.point(t, ref, 'dvisc', { v: ppds9(T, A!, B!, C!, D!, E!), t: T, c: 'VDI PPDS9 (no range given in the source)' });
      }
    }
  },
};
