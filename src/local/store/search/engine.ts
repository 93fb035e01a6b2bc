// The search over the local database. Each interpretation of the query (query.ts) yields its
// compounds ranked, as ords, ord being the compound's place in tie-break order (more data, then
// name; index-tables.ts): by class, then ord (names: text.ts; the others from (ord, class) pairs,
// the best class per compound). Filters keep the ranked compounds that pass them, tested in memory;
// the page's compounds are read last. Structure queries load
// OpenChemLib (canonical SMILES) and, only when the exact structure is not stored, RDKit (InChIKey).
//
// Classes: 0 exact main name (or exact identifier/structure), 1 exact synonym (or another
// stereoisomer/isotopologue of the structure), 2 name prefix, 3 every word in the compound's names.
import type { Statement } from 'better-sqlite3';
import { ChemError } from '../../../api/errors.js';
import type { Compound, SearchResult } from '../../../api/types.js';
import type { DB } from '../schema.js';
import { parseQuery, type Filter, type ParsedQuery, type StructureTerm, type Term } from './query.js';
import type { StructureIndex } from './structure.js';
import { structureIndexState } from './structure-index.js';
import { checkPage, pageOf, PAGE_SIZE } from './paging.js';
import { closest, nearest, type NameList } from './suggest.js';
import type { CloseName } from '../../../api/backend.js';
import { normalizeText } from '../../../util/text.js';
import { buildSearchIndex, hasSearchIndex, nameList } from './index-tables.js';
import { parseInts, TextMatcher } from './text.js';

interface Sql {
  sql: string;
  params: unknown[];
}

/** The compounds a `sub:`/`sim:` term keeps, in its own ranking, with sim:'s similarities. */
interface StructureHits {
  ranked: number[];
  set: Set<number>;
  similarity?: Map<number, number>;
}

export class SearchEngine {
  private readonly statements = new Map<string, Statement>();
  private structureIndex?: Promise<StructureIndex>;
  private names?: NameList;
  private text?: TextMatcher;
  private ords?: number;
  private readonly hasKey = new Map<string, Uint8Array>();
  private readonly keyValues = new Map<string, { start: Int32Array; values: Float64Array }>();

  constructor(
    private readonly db: DB,
    private readonly pageSize = PAGE_SIZE,
  ) {
    if (!hasSearchIndex(db)) {
      if (db.readonly) throw new ChemError(503, 'the database has no search index: rebuild it with "chem db build"');
      buildSearchIndex(db); // a database built before the index existed: once, a few seconds
    }
  }

  private prepare(sql: string): Statement {
    let st = this.statements.get(sql);
    if (!st) this.statements.set(sql, (st = this.db.prepare(sql)));
    return st;
  }

  /** [ord, class] rows of a statement. */
  private pairs(sql: Sql): number[][] {
    return this.prepare(sql.sql).raw().all(...sql.params) as number[][];
  }

  async search(query: string, page?: number): Promise<SearchResult> {
    const start = performance.now();
    const p = checkPage(page);
    const q = parseQuery(query);
    let found = { total: 0, ords: new Int32Array(0) };
    const size = this.pageSize;
    const st = q.structure && (await this.structureHits(q.structure));
    if (st && !q.terms.length) {
      const ranked = this.filter(Int32Array.from(st.ranked), q.filters);
      found = { total: ranked.length, ords: ranked.slice((p - 1) * size, p * size) };
    } else if (!q.terms.length) {
      const [first, ...rest] = q.filters;
      const ranked = this.filter(this.filterHits(first!), rest);
      found = { total: ranked.length, ords: ranked.slice((p - 1) * size, p * size) };
    } else {
      const pass = this.passes(q.filters);
      for (const term of q.terms) {
        let ranked = await this.ranked(term);
        if (!ranked) continue;
        if (pass) ranked = ranked.filter(pass);
        if (st) {
          const inTerm = new Set(ranked);
          ranked = st.similarity ? Int32Array.from(st.ranked.filter((o) => inTerm.has(o))) : ranked.filter((o) => st.set.has(o));
        }
        found = { total: ranked.length, ords: ranked.slice((p - 1) * size, p * size) };
        if (found.total) break;
      }
    }
    const pg = pageOf(found.total, p, size);
    const comps = this.compounds(found.ords);
    if (st?.similarity) comps.forEach((c, i) => (c.similarity = Number(st.similarity!.get(found.ords[i]!)!.toFixed(4))));
    return {
      comps,
      next_page: pg.next_page,
      prev_page: pg.prev_page,
      query,
      range: pg.range,
      search_time: Number(((performance.now() - start) / 1000).toFixed(6)),
      suggestions: found.total ? null : this.suggestions(q),
      total: found.total,
    };
  }

