// chem db build|info|path and chem cid through the CLI, on the fixture mirror.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compoundIdFor } from '../../src/api/ids.js';
import { EXIT } from '../../src/api/errors.js';
import { runChem } from '../helpers.js';

const MIRROR = fileURLToPath(new URL('../fixtures/store/mirror', import.meta.url));
const ETHANOL = compoundIdFor('LFQSCWFLJHTTHZ-UHFFFAOYSA-N');
let dir: string;
let db: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'chem-cli-store-'));
  db = join(dir, 'chem.sqlite');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('chem db', () => {
  it('builds from --from and reports the counts', async () => {
    const r = await runChem(['db', 'build', '--from', MIRROR, '--db', db, '--json']);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s.compounds).toBeGreaterThan(5);
    expect(s.points_by_key.tb).toBeGreaterThan(5);
    expect(r.stderr).toBe(''); // no progress bar when stderr is not a terminal
  });
  it('writes the structure index by default; without it (--no-structure-index) or with an older one, sub:/sim: exit 6 in one line', async () => {
    const hits = await runChem(['search', 'sub:[CX4][OH]', '--db', db, '--json']);
    expect(hits.code).toBe(0);
    expect(JSON.parse(hits.stdout).comps.map((c: { compound: string }) => c.compound)).toEqual(['Ethanol']); // the fixture's one alcohol
    const bare = join(dir, 'bare.sqlite');
    expect((await runChem(['db', 'build', '--from', MIRROR, '--db', bare, '--no-structure-index', '--json'])).code).toBe(0);
    copyFileSync(db, join(dir, 'old.sqlite'));
    const old = new Database(join(dir, 'old.sqlite'));
    old.exec("DELETE FROM search_structure WHERE name = 'version'"); // as version 2 wrote it
    old.close();
    for (const [path, what] of [[bare, 'no structure index'], [join(dir, 'old.sqlite'), 'the structure index of an older chem']]) {
      for (const q of ['sub:[CX4][OH]', 'sim:CCO']) {
        const r = await runChem(['search', q, '--db', path]);
        expect(r.code, `${path} ${q}`).toBe(EXIT.unavailable);
        expect(r.stderr).toBe(`chem: error: the database has ${what}${what.startsWith('no') ? ' (built with --no-structure-index)' : ''} for sub:/sim: queries: rebuild it with "chem db build --from DIR" or "chem db pull"\n`);
      }
    }
  });
  it('refuses a build without a data directory', async () => {
    const r = await runChem(['db', 'build', '--db', join(dir, 'other.sqlite')]);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toMatch(/CHEM_DATA_DIR/);
  });
  it('info reports counts per property, source and file', async () => {
    const r = await runChem(['db', 'info', '--db', db, '--json']);
    expect(r.code).toBe(0);
    const i = JSON.parse(r.stdout);
    expect(i.points_by_source.yaws).toBeGreaterThan(0);
    expect(i.files.find((f: { file: string }) => f.file.endsWith('kow.csv')).rejected).toEqual({ 'malformed CAS': 1 });
  });
  it('path prints the resolved database path', async () => {
    expect((await runChem(['db', 'path', '--db', db])).stdout).toBe(`${db}\n`);
    expect((await runChem(['db', 'path'], { env: { CHEM_DB: '/x/y.sqlite' } })).stdout).toBe('/x/y.sqlite\n');
  });
});

