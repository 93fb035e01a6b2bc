// Identifier tables of CalebBell/chemicals (PubChem-derived): headerless TSV rows of
// pubchem_cid, CAS, formula, MW, SMILES, InChI (no "InChI=1S/" prefix), InChIKey, IUPAC name,
// common name, synonyms... The Fake CAS Registry (placeholder 2099… numbers, used by a few Poling
// rows only) is not imported: those numbers are not CAS numbers.
import { num, tsvRows } from './table.js';
import { CHEMICALS, type Importer } from './importer.js';

const FILES = [
  'chemical identifiers pubchem small.tsv',
  'chemical identifiers example user db.tsv',
  'Inorganic db.tsv',
  'Anion db.tsv',
  'Cation db.tsv',
].map((f) => `${CHEMICALS}/Identifiers/${f}`);

export const identifiers: Importer = {
  name: 'identifiers',
  files: FILES,
  run(ctx) {
    for (const rel of FILES) {
      for (const { row: cells, ref, t } of ctx.rows(rel, 'pubchem', tsvRows, (c) => ({ cas: c[1] }))) {
        const [, , formula, mw, smiles, inchi, inchikey, iupac, common, ...synonyms] = cells.map((c) => c.trim());
        ctx.identity(t, ref, {
          name: common || iupac,
          iupac,
          synonyms,
          formula,
          mw: num(mw),
          smiles,
          inchi: inchi ? `InChI=1S/${inchi}` : undefined,
          inchikey,
        });
      }
    }
  },
};
