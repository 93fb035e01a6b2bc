// Read access to a built database: compound records (the stored part of spec 2.1), CAS lookup,
// and the facts `chem db info` reports. Read-time additions (drawing, molfiles, predictions) are in
// record.ts so that this module never loads a structure toolkit.
import { statSync } from 'node:fs';
import { isTDependent } from '../../api/properties.js';
import type { Compound, DataPoint, LogEntry, PropertyMap, SourceDescriptor } from '../../api/types.js';
import type { MergeStats } from './merge.js';
import type { ImportLog } from './import/context.js';
import { openDb, SCHEMA_VERSION, type DB } from './schema.js';
import type { Correlation } from '../../tdep/curves.js';

/** The identifying columns of a `compounds` row (also what search results read). */
export interface CompoundIdentityRow {
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
}

interface CompoundRow extends CompoundIdentityRow {
  webbook_id: string | null;
  n_mixtures: number;
  structure_name: string | null;
}

interface PointRow {
  key: string;
  v: number;
  s: string;
  t: number | null;
  c: string | null;
  r: string | null;
  e: number | null;
  calc: number;
  o: number;
}

interface CorrelationRow {
  key: string;
  s: string;
  eq: string;
  coeffs: string;
  unit: string;
  tmin: number;
  tmax: number;
  c: string | null;
  r: string | null;
  calc: number;
}

interface SourceRow {
  key: string;
  db: string;
  url: string;
  license: string;
  ref: string;
}

/**
 * The facts of a built database, printed by `chem db build --json` (of the database it just wrote)
 * and `chem db info --json` alike. Keys are snake_case like the v1 API's.
 */
export interface DbInfo {
  path: string;
  size: number;
  schema: number;
  built_at: number;
  build_seconds: number;
  /** Seconds per build phase: read, merge, write and each post-write step. */
  build_phases: Record<string, number>;
  merge_stats: MergeStats;
  data_dir: string;
  include_nc: boolean;
  compounds: number;
  type_c: number;
  type_s: number;
  named_structures: number;
  points: number;
  calculated_points: number;
  outliers: number;
  mixtures: number;
  points_by_key: Record<string, number>;
  points_by_source: Record<string, number>;
  files: ImportLog[];
  missing_files: string[];
}

export class Store {
  private constructor(
    readonly db: DB,
    readonly path: string,
  ) {}

  /** Opens an existing database; a missing file is 503 (the caller decides whether to build). */
  static open(path: string): Store {
    return new Store(openDb(path), path);
  }

  private sources(): Map<string, SourceRow> {
    const rows = this.db.prepare('SELECT key, db, url, license, ref FROM sources').all() as SourceRow[];
    return new Map(rows.map((r) => [r.key, r]));
  }

  idByCas(cas: string): string | undefined {
    return (this.db.prepare('SELECT compound_id FROM cas_numbers WHERE cas = ?').get(cas) as { compound_id: string } | undefined)?.compound_id;
  }

  /** The id a merged record's old id now answers to (id_aliases), or undefined. */
  aliasOf(id: string): string | undefined {
    return (this.db.prepare('SELECT compound_id FROM id_aliases WHERE id = ?').get(id) as { compound_id: string } | undefined)?.compound_id;
  }

  /** The stored record of a compound, or undefined for an unknown id. */
  compound(id: string): Compound | undefined {
    const row = this.db.prepare('SELECT * FROM compounds WHERE id = ?').get(id) as CompoundRow | undefined;
    if (!row) return undefined;
    const sources = this.sources();
    const c: Compound = { id: row.id, rev: row.rev, compound: row.compound, type: row.type };
    if (row.cas) c.cas = row.cas;
    if (row.inchi) c.inchi = row.inchi;
    if (row.inchikey) c.inchikey = row.inchikey;
    if (row.formula) c.formula = row.formula;
    if (row.mw !== null) c.mw = row.mw;
    if (row.smiles) c.smiles = row.smiles;
    if (row.webbook_id) c.webbook_id = row.webbook_id;
    const names = this.db.prepare("SELECT name FROM names WHERE compound_id = ? AND kind != 'main' ORDER BY id").all(id) as { name: string }[];
    c.other_names = names.map((n) => n.name);
    const otherCas = this.db.prepare('SELECT cas FROM cas_numbers WHERE compound_id = ? AND cas IS NOT ? ORDER BY cas').all(id, row.cas) as { cas: string }[];
    if (otherCas.length) c.other_cas = otherCas.map((r) => r.cas);

    const fixed: PropertyMap = {};
    const tpdep: PropertyMap = {};
    const used = new Set<string>();
    const points = this.db.prepare('SELECT key, v, s, t, c, r, e, calc, o FROM points WHERE compound_id = ? ORDER BY key, t, s, v').all(id) as PointRow[];
    for (const p of points) {
      const dp: DataPoint = { v: p.v, s: p.s };
      if (p.t !== null) dp.t = p.t;
      if (p.c) dp.c = p.c;
      dp.r = p.r ?? sources.get(p.s)?.ref;
      if (p.e !== null) dp.e = p.e;
      if (p.calc) dp.calc = true;
      if (p.o) dp.o = true;
      const map = isTDependent(p.key) ? tpdep : fixed;
      (map[p.key] ??= []).push(dp);
      used.add(p.s);
    }
    c.src = {};
    for (const key of [...used].sort()) {
      const s = sources.get(key);
      if (s) c.src[key] = { db: s.db, url: s.url, license: s.license } satisfies SourceDescriptor;
    }
    c.fixed_props = fixed;
    c.tpdep_props = tpdep;
    c.has_outliers = !!row.has_outliers;
    c.log = this.log(used);
    // A structure read from a name: OPSIN is its source, and the record says which name.
    if (row.structure_name) {
      const s = sources.get('opsin')!;
      c.src.opsin = { db: s.db, url: s.url, license: s.license };
      c.structure_name = row.structure_name;
      const builtAt = Number(this.meta('built_at') ?? 0);
      c.log.push({ dbid: `opsin:${row.structure_name}`, parse_time: 0, parsed: builtAt, retrieval: builtAt, t: builtAt, url: s.url });
    }
    c.mtime = row.mtime;
    c.n_mixtures = row.n_mixtures;
    return c;
  }

