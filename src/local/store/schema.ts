// The SQLite schema of the local database (better-sqlite3, WAL). Other modules build on it:
//
// A database is never upgraded: `chem db build` writes a new file with this schema and swaps it in
// atomically, so a file of another schema version is refused with the line that says how to rebuild.
//
//   meta(key, value)            build facts: built_at (Unix s), build_seconds, build_phases (JSON),
//                               data_dir, include_nc, merge_stats (JSON), missing_files (JSON).
//                               Schema version = PRAGMA user_version.
//   compounds                   one row per compound (spec 2.1 fields that are stored):
//     id TEXT PK                compound id (ids.ts): compoundIdFor(inchikey) for type C,
//                               compoundIdFor('CAS:' + cas) for type S; collisions salted.
//     rev, compound (main name), cas (primary CAS, dashes), inchi, inchikey, formula (Hill, with
//     charge for type C), type 'C'|'S', mw, smiles (RDKit's canonical SMILES, the one printed),
//     smiles_key (OpenChemLib's canonical SMILES: the key SMILES lookups match, so they need no RDKit), webbook_id, mtime,
//     has_outliers 0|1, n_mixtures (set by insertMixtures), and for search:
//     inchikey1 (first block), formula_hill (Hill without charge), n_points (data points);
//     structure_name: the name whose OPSIN reading gave the structure, when no source gives one.
//   id_aliases(id PK, compound_id)     ids of records merged into another (a CAS whose name gave the
//                               structure of a compound already held), so an old id keeps answering.
//   cas_numbers(cas PK, compound_id)   every CAS of a compound (merged CAS numbers included).
//   names(id PK, compound_id, name, norm, kind)   kind 'main' | 'iupac' | 'synonym';
//     norm = normalizeText(name) (lower case, accents stripped, single spaces; search/query.ts).
//   points(compound_id, key, v, s, t, c, r, e, calc, o)  one data point (spec 2.2) in the registry
//     unit of `key` (properties.ts); t only for T-dependent keys; calc/o are 0|1.
//   correlations(compound_id, key, s, eq, coeffs, unit, tmin, tmax, c, r, calc)   the temperature
//     correlation each sampled curve of `points` came from: the registry's equation label
//     (tdep/equations.ts), its coefficients (comma-separated, as imported), the unit it gives (the
//     importer's, converted to the registry unit on evaluation) and its range in K; c/r as its points'.
//   sources(key PK, db, url, license, ref)   the `src` descriptors points refer to by `s`.
//   import_log(file PK, source, rows, accepted, rejected JSON, skipped JSON, parse_time)
//     per source file: rows read, accepted, rejected/skipped counts by reason.
//   mixtures(id PK, kind, name, json)        json = the Mixture object (api/types.ts);
//   mixture_components(mixture_id, compound_id)   filled through insertMixtures() (mixture-tables.ts).
//   structure_cache(input PK, smiles, smiles_key, formula, mw, inchi, inchikey)   toolkit results per input
//     structure (SMILES + given InChI), reused by the next build; inchikey NULL = unreadable.
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { ChemError } from '../../api/errors.js';

export type DB = Database.Database;

export const SCHEMA_VERSION = 7;

