// The search query language, parsed without touching the database or a structure toolkit.
// A query is whitespace-separated tokens: property filters (`tb:300..400`, `tc>500`, `mw<100`,
// `has:hfus`) and the text that remains. The text is classified by its shape into the ordered list
// of interpretations the search tries until one matches (`CO` is a formula first, then a SMILES).
import { correctedCas, isValidCas, looksLikeCas, normalizeCas } from '../../../api/cas.js';
import { controlCharacter, usageError } from '../../../api/errors.js';
import { isCompoundId } from '../../../api/ids.js';
import { isInchiKey } from '../../../api/inchikey.js';
import { PROPERTY_KEYS, isTDependent, property } from '../../../api/properties.js';
import { hillOf } from '../formula.js';
import { normalizeText } from '../../../util/text.js';
import { readQuantity, type Written } from '../../../units/quantities.js';

export type Term =
  | { kind: 'cid'; id: string }
  | { kind: 'cas'; cas: string }
  /** A CAS-shaped query whose check digit is wrong: no match, `corrected` as the suggestion. */
  | { kind: 'badcas'; cas: string; corrected: string }
  | { kind: 'inchikey'; key: string }
  /** The first (skeleton) block of an InChIKey: every stereoisomer and isotopologue. */
  | { kind: 'inchikey-block'; block: string }
  | { kind: 'inchi'; inchi: string }
  /**
   * Hill formula of the query, whatever its element order; `forms` also holds the variant with H
   * second in carbon-free formulas (HCl), as OpenChemLib writes them, so both stored forms match.
   */
  | { kind: 'formula'; hill: string; forms: string[] }
  | { kind: 'smiles'; smiles: string }
  /** Names and synonyms; `norm` is the normalised text matched against the names' normal form. */
  | { kind: 'text'; text: string; norm: string };

/** A numeric range on a fixed property (or `mw`), or the presence of any property (`has:`). */
export type Filter =
  | { kind: 'range'; key: string; lo: number; hi: number; loOpen: boolean; hiOpen: boolean }
  | { kind: 'has'; key: string };

/**
 * A structure restriction (issue 16): `sub:PATTERN` keeps the compounds whose structure contains
 * the SMILES/SMARTS pattern; `sim:SMILES>=T` those whose Tanimoto similarity (structure-index.ts) is >= T.
 */
export type StructureTerm = { kind: 'sub'; pattern: string } | { kind: 'sim'; smiles: string; threshold: number };

/** Default threshold of `sim:` without `>=T`. */
export const SIM_THRESHOLD = 0.5;

export interface ParsedQuery {
  query: string;
  /** `sub:` or `sim:`, checked by the engine (structure.ts); at most one per query. */
  structure?: StructureTerm;
  /** Interpretations of the text part, tried in order; empty for a filter-only query. */
  terms: Term[];
  filters: Filter[];
  /** The filter tokens as written, to carry into suggested queries. */
  filterText: string;
}

/** Keys a range filter accepts: fixed properties in registry units, plus the molecular weight. */
export const RANGE_KEYS: readonly string[] = [...PROPERTY_KEYS.filter((k) => !isTDependent(k)), 'mw'];
/** Explicit interpretation prefixes: `smiles:CO`, `formula:CO`, `name:"acetic acid"`, `cas:64-17-5`. */
const KIND_PREFIXES = ['name', 'formula', 'smiles', 'cas', 'inchikey'] as const;
type KindPrefix = (typeof KIND_PREFIXES)[number];

const FILTER = /^([a-z][a-z0-9]*)(:|>=|<=|>|<|=)(.*)$/;
const INCHIKEY_BLOCK = /^[A-Z]{14}$/;

export function parseQuery(raw: string): ParsedQuery {
  const query = raw;
  // Tabs and line breaks separate words like spaces; NUL, ESC and the like cannot be in a query.
  const control = controlCharacter(raw.replace(/[\t\n\v\f\r]/g, ' '));
  if (control) throw usageError(`invalid search query ${JSON.stringify(raw)}: ${control}`);
  const filters: Filter[] = [];
  const filterTokens: string[] = [];
  const text: string[] = [];
  let prefix: KindPrefix | undefined;
  let structure: StructureTerm | undefined;
  for (const token of tokenize(raw)) {
    const m = !token.quoted && !/^InChI=/i.test(token.text) ? FILTER.exec(token.text) : null;
    if (!m) {
      text.push(token.text);
      continue;
    }
    const [, key, op, value] = m as unknown as [string, string, string, string];
    if (key === 'sub' || key === 'sim') {
      if (structure) throw usageError('only one sub: or sim: per query');
      structure = structureTerm(key, op, value);
      filterTokens.push(token.text);
      continue;
    }
    if (op === ':' && (KIND_PREFIXES as readonly string[]).includes(key)) {
      if (prefix || text.length) throw usageError(`"${key}:" must start the text of the query`);
      prefix = key as KindPrefix;
      if (value) text.push(unquote(value));
      continue;
    }
    filters.push(parseFilter(key, op, value));
    filterTokens.push(token.text);
  }
  const joined = text.join(' ').trim();
  if (!joined && !filters.length && !structure) throw usageError('empty search query');
  const terms = !joined ? [] : prefix ? [explicitTerm(prefix, joined)] : classify(joined);
  return { query, terms, filters, filterText: filterTokens.join(' '), ...(structure && { structure }) };
}

