// Conversions answered from the database (spec 4.4): the compound given by a name, SMILES, InChI,
// InChIKey or compound id, as its conversion result. A name matches names and synonyms through
// their normal form (main names first); a SMILES matches by OpenChemLib canonical identity.
import type { ConversionResult, ConvertFormat } from '../../../api/types.js';
import type { DB } from '../schema.js';
import { normalizeText } from '../../../util/text.js';

const COLS = "c.id AS cid, COALESCE(c.inchi, '') AS inchi, COALESCE(c.inchikey, '') AS inchikey, c.compound AS name, COALESCE(c.smiles, '') AS smiles";

const WHERE: Record<Exclude<ConvertFormat, 'name'>, string> = {
  cid: `SELECT ${COLS} FROM compounds c WHERE c.id = ?`,
  inchikey: `SELECT ${COLS} FROM compounds c WHERE c.inchikey = ? ORDER BY c.n_points DESC LIMIT 1`,
  inchi: `SELECT ${COLS} FROM compounds c WHERE c.inchi = ? ORDER BY c.n_points DESC LIMIT 1`,
  smiles: `SELECT ${COLS} FROM compounds c WHERE c.smiles = ? ORDER BY c.n_points DESC LIMIT 1`,
};
const BY_NAME = `SELECT ${COLS} FROM names n JOIN compounds c ON c.id = n.compound_id WHERE n.norm = ?
  ORDER BY n.kind = 'main' DESC, c.n_points DESC, c.id LIMIT 1`;

/** The compound in the database, or undefined. `value` is trimmed; a SMILES is canonicalised here. */
export async function convertFromDb(db: DB, from: ConvertFormat, value: string): Promise<ConversionResult | undefined> {
  const v = value.trim();
  switch (from) {
    case 'name':
      return db.prepare(BY_NAME).get(normalizeText(v)) as ConversionResult | undefined;
    case 'inchikey':
      return db.prepare(WHERE.inchikey).get(v.toUpperCase()) as ConversionResult | undefined;
    case 'inchi':
      return db.prepare(WHERE.inchi).get(v.startsWith('InChI=') ? v : `InChI=${v}`) as ConversionResult | undefined;
    case 'smiles': {
      const { parseSmiles, canonicalSmiles } = await import('../../../chem/molecule.js');
      return db.prepare(WHERE.smiles).get(canonicalSmiles(parseSmiles(v))) as ConversionResult | undefined;
    }
    case 'cid':
      return db.prepare(WHERE.cid).get(v) as ConversionResult | undefined;
  }
}
