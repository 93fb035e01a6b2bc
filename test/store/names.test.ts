// Structures read from names (name-structures.ts): the shipped table of OPSIN's readings, and a build on a
// hand-written mirror and table: a name that resolves, one whose source weight contradicts it, names that
// disagree, names that differ only in stereo, a mixture's name, and a merge into a record a source gave a
// structure, whose old id keeps answering. InChIKeys are RDKit's (and PubChem's) for the structures named.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compoundIdFor } from '../../src/api/ids.js';
import { buildDatabase } from '../../src/local/store/build.js';
import { Store, type DbInfo } from '../../src/local/store/store.js';
import { fullRecord } from '../../src/local/record.js';
import { NAME_TABLE, readNameTable } from '../../src/local/store/name-structures.js';
import { SOURCES } from '../../src/local/store/import/sources.js';
import { normalizeText } from '../../src/util/text.js';
import { inchiOf } from '../../src/chem/inchi.js';
import { merge } from '../../src/local/store/merge.js';
import { computeStructures, type StructureJob } from '../../src/local/store/structures.js';
import type { IdentityRec } from '../../src/local/store/import/context.js';
import { runChem } from '../helpers.js';
import { exportDataset } from '../../src/ml/dataset.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/store/names/', import.meta.url));
const ETHANOL = 'LFQSCWFLJHTTHZ-UHFFFAOYSA-N';
const METHYLPENTANOL = 'ISTJMQSHILQAEC-UHFFFAOYSA-N'; // 2-methylpentan-3-ol
const BUTANOL = 'BTANRVKWQNVYAZ-UHFFFAOYSA-N'; // butan-2-ol, no stereo

describe('the shipped table of OPSIN readings', () => {
  const table = readNameTable(NAME_TABLE)!;

  it('names its OPSIN version, as the opsin source does, and holds normalised names once, in order', () => {
    expect(table.opsin).toMatch(/^\d+\.\d+\.\d+$/);
    expect(SOURCES.get('opsin')!.db).toContain(`OPSIN ${table.opsin}`);
    expect(SOURCES.get('opsin')!.license).toBe('MIT');
    const names = [...table.rows.keys()];
    expect(names.length).toBeGreaterThan(20000);
    expect(names.every((n) => n === normalizeText(n))).toBe(true);
    expect([...names].sort()).toEqual(names);
    for (const { smiles, inchikey } of table.rows.values()) {
      expect(smiles).not.toMatch(/\s/);
      if (!smiles.includes('*')) expect(inchikey).toMatch(/^[A-Z]{14}-[A-Z]{10}-[A-Z]$/);
    }
  });

  it('reads a sample of its rows back to their InChIKeys', async () => {
    const rows = [...table.rows.values()].filter((r) => r.inchikey);
    const sample = Array.from({ length: 40 }, (_, i) => rows[Math.floor((i * rows.length) / 40)]!);
    for (const r of sample) expect((await inchiOf(r.smiles)).inchikey, r.smiles).toBe(r.inchikey);
  });

  it('holds the readings of common names', () => {
    expect(table.rows.get('ethanol')?.inchikey).toBe(ETHANOL);
  });
});

