// The search over the local database (schema.ts): each interpretation of the query (query.ts)
// becomes a set of (compound, rank class) hits; filters become conditions on the compounds; one
// SQL statement ranks, counts and pages them. Structure queries load OpenChemLib (canonical SMILES)
// and, only when the exact structure is not in the database, RDKit (InChIKey).
//
// Rank classes: 0 exact main name (or exact identifier/structure), 1 exact synonym (or another
// stereoisomer/isotopologue of a structure), 2 name prefix, 3 word match. Within a class: more
// data points first, then the name.
import type { Statement } from 'better-sqlite3';
import type { Compound, SearchResult } from '../../../api/types.js';
import type { DB } from '../schema.js';
import { parseQuery, type Filter, type ParsedQuery, type Term } from './query.js';
import { checkPage, pageOf, PAGE_SIZE } from './paging.js';
import { maxEdits, suggest, type NameEntry } from './suggest.js';

interface Sql {
  sql: string;
  params: unknown[];
}

interface CompoundRow {
  id: string;
  rev: number;
  compound: string;
  cas: string | null;
  inchi: string | null;
  inchikey: string | null;
  formula: string | null;
  type: 'C' | 'S';
  mw: number | null;
  smiles: string | null;
  mtime: number;
  has_outliers: number;
  total: number;
}

/** Properties shown beside each hit (the representative value, see `representative`). */
const SHOWN = ['tb', 'tf'] as const;

export class SearchEngine {
  private readonly statements = new Map<string, Statement>();

  constructor(
    private readonly db: DB,
    private readonly pageSize = PAGE_SIZE,
  ) {}

  private prepare(sql: string): Statement {
    let st = this.statements.get(sql);
    if (!st) this.statements.set(sql, (st = this.db.prepare(sql)));
    return st;
  }

  async search(query: string, page?: number): Promise<SearchResult> {
    const start = performance.now();
    const p = checkPage(page);
    const q = parseQuery(query);
    const conditions = q.filters.map(filterCondition);
    let found: { total: number; rows: CompoundRow[] } = { total: 0, rows: [] };
    if (!q.terms.length) {
      const [first, ...rest] = q.filters;
      found = this.run(filterHits(first!), [...rest].map(filterCondition), p);
    } else {
      for (const term of q.terms) {
        const hits = await this.hits(term);
        if (!hits) continue;
        found = this.run(hits, conditions, p);
        if (found.total) break;
      }
    }
    const pg = pageOf(found.total, p, this.pageSize);
    const comps = this.compounds(found.rows);
    const suggestions = found.total ? null : this.suggestions(q);
    return {
      comps,
      next_page: pg.next_page,
      prev_page: pg.prev_page,
      query,
      range: pg.range,
      search_time: Number(((performance.now() - start) / 1000).toFixed(6)),
      suggestions,
      total: found.total,
    };
  }

  /** Hits of one interpretation, or undefined when it does not apply (a SMILES that does not parse). */
  private async hits(t: Term): Promise<Sql | undefined> {
    switch (t.kind) {
      case 'cid':
        return { sql: 'SELECT id AS cid, 0 AS cls FROM compounds WHERE id = ?', params: [t.id] };
      case 'cas':
        return { sql: 'SELECT compound_id AS cid, 0 AS cls FROM cas_numbers WHERE cas = ?', params: [t.cas] };
      case 'badcas':
        return undefined;
      case 'inchikey':
        return { sql: 'SELECT id AS cid, 0 AS cls FROM compounds WHERE inchikey = ?', params: [t.key] };
      case 'inchikey-block':
        return { sql: 'SELECT id AS cid, 0 AS cls FROM compounds WHERE inchikey1 = ?', params: [t.block] };
      case 'formula':
        return { sql: `SELECT id AS cid, 0 AS cls FROM compounds WHERE formula_hill IN (${t.forms.map(() => '?').join(', ')})`, params: t.forms };
      case 'inchi': {
        const key = this.keyWhere('inchi = ?', t.inchi) ?? (await computedKey(() => import('../../chem/inchi.js').then((m) => m.inchikeyOfInchi(t.inchi))));
        return key ? structureHits('inchi', t.inchi, key) : undefined;
      }
      case 'smiles': {
        const smiles = await canonical(t.smiles);
        if (!smiles) return undefined;
        const key = this.keyWhere('smiles = ?', smiles) ?? (await computedKey(() => import('../../chem/inchi.js').then(async (m) => (await m.inchiOf(t.smiles)).inchikey)));
        return key ? structureHits('smiles', smiles, key) : undefined;
      }
      case 'text':
        return textHits(t.norm);
    }
  }

