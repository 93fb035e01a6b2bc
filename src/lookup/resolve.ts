// The compound a user's word names, through any backend (local, or the v1 API over HTTPS): one reading
// and one set of messages for every command and route that takes a compound (chem cid, mixtures, plot,
// predict, vle; GET /cid/{cid}, /cid/{cid}/mixtures, /vle). The rule, in docs/search.md#naming-a-compound:
//   an id (or an old id)      → that record (the backend answers an old id with the record it is now)
//   a CAS number              → the record of that CAS number
//   an InChIKey               → the record of that key; its first block alone when one record has it
//   a SMILES                  → the record of that structure
//   else a name               → the record whose main name or synonym it is, exactly (case and accents aside);
//                               else the one name a small edit away, said in a notice; else a refusal
//                               listing the closest names (a prefix or a word of a name never names one)
// Several records for one word: main names beat synonyms, a defined structure beats none (an isomer
// mixture), then twice the measured values beat fewer; the choice is said in one notice naming the
// others. When none is clearly better: 400 listing them.
import { correctedCas, isValidCas, looksLikeCas } from '../api/cas.js';
import { ChemError, notFound, usageError } from '../api/errors.js';
import { isCompoundIdForm } from '../api/ids.js';
import { isInchiKey } from '../api/inchikey.js';
import type { Compound, DataPoint } from '../api/types.js';
import type { Backend, CloseName } from '../api/backend.js';
import { normalizeText } from '../util/text.js';

export interface ResolveOptions {
  /** A word that names no record exactly: take the one name a small edit away, with a notice (default true). */
  guess?: boolean;
  /** One line for the user when the word named several records and one was chosen. */
  onNotice?: (message: string) => void;
}

/** A structure a word names: the SMILES, and the database's record of it when there is one. */
export interface NamedStructure {
  smiles: string;
  /** The record's id and name; absent for a SMILES the database does not hold. */
  cid?: string;
  name?: string;
}