  /** One log entry per source file that contributed to the record. */
  private log(sources: Set<string>): LogEntry[] {
    if (!sources.size) return [];
    const builtAt = Number(this.meta('built_at') ?? 0);
    const urls = this.sources();
    const rows = this.db.prepare('SELECT file, source, parse_time FROM import_log ORDER BY file').all() as { file: string; source: string; parse_time: number }[];
    return rows
      .filter((r) => sources.has(r.source))
      .map((r) => ({ dbid: `${r.source}:${r.file}`, parse_time: Math.round(r.parse_time * 1000) / 1000, parsed: builtAt, retrieval: builtAt, t: builtAt, url: urls.get(r.source)?.url ?? '' }));
  }

  /** The temperature correlations of a compound (table `correlations`), the source's reference filled in. */
  correlations(id: string): Correlation[] {
    const rows = this.db.prepare('SELECT key, s, eq, coeffs, unit, tmin, tmax, c, r, calc FROM correlations WHERE compound_id = ?').all(id) as CorrelationRow[];
    const sources = rows.length ? this.sources() : undefined;
    return rows.map((k) => {
      const out: Correlation = { key: k.key, s: k.s, eq: k.eq, coeffs: k.coeffs.split(',').map(Number), unit: k.unit, tmin: k.tmin, tmax: k.tmax };
      if (k.c) out.c = k.c;
      const r = k.r ?? sources?.get(k.s)?.ref;
      if (r) out.r = r;
      if (k.calc) out.calc = true;
      return out;
    });
  }

  meta(key: string): string | undefined {
    return (this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
  }

  info(): DbInfo {
    const one = <T>(sql: string) => this.db.prepare(sql).get() as T;
    const counts = (sql: string) => Object.fromEntries((this.db.prepare(sql).all() as { k: string; n: number }[]).map((r) => [r.k, r.n]));
    const json = <T>(key: string, none: T) => JSON.parse(this.meta(key) ?? JSON.stringify(none)) as T;
    const files = (this.db.prepare('SELECT * FROM import_log ORDER BY file').all() as (Omit<ImportLog, 'rejected' | 'skipped'> & { rejected: string; skipped: string })[]).map((f) => ({
      ...f,
      rejected: JSON.parse(f.rejected) as Record<string, number>,
      skipped: JSON.parse(f.skipped) as Record<string, number>,
    }));
    return {
      path: this.path,
      size: statSync(this.path).size,
      schema: SCHEMA_VERSION,
      built_at: Number(this.meta('built_at') ?? 0),
      build_seconds: Number(this.meta('build_seconds') ?? 0),
      build_phases: json('build_phases', {}),
      merge_stats: json('merge_stats', {} as MergeStats), // every build writes it
      data_dir: this.meta('data_dir') ?? '',
      include_nc: this.meta('include_nc') === '1',
      compounds: one<{ n: number }>('SELECT count(*) n FROM compounds').n,
      type_c: one<{ n: number }>("SELECT count(*) n FROM compounds WHERE type = 'C'").n,
      type_s: one<{ n: number }>("SELECT count(*) n FROM compounds WHERE type = 'S'").n,
      named_structures: one<{ n: number }>("SELECT count(*) n FROM compounds WHERE type = 'C' AND smiles IS NOT NULL AND compound IS NOT cas AND compound IS NOT inchikey").n,
      points: one<{ n: number }>('SELECT count(*) n FROM points').n,
      calculated_points: one<{ n: number }>('SELECT count(*) n FROM points WHERE calc = 1').n,
      outliers: one<{ n: number }>('SELECT count(*) n FROM points WHERE o = 1').n,
      mixtures: one<{ n: number }>('SELECT count(*) n FROM mixtures').n,
      points_by_key: counts('SELECT key k, count(*) n FROM points GROUP BY key ORDER BY key'),
      points_by_source: counts('SELECT s k, count(*) n FROM points GROUP BY s ORDER BY s'),
      files,
      missing_files: json('missing_files', []),
    };
  }

  close(): void {
    this.db.close();
  }
}