  private keyWhere(where: string, value: string): string | undefined {
    return (this.prepare(`SELECT inchikey FROM compounds WHERE ${where} AND inchikey IS NOT NULL LIMIT 1`).get(value) as { inchikey: string } | undefined)?.inchikey;
  }

  /** Ranked, filtered and paged hits, with the total in the same statement. */
  private run(hits: Sql, conditions: Sql[], page: number): { total: number; rows: CompoundRow[] } {
    const where = conditions.length ? 'WHERE ' + conditions.map((c) => c.sql).join(' AND ') : '';
    const base = `WITH hits(cid, cls) AS (${hits.sql}), best AS (SELECT cid, MIN(cls) AS cls FROM hits GROUP BY cid)
      SELECT %COLS% FROM best JOIN compounds c ON c.id = best.cid ${where}`;
    const params = [...hits.params, ...conditions.flatMap((c) => c.params)];
    const cols = 'c.id, c.rev, c.compound, c.cas, c.inchi, c.inchikey, c.formula, c.type, c.mw, c.smiles, c.mtime, c.has_outliers, COUNT(*) OVER () AS total';
    const rows = this.prepare(
      base.replace('%COLS%', cols) + ' ORDER BY best.cls, c.n_points DESC, c.compound COLLATE NOCASE, c.id LIMIT ? OFFSET ?',
    ).all(...params, this.pageSize, (page - 1) * this.pageSize) as CompoundRow[];
    if (rows.length) return { total: rows[0]!.total, rows };
    if (page === 1) return { total: 0, rows };
    const { n } = this.prepare(base.replace('%COLS%', 'COUNT(*) AS n')).get(...params) as { n: number };
    return { total: n, rows };
  }

  /** Search-result compounds (spec 2.1 identifying fields, has_outliers) plus tb/tf where known. */
  private compounds(rows: CompoundRow[]): Compound[] {
    if (!rows.length) return [];
    const values = this.prepare(
      `SELECT compound_id AS id, key, v, calc FROM points WHERE compound_id IN (SELECT value FROM json_each(?)) AND key IN (${SHOWN.map(() => '?').join(', ')}) AND o = 0`,
    ).all(JSON.stringify(rows.map((r) => r.id)), ...SHOWN) as { id: string; key: string; v: number; calc: number }[];
    const byCompound = new Map<string, typeof values>();
    for (const v of values) (byCompound.get(v.id) ?? byCompound.set(v.id, []).get(v.id)!).push(v);
    return rows.map((r) => {
      const c: Compound = { id: r.id, rev: r.rev, compound: r.compound, type: r.type, has_outliers: !!r.has_outliers, mtime: r.mtime };
      for (const k of ['cas', 'inchi', 'inchikey', 'formula', 'mw', 'smiles'] as const) if (r[k] !== null) (c as Record<string, unknown>)[k] = r[k];
      for (const key of SHOWN) {
        const v = representative((byCompound.get(r.id) ?? []).filter((p) => p.key === key));
        if (v !== undefined) c[key] = v;
      }
      return c;
    });
  }

  /** For an empty result: the corrected CAS, or names within a few edits of the text (filters kept). */
  private suggestions(q: ParsedQuery): string[] {
    const bad = q.terms.find((t) => t.kind === 'badcas');
    if (bad) return [bad.corrected];
    const text = q.terms.find((t) => t.kind === 'text');
    if (!text || !text.norm) return [];
    const max = maxEdits(text.norm.length);
    const names = this.prepare(
      'SELECT n.norm, n.name, c.n_points AS weight, n.compound_id AS compound FROM names n JOIN compounds c ON c.id = n.compound_id WHERE length(n.norm) BETWEEN ? AND ?',
    ).iterate(text.norm.length - max, text.norm.length + max) as Iterable<NameEntry>;
    return suggest(text.norm, names).map((s) => (q.filterText ? `${s} ${q.filterText}` : s));
  }
}

/**
 * The value shown for a property in a result row: the median of the measured values (outliers
 * already left out), or of the calculated ones when nothing was measured.
 */
export function representative(points: { v: number; calc: number }[]): number | undefined {
  const measured = points.filter((p) => !p.calc);
  const vs = (measured.length ? measured : points).map((p) => p.v).sort((a, b) => a - b);
  if (!vs.length) return undefined;
  const m = vs.length >> 1;
  return vs.length % 2 ? vs[m] : (vs[m - 1]! + vs[m]!) / 2;
}