/** Candidates an ambiguity message lists (and records read to judge them). */
const LISTED = 8;
const INCHIKEY_BLOCK = /^[A-Z]{14}$/;
/** SMILES syntax beyond atom letters: a branch, bond, ring digit, bracket atom or charge. */
const SMILES_SYNTAX = /[()[\]=#$:/\\%0-9@+-]/;

/** Case, accents and spacing aside: the search's normal form of names. */
const norm = normalizeText;

/**
 * The id of the record `text` names (the rule above). 400 for an empty text, for a word several records
 * share with none clearly the one meant, and for several inexact hits; 404 for none.
 * `guess: false` (chem predict) never takes an inexact hit: a broken SMILES must not become whatever compound its text matches.
 */
export async function resolveCompound(backend: Backend, text: string, opts: ResolveOptions = {}): Promise<string> {
  const word = text.trim();
  if (!word) throw usageError('empty compound: expected a compound id, CAS number, InChIKey, SMILES or name');
  // a CAS number has the id's digit-group form too: its check digit tells it apart
  const cas = isValidCas(word);
  // a CAS number's form (a middle group of 2 digits, ids have 3) with a wrong check digit: a mistyped CAS number
  if (looksLikeCas(word) && !cas) throw notFound(`no compound with CAS ${word}: its check digit is wrong (did you mean ${correctedCas(word)}?)`);
  if (isCompoundIdForm(word) && !cas) return word;
  if (cas) {
    // the search reads a CAS number as one: its hits hold it as their CAS or as another of theirs (other_cas)
    const { comps } = await backend.search(word);
    const main = comps.filter((c) => c.cas === word);
    return choose(word, main.length ? main : comps, backend, opts, `no compound with CAS ${word} in the database`);
  }
  if (isInchiKey(word) || INCHIKEY_BLOCK.test(word)) {
    const hits = (await backend.search(word)).comps.filter((c) => c.inchikey === word || c.inchikey?.startsWith(`${word}-`));
    if (hits.length) return choose(word, hits, backend, { ...opts, strict: !isInchiKey(word) }, '');
    if (isInchiKey(word)) throw notFound(`no compound with InChIKey ${word} in the database`);
  }
  if (await looksLikeSmiles(word)) return byStructure(backend, word);
  return byName(backend, word, opts);
}

/** Whether a text uses SMILES syntax beyond atom letters and reads as SMILES by its grammar (2-propanol and N,N-dimethylformamide do not). */
export async function looksLikeSmiles(text: string): Promise<boolean> {
  return SMILES_SYNTAX.test(text) && isSmiles(text);
}

/** Whether a text reads as SMILES by its grammar (parse.ts), whatever its chemistry. */
async function isSmiles(text: string): Promise<boolean> {
  const { parse } = await import('../chem/smiles/parse.js');
  try {
    parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The structure `text` names, for a computation over a structure (chem state): the structure of the record
 * the text names (the rule above), else a SMILES as it is (read by its grammar; its chemistry is the caller's).
 */
export async function resolveStructure(backend: Backend, text: string, opts: ResolveOptions = {}): Promise<NamedStructure> {
  const cid = await resolveHeld(backend, text, opts);
  return cid === undefined ? { smiles: text.trim() } : recordStructure(backend, cid);
}

/** The id of the record `text` names (the rule above), or undefined for a SMILES the database does not hold. */
export async function resolveHeld(backend: Backend, text: string, opts: ResolveOptions = {}): Promise<string | undefined> {
  return resolveCompound(backend, text, opts).catch(async (err: unknown) => {
    if (err instanceof ChemError && [400, 404].includes(err.status) && (await isSmiles(text.trim()))) return undefined;
    throw err;
  });
}

/** The structure of a record (404 for a record without one). */
export async function recordStructure(backend: Backend, cid: string): Promise<NamedStructure> {
  const hit = await backend.convert('cid', cid, { strict: true });
  if (!hit.smiles) throw notFound(`${hit.name} (${hit.cid}) has no structure in the database`);
  return { smiles: hit.smiles, cid: hit.cid, name: hit.name };
}

/** The record of a SMILES's structure (canonical identity, then InChIKey). */
async function byStructure(backend: Backend, smiles: string): Promise<string> {
  try {
    return (await backend.convert('smiles', smiles, { strict: true })).cid;
  } catch (err) {
    if (err instanceof ChemError && err.status === 404) throw notFound(`no compound with the structure ${smiles} in the database`);
    throw err;
  }
}

/**
 * A name: the records whose main name or synonym it is, exactly; else a close reading (one name a
 * single edit away, or two for a word of 8 letters or more, and no other name as close), taken with a
 * notice; else a refusal listing the closest names and the search's first hits.
 */
async function byName(backend: Backend, word: string, opts: ResolveOptions): Promise<string> {
  const { id, comps, suggestions } = await exactName(backend, word, opts);
  if (id) return id;
  // A word of atom letters can be a SMILES too (CCO): its structure, when the database holds it.
  const smiles = /^[A-Za-z]+$/.test(word) && (await isSmiles(word));
  if (smiles) {
    const hit = await backend.convert('smiles', word, { strict: true }).catch(() => undefined);
    if (hit?.cid) return hit.cid;
  }
  const close = (await backend.closeNames?.(word)) ?? [];
  const reading = opts.guess === false ? undefined : clearReading(norm(word), close);
  if (reading) {
    const taken = (await exactName(backend, reading.name, opts)).id;
    if (taken) {
      const c = close.find((x) => x.id === taken) ?? reading;
      opts.onNotice?.(`read "${word}" as ${c.compound} (${c.cas ?? c.id})${norm(c.name) === norm(c.compound) ? '' : `, by its name "${c.name}"`}`);
      return taken;
    }
  }
  // No name close: the search's hits (a prefix, or words of their names), none taken.
  if (!close.length && comps.length > 1) throw usageError(`"${word}" is ambiguous: ${listed(comps)}; name one by id or CAS`);
  const hints = [...close.map(closeListed), ...comps.slice(0, 3).map((c) => `${c.compound} (${c.id}${c.cas ? `, ${c.cas}` : ''})`), ...(suggestions ?? [])];
  const shown = hints.filter((h, i) => hints.indexOf(h) === i).slice(0, 5);
  const none = `no compound named "${word}" in the database${smiles ? ', nor with that structure' : ''}`;
  throw notFound(shown.length ? `${none} (did you mean ${shown.join('; ')}?)` : none);
}

/** The record a word names exactly (main names, then synonyms, among the search's hits), and the hits. */
async function exactName(backend: Backend, word: string, opts: ResolveOptions): Promise<{ id?: string; comps: Compound[]; suggestions: string[] | null }> {
  const n = norm(word);
  const { comps, suggestions } = await backend.search(word);
  const main = comps.filter((c) => norm(c.compound) === n);
  // The exact synonyms follow the exact main names: the records tell which of the next hits are one.
  const synonyms: Compound[] = [];
  for (const c of comps.filter((c) => !main.includes(c)).slice(0, LISTED)) {
    const { comp } = await backend.compound(c.id, { files: false, predictions: false });
    if (!(comp.other_names ?? []).some((o) => norm(o) === n)) break;
    synonyms.push(comp);
  }
  if (!main.length && !synonyms.length) return { comps, suggestions };
  return { id: await choose(word, [...main, ...synonyms], backend, opts, '', main.length), comps, suggestions };
}

/**
 * The close name a word clearly means: the one name at the fewest edits (the records sharing it are
 * weighed as for an exact name), every other name at least one edit further; at most one edit, or two
 * for a word of 8 letters or more.
 */
function clearReading(n: string, close: CloseName[]): CloseName | undefined {
  const best = close[0];
  if (!best || best.edits > (n.length >= 8 ? 2 : 1)) return undefined;
  const rival = close.find((c) => c.edits === best.edits && norm(c.name) !== norm(best.name));
  return rival ? undefined : best;
}

function closeListed(c: CloseName): string {
  const what = `${c.compound} (${c.id}${c.cas ? `, ${c.cas}` : ''})`;
  return norm(c.name) === norm(c.compound) ? what : `"${c.name}": ${what}`;
}

interface Judged {
  comp: Compound;
  /** 0 main name (or no names involved), 1 synonym. */
  tier: number;
  structure: boolean;
  measured: number;
}

/**
 * The one of several records a word names (in the search's order; the first `mains` by main name). One:
 * it. Several: the clearly best (judge), said in a notice; else 400 listing them. `strict` (an InChIKey
 * block): several are always refused.
 */
async function choose(word: string, hits: Compound[], backend: Backend, opts: ResolveOptions & { strict?: boolean }, none: string, mains = hits.length): Promise<string> {
  const unique = hits.filter((c, i) => hits.findIndex((d) => d.id === c.id) === i);
  if (!unique.length) throw notFound(none);
  if (unique.length === 1) return unique[0]!.id;
  if (opts.strict) throw usageError(`"${word}" is the first block of ${unique.length} compounds' InChIKeys: ${listed(unique)}; give the whole key or an id`);
  const judged: Judged[] = [];
  for (const [i, c] of unique.slice(0, LISTED).entries()) {
    const comp = c.fixed_props || c.tpdep_props || c.other_names ? c : (await backend.compound(c.id, { files: false, predictions: false })).comp;
    judged.push({ comp, tier: i < mains ? 0 : 1, structure: !!comp.smiles, measured: measuredCount(comp) });
  }
  judged.sort((a, b) => a.tier - b.tier || Number(b.structure) - Number(a.structure) || b.measured - a.measured);
  const [best, next] = judged as [Judged, Judged];
  const others = `${listed(judged.slice(1).map((j) => j.comp))}${unique.length > LISTED ? '; …' : ''}`;
  if (!clearlyBetter(best, next)) throw usageError(`"${word}" names ${unique.length} compounds: ${listed(judged.map((j) => j.comp))}; name one by id or CAS`);
  opts.onNotice?.(`"${word}" names ${unique.length} compounds: took ${best.comp.compound} (${best.comp.id}, ${why(best, next)}); also ${others}`);
  return best.comp.id;
}

/** Main name over synonym, a structure over none, at least twice the measured values. */
function clearlyBetter(a: Judged, b: Judged): boolean {
  return a.tier < b.tier || (a.structure && !b.structure) || (a.structure === b.structure && a.measured >= 2 * Math.max(b.measured, 1));
}

const why = (a: Judged, b: Judged) => (a.tier < b.tier ? 'its main name' : a.structure && !b.structure ? 'a defined structure' : `${a.measured} measured values against ${b.measured}`);

function measuredCount(c: Compound): number {
  let n = 0;
  for (const map of [c.fixed_props ?? {}, c.tpdep_props ?? {}]) for (const ps of Object.values(map) as DataPoint[][]) for (const p of ps) if (!p.calc) n++;
  return n;
}

function listed(comps: Compound[]): string {
  return comps
    .slice(0, LISTED)
    .map((c) => `${c.compound} (${c.id}${c.cas ? `, ${c.cas}` : ''})`)
    .join('; ');
}
