// Multi-property compilations keyed by CAS (webbook and wikidata store it as an integer):
// NIST WebBook constants, Wikidata, the CRC physical-constant tables, and (only with --include-nc)
// CAS Common Chemistry values plus its 2021 name table. WebBook's Hvap is the standard value at
// 298.15 K (ethanol 42.3, benzene 33.9 kJ/mol), so it goes to `hvapt`; Wikidata's Hvap matches
// values at the normal boiling point (water 40.66 kJ/mol) and goes to `hvap`. Wikidata's Hf mixes
// phases (data README) and is not imported.
import { T298 } from './correlations.js';
import { tables, type Column } from './runner.js';

const TF_TB: Record<string, Column> = { Tm: { key: 'tf' }, Tb: { key: 'tb' } };

export const compilations = tables('compilations', [
  {
    file: 'Misc/webbook_constants.tsv',
    src: 'webbook',
    columns: {
      ...TF_TB,
      Tc: { key: 'tc' },
      Pc: { key: 'pc', unit: 'Pa' },
      Vc: { key: 'vc', unit: 'm³/mol' },
      Hfg: { key: 'hf', unit: 'J/mol' },
      Hfus: { key: 'hfus', unit: 'J/mol' },
      Hvap: { key: 'hvapt', unit: 'J/mol', t: T298, c: 'standard enthalpy of vaporization' },
    },
  },
  {
    file: 'Misc/wikidata_properties.tsv',
    src: 'wikidata',
    columns: { ...TF_TB, Hfus: { key: 'hfus', unit: 'J/mol' }, Hvap: { key: 'hvap', unit: 'J/mol', c: 'temperature not stated in the source' }, logP: { key: 'logp' } },
  },
  { file: 'Misc/Physical Constants of Organic Compounds.csv', src: 'crc', name: 'Name', columns: TF_TB },
  { file: 'Misc/Physical Constants of Inorganic Compounds.csv', src: 'crc', name: 'Chemical', columns: TF_TB },
]);

export const commonChemistry = tables('cas-common-chemistry', [
  { file: 'Misc/common_chemistry_data.tsv', src: 'cas-cc', nc: true, columns: TF_TB },
  { file: '/chemicals-history/chemicals/Misc/common_chemistry.tsv', src: 'cas-cc', nc: true, name: 'name' },
]);
