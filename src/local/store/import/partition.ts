// Octanol/water partition coefficient `logp` (measured): Syrres KOWWIN data (gzip TSV), the CRC
// table, and EPI Suite's kow.csv (PhysProp, with a reference per row; its logKow_pred column is a
// KOWWIN estimate and is not imported — the predictor supplies calculated logp).
import { csv, num, tsv } from './table.js';
import { CHEMICALS, type Importer } from './importer.js';

const F = {
  syrres: `${CHEMICALS}/Environment/Syrres logP data.csv.gz`,
  crc: `${CHEMICALS}/Environment/CRC logP table.tsv`,
  kow: 'PyEPISuite/data/kowwin/kow.csv',
};

export const partition: Importer = {
  name: 'partition',
  files: Object.values(F),
  run(ctx) {
    for (const [rel, src, nameCol] of [[F.syrres, 'syrres', 'Chemical'], [F.crc, 'crc', 'Name']] as const) {
      const f = ctx.file(rel, src);
      if (!f) continue;
      for (const row of tsv(f.text)) {
        f.t.row();
        const ref = ctx.casRef(f.t, row.CAS);
        const v = num(row.logP);
        if (!ref) continue;
        if (row[nameCol]) ctx.identity(f.t, ref, { name: row[nameCol] });
        if (v !== undefined) ctx.point(f.t, ref, 'logp', { v });
      }
    }
    const kow = ctx.file(F.kow, 'physprop');
    if (kow) {
      for (const row of csv(kow.text)) {
        kow.t.row();
        const ref = ctx.casRef(kow.t, row.CASRN);
        if (!ref) continue;
        ctx.identity(kow.t, ref, { name: row['Chem Name'] });
        const v = num(row.logKow_exp);
        if (v !== undefined) ctx.point(kow.t, ref, 'logp', { v, r: row.Reference || undefined });
      }
    }
  },
};
