// Writes merged compounds, sources, the import log and the build facts into a new database.
import { normalizeText } from '../../util/text.js';
import { SOURCES } from './import/sources.js';
import type { ImportLog } from './import/context.js';
import type { MergedCompound } from './merge.js';
import type { DB } from './schema.js';

/** Runs a bulk load with the secondary indexes dropped, then recreates them (several times faster). */
function withoutIndexes(db: DB, load: () => void): void {
  const indexes = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL").all() as { name: string; sql: string }[];
  for (const i of indexes) db.exec(`DROP INDEX ${i.name}`);
  load();
  for (const i of indexes) db.exec(i.sql);
}

export function writeCompounds(db: DB, compounds: MergedCompound[], mtime: number): void {
  const insC = db.prepare(`INSERT INTO compounds (id, rev, compound, cas, inchi, inchikey, inchikey1, formula, formula_hill, type, mw, smiles, smiles_key, mtime, has_outliers, n_points, structure_name)
    VALUES (@id, 1, @compound, @cas, @inchi, @inchikey, @inchikey1, @formula, @formula_hill, @type, @mw, @smiles, @smiles_key, @mtime, @has_outliers, @n_points, @structure_name)`);
  const insAlias = db.prepare('INSERT OR IGNORE INTO id_aliases (id, compound_id) VALUES (?, ?)');
  const insCas = db.prepare('INSERT OR IGNORE INTO cas_numbers (cas, compound_id) VALUES (?, ?)');
  const insName = db.prepare('INSERT INTO names (compound_id, name, norm, kind) VALUES (?, ?, ?, ?)');
  const insPoint = db.prepare('INSERT INTO points (compound_id, key, v, s, t, c, r, e, calc, o) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const insCurve = db.prepare('INSERT INTO correlations (compound_id, key, s, eq, coeffs, unit, tmin, tmax, c, r, calc) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  withoutIndexes(db, db.transaction(() => {
    for (const c of compounds) {
      insC.run({
        id: c.id,
        compound: c.compound,
        cas: c.cas ?? null,
        inchi: c.inchi ?? null,
        inchikey: c.inchikey ?? null,
        inchikey1: c.inchikey?.slice(0, 14) ?? null,
        formula: c.formula ?? null,
        formula_hill: c.formula?.replace(/[+-]\d*$/, '') ?? null,
        type: c.type,
        mw: c.mw ?? null,
        smiles: c.smiles ?? null,
        smiles_key: c.smilesKey ?? null,
        mtime,
        has_outliers: c.hasOutliers ? 1 : 0,
        n_points: c.points.length,
        structure_name: c.structureName ?? null,
      });
      for (const a of c.aliases) insAlias.run(a, c.id);
      for (const cas of c.allCas) insCas.run(cas, c.id);
      for (const n of c.names) insName.run(c.id, n.name, normalizeText(n.name), n.kind);
      for (const p of c.points) {
        // The source's own reference is not repeated on every point (Store fills it back in).
        const r = p.r === SOURCES.get(p.s)?.ref ? null : (p.r ?? null);
        insPoint.run(c.id, p.key, p.v, p.s, p.t ?? null, p.c ?? null, r, p.e ?? null, p.calc ? 1 : 0, p.o ? 1 : 0);
      }
      // each correlation once, however many of its points (and references of the compound) gave it
      const curves = new Set<string>();
      for (const p of c.points) {
        const k = p.curve;
        if (!k) continue;
        const coeffs = k.coeffs.join(',');
        const id = `${p.key}\t${p.s}\t${k.eq}\t${coeffs}\t${k.tmin}\t${k.tmax}`;
        if (curves.has(id)) continue;
        curves.add(id);
        const r = p.r === SOURCES.get(p.s)?.ref ? null : (p.r ?? null);
        insCurve.run(c.id, p.key, p.s, k.eq, coeffs, k.unit, k.tmin, k.tmax, p.c ?? null, r, p.calc ? 1 : 0);
      }
    }
  }));
}

export function writeSources(db: DB): void {
  const ins = db.prepare('INSERT INTO sources (key, db, url, license, ref) VALUES (?, ?, ?, ?, ?)');
  db.transaction(() => {
    for (const s of SOURCES.values()) ins.run(s.key, s.db, s.url, s.license, s.ref);
  })();
}

export function writeLog(db: DB, logs: ImportLog[]): void {
  const ins = db.prepare('INSERT OR REPLACE INTO import_log (file, source, rows, accepted, rejected, skipped, parse_time) VALUES (?, ?, ?, ?, ?, ?, ?)');
  db.transaction(() => {
    for (const l of logs) ins.run(l.file, l.source, l.rows, l.accepted, JSON.stringify(l.rejected), JSON.stringify(l.skipped), l.parse_time);
  })();
}

export function writeMeta(db: DB, meta: Record<string, string | number>): void {
  const ins = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
  db.transaction(() => {
    for (const [k, v] of Object.entries(meta)) ins.run(k, String(v));
  })();
}
