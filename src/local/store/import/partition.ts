// Octanol/water partition coefficient `logp` (measured): Syrres KOWWIN data (gzip TSV), the CRC
// table, and EPI Suite's kow.csv (PhysProp, with a reference per row; its logKow_pred column is a
// KOWWIN estimate and is not imported — the predictor supplies calculated logp).
import { byCas } from './context.js';
import { tables } from './runner.js';
import { csv } from './table.js';

export const partition = tables('partition', [
  { file: 'Environment/Syrres logP data.csv.gz', src: 'syrres', name: 'Chemical', columns: { logP: { key: 'logp' } } },
  { file: 'Environment/CRC logP table.tsv', src: 'crc', name: 'Name', columns: { logP: { key: 'logp' } } },
  {
    file: '/PyEPISuite/data/kowwin/kow.csv',
    src: 'physprop',
    parse: csv,
    key: byCas('CASRN'),
    identity: (r) => ({ name: r['Chem Name'] }),
    refOf: (r) => r.Reference || undefined,
    columns: { logKow_exp: { key: 'logp' } },
  },
]);
