// The search over the local database. Each interpretation of the query (query.ts) yields candidate
// compounds as (ord, class) pairs, ord being the compound's place in tie-break order (more data,
// then name; index-tables.ts); the best class per compound, then ord, is the ranking. Filters keep
// the candidates that pass them; the page's compounds are read last. Structure queries load
// OpenChemLib (canonical SMILES) and, only when the exact structure is not stored, RDKit (InChIKey).
//
// Classes: 0 exact main name (or exact identifier/structure), 1 exact synonym (or another
// stereoisomer/isotopologue of the structure), 2 name prefix, 3 every word in the compound's names.
import type { Statement } from 'better-sqlite3';
import { ChemError } from '../../../api/errors.js';
import type { Compound, SearchResult } from '../../../api/types.js';
import type { DB } from '../schema.js';
import type { CompoundIdentityRow } from '../store.js';
import { parseQuery, type Filter, type ParsedQuery, type StructureTerm, type Term } from './query.js';
import type { StructureIndex } from './structure.js';
import { hasStructureIndex } from './structure-index.js';
import { checkPage, pageOf, PAGE_SIZE } from './paging.js';
import { closest, NameList, type NameCandidate } from './suggest.js';
import { buildSearchIndex, hasSearchIndex, SHOWN } from './index-tables.js';

interface Sql {
  sql: string;
  params: unknown[];
}

interface CompoundRow extends CompoundIdentityRow {
  ord: number;
  tb: number | null;
  tf: number | null;
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
    let found = { total: 0, ords: [] as number[] };
    const size = this.pageSize;
    const st = q.structure && (await this.structureHits(q.structure));
    if (st && !q.terms.length) {
      const ranked = this.filter(st.ranked, q.filters);
      found = { total: ranked.length, ords: ranked.slice((p - 1) * size, p * size) };
    } else if (!q.terms.length) {
      const [first, ...rest] = q.filters;
      const ranked = this.pairs(filterHits(first!, rest)).map((r) => r[0]!).sort((a, b) => a - b);
      found = { total: ranked.length, ords: ranked.slice((p - 1) * size, p * size) };
    } else {
      for (const term of q.terms) {
        if (term.kind === 'text' && !q.filters.length && !st) {
          found = this.textPage(term.norm, (p - 1) * size, size);
        } else {
          const candidates = await this.candidates(term);
          if (!candidates) continue;
          // Filters first: ranking the few candidates that pass costs less than ranking them all.
          const pass = this.passes(q.filters);
          let ranked = rank(pass ? candidates.filter((c) => pass(c[0]!)) : candidates);
          if (st) {
            const inTerm = new Set(ranked);
            ranked = st.similarity ? st.ranked.filter((o) => inTerm.has(o)) : ranked.filter((o) => st.set.has(o));
          }
          found = { total: ranked.length, ords: ranked.slice((p - 1) * size, p * size) };
        }
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
      if (!hasStructureIndex(this.db)) throw new ChemError(503, 'the database has no structure index for sub:/sim: queries: rebuild it with "chem db build --structure-index"');
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

  /**
   * One page of a text query without filters, computed in SQLite without reading every hit: the
   * ranked list is the exact names (class 0/1), then the other prefix matches in ord order, then
   * the word matches that are not prefix matches, in ord order (FTS5 rowid order).
   */
  private textPage(norm: string, offset: number, limit: number): { total: number; ords: number[] } {
    const hi = norm + '\uffff';
    const words = norm.match(/[\p{L}\p{N}]+/gu);
    const fts = words?.map((w) => `"${w}"`).join(' ');
    const RANGE = 'SELECT ord FROM search_names WHERE norm >= ? AND norm < ?';
    const total = (
      fts
        ? this.prepare(`SELECT count(*) FROM (${RANGE} UNION SELECT rowid FROM search_fts WHERE search_fts MATCH ?)`).pluck().get(norm, hi, fts)
        : this.prepare(`SELECT count(DISTINCT ord) FROM search_names WHERE norm >= ? AND norm < ?`).pluck().get(norm, hi)
    ) as number;
    if (!total || offset >= total) return { total, ords: [] };
    const exact = rank(this.pairs({ sql: 'SELECT ord, 1 - main FROM search_names WHERE norm = ?', params: [norm] }));
    const ords = exact.slice(offset, offset + limit);
    if (ords.length === limit) return { total, ords };
    const exactJson = JSON.stringify(exact);
    let skip = Math.max(0, offset - exact.length);
    const prefix = this.prepare(
      'SELECT DISTINCT ord FROM search_names WHERE norm > ? AND norm < ? AND ord NOT IN (SELECT value FROM json_each(?)) ORDER BY ord LIMIT ? OFFSET ?',
    )
      .pluck()
      .all(norm, hi, exactJson, limit - ords.length, skip) as number[];
    ords.push(...prefix);
    if (ords.length === limit || !fts) return { total, ords };
    if (skip > 0) {
      const prefixCount = this.prepare('SELECT count(DISTINCT ord) FROM search_names WHERE norm > ? AND norm < ? AND ord NOT IN (SELECT value FROM json_each(?))')
        .pluck()
        .get(norm, hi, exactJson) as number;
      skip = Math.max(0, skip - prefixCount);
    }
    const wordsOnly = this.prepare(`SELECT rowid FROM search_fts WHERE search_fts MATCH ? AND rowid NOT IN (${RANGE}) ORDER BY rowid LIMIT ? OFFSET ?`)
      .pluck()
      .all(fts, norm, hi, limit - ords.length, skip) as number[];
    ords.push(...wordsOnly);
    return { total, ords };
  }

  /** [ord, class] pairs of one interpretation, or undefined when it does not apply. */
  private async candidates(t: Term): Promise<number[][] | undefined> {
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
        const key = this.keyWhere('inchi = ?', t.inchi) ?? (await computedKey(() => import('../../chem/inchi.js').then((m) => m.inchikeyOfInchi(t.inchi))));
        return key ? this.structure('inchi', t.inchi, key) : undefined;
      }
      case 'smiles': {
        const smiles = await canonical(t.smiles);
        if (!smiles) return undefined;
        const key = this.keyWhere('smiles = ?', smiles) ?? (await computedKey(() => import('../../chem/inchi.js').then(async (m) => (await m.inchiOf(t.smiles)).inchikey)));
        return key ? this.structure('smiles', smiles, key) : undefined;
      }
      case 'text':
        return this.text(t.norm);
    }
  }