/** `sub:PATTERN`, `sim:SMILES` or `sim:SMILES>=T` (0 <= T <= 1); the structures are checked later. */
function structureTerm(key: 'sub' | 'sim', op: string, value: string): StructureTerm {
  if (op !== ':') throw usageError(`"${key}" takes a structure: ${key}:${key === 'sub' ? 'C(=O)[OH]' : 'CC(=O)Oc1ccccc1C(=O)O>=0.7'}`);
  if (key === 'sub') {
    if (!value) throw usageError('empty sub: pattern (expected a SMILES or SMARTS, e.g. sub:C(=O)[OH])');
    return { kind: 'sub', pattern: value };
  }
  const m = /^(.*?)(?:>=(.*))?$/.exec(value)!;
  const smiles = m[1]!;
  if (!smiles) throw usageError('empty sim: structure (expected a SMILES, e.g. sim:CC(=O)Oc1ccccc1C(=O)O>=0.7)');
  let threshold = SIM_THRESHOLD;
  if (m[2] !== undefined) {
    if (!/^(\d+\.?\d*|\.\d+)$/.test(m[2])) throw usageError(`invalid similarity threshold "${m[2]}" in sim: expected a number from 0 to 1`);
    threshold = Number(m[2]);
    if (threshold < 0 || threshold > 1) throw usageError(`similarity threshold ${m[2]} out of range: expected 0 to 1`);
  }
  return { kind: 'sim', smiles, threshold };
}

interface Token {
  text: string;
  quoted: boolean;
}

/** Whitespace-separated tokens; "double quotes" keep a phrase together. */
function tokenize(raw: string): Token[] {
  const tokens: Token[] = [];
  const re = /"([^"]*)"?|(\S+)/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    if (m[1] !== undefined) {
      if (m[1].trim()) tokens.push({ text: m[1].trim(), quoted: true });
    } else {
      // A quoted value glued to a key (`name:"acetic acid"`) continues past the space.
      let t = m[2]!;
      if (/^[a-z]+:"[^"]*$/.test(t)) {
        const end = raw.indexOf('"', re.lastIndex);
        const stop = end < 0 ? raw.length : end + 1;
        t += raw.slice(re.lastIndex, stop);
        re.lastIndex = stop;
      }
      tokens.push({ text: t, quoted: false });
    }
  }
  return tokens;
}

function unquote(s: string): string {
  return s.replace(/^"|"$/g, '').trim();
}

function validKeys(): string {
  return `${RANGE_KEYS.join(', ')}; has:<any of ${PROPERTY_KEYS.join(', ')}>; sub:<SMILES/SMARTS>; sim:<SMILES>[>=T]; prefixes ${KIND_PREFIXES.map((k) => k + ':').join(' ')}`;
}

function parseFilter(key: string, op: string, value: string): Filter {
  if (key === 'has') {
    if (op !== ':') throw usageError(`"has" takes a property key: has:hfus`);
    if (!property(value)) throw usageError(`unknown property "${value}" in has:${value}; valid keys: ${PROPERTY_KEYS.join(', ')}`);
    return { kind: 'has', key: value };
  }
  if (!RANGE_KEYS.includes(key)) {
    if (property(key)) {
      throw usageError(`${key} depends on temperature: only has:${key} can filter on it`);
    }
    throw usageError(`unknown search key "${key}"; valid keys: ${validKeys()}`);
  }
  const unit = property(key)?.unit;
  const bad = () => usageError(`invalid filter "${key}${op}${value}": expected ${key}:LO..HI, ${key}:LO.., ${key}:..HI, ${key}:V, ${key}>V, ${key}<V (numbers in ${unit ?? (key === 'mw' ? 'g/mol' : 'registry units')}${unit === 'K' ? ' or with a unit: 25C, 77F' : unit === 'kPa' ? ' or with a unit: 1atm, 3MPa' : ''})`);
  // A temperature or pressure may carry its unit (`tb<25C`, `pc:3MPa..5MPa`; units/quantities.ts).
  const written = (s: string): Written => {
    if (/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s)) return { value: Number(s), to: (v) => v };
    if (unit !== 'K' && unit !== 'kPa') throw bad();
    try {
      return readQuantity(s, unit);
    } catch {
      throw bad();
    }
  };
  const num = (s: string): number => {
    const w = written(s);
    return w.to(w.value);
  };
  if (op === ':' && value.includes('..')) {
    const [a, b] = value.split('..') as [string, string];
    if (!a && !b) throw bad();
    const lo = a ? num(a) : -Infinity;
    const hi = b ? num(b) : Infinity;
    if (lo > hi) throw usageError(`empty range in "${key}:${value}": ${lo} > ${hi}`);
    return { kind: 'range', key, lo, hi, loOpen: false, hiOpen: false };
  }
  if (op === ':' || op === '=') {
    // `tb:351` means the values that round to 351 at the precision written: 350.5 <= v < 351.5.
    const w = written(value);
    const decimals = /\.(\d+)/.exec(value.replace(/e.*$/i, ''))?.[1]?.length ?? 0;
    const half = 0.5 * 10 ** -decimals;
    return { kind: 'range', key, lo: w.to(w.value - half), hi: w.to(w.value + half), loOpen: false, hiOpen: true };
  }
  const v = num(value);
  switch (op) {
    case '>':
      return { kind: 'range', key, lo: v, hi: Infinity, loOpen: true, hiOpen: false };
    case '>=':
      return { kind: 'range', key, lo: v, hi: Infinity, loOpen: false, hiOpen: false };
    case '<':
      return { kind: 'range', key, lo: -Infinity, hi: v, loOpen: false, hiOpen: true };
    default:
      return { kind: 'range', key, lo: -Infinity, hi: v, loOpen: false, hiOpen: false };
  }
}

