// Water solubility `log10ws` (log10 of mol/L). AqSolDB joins by InChIKey, Huuskonen and ESOL by
// structure (their SMILES); EPI Suite's WSKOWWIN set is keyed by CAS and also carries measured logP.
// Not imported: the ESOL and WSKOWWIN estimates (calc; the predictor supplies its own), and the
// Henry file's WSol (mg/L, it would need the molecular weight of a compound not yet merged).
import { csv, num, sdf } from './table.js';
import { type Importer } from './importer.js';

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
    const aq = ctx.file(F.aqsoldb, 'aqsoldb');
    if (aq) {
      for (const row of csv(aq.text)) {
        aq.t.row();
        const key = row.InChIKey;
        const v = num(row.Solubility);
        if (!key || !/^[A-Z]{14}-[A-Z]{10}-[A-Z]$/.test(key)) {
          aq.t.reject('no InChIKey');
          continue;
        }
        const ref = `ik:${key}`;
        const standard = row.InChI?.startsWith('InChI=1S/');
        ctx.identity(aq.t, ref, { name: row.Name, smiles: row.SMILES, inchi: standard ? row.InChI : undefined, inchikey: standard ? key : undefined });
        if (v !== undefined) ctx.point(aq.t, ref, 'log10ws', { v, c: `AqSolDB ${row.ID}, reliability group ${row.Group}`, e: num(row.SD) || undefined });
      }
    }
    for (const rel of [F.huuskonenTrain, F.huuskonenTest]) {
      const f = ctx.file(rel, 'huuskonen');
      if (!f) continue;
      for (const { fields } of sdf(f.text)) {
        f.t.row();
        const smiles = fields.smiles ?? fields.SMILES; // the test file spells it SMILES
        const v = num(fields.SOL);
        if (!smiles) {
          f.t.reject('no SMILES');
          continue;
        }
        const ref = `smi:${smiles}`;
        ctx.identity(f.t, ref, { name: fields.NAME, smiles });
        if (v !== undefined) ctx.point(f.t, ref, 'log10ws', { v });
      }
    }
    const esol = ctx.file(F.esol, 'esol');
    if (esol) {
      for (const row of csv(esol.text)) {
        esol.t.row();
        const smiles = row.smiles;
        const v = num(row['measured log solubility in mols per litre']);
        if (!smiles) {
          esol.t.reject('no SMILES');
          continue;
        }
        const ref = `smi:${smiles}`;
        ctx.identity(esol.t, ref, { name: row['Compound ID'], smiles });
        if (v !== undefined) ctx.point(esol.t, ref, 'log10ws', { v });
      }
    }
    const ws = ctx.file(F.wskowwin, 'physprop');
    if (ws) {
      for (const row of csv(ws.text)) {
        ws.t.row();
        const ref = ctx.casRef(ws.t, row.CAS);
        if (!ref) continue;
        ctx.identity(ws.t, ref, { name: row.NAME, mw: num(row.MOLWT) });
        const v = num(row.LOGMOLAR);
        if (v !== undefined) ctx.point(ws.t, ref, 'log10ws', { v, c: 'WSKOWWIN training set' });
        const p = num(row.LOGP);
        if (p !== undefined) ctx.point(ws.t, ref, 'logp', { v: p, c: 'WSKOWWIN training set' });
      }
    }
  },
};
