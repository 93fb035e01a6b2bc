// Conversions answered from the database (spec 4.4): the compound given by a name, SMILES, InChI,
// InChIKey or compound id, as its conversion result. A name matches names and synonyms through
// their normal form (main names first); a SMILES matches by OpenChemLib's canonical form (smiles_key, so
// no lookup loads RDKit), else as the stored (RDKit canonical) SMILES written out.
import type { ConversionResult, ConvertFormat } from '../../../api/types.js';
import type { DB } from '../schema.js';
import { normalizeText } from '../../../util/text.js';

const COLS = "c.id AS cid, COALESCE(c.inchi, '') AS inchi, COALESCE(c.inchikey, '') AS inchikey, c.compound AS name, COALESCE(c.smiles, '') AS smiles";

const WHERE: Record<Exclude<ConvertFormat, 'name'>, string> = {
  cid: `SELECT ${COLS} FROM compounds c WHERE c.id = ?`,
  inchikey: `SELECT ${COLS} FROM compounds c WHERE c.inchikey = ? ORDER BY c.n_points DESC LIMIT 1`,
  inchi: `SELECT ${COLS} FROM compounds c WHERE c.inchi = ? ORDER BY c.n_points DESC LIMIT 1`,
  smiles: `SELECT ${COLS} FROM compounds c WHERE c.smiles_key = ? ORDER BY c.n_points DESC LIMIT 1`,
};
const BY_PRINTED_SMILES = `SELECT ${COLS} FROM compounds c WHERE c.smiles = ? ORDER BY c.n_points DESC LIMIT 1`;
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
      let key: string | undefined;
      let unread: unknown;
      try {
        key = canonicalSmiles(parseSmiles(v));
      } catch (err) {
        unread = err;
      }
      // OpenChemLib's reading of its own canonical SMILES is not always written back the same (1 in 6), so the
      // SMILES as typed is matched too: as the key (what chem printed before RDKit's form) and as printed.
      const hit = (key === undefined ? undefined : db.prepare(WHERE.smiles).get(key)) ?? db.prepare(WHERE.smiles).get(v) ?? db.prepare(BY_PRINTED_SMILES).get(v);
      if (!hit && unread) throw unread;
      return hit as ConversionResult | undefined;
    }
    case 'cid':
      return db.prepare(WHERE.cid).get(v) as ConversionResult | undefined;
  }
}
