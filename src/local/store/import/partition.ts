// Octanol/water partition coefficient `logp` (measured): Syrres KOWWIN data (gzip TSV), the CRC
// table, and EPI Suite's kow.csv (PhysProp, with a reference per row; its logKow_pred column is a
// KOWWIN estimate and is not imported — the predictor supplies calculated logp).
import { csv, num, tsv } from './table.js';
import { CHEMICALS, type Importer } from './importer.js';
import { byCas } from './context.js';

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
      for (const { row, ref, t } of ctx.rows(rel, src, tsv, byCas())) {
        const v = num(row.logP);
        if (row[nameCol]) ctx.identity(t, ref, { name: row[nameCol] });
        if (v !== undefined) ctx.point(t, ref, 'logp', { v });
      }
    }
    for (const { row, ref, t } of ctx.rows(F.kow, 'physprop', csv, byCas('CASRN'))) {
      ctx.identity(t, ref, { name: row['Chem Name'] });
      const v = num(row.logKow_exp);
      if (v !== undefined) ctx.point(t, ref, 'logp', { v, r: row.Reference || undefined });
    }
  },
};
