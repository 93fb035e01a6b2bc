// The build pipeline on the fixture mirror: merge rules, the stored record, db info counts, and an
// interrupted build that must leave the previous database untouched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compoundIdFor } from '../../src/api/ids.js';
import { buildDatabase } from '../../src/local/store/build.js';
import { Store, type DbInfo } from '../../src/local/store/store.js';
import { fullRecord } from '../../src/local/record.js';
import { ChemError } from '../../src/api/errors.js';
import { cached, readCache } from '../../src/local/store/structure-cache.js';
import Database from 'better-sqlite3';

const MIRROR = fileURLToPath(new URL('../fixtures/store/mirror', import.meta.url));
const ETHANOL_KEY = 'LFQSCWFLJHTTHZ-UHFFFAOYSA-N';
let dir: string;
let dbPath: string;
let summary: DbInfo;
let store: Store;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'chem-store-'));
  dbPath = join(dir, 'chem.sqlite');
  // The merge rules without structures read from names (names.test.ts has those).
  summary = await buildDatabase({ from: MIRROR, dbPath, threads: 1, steps: [], now: 1700000000, names: false });
  store = Store.open(dbPath);
});

afterAll(() => {
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('merge rules', () => {
  it('gives a CAS with a structure the InChIKey id and the structure identifiers', () => {
    const c = store.compound(compoundIdFor(ETHANOL_KEY))!;
    expect(c).toMatchObject({ type: 'C', cas: '64-17-5', inchikey: ETHANOL_KEY, smiles: 'CCO', formula: 'C2H6O', compound: 'Ethanol' });
    expect(c.mw).toBeCloseTo(46.07, 1);
    expect(c.inchi).toBe('InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3');
  });
  it('joins InChIKey-only rows (Bell, AqSolDB) to the CAS compound', () => {
    const c = store.compound(compoundIdFor(ETHANOL_KEY))!;
    expect(c.fixed_props!.pc!.map((p) => p.s)).toContain('bell2018');
    expect(c.fixed_props!.log10ws!.map((p) => p.s)).toContain('aqsoldb');
  });
  it('joins SMILES-only rows by their computed InChIKey and keeps unmatched ones as compounds without CAS', () => {
    const toluene = store.compound(compoundIdFor('YXFVVABEGXRONW-UHFFFAOYSA-N'))!;
    expect(toluene).toMatchObject({ cas: '108-88-3', compound: 'Toluene', type: 'C' });
    expect(toluene.fixed_props!.log10ws!.map((p) => p.s).sort()).toEqual(['esol', 'huuskonen', 'physprop']);
    expect(toluene.fixed_props!.tf!.map((p) => p.s).sort()).toEqual(['bradley', 'crc']);
    const phenol = store.compound(compoundIdFor('ISWSIDIOOBJBQZ-UHFFFAOYSA-N'))!;
    expect(phenol.cas).toBeUndefined();
    expect(phenol.fixed_props!.log10ws!.map((p) => p.s).sort()).toEqual(['aqsoldb', 'huuskonen']);
  });
  it('makes a CAS without structure a type S record named by its best name, or by the CAS', () => {
    const s = store.compound(compoundIdFor('CAS:1000-86-8'))!;
    expect(s).toMatchObject({ type: 'S', cas: '1000-86-8', compound: '1000-86-8' });
    expect(s.fixed_props!.tb![0]).toMatchObject({ v: 466.15, s: 'yaws' });
    expect(store.idByCas('1000-86-8')).toBe(compoundIdFor('CAS:1000-86-8'));
    expect(store.compound(compoundIdFor('CAS:8002-26-4'))).toMatchObject({ type: 'S', compound: 'Tall oil' });
  });
  it('refuses a desalted structure whose formula is not the substance formula', () => {
    const k = store.compound(compoundIdFor('CAS:127-08-2'))!;
    expect(k).toMatchObject({ type: 'S', compound: 'Potassium acetate' });
    expect(summary.merge_stats.formula_mismatches).toBe(1);
  });
  it("leaves out a table's points whose row formula is not the compound's (Perry 2-151: potassium under ethanol's CAS)", () => {
    const c = store.compound(compoundIdFor(ETHANOL_KEY))!;
    expect(c.tpdep_props?.cps ?? []).toEqual([]);
    // 273–336 K on the grid (5 temperatures) and 298.15 K
    expect(summary.merge_stats.points_of_another_formula).toBe(6);
    // aluminium's rows (formula Al, no structure to contradict it) stay, the liquid as cpl
    const al = store.compound(store.idByCas('7429-90-5')!)!;
    expect(al.tpdep_props!.cps![0]).toMatchObject({ s: 'perry', t: 273 });
    expect(al.tpdep_props!.cpl![0]).toMatchObject({ s: 'perry', t: 931 });
  });
  it('a compound from an InChIKey alone (Bell) is type S (no structure, no InChI) with its InChIKey id', () => {
    const c = store.compound(compoundIdFor('BDERNNFJNOPAEC-UHFFFAOYSA-N'))!;
    expect(c).toMatchObject({ type: 'S', compound: 'propan-1-ol', inchikey: 'BDERNNFJNOPAEC-UHFFFAOYSA-N' });
    expect(c.inchi).toBeUndefined();
    expect(c.cas).toBeUndefined();
  });
  it('a type C record always has its InChI; a CAS or an InChIKey names one record', () => {
    const db = store.db;
    expect(db.prepare("SELECT count(*) FROM compounds WHERE type = 'C' AND (inchi IS NULL OR inchikey IS NULL OR smiles IS NULL)").pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM (SELECT inchikey FROM compounds WHERE inchikey IS NOT NULL GROUP BY inchikey HAVING count(*) > 1)').pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM compounds c WHERE cas IS NOT NULL AND NOT EXISTS (SELECT 1 FROM cas_numbers n WHERE n.cas = c.cas AND n.compound_id = c.id)').pluck().get()).toBe(0);
  });
});

describe('one compound, one record: CAS tables and key-only tables linked by their one shared name', () => {
  const IDENTITY = fileURLToPath(new URL('../fixtures/store/identity', import.meta.url));
  let s: Store;
  let info: DbInfo;
  beforeAll(async () => {
    const path = join(dir, 'identity.sqlite');
    info = await buildDatabase({ from: IDENTITY, dbPath: path, threads: 1, steps: [], now: 1700000000, names: false });
    s = Store.open(path);
  });
  afterAll(() => s?.close());

  it('a CAS-only compound joins the structure of the same name (1,1-dichloropentane: Yaws by CAS, CritProp by SMILES)', () => {
    // PGEVTVXEERFABN-UHFFFAOYSA-N: the standard InChIKey Bell et al. (2018) list for 1,1-dichloropentane
    const id = compoundIdFor('PGEVTVXEERFABN-UHFFFAOYSA-N');
    const c = s.compound(id)!;
    expect(c).toMatchObject({ type: 'C', cas: '820-55-3', compound: '1,1-dichloropentane', inchi: 'InChI=1S/C5H10Cl2/c1-2-3-4-5(6)7/h5H,2-4H2,1H3', formula: 'C5H10Cl2' });
    expect(c.fixed_props!.tc!.map((p) => [p.s, p.v])).toEqual([['yaws', 610.2]]);
    expect(c.fixed_props!.tb!.map((p) => [p.s, p.v])).toEqual([['critprop', 413]]);
    expect(s.idByCas('820-55-3')).toBe(id);
    expect(s.compound(compoundIdFor('CAS:820-55-3'))).toBeUndefined();
  });
  it('a CAS-only compound joins a key-only one of the same name; without a structure the record is type S with both', () => {
    const id = compoundIdFor('WBCSJABQCRFUCP-UHFFFAOYSA-N');
    const c = s.compound(id)!;
    expect(c).toMatchObject({ type: 'S', cas: '10575-87-8', inchikey: 'WBCSJABQCRFUCP-UHFFFAOYSA-N', compound: '1,2-dichloroheptane' });
    expect(c.inchi).toBeUndefined();
    expect(c.fixed_props!.tc!.map((p) => p.s).sort()).toEqual(['bell2018', 'yaws']);
    expect(s.idByCas('10575-87-8')).toBe(id);
  });
  it('a name that more than two compounds share links nothing (2-decanol: two CAS and a key)', () => {
    expect(s.compound(compoundIdFor('CAS:1120-06-5'))).toMatchObject({ type: 'S', cas: '1120-06-5' });
    expect(s.compound(compoundIdFor('CAS:74742-10-2'))).toMatchObject({ type: 'S', cas: '74742-10-2' });
    expect(s.compound(compoundIdFor('ACUZDYFTRHEKOS-UHFFFAOYSA-N'))!.cas).toBeUndefined();
  });
  it('a formula from a table alone gives the MW (rubidium nitrate, 147.47 g/mol)', () => {
    const c = s.compound(compoundIdFor('CAS:13126-12-0'))!;
    expect(c).toMatchObject({ type: 'S', formula: 'NO3Rb' });
    expect(c.mw).toBeCloseTo(147.47, 2);
  });
  it('counts the links', () => {
    expect(info.merge_stats.linked_by_name).toBe(2);
    expect(info).toMatchObject({ compounds: 6, type_c: 1, type_s: 5 });
  });
});

describe('stored record', () => {
  it('has tb from at least three sources, each with s and r, in K', () => {
    const tb = store.compound(compoundIdFor(ETHANOL_KEY))!.fixed_props!.tb!;
    const measured = tb.filter((p) => !p.calc);
    expect(new Set(measured.map((p) => p.s)).size).toBeGreaterThanOrEqual(3);
    for (const p of tb) {
      expect(p.s).toBeTruthy();
      expect(p.r).toBeTruthy();
      expect(p.v).toBeGreaterThan(340);
      expect(p.v).toBeLessThan(360);
    }
    expect(tb.find((p) => p.s === 'physprop')).toMatchObject({ v: 351.44, r: 'Riddick,JA et al. (1986)' });
  });
  it('keeps pc in kPa and hf in kJ/mol, and src describes every source used', () => {
    const c = store.compound(compoundIdFor(ETHANOL_KEY))!;
    expect(c.fixed_props!.pc!.find((p) => p.s === 'iupac')!.v).toBe(6148);
    expect(c.fixed_props!.hf!.find((p) => p.s === 'atct')).toMatchObject({ v: -234.55, e: 0.2 });
    for (const points of [...Object.values(c.fixed_props!), ...Object.values(c.tpdep_props!)]) for (const p of points) expect(c.src![p.s]).toBeDefined();
    expect(c.src!.chemsep).toMatchObject({ license: 'Artistic-2.0' });
  });
  it('flags outliers among measured values only', () => {
    // ethanol pc: 6137 (chemsep), 6145 (bell), 6148 (iupac), 6140 (crc), 6148 ... 6300 (webbook) is 2.6 % off:
    // median 6146.5, MAD 4 → floor 0.5 % = 30.7; z(6300) = 0.6745·153.5/30.7 = 3.37 → kept
    const c = store.compound(compoundIdFor(ETHANOL_KEY))!;
    expect(c.fixed_props!.pc!.filter((p) => p.o)).toEqual([]);
    // water tb: 373.12 (yaws), 373.13 (wikidata): two points, never flagged
    expect(store.compound(compoundIdFor('XLYOFNOQVPJJNP-UHFFFAOYSA-N'))!.has_outliers).toBe(false);
  });
  it('adds drawing, molfiles and predicted values at read time', async () => {
    const c = await fullRecord(store, compoundIdFor(ETHANOL_KEY));
    expect(c.drawing).toMatch(/^data:image\/png;base64,/);
    expect(c.mol2d).toMatch(/V2000/);
    expect(c.mol3d).toMatch(/V2000/);
    const calc = c.fixed_props!.tb!.filter((p) => p.s === 'joback');
    expect(calc).toHaveLength(1);
    expect(calc[0]!.calc).toBe(true);
    expect(c.src!.joback).toBeDefined();
    expect(c.descr!.joback).toBeDefined();
  });
  it('refuses malformed ids (400) and unknown ones (404)', async () => {
    await expect(fullRecord(store, '12-345')).rejects.toMatchObject({ status: 400 });
    await expect(fullRecord(store, compoundIdFor('not in the database'))).rejects.toMatchObject({ status: 404 });
  });
});

describe('info', () => {
  it('the build returns the facts db info reads back, under the same keys', () => {
    expect(summary).toEqual(store.info());
    expect(Object.keys(summary.build_phases)).toEqual(['read', 'merge', 'write']);
    expect(summary.files.every((f) => f.parse_time >= 0)).toBe(true);
  });
  it('counts compounds, points per key, and rejected rows per file', () => {
    const info = store.info();
    expect(info.compounds).toBe(info.type_c + info.type_s);
    expect(info.points).toBe(Object.values(info.points_by_key).reduce((a, b) => a + b, 0));
    expect(info.files.find((f) => f.file.endsWith('pubchem small.tsv'))!.rejected).toEqual({ 'CAS check digit wrong': 1, 'no CAS': 1 });
    expect(info.missing_files).toContain('chemicals/chemicals/Identifiers/Anion db.tsv');
    expect(info.built_at).toBe(1700000000);
  });
});

describe('structure cache', () => {
  it('keeps every structure result for the next build', () => {
    const cache = readCache(dbPath);
    expect(cache.get('CCO\tInChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3')).toMatchObject({ inchikey: ETHANOL_KEY, smiles: 'CCO', formula: 'C2H6O' });
    expect(cache.get('Cc1ccccc1\t')).toMatchObject({ inchikey: 'YXFVVABEGXRONW-UHFFFAOYSA-N' });
  });
  it('answers from the cache and computes only what it lacks', async () => {
    const cache = readCache(dbPath);
    const asked: string[] = [];
    const compute = cached(cache, async (jobs) => (asked.push(...jobs.map((j) => j.smiles)), jobs.map(() => undefined)));
    const out = await compute([{ smiles: 'Cc1ccccc1' }, { smiles: 'C1CC1' }]);
    expect(asked).toEqual(['C1CC1']);
    expect(out[0]!.inchikey).toBe('YXFVVABEGXRONW-UHFFFAOYSA-N');
    expect(out[1]).toBeUndefined();
  });
  it('is dropped when other toolkit code made it', () => {
    const copy = join(dir, 'other-toolkit.sqlite');
    writeFileSync(copy, readFileSync(dbPath));
    const db = new Database(copy);
    db.prepare("UPDATE meta SET value = 'another toolkit' WHERE key = 'structure_toolkit'").run();
    db.close();
    expect(readCache(dbPath).size).toBeGreaterThan(0);
    expect(readCache(copy).size).toBe(0);
  });
});

describe('interrupted build', () => {
  it('leaves the previous database intact and no temporary file behind', async () => {
    const before = readFileSync(dbPath);
    const failing = { name: 'boom', files: [], run: () => { throw new Error('killed half-way'); } };
    await expect(buildDatabase({ from: MIRROR, dbPath, threads: 1, steps: [failing] })).rejects.toThrow('killed half-way');
    expect(readFileSync(dbPath).equals(before)).toBe(true);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
    expect(Store.open(dbPath).info().compounds).toBe(summary.compounds);
  });
  it('removes the temporary file a killed build left behind, once it is stale', async () => {
    const stale = `${dbPath}.tmp-deadbeef`;
    const fresh = `${dbPath}.tmp-running`;
    writeFileSync(stale, 'half a database');
    writeFileSync(fresh, 'a build in progress');
    utimesSync(stale, new Date(Date.now() - 2 * 3600_000), new Date(Date.now() - 2 * 3600_000));
    await buildDatabase({ from: MIRROR, dbPath, threads: 1, steps: [] });
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    rmSync(fresh);
  });
  it('refuses a directory that is not the mirror', async () => {
    await expect(buildDatabase({ from: join(dir, 'nope'), dbPath: join(dir, 'x.sqlite') })).rejects.toBeInstanceOf(ChemError);
    expect(existsSync(join(dir, 'x.sqlite'))).toBe(false);
  });
});
