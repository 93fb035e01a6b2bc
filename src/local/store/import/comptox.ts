// US EPA DSSTox identifiers: the CompTox dashboard exports (name, IUPAC name, CAS, SMILES, InChI,
// InChIKey, formula, mass), the httk DSSTox outputs (CASRN, name, QSAR-ready SMILES, formula, and
// OPERA predictions → calc tb, tf, logp, log10ws) and the OPERA SD files (CAS, name, registered
// SMILES). About 15% of the dashboard InChIs are non-standard ("InChI=1/"): those InChIs and keys
// are dropped and recomputed from the SMILES. httk SMILES are desalted parents, so they are used
// only when their formula equals the substance's (checkFormula).
import { celsiusToK } from './units.js';
import { csv, num, sdf, tsv } from './table.js';
import { type Importer } from './importer.js';
import { byCas } from './context.js';

const DASHBOARDS = [
  'CompTox-ExpoCast-httk/datatables/Dashboard-Tox21.tsv',
  'CompTox-ExpoCast-httk/datatables/Dashboard-ToxCast.tsv',
  'CompTox-ExpoCast-httk/datatables/Dashboard-DrugBank.tsv',
  'CompTox-ExpoCast-httk/datatables/Dashboard-PFASMaster-091620.tsv',
  'CompTox-ExpoCast-httk/status/Dashboard-PestActives.tsv',
];
const HTTK = [1, 2, 3, 4, 5, 6].map((i) => `CompTox-ExpoCast-httk/datatables/HTTK-DSSTox-output-${i}.csv`);
const OPERA = ['HL', 'KOA', 'KOC', 'LogBCF', 'AOH', 'KM', 'RBioDeg'].map((e) => `OPERA/OPERA_Toolbox_Plugin/resources/OPERA_Data/${e}_QR.sdf`);

const OPERA_REF = 'OPERA prediction (Mansouri et al. 2018), US EPA CompTox via httk';
const PREDICTIONS: [column: string, key: string, conv: (v: number) => number][] = [
  ['BOILING_POINT_DEGC_OPERA_PRED', 'tb', celsiusToK],
  ['MELTING_POINT_DEGC_OPERA_PRED', 'tf', celsiusToK],
  ['OCTANOL_WATER_PARTITION_LOGP_OPERA_PRED', 'logp', (v) => v],
  ['WATER_SOLUBILITY_MOL/L_OPERA_PRED', 'log10ws', (v) => (v > 0 ? Math.log10(v) : NaN)],
];

export const comptox: Importer = {
  name: 'comptox',
  files: [...DASHBOARDS, ...HTTK, ...OPERA],
  run(ctx) {
    for (const rel of DASHBOARDS) {
      for (const { row, ref, t } of ctx.rows(rel, 'comptox', tsv, byCas('CASRN'))) {
        // A ChemAxon extension ("CCO |Sg:n:...|") marks a generic structure (polymer, UVCB): no structure.
        const generic = /\s/.test(row.SMILES ?? '');
        if (generic) t.skip('generic structure (CXSMILES S-group)');
        const standard = !generic && row.INCHI_STRING?.startsWith('InChI=1S/');
        ctx.identity(t, ref, {
          name: row.PREFERRED_NAME,
          iupac: row.IUPAC_NAME,
          smiles: generic ? undefined : row.SMILES,
          inchi: standard ? row.INCHI_STRING : undefined,
          inchikey: standard ? row.INCHIKEY : undefined,
          formula: row.MOLECULAR_FORMULA,
          mw: num(row.AVERAGE_MASS),
        });
      }
    }
    for (const rel of HTTK) {
      for (const { row, ref, t } of ctx.rows(rel, 'opera', csv, byCas('CASRN'))) {
        const smiles = row.QSAR_READY_SMILES === 'N/A' ? undefined : row.QSAR_READY_SMILES;
        ctx.identity(t, ref, { name: row.PREFERRED_NAME, smiles, formula: row.MOLECULAR_FORMULA, mw: num(row.AVERAGE_MASS), checkFormula: true }, 'comptox');
        for (const [col, key, conv] of PREDICTIONS) {
          const v = num(row[col]);
          if (v !== undefined) ctx.point(t, ref, key, { v: conv(v), calc: true, r: OPERA_REF });
        }
      }
    }
    for (const rel of OPERA) {
      const f = ctx.file(rel, 'opera');
      if (!f) continue;
      for (const { fields } of sdf(f.text)) {
        f.t.row();
        const cass = (fields.CAS ?? '').split('|').map((c) => c.trim()).filter((c) => c && !c.startsWith('NOCAS'));
        if (!cass.length) {
          f.t.reject('no CAS');
          continue;
        }
        for (const cas of cass) {
          const ref = ctx.casRef(f.t, cas);
          if (ref) ctx.identity(f.t, ref, { name: fields.preferred_name, smiles: fields.Original_SMILES });
        }
      }
    }
  },
};