  /** Forgets cached `sub:`/`sim:` results, so a benchmark times the search itself. */
  async clearStructureCache(): Promise<void> {
    (await this.structureIndex)?.clearCache();
  }

  /**
   * The compounds of a `sub:` term (ord order: more data first) or a `sim:` term (similarity, highest
   * first, then ord). The structure index is read on the first structure query of the database.
   */
  private async structureHits(t: StructureTerm): Promise<StructureHits> {
    if (!this.structureIndex) {
      const state = structureIndexState(this.db);
      if (state !== 'current') {
        const what = state === 'old' ? 'the structure index of an older chem' : 'no structure index (built with --no-structure-index)';
        throw new ChemError(503, `the database has ${what} for sub:/sim: queries: rebuild it with "chem db build --from DIR" or "chem db pull"`);
      }
      const db = this.db;
      this.structureIndex = import('./structure.js').then((m) => m.StructureIndex.load(db));
    }
    const index = await this.structureIndex;
    if (t.kind === 'sub') {
      const ranked = index.substructure(t.pattern);
      return { ranked, set: new Set(ranked) };
    }
    const similarity = index.similar(t.smiles, t.threshold);
    const ranked = [...similarity].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map((e) => e[0]);
    return { ranked, set: new Set(ranked), similarity };
  }

  /** The ranked ords of one interpretation, or undefined when it does not apply. */
  private async ranked(t: Term): Promise<Int32Array | undefined> {
    if (t.kind === 'text') return (this.text ??= new TextMatcher(this.db)).ranked(t.norm);
    const pairs = await this.candidates(t);
    return pairs && rank(pairs);
  }

  /** [ord, class] pairs of a non-text interpretation, or undefined when it does not apply. */
  private async candidates(t: Exclude<Term, { kind: 'text' }>): Promise<number[][] | undefined> {
    const byCompound = (where: string, ...params: unknown[]) =>
      this.pairs({ sql: `SELECT r.ord, 0 FROM compounds c JOIN search_rank r ON r.compound_id = c.id WHERE ${where}`, params });
    switch (t.kind) {
      case 'cid':
        return this.pairs({ sql: 'SELECT ord, 0 FROM search_rank WHERE compound_id = ?', params: [t.id] });
      case 'cas':
        return this.pairs({ sql: 'SELECT r.ord, 0 FROM cas_numbers n JOIN search_rank r ON r.compound_id = n.compound_id WHERE n.cas = ?', params: [t.cas] });
      case 'badcas':
        return undefined;
      case 'inchikey':
        return byCompound('c.inchikey = ?', t.key);
      case 'inchikey-block':
        return byCompound('c.inchikey1 = ?', t.block);
      case 'formula':
        return byCompound(`c.formula_hill IN (${t.forms.map(() => '?').join(', ')})`, ...t.forms);
      case 'inchi': {
        const key = this.keyWhere('inchi = ?', t.inchi) ?? (await computedKey(() => import('../../../chem/inchi.js').then((m) => m.inchikeyOfInchi(t.inchi))));
        return key ? this.structure('inchi', t.inchi, key) : undefined;
      }
      case 'smiles': {
        const smiles = await canonical(t.smiles);
        if (!smiles) return undefined;
        // OpenChemLib's canonical form (smiles_key) matches most ways of writing the structure; the SMILES as
        // written is found too, as the key (OpenChemLib writes its own reading otherwise for 1 structure in 6)
        // and as printed (RDKit's form, pasted from a record), all without computing an InChIKey.
        const key =
          this.keyWhere('smiles_key = ?', smiles) ??
          this.keyWhere('smiles_key = ?', t.smiles) ??
          this.keyWhere('smiles = ?', t.smiles) ??
          (await computedKey(() => import('../../../chem/inchi.js').then(async (m) => (await m.inchiOf(t.smiles)).inchikey)));
        return key ? this.structure('smiles_key', smiles, key) : undefined;
      }
    }
  }