describe('a build with a table of names', () => {
  let dir: string;
  let info: DbInfo;
  let store: Store;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'chem-names-'));
    info = await buildDatabase({ from: join(FIXTURE, 'mirror'), dbPath: join(dir, 'chem.sqlite'), threads: 1, steps: [], now: 1700000000, names: join(FIXTURE, 'opsin-names.tsv') });
    store = Store.open(join(dir, 'chem.sqlite'));
  });
  afterAll(() => {
    store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives a record the structure of its name, says which name, and cites OPSIN', () => {
    const c = store.compound(compoundIdFor(METHYLPENTANOL))!;
    expect(c).toMatchObject({ type: 'C', cas: '99001-11-3', inchikey: METHYLPENTANOL, formula: 'C6H14O', structure_name: '2-methylpentan-3-ol' });
    expect(c.mw).toBeCloseTo(102.177, 2);
    expect(c.src!.opsin).toMatchObject({ license: 'MIT', url: 'https://github.com/dan2097/opsin' });
    expect(c.log!.map((l) => l.dbid)).toContain('opsin:2-methylpentan-3-ol');
    expect(c.fixed_props!.tc![0]).toMatchObject({ v: 560.5, s: 'yaws' });
  });

  it('answers the old id of a resolved record with the new one, and says so', async () => {
    const old = compoundIdFor('CAS:99001-11-3');
    expect(store.compound(old)).toBeUndefined();
    const c = await fullRecord(store, old, { files: false });
    expect(c.id).toBe(compoundIdFor(METHYLPENTANOL));
    expect(c.notices![0]).toContain(`${old} is now ${c.id}`);
    expect(c.fixed_props!.tc!.length).toBeGreaterThan(0); // predictions beside the measured value
  });

  it('chem cid OLD-ID prints the merged record and says so on stderr; the table marks a structure read from a name', async () => {
    const merged = await runChem(['cid', compoundIdFor('CAS:99001-14-6'), '--db', join(dir, 'chem.sqlite'), '--format', 'table']);
    expect(merged.code).toBe(0);
    expect(merged.stdout).toContain(compoundIdFor(ETHANOL));
    expect(merged.stderr).toMatch(/is now .*merged/);
    const named = await runChem(['cid', compoundIdFor(METHYLPENTANOL), '--db', join(dir, 'chem.sqlite'), '--format', 'table']);
    expect(named.stdout).toMatch(/structure +read from the name "2-methylpentan-3-ol" by OPSIN/);
    expect(named.stderr).toBe('');
  });

  it('merges a CAS whose name gives a structure already held into that record, keeping every point', async () => {
    const c = store.compound(compoundIdFor(ETHANOL))!;
    expect(c.cas).toBe('64-17-5');
    expect(c.other_cas).toEqual(['99001-14-6']);
    expect(c.other_names).toContain('hydroxyethane');
    expect(c.structure_name).toBeUndefined();
    expect(c.fixed_props!.tb!.map((p) => p.v).sort()).toEqual([351.4, 351.5]);
    // Yaws gives both CAS a Tc of 514.1 K: one point, counted in merge_stats.names.points.duplicates
    expect(c.fixed_props!.tc!.filter((p) => !p.calc).map((p) => p.v)).toEqual([514.1]);
    const old = compoundIdFor('CAS:99001-14-6');
    const merged = await fullRecord(store, old, { files: false });
    expect(merged.id).toBe(c.id);
    expect(merged.notices![0]).toContain('merged');
    expect(store.idByCas('99001-14-6')).toBe(c.id);
  });

  it('leaves a record type S when its source weight contradicts the name (hexan-1-ol is 102.17, not 150.2)', () => {
    const s = store.compound(compoundIdFor('CAS:99001-12-4'))!;
    expect(s).toMatchObject({ type: 'S', compound: 'hexan-1-ol', mw: 150.2 });
    expect(s.fixed_props!.tb![0]).toMatchObject({ v: 430.2 });
  });

  it('leaves a record type S when its names give two structures, or one names a mixture', () => {
    expect(store.compound(compoundIdFor('CAS:99001-13-5'))!.type).toBe('S');
    expect(store.compound(compoundIdFor('CAS:99001-16-8'))!.type).toBe('S');
  });

  it('takes the structure without stereo when one name states stereo and the other none', () => {
    expect(store.compound(compoundIdFor(BUTANOL))).toMatchObject({ type: 'C', cas: '99001-15-7' });
  });

  it('marks a structure read from a name in the training export', () => {
    const out = join(dir, 'export');
    exportDataset({ db: join(dir, 'chem.sqlite'), out });
    const [head, ...lines] = readFileSync(join(out, 'db.tsv'), 'utf8').trim().split('\n').map((l) => l.split('\t'));
    const rows = lines.map((l) => Object.fromEntries(head!.map((h, i) => [h, l[i]!])));
    expect(rows.find((r) => r.inchikey === METHYLPENTANOL)).toMatchObject({ from_name: '1', tc: '560.5' });
    expect(rows.find((r) => r.inchikey === ETHANOL)).toMatchObject({ from_name: '0' });
  });

  it('counts every decision in merge_stats', () => {
    expect(info.merge_stats.names).toEqual({
      opsin: '2.7.0',
      named: 6,
      read: 6,
      resolved: 3,
      merged: 1,
      stereo_dropped: 1,
      rejected: { class_mixture_polymer: 1, names_disagree: 1, elements: 0, formula: 0, weight: 1, inchikey_differs: 0, toolkit: 0 },
      audit: { read: 1, same: 1, stereo: 0, protonation: 0, fragments: 0, skeleton: 0 },
      points: { duplicates: { tc: 1 }, refused: {} },
    });
    expect(info.type_c).toBe(3);
  });
});

describe('a source structure of another compound (found by the audit of main names)', () => {
  // Tributyrin (glycerol tributanoate, C15H26O6, 302.36 g/mol): one table gives methanetriyl tributanoate
  // (C13H22O6, 274.31), two others the glycerol ester's weight. The structure whose row's weight is off the median
  // of the compound's rows comes last.
  const rows = (extra: IdentityRec[]): IdentityRec[] => [
    { ref: 'cas:60-01-5', s: 'comptox', name: 'Glycerol tributyrate', smiles: 'CCCC(=O)OC(OC(=O)CCC)OC(=O)CCC', mw: 274.313 },
    { ref: 'cas:60-01-5', s: 'comptox', name: 'Glycerol tributyrate', smiles: 'CCCC(=O)OCC(COC(=O)CCC)OC(=O)CCC', mw: 302.367 },
    ...extra,
  ];
  const compute = (jobs: StructureJob[]) => computeStructures(jobs, 1);

  it('takes the structure the weights of most rows agree with', async () => {
    const { compounds } = await merge(rows([{ ref: 'cas:60-01-5', s: 'physprop', name: 'TRIBUTYRIN', mw: 302.37 }]), [], compute);
    expect(compounds[0]).toMatchObject({ formula: 'C15H26O6' });
    expect(compounds[0]!.mw).toBeCloseTo(302.36, 1);
  });

  it('keeps the ranking where two weights cannot say which is right', async () => {
    const { compounds } = await merge(rows([]), [], compute);
    expect(compounds[0]).toMatchObject({ formula: 'C13H22O6' });
  });
});
