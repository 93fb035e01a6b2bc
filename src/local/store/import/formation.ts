// Formation energies at 298.15 K (J/mol → kJ/mol): gas enthalpy `hf` and Gibbs energy `gf`, plus
// the 298.15 K heat capacities the same tables carry. The ATcT liquid table is not read: liquid
// enthalpies of formation have no registry key (hf is the gas value).
import { T298 } from './correlations.js';
import { tables, type Column } from './runner.js';

const hf: Column = { key: 'hf', unit: 'J/mol' };
const gf: Column = { key: 'gf', unit: 'J/mol' };
const at298 = (key: string): Column => ({ key, t: T298 });

export const formation = tables('formation', [
  { file: 'Reactions/API TDB Albahri Hf (g).tsv', src: 'api-tdb', name: 'Compound', columns: { Hfg: hf } },
  { file: 'Reactions/ATcT 1.112 (g).tsv', src: 'atct', name: 'Chemical', columns: { Hfg: { ...hf, error: 'uncertainty' } } },
  { file: 'Reactions/JANAF_1998.tsv', src: 'janaf', name: 'Chemical', columns: { Hfg: hf, Gfg: gf, Cpg: at298('cpg') } },
  { file: 'Reactions/Yaws Hf S0 (g).tsv', src: 'yaws', name: 'name', columns: { Hfg: hf } },
  {
    file: 'Heat Capacity/CRC Standard Thermodynamic Properties of Chemical Substances.tsv',
    src: 'crc',
    name: 'Chemical',
    columns: { Hfg: hf, Gfg: gf, Cpg: at298('cpg'), Cps: at298('cps') },
  },
]);
