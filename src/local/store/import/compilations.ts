// Multi-property compilations keyed by CAS (webbook and wikidata store it as an integer):
// NIST WebBook constants, Wikidata, the CRC physical-constant tables, and (only with --include-nc)
// CAS Common Chemistry values plus its 2021 name table. WebBook's Hvap is the standard value at
// 298.15 K (ethanol 42.3, benzene 33.9 kJ/mol), so it goes to `hvapt`; Wikidata's Hvap matches
// values at the normal boiling point (water 40.66 kJ/mol) and goes to `hvap`. Wikidata's Hf mixes
// phases (data README) and is not imported.
import { T298 } from './correlations.js';
import { num, tsv } from './table.js';
import { CHEMICALS, type Importer } from './importer.js';
import { byCas, type ImportContext } from './context.js';
import { jPerMolToKJPerMol, m3PerMolToM3PerKmol, paToKPa } from './units.js';

const F = {
  webbook: `${CHEMICALS}/Misc/webbook_constants.tsv`,
  wikidata: `${CHEMICALS}/Misc/wikidata_properties.tsv`,
  organic: `${CHEMICALS}/Misc/Physical Constants of Organic Compounds.csv`,
  inorganic: `${CHEMICALS}/Misc/Physical Constants of Inorganic Compounds.csv`,
};
const NC = {
  values: `${CHEMICALS}/Misc/common_chemistry_data.tsv`,
  names: 'chemicals-history/chemicals/Misc/common_chemistry.tsv',
};

type Col = [column: string, key: string, conv?: (v: number) => number, extra?: { t?: number; c?: string }];

function table(ctx: ImportContext, rel: string, src: string, cols: Col[], nameCol?: string): void {
  for (const { row, ref, t } of ctx.rows(rel, src, tsv, byCas())) {
    if (nameCol && row[nameCol]) ctx.identity(t, ref, { name: row[nameCol] });
    for (const [col, key, conv, extra] of cols) {
      const v = num(row[col]);
      if (v !== undefined) ctx.point(t, ref, key, { v: conv ? conv(v) : v, ...extra });
    }
  }
}

export const compilations: Importer = {
  name: 'compilations',
  files: Object.values(F),
  run(ctx) {
    table(ctx, F.webbook, 'webbook', [
      ['Tm', 'tf'],
      ['Tb', 'tb'],
      ['Tc', 'tc'],
      ['Pc', 'pc', paToKPa],
      ['Vc', 'vc', m3PerMolToM3PerKmol],
      ['Hfg', 'hf', jPerMolToKJPerMol],
      ['Hfus', 'hfus', jPerMolToKJPerMol],
      ['Hvap', 'hvapt', jPerMolToKJPerMol, { t: T298, c: 'standard enthalpy of vaporization' }],
    ]);
    table(ctx, F.wikidata, 'wikidata', [
      ['Tm', 'tf'],
      ['Tb', 'tb'],
      ['Hfus', 'hfus', jPerMolToKJPerMol],
      ['Hvap', 'hvap', jPerMolToKJPerMol, { c: 'temperature not stated in the source' }],
      ['logP', 'logp'],
    ]);
    table(ctx, F.organic, 'crc', [['Tm', 'tf'], ['Tb', 'tb']], 'Name');
    table(ctx, F.inorganic, 'crc', [['Tm', 'tf'], ['Tb', 'tb']], 'Chemical');
  },
};

export const commonChemistry: Importer = {
  name: 'cas-common-chemistry',
  files: Object.values(NC),
  nc: true,
  run(ctx) {
    table(ctx, NC.values, 'cas-cc', [['Tm', 'tf'], ['Tb', 'tb']]);
    for (const { row, ref, t } of ctx.rows(NC.names, 'cas-cc', tsv, byCas())) if (row.name) ctx.identity(t, ref, { name: row.name });
  },
};
