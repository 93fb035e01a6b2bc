// Identifier tables of CalebBell/chemicals (PubChem-derived): headerless TSV rows of
// pubchem_cid, CAS, formula, MW, SMILES, InChI (no "InChI=1S/" prefix), InChIKey, IUPAC name,
// common name, synonyms... The Fake CAS Registry (placeholder 2099… numbers, used by a few Poling
// rows only) is not imported: those numbers are not CAS numbers.
import { tables, type TableSpec } from './runner.js';
import { num, tsvRows, type Row } from './table.js';

const COLUMNS = ['cid', 'CAS', 'formula', 'MW', 'smiles', 'inchi', 'inchikey', 'iupac', 'name'];

/** Headerless rows under COLUMNS; the synonyms (every further cell) tab-separated in `synonyms`. */
function identifierRows(text: string): Row[] {
  return tsvRows(text).map((cells) => {
    const row: Row = {};
    COLUMNS.forEach((c, i) => (row[c] = (cells[i] ?? '').trim()));
    if (cells.length > COLUMNS.length) row.synonyms = cells.slice(COLUMNS.length).map((c) => c.trim()).join('\t');
    return row;
  });
}

const spec = (file: string): TableSpec => ({
  file: `Identifiers/${file}`,
  src: 'pubchem',
  parse: identifierRows,
  identity: (r) => ({
    name: r.name || r.iupac,
    iupac: r.iupac,
    synonyms: r.synonyms?.split('\t') ?? [],
    formula: r.formula,
    mw: num(r.MW),
    smiles: r.smiles,
    inchi: r.inchi ? `InChI=1S/${r.inchi}` : undefined,
    inchikey: r.inchikey,
  }),
});

export const identifiers = tables(
  'identifiers',
  ['chemical identifiers pubchem small.tsv', 'chemical identifiers example user db.tsv', 'Inorganic db.tsv', 'Anion db.tsv', 'Cation db.tsv'].map(spec),
);
