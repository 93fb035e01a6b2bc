// Structure results carried from one build to the next (the toolkits are the slow part of a build):
// read from the database being replaced, written into the new one. `chem db build --fresh` skips it.
// The cache is reused only by the same toolkit code: a stamp of the modules that compute structures
// and the toolkit versions is stored beside it (meta `structure_toolkit`), and any change drops it.
import Database from 'better-sqlite3';
import { hash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { DB } from './schema.js';
import type { StructureJob, StructureResult } from './structures.js';

export type StructureCache = Map<string, StructureResult | undefined>;

export const cacheKey = (j: StructureJob) => `${j.smiles}\t${j.inchi ?? ''}`;

interface Row {
  input: string;
  smiles: string | null;
  smiles_key: string | null;
  formula: string | null;
  mw: number | null;
  inchi: string | null;
  inchikey: string | null;
}

/** The version in a package's package.json (not always among its exports): up from its entry point. */
function versionOf(pkg: string): string {
  for (let dir = dirname(createRequire(import.meta.url).resolve(pkg)); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    const json = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string }) : undefined;
    if (json?.name === pkg) return json.version ?? '';
  }
  return '';
}

let stamp: string | undefined;

/** The code and toolkit versions structure results depend on (compiled .js or the .ts sources under test); read once. */
function toolkitStamp(): string {
  return (stamp ??= readStamp());
}

function readStamp(): string {
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  const code = ['./structures', '../../chem/molecule', '../../chem/inchi'].map((m) => readFileSync(new URL(m + ext, import.meta.url)));
  const versions = ['openchemlib', '@rdkit/rdkit'].map(versionOf);
  return hash('sha256', Buffer.concat([...code, Buffer.from(versions.join(' '))])).slice(0, 16);
}

/** The cache of an existing database; empty when there is none, it predates the cache, or other toolkit code made it. */
export function readCache(path: string): StructureCache {
  const cache: StructureCache = new Map();
  if (!existsSync(path)) return cache;
  let db: DB | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const stamp = db.prepare("SELECT value FROM meta WHERE key = 'structure_toolkit'").pluck().get();
    if (stamp !== toolkitStamp()) return cache;
    for (const r of db.prepare('SELECT * FROM structure_cache').iterate() as Iterable<Row>) {
      if (!r.inchikey) cache.set(r.input, undefined);
      else {
        const res: StructureResult = { smiles: r.smiles!, inchikey: r.inchikey };
        if (r.smiles_key) res.key = r.smiles_key;
        if (r.formula) res.formula = r.formula;
        if (r.mw !== null) res.mw = r.mw;
        if (r.inchi) res.inchi = r.inchi;
        cache.set(r.input, res);
      }
    }
  } catch {
    cache.clear(); // an older or damaged database: compute everything
  } finally {
    db?.close();
  }
  return cache;
}

export function writeCache(db: DB, cache: StructureCache): void {
  const ins = db.prepare('INSERT OR REPLACE INTO structure_cache (input, smiles, smiles_key, formula, mw, inchi, inchikey) VALUES (?, ?, ?, ?, ?, ?, ?)');
  db.transaction(() => {
    db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('structure_toolkit', ?)").run(toolkitStamp());
    for (const [input, r] of cache) ins.run(input, r?.smiles ?? null, r?.key ?? null, r?.formula ?? null, r?.mw ?? null, r?.inchi ?? null, r?.inchikey ?? null);
  })();
}

/** `compute` for the jobs the cache does not answer; every result lands in the cache. */
export function cached(cache: StructureCache, compute: (jobs: StructureJob[]) => Promise<(StructureResult | undefined)[]>) {
  return async (jobs: StructureJob[]): Promise<(StructureResult | undefined)[]> => {
    const missing = jobs.filter((j) => !cache.has(cacheKey(j)));
    const results = await compute(missing);
    missing.forEach((j, i) => cache.set(cacheKey(j), results[i]));
    return jobs.map((j) => cache.get(cacheKey(j)));
  };
}