function textHits(norm: string): Sql {
  const words = norm.match(/[\p{L}\p{N}]+/gu) ?? [];
  // Every word as an FTS5 token, the last one also as a prefix (people search while typing).
  const fts = words.map((w, i) => `"${w}"${i === words.length - 1 ? '*' : ''}`).join(' ');
  const exactAndPrefix = `SELECT compound_id AS cid, CASE WHEN norm = ? THEN (CASE kind WHEN 'main' THEN 0 ELSE 1 END) ELSE 2 END AS cls
    FROM names WHERE norm >= ? AND norm < ?`;
  if (!fts) return { sql: exactAndPrefix, params: [norm, norm, norm + '\uffff'] };
  return {
    sql: `${exactAndPrefix} UNION ALL SELECT n.compound_id, 3 FROM names_fts JOIN names n ON n.id = names_fts.rowid WHERE names_fts MATCH ?`,
    params: [norm, norm, norm + '\uffff', fts],
  };
}

/** The exact structure (same canonical SMILES or InChI, or same InChIKey) first, then its skeleton. */
function structureHits(column: 'smiles' | 'inchi', value: string, inchikey: string): Sql {
  return {
    sql: `SELECT id AS cid, CASE WHEN ${column} = ? OR inchikey = ? THEN 0 ELSE 1 END AS cls FROM compounds WHERE inchikey1 = ? OR ${column} = ?`,
    params: [value, inchikey, inchikey.slice(0, 14), value],
  };
}

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

/** Measured, non-outlier values count; calculated ones only for compounds with no measured value. */
function pointInRange(alias: string, f: Extract<Filter, { kind: 'range' }>, owner: string): Sql {
  const bounds: string[] = [];
  const params: unknown[] = [f.key];
  if (f.lo !== -Infinity) bounds.push(`${alias}.v ${f.loOpen ? '>' : '>='} ?`), params.push(f.lo);
  if (f.hi !== Infinity) bounds.push(`${alias}.v ${f.hiOpen ? '<' : '<='} ?`), params.push(f.hi);
  params.push(f.key);
  return {
    sql: `${alias}.key = ? ${bounds.map((b) => 'AND ' + b).join(' ')} AND ${alias}.o = 0
      AND (${alias}.calc = 0 OR NOT EXISTS (SELECT 1 FROM points m WHERE m.compound_id = ${owner} AND m.key = ? AND m.calc = 0))`,
    params,
  };
}

function mwRange(f: Extract<Filter, { kind: 'range' }>, column: string): Sql {
  const parts: string[] = [`${column} IS NOT NULL`];
  const params: unknown[] = [];
  if (f.lo !== -Infinity) parts.push(`${column} ${f.loOpen ? '>' : '>='} ?`), params.push(f.lo);
  if (f.hi !== Infinity) parts.push(`${column} ${f.hiOpen ? '<' : '<='} ?`), params.push(f.hi);
  return { sql: parts.join(' AND '), params };
}

/** A filter as a condition on the compound `c`. */
function filterCondition(f: Filter): Sql {
  if (f.kind === 'has') return { sql: 'EXISTS (SELECT 1 FROM points p WHERE p.compound_id = c.id AND p.key = ?)', params: [f.key] };
  if (f.key === 'mw') return mwRange(f, 'c.mw');
  const inner = pointInRange('p', f, 'p.compound_id');
  return { sql: `EXISTS (SELECT 1 FROM points p WHERE p.compound_id = c.id AND ${inner.sql})`, params: inner.params };
}

/** A filter-only query: the filter itself yields the hits (through the points(key, v) index). */
function filterHits(f: Filter): Sql {
  if (f.kind === 'has') return { sql: 'SELECT DISTINCT compound_id, 0 FROM points WHERE key = ?', params: [f.key] };
  if (f.key === 'mw') {
    const r = mwRange(f, 'mw');
    return { sql: `SELECT id, 0 FROM compounds WHERE ${r.sql}`, params: r.params };
  }
  const r = pointInRange('p', f, 'p.compound_id');
  return { sql: `SELECT DISTINCT p.compound_id, 0 FROM points p WHERE ${r.sql}`, params: r.params };
}

const engines = new WeakMap<DB, SearchEngine>();

/** One engine per open database, so its prepared statements are reused across requests. */
export function engineFor(db: DB): SearchEngine {
  let e = engines.get(db);
  if (!e) engines.set(db, (e = new SearchEngine(db)));
  return e;
}