  private keyWhere(where: string, value: string): string | undefined {
    return (this.prepare(`SELECT inchikey FROM compounds WHERE ${where} AND inchikey IS NOT NULL LIMIT 1`).get(value) as { inchikey: string } | undefined)?.inchikey;
  }

  /** The exact structure (same canonical SMILES or InChI, or same InChIKey) first, then its skeleton. */
  private structure(column: 'smiles_key' | 'inchi', value: string, inchikey: string): number[][] {
    return this.pairs({
      sql: `SELECT r.ord, CASE WHEN c.${column} = ? OR c.inchikey = ? THEN 0 ELSE 1 END FROM compounds c JOIN search_rank r ON r.compound_id = c.id
        WHERE c.inchikey1 = ? OR c.${column} = ?`,
      params: [value, inchikey, inchikey.slice(0, 14), value],
    });
  }

  /** The ords a filter keeps, ascending, through its index (a filter-only query's candidates). */
  private filterHits(f: Filter): Int32Array {
    const list =
      f.kind === 'has'
        ? this.prepare('SELECT group_concat(ord) FROM search_keys WHERE key = ?').pluck().get(f.key)
        : this.prepare(`SELECT group_concat(ord) FROM search_values WHERE key = ? AND v ${f.loOpen ? '>' : '>='} ? AND v ${f.hiOpen ? '<' : '<='} ?`).pluck().get(f.key, f.lo, f.hi);
    const ords = parseInts(list as string | null).sort();
    return ords.filter((o, i) => i === 0 || o !== ords[i - 1]);
  }

  /** The ranked ords that pass every filter. */
  private filter(ranked: Int32Array, filters: Filter[]): Int32Array {
    const pass = this.passes(filters);
    return pass ? ranked.filter(pass) : ranked;
  }

  /** Whether an ord passes every filter (checked in memory, `test`); undefined without filters. */
  private passes(filters: Filter[]): ((ord: number) => boolean) | undefined {
    if (!filters.length) return undefined;
    const tests = filters.map((f) => this.test(f));
    return tests.length === 1 ? tests[0] : (o) => tests.every((t) => t(o));
  }

  /**
   * A filter as a test of one ord, on the filter tables read into memory once per key (a flag per
   * ord for `has:`; each ord's values, CSR-packed, for a range): a broad text term's thousands of
   * candidates are then checked in well under a millisecond.
   */
  private test(f: Filter): (ord: number) => boolean {
    const size = (this.ords ??= (this.prepare('SELECT max(ord) FROM search_rank').pluck().get() as number | null) ?? 0) + 2;
    if (f.kind === 'has') {
      let has = this.hasKey.get(f.key);
      if (!has) {
        this.hasKey.set(f.key, (has = new Uint8Array(size)));
        for (const o of this.prepare('SELECT ord FROM search_keys WHERE key = ?').pluck().iterate(f.key) as Iterable<number>) has[o] = 1;
      }
      return (o) => has[o] === 1;
    }
    let kv = this.keyValues.get(f.key);
    if (!kv) {
      const rows = this.prepare('SELECT ord, v FROM search_values WHERE key = ? ORDER BY ord').raw().all(f.key) as [number, number][];
      const start = new Int32Array(size);
      for (const [o] of rows) start[o + 1]!++;
      for (let o = 1; o < size; o++) start[o]! += start[o - 1]!;
      this.keyValues.set(f.key, (kv = { start, values: Float64Array.from(rows, (r) => r[1]) }));
    }
    const { start, values } = kv;
    const inRange = (v: number) => (f.loOpen ? v > f.lo : v >= f.lo) && (f.hiOpen ? v < f.hi : v <= f.hi);
    return (o) => {
      for (let i = start[o]!; i < start[o + 1]!; i++) if (inRange(values[i]!)) return true;
      return false;
    };
  }

