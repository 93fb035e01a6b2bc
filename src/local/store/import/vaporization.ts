// Enthalpy of vaporization correlations (J/mol → kJ/mol, key `hvapt`):
// - Perry's Table 2-150, DIPPR eq. 106 with its own Tc, on the tGrid of Tmin..Tmax;
// - VDI PPDS12 with its own Tc, and Alibakhshi (2017) with Tc from the critical tables (IUPAC,
//   Mathews, CRC, PSRK, Yaws, first found). Neither table gives a range, so both are evaluated on
//   SUBCRITICAL_GRID: 298.15 K (when below 0.95 Tc) and 0.6, 0.7, 0.8, 0.9 Tc;
// - VDI saturation tables: tabulated Hvap and liquid viscosity at the listed temperatures.
import { alibakhshi, dippr106, ppds12, tGrid, T298 } from './correlations.js';
import { num, tsv } from './table.js';
import { CHEMICALS, type Importer } from './importer.js';
import { byCas, type ImportContext } from './context.js';
import { jPerMolToKJPerMol, R } from './units.js';

const DIR = `${CHEMICALS}/Phase Change`;
const F = {
  perry: `${DIR}/Table 2-150 Heats of Vaporization of Inorganic and Organic Liquids.tsv`,
  ppds: `${DIR}/VDI PPDS Enthalpies of vaporization.tsv`,
  alibakhshi: `${DIR}/Alibakhshi one-coefficient enthalpy of vaporization.tsv`,
  saturation: `${CHEMICALS}/Misc/VDI Saturation Compounds Data.json`,
};
const TC_TABLES = ['IUPACOrganicCriticalProps.tsv', 'Mathews1972InorganicCriticalProps.tsv', 'CRCCriticalOrganics.tsv', 'Appendix to PSRK Revision 4.tsv', 'Yaws Collection.tsv'].map(
  (f) => `${CHEMICALS}/Critical Properties/${f}`,
);

export function subcriticalGrid(tc: number): number[] {
  const ts = [0.6, 0.7, 0.8, 0.9].map((x) => Math.round(x * tc * 100) / 100);
  return T298 < 0.95 * tc ? [T298, ...ts].sort((a, b) => a - b) : ts;
}

/** Tc by CAS from the first critical table that has it. */
function tcByCas(ctx: ImportContext): Map<string, number> {
  const out = new Map<string, number>();
  for (const rel of TC_TABLES) {
    if (!ctx.has(rel)) continue;
    for (const row of tsv(ctx.text(rel))) {
      const tc = num(row.Tc);
      if (tc !== undefined && row.CAS && !out.has(row.CAS)) out.set(row.CAS, tc);
    }
  }
  return out;
}

export const vaporization: Importer = {
  name: 'vaporization',
  files: [...Object.values(F)],
  run(ctx) {
    for (const { row, ref, t } of ctx.rows(F.perry, 'perry', tsv, byCas())) {
      const [tc, c1, c2, c3, c4, tmin, tmax] = ['Tc', 'C1', 'C2', 'C3', 'C4', 'Tmin', 'Tmax'].map((k) => num(row[k]));
      if (tc === undefined || c1 === undefined || c2 === undefined || tmin === undefined || tmax === undefined) {
        t.reject('missing coefficient');
        continue;
      }
      const c = `DIPPR eq. 106 (Perry's Table 2-150), ${tmin}–${tmax} K`;
      for (const T of tGrid(tmin, Math.min(tmax, tc * 0.999))) {
        ctx.point(t, ref, 'hvapt', { v: jPerMolToKJPerMol(dippr106(T, tc, c1, c2, c3 ?? 0, c4 ?? 0)), t: T, c });
      }
    }
    for (const { row, ref, t } of ctx.rows(F.ppds, 'vdi', tsv, byCas())) {
      const [tc, A, B, C, D, E] = ['Tc', 'A', 'B', 'C', 'D', 'E'].map((k) => num(row[k]));
      if ([tc, A, B, C, D, E].some((x) => x === undefined)) {
        t.reject('missing coefficient');
        continue;
      }
      for (const T of subcriticalGrid(tc!)) {
        ctx.point(t, ref, 'hvapt', { v: jPerMolToKJPerMol(ppds12(T, tc!, R, A!, B!, C!, D!, E!)), t: T, c: 'VDI PPDS12' });
      }
    }
    let tcs: Map<string, number> | undefined;
    for (const { row, ref, t } of ctx.rows(F.alibakhshi, 'alibakhshi', tsv, byCas())) {
      const C = num(row.C);
      const tc = (tcs ??= tcByCas(ctx)).get(row.CAS!);
      if (tc === undefined || C === undefined) {
        t.skip('no Tc for the model');
        continue;
      }
      for (const T of subcriticalGrid(tc)) {
        ctx.point(t, ref, 'hvapt', { v: jPerMolToKJPerMol(alibakhshi(T, tc, C, R)), t: T, c: `Alibakhshi model, Tc = ${tc} K` });
      }
    }
    type Saturation = [cas: string, { Name?: string; T?: number[]; Hvap?: number[]; 'Mu (l)'?: number[] }];
    const saturation = (text: string) => Object.entries(JSON.parse(text)) as Saturation[];
    for (const { row: [, d], ref, t } of ctx.rows(F.saturation, 'vdi', saturation, ([cas]) => ({ cas }))) {
      if (d.Name) ctx.identity(t, ref, { name: d.Name });
      (d.T ?? []).forEach((T, i) => {
        const h = d.Hvap?.[i];
        if (typeof h === 'number' && h > 0) ctx.point(t, ref, 'hvapt', { v: jPerMolToKJPerMol(h), t: T, c: 'VDI saturation table' });
        const mu = d['Mu (l)']?.[i];
        if (typeof mu === 'number' && mu > 0) ctx.point(t, ref, 'dvisc', { v: mu, t: T, c: 'saturated liquid, VDI saturation table' });
      });
    }
  },
};
