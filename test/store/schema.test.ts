// A database this chem cannot use (another schema version, foreign, not SQLite at all): 503, exit 6,
// and one line that tells how to rebuild it, never a plain Error (exit 1). Nothing is upgraded.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ChemError, EXIT } from '../../src/api/errors.js';
import { createDb, openDb, SCHEMA_VERSION } from '../../src/local/store/schema.js';
import { Store } from '../../src/local/store/store.js';
import { runChem } from '../helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'chem-schema-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A database of ours with its user_version set to `version`. */
function ours(name: string, version: number): string {
  const path = join(dir, name);
  createDb(path).close();
  const db = new Database(path);
  db.pragma(`user_version = ${version}`);
  db.close();
  return path;
}

function foreign(name: string): string {
  const path = join(dir, name);
  const db = new Database(path);
  db.exec('CREATE TABLE compounds (x); CREATE TABLE notes (y)');
  db.close();
  return path;
}

function notSqlite(name: string): string {
  const path = join(dir, name);
  writeFileSync(path, 'this is not a database\n'.repeat(100));
  return path;
}

const REBUILD = /: rebuild it with "chem db build --from DIR" or "chem db pull"$/;

function failure(f: () => unknown): ChemError {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(ChemError);
    return err as ChemError;
  }
  throw new Error('expected a failure');
}

const OTHER_VERSION = /has schema version (\d+), this chem needs (\d+)/;

describe('unusable databases', () => {
  it('another version, foreign or not SQLite: ChemError 503 with the rebuild line, from Store.open and a read-only open', () => {
    const cases: [string, RegExp][] = [
      [ours('newer.sqlite', SCHEMA_VERSION + 1), new RegExp(`has schema version ${SCHEMA_VERSION + 1}, this chem needs ${SCHEMA_VERSION}`)],
      [ours('older.sqlite', SCHEMA_VERSION - 1), new RegExp(`has schema version ${SCHEMA_VERSION - 1}, this chem needs ${SCHEMA_VERSION}`)],
      [foreign('foreign.sqlite'), /is not a chem database \(schema version 0\)/],
      [notSqlite('text.sqlite'), /is not a chem database \(file is not a database\)/],
    ];
    for (const [path, what] of cases) {
      for (const open of [() => Store.open(path), () => openDb(path, { readonly: true })]) {
        const e = failure(open);
        expect(e.status, path).toBe(503);
        expect(e.exitCode).toBe(EXIT.unavailable);
        expect(e.message).toMatch(what);
        expect(e.message).toMatch(REBUILD);
        expect(e.message).toContain(path);
      }
    }
    // the foreign database was not touched (no WAL switch, no tables of ours), the older one not upgraded
    const db = new Database(join(dir, 'foreign.sqlite'), { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('delete');
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all()).toEqual(['compounds', 'notes']);
    db.close();
    const older = new Database(join(dir, 'older.sqlite'), { readonly: true });
    expect(older.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION - 1);
    older.close();
  });

  it('a database of this version opens; createDb refuses to write over an existing file', () => {
    const path = ours('current.sqlite', SCHEMA_VERSION);
    Store.open(path).close();
    expect(() => createDb(path)).toThrow(/exists/);
  });

  it('the CLI exits 6 with one line naming chem db build', async () => {
    for (const name of ['newer.sqlite', 'older.sqlite', 'foreign.sqlite', 'text.sqlite']) {
      const path = join(dir, name);
      const r = await runChem(['search', 'benzene', '--db', path]);
      expect(r.code, path).toBe(EXIT.unavailable);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^chem: error: the database at .+: rebuild it with "chem db build --from DIR" or "chem db pull"\n$/);
      if (name.startsWith('older')) expect(r.stderr).toMatch(OTHER_VERSION);
    }
    const info = await runChem(['db', 'info', '--db', join(dir, 'older.sqlite')]);
    expect(info.code).toBe(EXIT.unavailable);
    expect(info.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  });
});