function explicitTerm(prefix: KindPrefix, text: string): Term {
  switch (prefix) {
    case 'name':
      return textTerm(text);
    case 'formula': {
      const t = formulaTerm(text);
      if (!t) throw usageError(`not a formula: "${text}"`);
      return t;
    }
    case 'smiles':
      return { kind: 'smiles', smiles: text };
    case 'cas': {
      const t = casTerm(text);
      if (!t) throw usageError(`not a CAS number: "${text}" (expected digits-digits-digit, e.g. 64-17-5)`);
      return t;
    }
    case 'inchikey': {
      const key = text.toUpperCase();
      if (isInchiKey(key)) return { kind: 'inchikey', key };
      if (INCHIKEY_BLOCK.test(key)) return { kind: 'inchikey-block', block: key };
      throw usageError(`not an InChIKey or its first block: "${text}"`);
    }
  }
}

function textTerm(text: string): Term {
  return { kind: 'text', text, norm: normalizeText(text) };
}

function casTerm(s: string): Term | undefined {
  const cas = normalizeCas(s);
  if (!cas) return undefined;
  if (isValidCas(cas)) return { kind: 'cas', cas };
  // A wrong check digit is said for the dashed form only: undashed digits may be something else.
  return looksLikeCas(s) ? { kind: 'badcas', cas: s, corrected: correctedCas(s)! } : undefined;
}

/** The interpretations of a query's text, most specific first; text search always comes last. */
export function classify(text: string): Term[] {
  const s = text.trim();
  if (/\s/.test(s)) return [textTerm(s)];
  if (/^InChI=/i.test(s)) return [{ kind: 'inchi', inchi: 'InChI=' + s.slice(6) }];
  if (isCompoundId(s)) return [{ kind: 'cid', id: s }];
  const cas = casTerm(s);
  if (cas) return [cas];
  if (isInchiKey(s)) return [{ kind: 'inchikey', key: s }];
  const terms: Term[] = [];
  if (INCHIKEY_BLOCK.test(s)) terms.push({ kind: 'inchikey-block', block: s });
  const formula = looksLikeFormula(s) ? formulaTerm(s) : undefined;
  if (formula) terms.push(formula);
  if (looksLikeSmiles(s)) terms.push({ kind: 'smiles', smiles: s });
  terms.push(textTerm(s));
  return terms;
}

// ---- formulas ----

/**
 * A formula rather than a word or a SMILES: element symbols with counts, where a repeated element
 * needs some count written (`CH3CH2OH` is a formula, `CCO` a SMILES, `CO` both, formula first).
 */
function looksLikeFormula(s: string): boolean {
  if (!/^(?:[A-Z][a-z]?\d*|\(|\)\d*)+$/.test(s)) return false;
  const symbols = s.match(/[A-Z][a-z]?/g) ?? [];
  return /\d/.test(s) || new Set(symbols).size === symbols.length;
}

function formulaTerm(s: string): Term | undefined {
  const hill = hillOf(s);
  return hill ? { kind: 'formula', hill, forms: [...new Set([hill, hillOf(s, { hSecond: true })!])] } : undefined;
}

// ---- SMILES ----

const SMILES_CHARS = /^[A-Za-z0-9@+\-[\]()=#$:/\\.%*]+$/;
const SMILES_ONLY = /[=#@[\]()/\\%$.]/;
const ORGANIC = /^(?:Cl|Br|[BCNOPSFI]|[bcnops]|\d|[=#@+\-[\]()/\\%$.:*]|\[[^\]]*\])+$/;

/**
 * Could be a SMILES: bonds, branches, rings or brackets, or organic-subset atoms with at least one
 * capital (`CCO`, `c1ccccc1`). All-lowercase words (`cocos`) are left to the name search.
 */
function looksLikeSmiles(s: string): boolean {
  if (!SMILES_CHARS.test(s)) return false;
  if (SMILES_ONLY.test(s)) return true;
  if (/\d/.test(s) && /[a-z]/.test(s) && ORGANIC.test(s)) return true;
  return /[A-Z]/.test(s) && ORGANIC.test(s);
}
