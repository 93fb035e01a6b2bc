// Water solubility `log10ws` (log10 of mol/L). AqSolDB joins by InChIKey, Huuskonen and ESOL by
// structure (their SMILES); EPI Suite's WSKOWWIN set is keyed by CAS and also carries measured logP.
// Not imported: the ESOL and WSKOWWIN estimates (calc; the predictor supplies its own), and the
// Henry file's WSol (mg/L, it would need the molecular weight of a compound not yet merged).
import { csv, num, sdf } from './table.js';
import { type Importer } from './importer.js';
import { byCas } from './context.js';

const F = {
  aqsoldb: 'AqSolDB/results/data_curated.csv',
  huuskonenTrain: 'rdkit/Docs/Book/data/solubility.train.sdf',
  huuskonenTest: 'rdkit/Docs/Book/data/solubility.test.sdf',
  esol: 'smilestransformer/delaney-processed.csv',
  wskowwin: 'PyEPISuite/data/wskowwin/solubility_data_clean.csv',
};

export const solubility: Importer = {
  name: 'solubility',
  files: Object.values(F),
  run(ctx) {
    for (const { row, ref, t } of ctx.rows(F.aqsoldb, 'aqsoldb', csv, (r) => ({ inchikey: r.InChIKey }))) {
      const v = num(row.Solubility);
      const standard = row.InChI?.startsWith('InChI=1S/');
      ctx.identity(t, ref, { name: row.Name, smiles: row.SMILES, inchi: standard ? row.InChI : undefined, inchikey: standard ? row.InChIKey : undefined });
      if (v !== undefined) ctx.point(t, ref, 'log10ws', { v, c: `AqSolDB ${row.ID}, reliability group ${row.Group}`, e: num(row.SD) || undefined });
    }
    for (const rel of [F.huuskonenTrain, F.huuskonenTest]) {
      // The test file spells the SMILES field SMILES.
      for (const { row: { fields }, ref, t } of ctx.rows(rel, 'huuskonen', sdf, (r) => ({ smiles: r.fields.smiles ?? r.fields.SMILES }))) {
        const v = num(fields.SOL);
        ctx.identity(t, ref, { name: fields.NAME, smiles: fields.smiles ?? fields.SMILES });
        if (v !== undefined) ctx.point(t, ref, 'log10ws', { v });
      }
    }
    for (const { row, ref, t } of ctx.rows(F.esol, 'esol', csv, (r) => ({ smiles: r.smiles }))) {
      const v = num(row['measured log solubility in mols per litre']);
      ctx.identity(t, ref, { name: row['Compound ID'], smiles: row.smiles });
      if (v !== undefined) ctx.point(t, ref, 'log10ws', { v });
    }
    for (const { row, ref, t } of ctx.rows(F.wskowwin, 'physprop', csv, byCas())) {
      ctx.identity(t, ref, { name: row.NAME, mw: num(row.MOLWT) });
      const v = num(row.LOGMOLAR);
      if (v !== undefined) ctx.point(t, ref, 'log10ws', { v, c: 'WSKOWWIN training set' });
      const p = num(row.LOGP);
      if (p !== undefined) ctx.point(t, ref, 'logp', { v: p, c: 'WSKOWWIN training set' });
    }
  },
};
