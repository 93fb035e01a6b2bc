// EPI Suite PhysProp melting and boiling points (°C → K, with a reference per row) and the names of
// the vapour-pressure set (vapour pressure has no registry key). Values are text: only plain numbers
// are imported; ranges ("262-264"), "dec" and "<"/">" qualifiers are counted as skipped.
import { csv, num } from './table.js';
import { type Importer } from './importer.js';
import { byCas } from './context.js';
import { celsiusToK } from './units.js';

const DIR = 'PyEPISuite/data/mpbpvp';
const F = {
  mp: `${DIR}/Melting_Point_PhysChem.csv`,
  bp: `${DIR}/Boiling_Point_PhysChem.csv`,
  vp: `${DIR}/Vapor_Pressure_PhysChem.csv`,
};

export const physprop: Importer = {
  name: 'physprop',
  files: Object.values(F),
  run(ctx) {
    for (const [rel, col, key] of [[F.mp, 'Melt Pt (deg C)', 'tf'], [F.bp, 'Boiling Pt (deg C)', 'tb']] as const) {
      for (const { row, ref, t } of ctx.rows(rel, 'physprop', csv, byCas())) {
        if (row.Name) ctx.identity(t, ref, { name: row.Name, mw: num(row['Mol Wt']) });
        const v = num(row[col]);
        if (v === undefined) {
          if (row[col]) t.skip(`${key}: not a plain number`);
          continue;
        }
        ctx.point(t, ref, key, { v: celsiusToK(v), r: row.Reference || undefined });
      }
    }
    for (const { row, ref, t } of ctx.rows(F.vp, 'physprop', csv, byCas())) if (row.Name) ctx.identity(t, ref, { name: row.Name, mw: num(row.MW) });
  },
};