  private keyWhere(where: string, value: string): string | undefined {
    return (this.prepare(`SELECT inchikey FROM compounds WHERE ${where} AND inchikey IS NOT NULL LIMIT 1`).get(value) as { inchikey: string } | undefined)?.inchikey;
  }

  /** The exact structure (same canonical SMILES or InChI, or same InChIKey) first, then its skeleton. */
  private structure(column: 'smiles' | 'inchi', value: string, inchikey: string): number[][] {
    return this.pairs({
      sql: `SELECT r.ord, CASE WHEN c.${column} = ? OR c.inchikey = ? THEN 0 ELSE 1 END FROM compounds c JOIN search_rank r ON r.compound_id = c.id
        WHERE c.inchikey1 = ? OR c.${column} = ?`,
      params: [value, inchikey, inchikey.slice(0, 14), value],
    });
  }

  /** Exact and prefix matches from the names index, word matches from FTS5 (already in ord order). */
  private text(norm: string): number[][] {
    const out = this.pairs({
      sql: 'SELECT ord, CASE WHEN norm = ? THEN 1 - main ELSE 2 END FROM search_names WHERE norm >= ? AND norm < ?',
      params: [norm, norm, norm + '\uffff'],
    });
    const words = norm.match(/[\p{L}\p{N}]+/gu);
    if (words) {
      const ords = this.prepare('SELECT rowid FROM search_fts WHERE search_fts MATCH ?').pluck().all(words.map((w) => `"${w}"`).join(' ')) as number[];
      for (const o of ords) out.push([o, 3]);
    }
    return out;
  }

  /** The ranked ords that pass every filter. */
  private filter(ranked: number[], filters: Filter[]): number[] {
    const pass = this.passes(filters);
    return pass ? ranked.filter(pass) : ranked;
  }

