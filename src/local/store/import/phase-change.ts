// Phase-change tables keyed by CAS (K, J/mol → kJ/mol): Yaws boiling points, Open Notebook melting
// points, CRC heats of fusion and vaporization, Gharagheizi Hvap(298 K). The CRC vaporization table
// has two values per compound: at Tb (fixed `hvap`) and at 298.15 K (`hvapt`, t = 298.15).
import { T298 } from './correlations.js';
import { tables } from './runner.js';
import { csv, num, type Row } from './table.js';

const DIR = 'Phase Change';
const crcIdentity = (r: Row) => (r.Chemical ? { name: r.Chemical, formula: r.Formula } : undefined);

export const phaseChange = tables('phase-change', [
  { file: `${DIR}/Yaws Boiling Points.tsv`, src: 'yaws', columns: { Tb: { key: 'tb' } } },
  { file: `${DIR}/OpenNotebook Melting Points.tsv`, src: 'opennotebook', columns: { Tm: { key: 'tf' } } },
  { file: `${DIR}/CRC Handbook Heat of Fusion.tsv`, src: 'crc', identity: crcIdentity, columns: { Hfus: { key: 'hfus', unit: 'J/mol' } } },
  {
    file: `${DIR}/CRC Handbook Heat of Vaporization.tsv`,
    src: 'crc',
    identity: crcIdentity,
    columns: { Tb: { key: 'tb' } },
    row(r) {
      const tb = num(r.Tb);
      const atTb = num(r.HvapTb);
      const at298 = num(r.Hvap298);
      return [
        ...(atTb === undefined ? [] : [{ key: 'hvap', v: atTb, unit: 'J/mol', ...(tb === undefined ? {} : { c: `at Tb = ${tb} K` }) }]),
        ...(at298 === undefined ? [] : [{ key: 'hvapt', v: at298, unit: 'J/mol', t: T298 }]),
      ];
    },
  },
  { file: `${DIR}/Ghazerati Appendix Vaporization Enthalpy.tsv`, src: 'gharagheizi', name: 'Chemical', columns: { Hvap298: { key: 'hvapt', unit: 'J/mol', t: T298 } } },
]);

/** Bradley "Double Plus Good" melting points (°C, mean of concordant measurements), keyed by SMILES. */
export const bradley = tables('bradley', [
  {
    file: '/Melting-point-prediction/data/raw/BradleyDoublePlusGoodMeltingPointDataset.csv',
    src: 'bradley',
    parse: csv,
    key: (r) => ({ smiles: r.smiles }),
    identity: (r) => ({ name: r.name, smiles: r.smiles }),
    refOf: (r) => r.source || undefined,
    row(r) {
      const v = num(r.mpC);
      return v === undefined ? [] : [{ key: 'tf', v, unit: '°C', c: `mean of ${r.count} measurements, range ${r.range} K` }];
    },
  },
]);