const SCHEMA = `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE compounds (
    id TEXT PRIMARY KEY,
    rev INTEGER NOT NULL DEFAULT 1,
    compound TEXT NOT NULL,
    cas TEXT,
    inchi TEXT,
    inchikey TEXT,
    inchikey1 TEXT,
    formula TEXT,
    formula_hill TEXT,
    type TEXT NOT NULL CHECK (type IN ('C', 'S')),
    mw REAL,
    smiles TEXT,
    smiles_key TEXT,
    webbook_id TEXT,
    mtime INTEGER NOT NULL,
    has_outliers INTEGER NOT NULL DEFAULT 0,
    n_mixtures INTEGER NOT NULL DEFAULT 0,
    n_points INTEGER NOT NULL DEFAULT 0,
    structure_name TEXT
  );
  CREATE INDEX compounds_inchikey ON compounds(inchikey);
  CREATE INDEX compounds_inchikey1 ON compounds(inchikey1);
  CREATE INDEX compounds_formula_hill ON compounds(formula_hill);
  CREATE INDEX compounds_smiles ON compounds(smiles);
  CREATE INDEX compounds_smiles_key ON compounds(smiles_key);
  CREATE INDEX compounds_inchi ON compounds(inchi);
  CREATE TABLE id_aliases (id TEXT PRIMARY KEY, compound_id TEXT NOT NULL REFERENCES compounds(id));
  CREATE TABLE cas_numbers (cas TEXT PRIMARY KEY, compound_id TEXT NOT NULL REFERENCES compounds(id));
  CREATE INDEX cas_numbers_compound ON cas_numbers(compound_id);
  CREATE TABLE names (
    id INTEGER PRIMARY KEY,
    compound_id TEXT NOT NULL REFERENCES compounds(id),
    name TEXT NOT NULL,
    norm TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('main', 'iupac', 'synonym'))
  );
  CREATE INDEX names_compound ON names(compound_id);
  CREATE INDEX names_norm ON names(norm);
  CREATE TABLE points (
    compound_id TEXT NOT NULL REFERENCES compounds(id),
    key TEXT NOT NULL,
    v REAL NOT NULL,
    s TEXT NOT NULL REFERENCES sources(key),
    t REAL,
    c TEXT,
    r TEXT,
    e REAL,
    calc INTEGER NOT NULL DEFAULT 0,
    o INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX points_compound ON points(compound_id);
  CREATE INDEX points_key_v ON points(key, v);
  CREATE TABLE correlations (
    compound_id TEXT NOT NULL REFERENCES compounds(id),
    key TEXT NOT NULL,
    s TEXT NOT NULL REFERENCES sources(key),
    eq TEXT NOT NULL,
    coeffs TEXT NOT NULL,
    unit TEXT NOT NULL,
    tmin REAL NOT NULL,
    tmax REAL NOT NULL,
    c TEXT,
    r TEXT,
    calc INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX correlations_compound ON correlations(compound_id);
  CREATE TABLE sources (key TEXT PRIMARY KEY, db TEXT NOT NULL, url TEXT NOT NULL, license TEXT NOT NULL, ref TEXT NOT NULL);
  CREATE TABLE import_log (
    file TEXT PRIMARY KEY,
    source TEXT NOT NULL,
    rows INTEGER NOT NULL,
    accepted INTEGER NOT NULL,
    rejected TEXT NOT NULL,
    skipped TEXT NOT NULL,
    parse_time REAL NOT NULL
  );
  CREATE TABLE mixtures (id TEXT PRIMARY KEY, kind TEXT NOT NULL, name TEXT NOT NULL, json TEXT NOT NULL);
  CREATE TABLE mixture_components (
    mixture_id TEXT NOT NULL REFERENCES mixtures(id),
    compound_id TEXT NOT NULL REFERENCES compounds(id),
    PRIMARY KEY (mixture_id, compound_id)
  );
  CREATE INDEX mixture_components_compound ON mixture_components(compound_id);
    CREATE TABLE structure_cache (input TEXT PRIMARY KEY, smiles TEXT, smiles_key TEXT, formula TEXT, mw REAL, inchi TEXT, inchikey TEXT);
`;

/** A database this chem cannot use: 503 (exit 6) with the one line that tells how to rebuild it. */
function unusable(path: string, what: string): ChemError {
  return new ChemError(503, `the database at ${path} ${what}: rebuild it with "chem db build --from DIR" or "chem db pull"`);
}

/** A new database file with the whole schema (the build's temporary file). */
export function createDb(path: string): DB {
  if (existsSync(path)) throw new Error(`${path} exists: a database is created only as a new file`);
  const db = new Database(path);
  db.transaction(() => {
    db.exec(SCHEMA);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  })();
  return db;
}

/** Opens an existing database of this schema version; any other file is refused (`unusable`). */
export function openDb(path: string, opts: { readonly?: boolean } = {}): DB {
  if (!existsSync(path)) throw new ChemError(503, `no local database at ${path}`);
  const db = new Database(path, { readonly: !!opts.readonly, fileMustExist: true });
  try {
    const version = db.pragma('user_version', { simple: true }) as number;
    // Version 0: some other program's database (or an empty file), not one a build of ours wrote.
    if (version === 0) throw unusable(path, 'is not a chem database (schema version 0)');
    if (version !== SCHEMA_VERSION) throw unusable(path, `has schema version ${version}, this chem needs ${SCHEMA_VERSION}`);
  } catch (err) {
    db.close();
    // SQLite's own verdict on a file that is not a database at all (or a damaged one).
    const code = (err as { code?: unknown }).code;
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') throw unusable(path, `is not a chem database (${(err as Error).message})`);
    throw err;
  }
  return db;
}
