// Phase-change tables keyed by CAS (K, J/mol → kJ/mol): Yaws boiling points, Open Notebook melting
// points, CRC heats of fusion and vaporization, Gharagheizi Hvap(298 K). The CRC vaporization table
// has two values per compound: at Tb (fixed `hvap`) and at 298.15 K (`hvapt`, t = 298.15).
import { T298 } from './correlations.js';
import { csv, num, tsv, type Row } from './table.js';
import { CHEMICALS, type Importer } from './importer.js';
import { celsiusToK, jPerMolToKJPerMol } from './units.js';
import { byCas, type Tally } from './context.js';

const DIR = `${CHEMICALS}/Phase Change`;
const F = {
  yaws: `${DIR}/Yaws Boiling Points.tsv`,
  notebook: `${DIR}/OpenNotebook Melting Points.tsv`,
  hfus: `${DIR}/CRC Handbook Heat of Fusion.tsv`,
  hvap: `${DIR}/CRC Handbook Heat of Vaporization.tsv`,
  gharagheizi: `${DIR}/Ghazerati Appendix Vaporization Enthalpy.tsv`,
};

export const phaseChange: Importer = {
  name: 'phase-change',
  files: Object.values(F),
  run(ctx) {
    const each = (rel: string, src: string, fn: (ref: string, row: Row, t: Tally) => void) => {
      for (const { row, ref, t } of ctx.rows(rel, src, tsv, byCas())) fn(ref, row, t);
    };
    const put = (t: Tally, ref: string, key: string, v: number | undefined, extra: { t?: number; c?: string } = {}) => {
      if (v !== undefined) ctx.point(t, ref, key, { v, ...extra });
    };
    each(F.yaws, 'yaws', (ref, row, t) => put(t, ref, 'tb', num(row.Tb)));
    each(F.notebook, 'opennotebook', (ref, row, t) => put(t, ref, 'tf', num(row.Tm)));
    each(F.hfus, 'crc', (ref, row, t) => {
      if (row.Chemical) ctx.identity(t, ref, { name: row.Chemical, formula: row.Formula });
      const h = num(row.Hfus);
      put(t, ref, 'hfus', h === undefined ? undefined : jPerMolToKJPerMol(h));
    });
    each(F.hvap, 'crc', (ref, row, t) => {
      if (row.Chemical) ctx.identity(t, ref, { name: row.Chemical, formula: row.Formula });
      const tb = num(row.Tb);
      put(t, ref, 'tb', tb);
      const atTb = num(row.HvapTb);
      if (atTb !== undefined) put(t, ref, 'hvap', jPerMolToKJPerMol(atTb), tb === undefined ? {} : { c: `at Tb = ${tb} K` });
      const at298 = num(row.Hvap298);
      if (at298 !== undefined) put(t, ref, 'hvapt', jPerMolToKJPerMol(at298), { t: T298 });
    });
    each(F.gharagheizi, 'gharagheizi', (ref, row, t) => {
      if (row.Chemical) ctx.identity(t, ref, { name: row.Chemical });
      const v = num(row.Hvap298);
      if (v !== undefined) put(t, ref, 'hvapt', jPerMolToKJPerMol(v), { t: T298 });
    });
  },
};

/** Bradley "Double Plus Good" melting points (°C, mean of concordant measurements), keyed by SMILES. */
const BRADLEY = 'Melting-point-prediction/data/raw/BradleyDoublePlusGoodMeltingPointDataset.csv';

export const bradley: Importer = {
  name: 'bradley',
  files: [BRADLEY],
  run(ctx) {
    for (const { row, ref, t } of ctx.rows(BRADLEY, 'bradley', csv, (r) => ({ smiles: r.smiles }))) {
      const v = num(row.mpC);
      ctx.identity(t, ref, { name: row.name, smiles: row.smiles });
      if (v !== undefined) ctx.point(t, ref, 'tf', { v: celsiusToK(v), r: row.source || undefined, c: `mean of ${row.count} measurements, range ${row.range} K` });
    }
  },
};
