// Search index: tables derived from `compounds` and `names` at the end of a build
// (a build step), so a name search reads integers from covering indexes instead of grouping and
// sorting joined rows. They hold nothing that is not in those tables and are rebuilt, never edited.
//
//   search_rank(ord PK, compound_id, row)   every compound numbered in tie-break order: more data
//                                      points first, then the name (case-insensitive), then the id;
//                                      with its search-result JSON (the tb and tf of the record's [0]
//                                      included), so a page of results is one string to parse.
//   search_names(norm, ord, main, len, mask)   every name's normal form with its compound's ord;
//                                      index (norm, ord, main) answers exact and prefix matches,
//                                      index (len, mask, ...) the candidates of suggestions.
//   search_words(word PK, ords)        every word of the names (text.ts's wordsOf) with the ords of
//                                      the compounds having it, ascending, as one blob (ordsBlob):
//                                      a broad word's thousands of hits are one value to read.
//   search_prefixes(prefix PK, ords)   the same for every text at least BROAD_PREFIX names start
//                                      with (`benzene`, `chloro`, `a`; ~500 of them): the ords of
//                                      the compounds having such a name, where a narrower prefix
//                                      is one range read of search_names.
//   search_values(key, v, ord)         the values property filters compare: fixed properties'
//                                      measured non-outlier points, or the calculated ones of a
//                                      compound with none measured; and `mw`. Indexes (key, v, ord)
//                                      for filter-only queries, (key, ord, v) to check candidates.
//   search_keys(key, ord)              which compound has any point of a key (`has:`).
//   search_name_list(text, offset, ords, main, masks, starts)   one row: search_names ordered by
//                                      length as the suggestions hold it in memory (suggest.ts's
//                                      NameList), read in a few ms instead of ~400 ms of rows. An
//                                      index built before it has none: its rows are read then.
import type { Compound, DataPoint } from '../../../api/types.js';
import { orderPoints } from '../../../api/ranking.js';
import type { DB } from '../schema.js';
import type { CompoundIdentityRow } from '../store.js';
import type { BuildStep } from '../steps.js';
import { letterMask, NameList, type NameCandidate, type NameListRow } from './suggest.js';
import { BROAD_PREFIX, broadPrefixes, ordsBlob, wordsOf } from './text.js';

/** Properties whose representative value result rows show. */
const SHOWN = ['tb', 'tf'] as const;

/** A compound as a search result lists it: spec 2.1's identifying fields, has_outliers, and the SHOWN values known. */
function resultCompound(r: CompoundIdentityRow, shown: (number | undefined)[]): Compound {
  const c: Compound = { id: r.id, rev: r.rev, compound: r.compound, type: r.type, has_outliers: !!r.has_outliers, mtime: r.mtime };
  // Spec 2.1's identifying text fields are "" when unknown, as in the full record; mw, tb, tf only when known.
  for (const k of ['cas', 'inchi', 'inchikey', 'formula', 'smiles'] as const) c[k] = r[k] ?? '';
  if (r.mw !== null) c.mw = r.mw;
  SHOWN.forEach((k, i) => shown[i] !== undefined && ((c as Record<string, unknown>)[k] = shown[i]));
  return c;
}

/** The value shown for a property in a result row: the record's [0], the first of the one ranking (api/ranking.ts). */
export function representative(points: readonly DataPoint[]): number | undefined {
  return orderPoints(points)[0]?.v;
}

const TABLES = ['search_rank', 'search_names', 'search_words', 'search_prefixes', 'search_values', 'search_keys', 'search_name_list'];
/** What the current layout needs; an index built by an earlier layout lacks some and is rebuilt (search_name_list is optional). */
const EXPECTED = [...TABLES.filter((t) => t !== 'search_name_list'), 'search_names_len'];

/** search_names in memory, grouped by length, from its rows. */
const nameListOfRows = (db: DB) =>
  NameList.of(db.prepare('SELECT norm, ord, main, len, mask FROM search_names ORDER BY len').iterate() as Iterable<NameCandidate & { len: number; mask: number }>);

/** The index's names as the suggestions read them: the stored list, or from the rows in an index built before it. */
export function nameList(db: DB): NameList {
  const has = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'search_name_list'").get() !== undefined;
  const stored = has ? (db.prepare('SELECT * FROM search_name_list').get() as NameListRow | undefined) : undefined;
  return stored ? NameList.fromRow(stored) : nameListOfRows(db);
}

