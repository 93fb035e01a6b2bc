// Water solubility `log10ws` (log10 of mol/L). AqSolDB joins by InChIKey, Huuskonen and ESOL by
// structure (their SMILES); EPI Suite's WSKOWWIN set is keyed by CAS and also carries measured logP.
// Not imported: the ESOL and WSKOWWIN estimates (calc; the predictor supplies its own), and the
// Henry file's WSol (mg/L, it would need the molecular weight of a compound not yet merged).
import { byCas } from './context.js';
import { tables, type TableSpec } from './runner.js';
import { csv, num, sdf } from './table.js';

/** Huuskonen's SD files as rows of their data fields; the test file spells the SMILES field SMILES. */
const huuskonen = (file: string): TableSpec => ({
  file: `/rdkit/Docs/Book/data/${file}`,
  src: 'huuskonen',
  parse: (text) => sdf(text).map((r) => r.fields),
  key: (r) => ({ smiles: r.smiles ?? r.SMILES }),
  identity: (r) => ({ name: r.NAME, smiles: r.smiles ?? r.SMILES }),
  columns: { SOL: { key: 'log10ws' } },
});

export const solubility = tables('solubility', [
  {
    file: '/AqSolDB/results/data_curated.csv',
    src: 'aqsoldb',
    parse: csv,
    key: (r) => ({ inchikey: r.InChIKey }),
    identity(r) {
      const standard = r.InChI?.startsWith('InChI=1S/');
      return { name: r.Name, smiles: r.SMILES, inchi: standard ? r.InChI : undefined, inchikey: standard ? r.InChIKey : undefined };
    },
    row(r) {
      const v = num(r.Solubility);
      return v === undefined ? [] : [{ key: 'log10ws', v, unit: '', c: `AqSolDB ${r.ID}, reliability group ${r.Group}`, e: num(r.SD) || undefined }];
    },
  },
  huuskonen('solubility.train.sdf'),
  huuskonen('solubility.test.sdf'),
  {
    file: '/smilestransformer/delaney-processed.csv',
    src: 'esol',
    parse: csv,
    key: (r) => ({ smiles: r.smiles }),
    identity: (r) => ({ name: r['Compound ID'], smiles: r.smiles }),
    columns: { 'measured log solubility in mols per litre': { key: 'log10ws' } },
  },
  {
    file: '/PyEPISuite/data/wskowwin/solubility_data_clean.csv',
    src: 'physprop',
    parse: csv,
    key: byCas(),
    identity: (r) => ({ name: r.NAME, mw: num(r.MOLWT) }),
    columns: { LOGMOLAR: { key: 'log10ws', c: 'WSKOWWIN training set' }, LOGP: { key: 'logp', c: 'WSKOWWIN training set' } },
  },
]);