describe('chem cid', () => {
  it('prints the full record as v1 JSON', async () => {
    const r = await runChem(['cid', ETHANOL, '--db', db, '--json']);
    expect(r.code).toBe(0);
    const { comp } = JSON.parse(r.stdout);
    expect(comp).toMatchObject({ id: ETHANOL, cas: '64-17-5', type: 'C' });
    const tb = comp.fixed_props.tb.filter((p: { calc?: boolean }) => !p.calc);
    expect(new Set(tb.map((p: { s: string }) => p.s)).size).toBeGreaterThanOrEqual(3);
    expect(comp.fixed_props.pc.find((p: { s: string }) => p.s === 'iupac').v).toBe(6148);
    expect(comp.drawing).toMatch(/^data:image\/png;base64,/);
  });
  it('shows a table with an identifier block and one summary row per property', async () => {
    const r = await runChem(['cid', ETHANOL, '--db', db, '--format', 'table'], { columns: 100 });
    const { comp } = JSON.parse((await runChem(['cid', ETHANOL, '--db', db, '--json'])).stdout);
    expect(r.stdout).toMatch(/^inchikey\s+LFQSCWFLJHTTHZ-UHFFFAOYSA-N$/m);
    // IUPAC's 6148 kPa first, with the median of the measured values and the counts of points and sources
    const pcs = comp.fixed_props.pc as { s: string; calc?: boolean }[];
    const sources = new Set(pcs.map((p) => p.s)).size;
    expect(r.stdout).toMatch(new RegExp(`^pc\\s+6148\\s+kPa\\s+iupac\\s+\\d+\\s+${pcs.length}\\s+${sources}$`, 'm'));
    for (const key of [...Object.keys(comp.fixed_props), ...Object.keys(comp.tpdep_props)]) expect(r.stdout.match(new RegExp(`^${key} `, 'gm')), key).toHaveLength(1);
    // a T-dependent property: the value nearest 298.15 K and the range of T its points cover
    const pvap = comp.tpdep_props.pvap as { t: number }[];
    const ts = pvap.map((p) => p.t);
    expect(r.stdout).toMatch(/^property\s+at 298\.15 K\s+unit\s+range \(K\)\s+source\s+points\s+sources$/m);
    expect(r.stdout).toMatch(new RegExp(`^pvap\\s+[\\d.]+( \\([\\d.]+ K\\))?\\s+kPa\\s+${Math.min(...ts)}–${Math.max(...ts)}\\s`, 'm'));
    expect(r.stdout).toMatch(/^mcvol\s+\S+\s+ml\/mol\s+mcgowan\s+calc\s/m);
    expect(r.stdout).toMatch(/^source\s*$/m);
  });
  it('--points shows every point (key and symbol on the first row of a property)', async () => {
    const r = await runChem(['cid', ETHANOL, '--db', db, '--format', 'table', '--points'], { columns: 160 });
    const { comp } = JSON.parse((await runChem(['cid', ETHANOL, '--db', db, '--json'])).stdout);
    const lines = r.stdout.split('\n');
    const first = lines.findIndex((l) => /^pc Pc\s+6148\s+kPa\s/.test(l));
    expect(first).toBeGreaterThan(0);
    expect(lines.slice(first + 1, first + comp.fixed_props.pc.length).every((l) => /^\s/.test(l))).toBe(true);
    expect(r.stdout).toMatch(/calc/);
    // CSV is the same with and without it
    const csv = (argv: string[]) => runChem(['cid', ETHANOL, '--db', db, '--format', 'csv', ...argv]).then((x) => x.stdout);
    expect(await csv(['--points'])).toBe(await csv([]));
  });
  it('finds the type S record of a CAS only in a property table', async () => {
    const r = await runChem(['cid', compoundIdFor('CAS:1000-86-8'), '--db', db, '--json']);
    expect(JSON.parse(r.stdout).comp).toMatchObject({ type: 'S', cas: '1000-86-8' });
  });
  it('no compound → usage error; a word that names none, and an unknown id → not found', async () => {
    expect((await runChem(['cid', ' ', '--db', db])).code).toBe(EXIT.usage);
    const word = await runChem(['cid', '12-34', '--db', db]); // no id (ids end in a digit group of one), no name
    expect([word.code, word.stderr]).toEqual([EXIT.notFound, 'chem: error: no compound named "12-34" in the database\n']);
    const r = await runChem(['cid', compoundIdFor('nothing here'), '--db', db]);
    expect(r.code).toBe(EXIT.notFound);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
  it('reads ids from stdin, one row per input, and exits partial when one fails', async () => {
    const r = await runChem(['cid', '-', '--db', db, '--format', 'ndjson'], { stdin: `${ETHANOL}\nbad-id\n` });
    const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(rows).toHaveLength(2);
    expect(r.code).toBe(EXIT.partial);
  });
  it('without a database says in one line how to get one (503)', async () => {
    const r = await runChem(['cid', ETHANOL, '--db', join(dir, 'none.sqlite')]);
    expect(r.code).toBe(EXIT.unavailable);
    expect(r.stderr).toMatch(/chem db build/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
  it('builds once from CHEM_DATA_DIR when there is no database, with a notice', async () => {
    const fresh = join(dir, 'auto.sqlite');
    const r = await runChem(['cid', ETHANOL, '--db', fresh, '--json'], { env: { CHEM_DATA_DIR: MIRROR } });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/building it from/);
    expect(existsSync(fresh)).toBe(true);
  });
});