export function hasSearchIndex(db: DB): boolean {
  const n = db.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE name IN (${EXPECTED.map(() => '?').join(', ')})`).get(...EXPECTED) as { n: number };
  return n.n === EXPECTED.length;
}

/** `broadPrefix`: how many names must share a prefix for it to be stored (a test stores more). */
export function buildSearchIndex(db: DB, broadPrefix = BROAD_PREFIX): void {
  db.function('chem_letter_mask', { deterministic: true }, (s: unknown) => letterMask(String(s)));
  db.transaction(() => {
    for (const t of TABLES) db.exec(`DROP TABLE IF EXISTS ${t}`);
    db.exec(`
      CREATE TABLE search_rank (ord INTEGER PRIMARY KEY, compound_id TEXT NOT NULL UNIQUE, row TEXT);
      INSERT INTO search_rank (ord, compound_id)
        SELECT ROW_NUMBER() OVER (ORDER BY n_points DESC, compound COLLATE NOCASE, id), id FROM compounds;
      CREATE TABLE search_names (norm TEXT NOT NULL, ord INTEGER NOT NULL, main INTEGER NOT NULL, len INTEGER NOT NULL, mask INTEGER NOT NULL);
      INSERT INTO search_names (norm, ord, main, len, mask)
        SELECT n.norm, r.ord, n.kind = 'main', length(n.norm), chem_letter_mask(n.norm) FROM names n JOIN search_rank r ON r.compound_id = n.compound_id;
      CREATE INDEX search_names_norm ON search_names(norm, ord, main);
      CREATE INDEX search_names_len ON search_names(len, mask, norm, ord, main);
      CREATE TABLE search_words (word TEXT PRIMARY KEY, ords BLOB NOT NULL);
      CREATE TABLE search_prefixes (prefix TEXT PRIMARY KEY, ords BLOB NOT NULL);
      CREATE TABLE search_values (key TEXT NOT NULL, v REAL NOT NULL, ord INTEGER NOT NULL);
      -- INDEXED BY: without statistics SQLite picks points_key_v for the subquery and scans every
      -- point of the key for each calculated point (quadratic: tens of minutes on the full data).
      INSERT INTO search_values (key, v, ord)
        SELECT p.key, p.v, r.ord FROM points p JOIN search_rank r ON r.compound_id = p.compound_id
        WHERE p.t IS NULL AND p.o = 0
          AND (p.calc = 0 OR NOT EXISTS (SELECT 1 FROM points m INDEXED BY points_compound
                                         WHERE m.compound_id = p.compound_id AND m.key = p.key AND m.calc = 0));
      INSERT INTO search_values (key, v, ord)
        SELECT 'mw', c.mw, r.ord FROM compounds c JOIN search_rank r ON r.compound_id = c.id WHERE c.mw IS NOT NULL;
      CREATE INDEX search_values_kv ON search_values(key, v, ord);
      CREATE INDEX search_values_ko ON search_values(key, ord, v);
      CREATE TABLE search_keys (key TEXT NOT NULL, ord INTEGER NOT NULL, PRIMARY KEY (key, ord)) WITHOUT ROWID;
      INSERT OR IGNORE INTO search_keys (key, ord)
        SELECT p.key, r.ord FROM points p JOIN search_rank r ON r.compound_id = p.compound_id;
    `);
    const postings = new Map<string, number[]>();
    for (const [norm, ord] of db.prepare('SELECT norm, ord FROM search_names ORDER BY ord').raw().iterate() as Iterable<[string, number]>) {
      for (const w of wordsOf(norm)) {
        const ords = postings.get(w);
        if (!ords) postings.set(w, [ord]);
        else if (ords[ords.length - 1] !== ord) ords.push(ord);
      }
    }
    db.exec('CREATE TABLE search_name_list (text TEXT NOT NULL, offset BLOB NOT NULL, ords BLOB NOT NULL, main BLOB NOT NULL, masks BLOB NOT NULL, starts BLOB NOT NULL)');
    db.prepare('INSERT INTO search_name_list VALUES (@text, @offset, @ords, @main, @masks, @starts)').run(nameListOfRows(db).toRow());
    const putWord = db.prepare('INSERT INTO search_words (word, ords) VALUES (?, ?)');
    for (const [w, ords] of postings) putWord.run(w, ordsBlob(ords));
    // The broad prefixes' compounds, read by the same range a text query reads (text.ts).
    const range = db.prepare('SELECT DISTINCT ord FROM search_names WHERE norm >= ? AND norm < ? ORDER BY ord').pluck();
    const putPrefix = db.prepare('INSERT INTO search_prefixes (prefix, ords) VALUES (?, ?)');
    const norms = db.prepare('SELECT norm FROM search_names ORDER BY norm').pluck().all() as string[];
    for (const p of broadPrefixes(norms, broadPrefix)) putPrefix.run(p, ordsBlob(range.all(p, p + '\uffff') as number[]));
    const points = db.prepare(`SELECT compound_id AS id, key, v, s, t, calc, o FROM points WHERE key IN (${SHOWN.map(() => '?').join(', ')}) ORDER BY compound_id, rowid`);
    const byCompound = new Map<string, (DataPoint & { key: string })[]>();
    for (const p of points.iterate(...SHOWN) as Iterable<{ id: string; key: string; v: number; s: string; t: number | null; calc: number; o: number }>) {
      const point = { key: p.key, v: p.v, s: p.s, ...(p.t !== null && { t: p.t }), ...(p.calc && { calc: true }), ...(p.o && { o: true }) };
      (byCompound.get(p.id) ?? byCompound.set(p.id, []).get(p.id)!).push(point);
    }
    const compounds = db
      .prepare(
        `SELECT r.ord, c.id, c.rev, c.compound, c.cas, c.inchi, c.inchikey, c.formula, c.type, c.mw, c.smiles, c.mtime, c.has_outliers
         FROM search_rank r JOIN compounds c ON c.id = r.compound_id`,
      )
      .all() as (CompoundIdentityRow & { ord: number })[];
    const setRow = db.prepare('UPDATE search_rank SET row = ? WHERE ord = ?');
    for (const c of compounds) {
      const ps = byCompound.get(c.id) ?? [];
      setRow.run(JSON.stringify(resultCompound(c, SHOWN.map((k) => representative(ps.filter((p) => p.key === k))))), c.ord);
    }
  })();
}

export const searchIndexStep: BuildStep = {
  name: 'search index',
  files: [],
  run: (db) => buildSearchIndex(db),
};
