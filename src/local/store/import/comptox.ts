// US EPA DSSTox identifiers: the CompTox dashboard exports (name, IUPAC name, CAS, SMILES, InChI,
// InChIKey, formula, mass), the httk DSSTox outputs (CASRN, name, QSAR-ready SMILES, formula, and
// OPERA predictions → calc tb, tf, logp, log10ws) and the OPERA SD files (CAS, name, registered
// SMILES). About 15% of the dashboard InChIs are non-standard ("InChI=1/"): those InChIs and keys
// are dropped and recomputed from the SMILES. httk SMILES are desalted parents, so they are used
// only when their formula equals the substance's (checkFormula).
import type { RowKey } from './context.js';
import { tables, type TableSpec } from './runner.js';
import { csv, num, sdf, type Row } from './table.js';

/** A ChemAxon extension ("CCO |Sg:n:...|") marks a generic structure (polymer, UVCB): no structure. */
const generic = (row: Row) => /\s/.test(row.SMILES ?? '');

const dashboard = (file: string): TableSpec => ({
  file: `/CompTox-ExpoCast-httk/${file}`,
  src: 'comptox',
  key: (row) => ({ cas: row.CASRN }),
  identity(row) {
    const standard = !generic(row) && row.INCHI_STRING?.startsWith('InChI=1S/');
    return {
      name: row.PREFERRED_NAME,
      iupac: row.IUPAC_NAME,
      smiles: generic(row) ? undefined : row.SMILES,
      inchi: standard ? row.INCHI_STRING : undefined,
      inchikey: standard ? row.INCHIKEY : undefined,
      formula: row.MOLECULAR_FORMULA,
      mw: num(row.AVERAGE_MASS),
    };
  },
  row: (row) => (generic(row) ? [{ skip: 'generic structure (CXSMILES S-group)' }] : []),
});

const httk = (i: number): TableSpec => ({
  file: `/CompTox-ExpoCast-httk/datatables/HTTK-DSSTox-output-${i}.csv`,
  src: 'opera',
  parse: csv,
  key: (row) => ({ cas: row.CASRN }),
  // DSSTox's identities, ranked as such
  identitySrc: 'comptox',
  identity: (row) => ({
    name: row.PREFERRED_NAME,
    smiles: row.QSAR_READY_SMILES === 'N/A' ? undefined : row.QSAR_READY_SMILES,
    formula: row.MOLECULAR_FORMULA,
    mw: num(row.AVERAGE_MASS),
    checkFormula: true,
  }),
  calc: true,
  ref: 'OPERA prediction (Mansouri et al. 2018), US EPA CompTox via httk',
  columns: {
    BOILING_POINT_DEGC_OPERA_PRED: { key: 'tb', unit: '°C' },
    MELTING_POINT_DEGC_OPERA_PRED: { key: 'tf', unit: '°C' },
    OCTANOL_WATER_PARTITION_LOGP_OPERA_PRED: { key: 'logp' },
  },
  row(row) {
    const ws = num(row['WATER_SOLUBILITY_MOL/L_OPERA_PRED']);
    return ws === undefined ? [] : [{ key: 'log10ws', v: ws > 0 ? Math.log10(ws) : NaN, unit: '' }];
  },
});

/** OPERA SD files: the data items of each record; a record may name several CAS ("a|b"). */
const opera = (endpoint: string): TableSpec => ({
  file: `/OPERA/OPERA_Toolbox_Plugin/resources/OPERA_Data/${endpoint}_QR.sdf`,
  src: 'opera',
  parse: (text) => sdf(text).map((r) => r.fields),
  key(row): RowKey[] {
    const cass = (row.CAS ?? '').split('|').map((c) => c.trim()).filter((c) => c && !c.startsWith('NOCAS'));
    return cass.length ? cass.map((cas) => ({ cas })) : [{ refused: 'no CAS' }];
  },
  identity: (row) => ({ name: row.preferred_name, smiles: row.Original_SMILES }),
});

export const comptox = tables('comptox', [
  ...['datatables/Dashboard-Tox21.tsv', 'datatables/Dashboard-ToxCast.tsv', 'datatables/Dashboard-DrugBank.tsv', 'datatables/Dashboard-PFASMaster-091620.tsv', 'status/Dashboard-PestActives.tsv'].map(dashboard),
  ...[1, 2, 3, 4, 5, 6].map(httk),
  ...['HL', 'KOA', 'KOC', 'LogBCF', 'AOH', 'KM', 'RBioDeg'].map(opera),
]);