  /** The page's compounds, as search results list them (index-tables.ts). */
  private compounds(ords: Int32Array): Compound[] {
    if (!ords.length) return [];
    // The brackets added in SQLite: JSON.parse then reads one flat string, not a concatenation.
    const rows = this.prepare("SELECT '[' || group_concat(r.row, ',' ORDER BY j.key) || ']' FROM json_each(?) j CROSS JOIN search_rank r ON r.ord = j.value")
      .pluck()
      .get(JSON.stringify(Array.from(ords))) as string;
    return JSON.parse(rows) as Compound[];
  }

  /** The names within a few edits of `word`, closest first, one per compound (Backend.closeNames). */
  closeNames(word: string, limit = 8): CloseName[] {
    const norm = normalizeText(word);
    if (!norm) return [];
    this.names ??= nameList(this.db);
    const row = this.prepare(
      'SELECT c.id, c.compound, c.cas, (SELECT n.name FROM names n WHERE n.compound_id = c.id AND n.norm = ? LIMIT 1) AS name FROM search_rank r JOIN compounds c ON c.id = r.compound_id WHERE r.ord = ?',
    );
    return nearest(this.names.near(norm), norm, limit).map(({ c, d }) => {
      const r = row.get(c.norm, c.ord) as { id: string; compound: string; cas: string | null; name: string | null };
      return { name: (r.name ?? c.norm).replace(/\s+/g, ' ').trim(), id: r.id, compound: r.compound, ...(r.cas ? { cas: r.cas } : {}), edits: d };
    });
  }

  /** For an empty result: the corrected CAS, or names within a few edits of the text (filters kept). */
  private suggestions(q: ParsedQuery): string[] {
    const bad = q.terms.find((t) => t.kind === 'badcas');
    if (bad) return [bad.corrected];
    const text = q.terms.find((t) => t.kind === 'text');
    if (!text?.norm) return [];
    this.names ??= nameList(this.db);
    const candidates = this.names.near(text.norm);
    const byName = this.prepare('SELECT n.name FROM names n JOIN search_rank r ON r.compound_id = n.compound_id WHERE r.ord = ? AND n.norm = ? LIMIT 1').pluck();
    return closest(candidates, text.norm).map((c) => {
      const shown = ((byName.get(c.ord, c.norm) as string | undefined) ?? c.norm).replace(/\s+/g, ' ').trim();
      return q.filterText ? `${shown} ${q.filterText}` : shown;
    });
  }
}

/** Best class per ord, ordered by class, then ord (one numeric sort per class: classes are 0 to 3). */
function rank(pairs: number[][]): Int32Array {
  const best = new Map<number, number>();
  for (const [ord, cls] of pairs) {
    const b = best.get(ord!);
    if (b === undefined || cls! < b) best.set(ord!, cls!);
  }
  const byClass: number[][] = [];
  for (const [ord, cls] of best) (byClass[cls] ??= []).push(ord);
  return Int32Array.from(byClass.flatMap((ords) => ords?.sort((a, b) => a - b) ?? []));
}

// ---- structures ----

async function canonical(smiles: string): Promise<string | undefined> {
  const { parseSmiles, canonicalSmiles } = await import('../../../chem/molecule.js');
  try {
    return canonicalSmiles(parseSmiles(smiles));
  } catch {
    return undefined;
  }
}

async function computedKey(fn: () => Promise<string>): Promise<string | undefined> {
  try {
    return (await fn()) || undefined;
  } catch {
    return undefined;
  }
}

const engines = new WeakMap<DB, SearchEngine>();

/** One engine per open database, so its prepared statements (and name list) are reused. */
export function engineFor(db: DB): SearchEngine {
  let e = engines.get(db);
  if (!e) engines.set(db, (e = new SearchEngine(db)));
  return e;
}
