// The compound a user's word names (a compound id, a CAS number or a name), through any backend: one
// reading and one set of messages for chem predict NAME, chem vle A B and GET /api/v1/vle.
import { isValidCas } from './api/cas.js';
import { ChemError, notFound, usageError } from './api/errors.js';
import { isCompoundIdForm } from './api/ids.js';
import type { Backend } from './backend.js';

/** Candidates an ambiguity message lists. */
const LISTED = 8;

/**
 * The id of the compound `text` names: an id as it is; else the exact name or synonym (main names first,
 * as `chem convert name` reads it); else, and for a CAS number, the search hit whose name or CAS is the
 * text, or (`guess`, the default) the only hit. 400 for an empty text and for several hits of which none is
 * exact (the candidates listed), 404 for none. chem predict passes guess false: it falls back to a name for a
 * text that is no SMILES, and a broken SMILES in a batch must not become whatever one compound its text matches.
 */
export async function resolveCompound(backend: Backend, text: string, { guess = true } = {}): Promise<string> {
  const word = text.trim();
  if (!word) throw usageError('empty compound: expected a compound id, CAS number or name');
  // a CAS number has the id's digit-group form too: its check digit tells it apart
  const cas = isValidCas(word);
  if (isCompoundIdForm(word) && !cas) return word;
  if (!cas) {
    const named = await backend.convert('name', word, { strict: true }).catch((err: unknown) => {
      if (err instanceof ChemError && err.status === 404) return undefined;
      throw err;
    });
    if (named?.cid) return named.cid;
  }
  const { comps, suggestions } = await backend.search(word);
  const norm = word.toLowerCase();
  const exact = comps.filter((c) => c.compound.toLowerCase() === norm || c.cas === word || c.id === word);
  if (exact.length === 1) return exact[0]!.id;
  if (comps.length === 1 && guess) return comps[0]!.id;
  if (comps.length <= 1) {
    const hints = comps.length ? [`${comps[0]!.compound} (${comps[0]!.id})`] : (suggestions ?? []).slice(0, 3);
    const near = hints.length ? ` (did you mean ${hints.join(', ')}?)` : '';
    throw notFound(`${cas ? `no compound with CAS ${word}` : `no compound named "${word}"`} in the database${near}`);
  }
  const list = comps.slice(0, LISTED).map((c) => `${c.compound} (${c.id}${c.cas ? `, ${c.cas}` : ''})`);
  throw usageError(`"${word}" is ambiguous: ${list.join('; ')}${comps.length > LISTED ? '; …' : ''}; name one by id or CAS`);
}
