// Formation energies at 298.15 K (J/mol → kJ/mol): gas enthalpy `hf` and Gibbs energy `gf`, plus
// the 298.15 K heat capacities the same tables carry. The ATcT liquid table is not read: liquid
// enthalpies of formation have no registry key (hf is the gas value).
import { T298 } from './correlations.js';
import { num, tsv, type Row } from './table.js';
import { CHEMICALS, type Importer } from './importer.js';
import { byCas, type ImportContext } from './context.js';
import { jPerMolToKJPerMol } from './units.js';

const F = {
  api: `${CHEMICALS}/Reactions/API TDB Albahri Hf (g).tsv`,
  atct: `${CHEMICALS}/Reactions/ATcT 1.112 (g).tsv`,
  janaf: `${CHEMICALS}/Reactions/JANAF_1998.tsv`,
  yaws: `${CHEMICALS}/Reactions/Yaws Hf S0 (g).tsv`,
  crc: `${CHEMICALS}/Heat Capacity/CRC Standard Thermodynamic Properties of Chemical Substances.tsv`,
};

type Col = [column: string, key: string, kind: 'energy' | 'cp'];

function table(ctx: ImportContext, rel: string, src: string, nameCol: string, cols: Col[], extra?: (row: Row) => { e?: number }): void {
  for (const { row, ref, t } of ctx.rows(rel, src, tsv, byCas())) {
    if (row[nameCol]) ctx.identity(t, ref, { name: row[nameCol] });
    for (const [col, key, kind] of cols) {
      const v = num(row[col]);
      if (v === undefined) continue;
      if (kind === 'cp') ctx.point(t, ref, key, { v, t: T298 });
      else ctx.point(t, ref, key, { v: jPerMolToKJPerMol(v), ...extra?.(row) });
    }
  }
}

export const formation: Importer = {
  name: 'formation',
  files: Object.values(F),
  run(ctx) {
    table(ctx, F.api, 'api-tdb', 'Compound', [['Hfg', 'hf', 'energy']]);
    table(ctx, F.atct, 'atct', 'Chemical', [['Hfg', 'hf', 'energy']], (row) => {
      const u = num(row.uncertainty);
      return u === undefined ? {} : { e: jPerMolToKJPerMol(u) };
    });
    table(ctx, F.janaf, 'janaf', 'Chemical', [['Hfg', 'hf', 'energy'], ['Gfg', 'gf', 'energy'], ['Cpg', 'cpg', 'cp']]);
    table(ctx, F.yaws, 'yaws', 'name', [['Hfg', 'hf', 'energy']]);
    table(ctx, F.crc, 'crc', 'Chemical', [['Hfg', 'hf', 'energy'], ['Gfg', 'gf', 'energy'], ['Cpg', 'cpg', 'cp'], ['Cps', 'cps', 'cp']]);
  },
};
