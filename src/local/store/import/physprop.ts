// EPI Suite PhysProp melting and boiling points (°C → K, with a reference per row) and the names of
// the vapour-pressure set (vapour pressure has no registry key). Values are text: only plain numbers
// are imported; ranges ("262-264"), "dec" and "<"/">" qualifiers are counted as skipped.
import { csv, num } from './table.js';
import { type Importer } from './importer.js';
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
      const f = ctx.file(rel, 'physprop');
      if (!f) continue;
      for (const row of csv(f.text)) {
        f.t.row();
        const ref = ctx.casRef(f.t, row.CAS);
        if (!ref) continue;
        if (row.Name) ctx.identity(f.t, ref, { name: row.Name, mw: num(row['Mol Wt']) });
        const v = num(row[col]);
        if (v === undefined) {
          if (row[col]) f.t.skip(`${key}: not a plain number`);
          continue;
        }
        ctx.point(f.t, ref, key, { v: celsiusToK(v), r: row.Reference || undefined });
      }
    }
    const vp = ctx.file(F.vp, 'physprop');
    if (vp) {
      for (const row of csv(vp.text)) {
        vp.t.row();
        const ref = ctx.casRef(vp.t, row.CAS);
        if (ref && row.Name) ctx.identity(vp.t, ref, { name: row.Name, mw: num(row.MW) });
      }
    }
  },
};