  /** Whether an ord passes every filter (checked in memory, `test`); undefined without filters. */
  private passes(filters: Filter[]): ((ord: number) => boolean) | undefined {
    if (!filters.length) return undefined;
    const tests = filters.map((f) => this.test(f));
    return (o) => tests.every((t) => t(o));
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

  /** Search-result compounds (every spec 2.1 identifying field, has_outliers) plus tb/tf where known. */
  private compounds(ords: number[]): Compound[] {
    if (!ords.length) return [];
    const rows = this.prepare(
      `SELECT r.ord, c.id, c.rev, c.compound, c.cas, c.inchi, c.inchikey, c.formula, c.type, c.mw, c.smiles, c.mtime, c.has_outliers, r.tb, r.tf
       FROM json_each(?) j CROSS JOIN search_rank r ON r.ord = j.value CROSS JOIN compounds c ON c.id = r.compound_id ORDER BY j.key`,
    ).all(JSON.stringify(ords)) as CompoundRow[];
    return rows.map((r) => {
      const c: Compound = { id: r.id, rev: r.rev, compound: r.compound, type: r.type, has_outliers: !!r.has_outliers, mtime: r.mtime };
      // Spec 2.1's identifying text fields are "" when unknown, as in the full record; mw, tb, tf only when known.
      for (const k of ['cas', 'inchi', 'inchikey', 'formula', 'smiles'] as const) c[k] = r[k] ?? '';
      for (const k of ['mw', ...SHOWN] as const) if (r[k] !== null) (c as Record<string, unknown>)[k] = r[k];
      return c;
    });
  }

  /** For an empty result: the corrected CAS, or names within a few edits of the text (filters kept). */
  private suggestions(q: ParsedQuery): string[] {
    const bad = q.terms.find((t) => t.kind === 'badcas');
    if (bad) return [bad.corrected];
    const text = q.terms.find((t) => t.kind === 'text');
    if (!text?.norm) return [];
    this.names ??= NameList.of(this.prepare('SELECT norm, ord, main, len, mask FROM search_names ORDER BY len').iterate() as Iterable<NameCandidate & { len: number; mask: number }>);
    const candidates = this.names.near(text.norm);
    const byName = this.prepare('SELECT n.name FROM names n JOIN search_rank r ON r.compound_id = n.compound_id WHERE r.ord = ? AND n.norm = ? LIMIT 1').pluck();
    return closest(candidates, text.norm).map((c) => {
      const shown = ((byName.get(c.ord, c.norm) as string | undefined) ?? c.norm).replace(/\s+/g, ' ').trim();
      return q.filterText ? `${shown} ${q.filterText}` : shown;
    });
  }
}

/** Best class per ord, ordered by class, then ord (one numeric sort per class: classes are 0 to 3). */
function rank(pairs: number[][]): number[] {
  const best = new Map<number, number>();
  for (const [ord, cls] of pairs) {
    const b = best.get(ord!);
    if (b === undefined || cls! < b) best.set(ord!, cls!);
  }
  const byClass: number[][] = [];
  for (const [ord, cls] of best) (byClass[cls] ??= []).push(ord);
  return byClass.flatMap((ords) => (ords ? Array.from(Int32Array.from(ords).sort()) : []));
}

// ---- structures ----

async function canonical(smiles: string): Promise<string | undefined> {
  const { parseSmiles, canonicalSmiles } = await import('../../chem/molecule.js');
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

// ---- filters (on the search index's values; see index-tables.ts for which values count) ----

type RangeFilter = Extract<Filter, { kind: 'range' }>;

function bounds(f: RangeFilter): Sql {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (f.lo !== -Infinity) {
    parts.push(`v ${f.loOpen ? '>' : '>='} ?`);
    params.push(f.lo);
  }
  if (f.hi !== Infinity) {
    parts.push(`v ${f.hiOpen ? '<' : '<='} ?`);
    params.push(f.hi);
  }
  return { sql: parts.length ? ' AND ' + parts.join(' AND ') : '', params };
}

/** A filter as a condition on the compound whose ord is `ord` (an SQL expression). */
function filterCondition(f: Filter, ord: string): Sql {
  if (f.kind === 'has') return { sql: `EXISTS (SELECT 1 FROM search_keys WHERE key = ? AND ord = ${ord})`, params: [f.key] };
  const b = bounds(f);
  return { sql: `EXISTS (SELECT 1 FROM search_values WHERE key = ? AND ord = ${ord}${b.sql})`, params: [f.key, ...b.params] };
}

/** A filter-only query: the first filter yields the candidates through its index, the rest check them. */
function filterHits(first: Filter, rest: Filter[]): Sql {
  const b = first.kind === 'range' ? bounds(first) : { sql: '', params: [] };
  const from = first.kind === 'has' ? 'SELECT ord FROM search_keys WHERE key = ?' : `SELECT DISTINCT ord FROM search_values WHERE key = ?${b.sql}`;
  const conds = rest.map((f) => filterCondition(f, 'h.ord'));
  return {
    sql: `SELECT h.ord, 0 FROM (${from}) h ${conds.length ? 'WHERE ' + conds.map((c) => c.sql).join(' AND ') : ''}`,
    params: [first.key, ...b.params, ...conds.flatMap((c) => c.params)],
  };
}

const engines = new WeakMap<DB, SearchEngine>();

/** One engine per open database, so its prepared statements (and name list) are reused. */
export function engineFor(db: DB): SearchEngine {
  let e = engines.get(db);
  if (!e) engines.set(db, (e = new SearchEngine(db)));
  return e;
}
