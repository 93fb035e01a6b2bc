// chem mixtures and chem mid on the fixture database: table, JSON, CSV, and the error statuses.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compoundIdFor, isMixtureId, mixtureIdFor } from '../../src/api/ids.js';
import type { MixtureList, MixtureResponse } from '../../src/api/types.js';
import { buildDatabase } from '../../src/local/store/build.js';
import { runChem } from '../helpers.js';

const FIX = join(import.meta.dirname, '../fixtures/mixtures');
const dbPath = join(mkdtempSync(join(tmpdir(), 'chem-mixcli-')), 'chem.db');
const chem = (args: string[], opts: Parameters<typeof runChem>[1] = {}) => runChem(['--db', dbPath, '--backend', 'local', '--no-color', ...args], opts);
const ETHANOL = compoundIdFor('LFQSCWFLJHTTHZ-UHFFFAOYSA-N');
const CO2 = compoundIdFor('CURLTUGMZLYLDI-UHFFFAOYSA-N');

beforeAll(async () => {
  await buildDatabase({ from: FIX, dbPath, threads: 1 });
}, 60_000);

describe('chem mixtures', () => {
  it('JSON is the v1 list: ids and the other components', async () => {
    const r = await chem(['mixtures', ETHANOL, '--json']);
    expect(r.code).toBe(0);
    const list = JSON.parse(r.stdout) as MixtureList;
    expect(list.cid).toBe(ETHANOL);
    expect(list.mixtures.map((m) => m.components[0]!.name)).toEqual(['water']);
    expect(isMixtureId(list.mixtures[0]!.id)).toBe(true);
  });

  it('the terminal table names the partner and the models; measured pairs before predicted ones', async () => {
    const r = await chem(['mixtures', CO2], { tty: true, columns: 160 });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^id\s+with\s+kind\s+models$/m);
    // CO2: methane (PR kij + E-PPR78), nitrogen (PR kij), water (3 Henry sets): one measured model
    // each, so the pair with more models first, then by name.
    const order = ['methane', 'nitrogen', 'water'].map((n) => r.stdout.search(new RegExp(`^\\S+\\s+${n}\\s`, 'm')));
    expect(order[0]).toBeGreaterThan(0);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
    expect(r.stdout).toMatch(/methane\s+binary\s+PR kij, E-PPR78 kij/);
    expect(r.stderr).toMatch(/3 mixture\(s\)/);
  });

  it('CSV has one row per mixture', async () => {
    const r = await chem(['mixtures', ETHANOL, '--format', 'csv']);
    const rows = r.stdout.trim().split('\r\n');
    expect(rows[0]).toBe('id,with,kind,models,name');
    expect(rows[1]).toMatch(/,water,binary,"NRTL, UNIQUAC, Wilson, E-PPR78 kij, Henry",/);
  });

  it('a word that names no compound, and an unknown id, are not found (exit 3)', async () => {
    const bad = await chem(['mixtures', '64-17-5x']);
    expect(bad.code).toBe(3);
    expect(bad.stderr).toMatch(/no compound named "64-17-5x"/);
    const unknown = await chem(['mixtures', compoundIdFor('CAS:50-00-0')]);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toMatch(/no compound with id/);
  });
});

describe('chem mid', () => {
  async function ethanolWater(): Promise<string> {
    const list = JSON.parse((await chem(['mixtures', ETHANOL, '--json'])).stdout) as MixtureList;
    return list.mixtures[0]!.id;
  }

  it('JSON is {mix} with forms, units, src and a reference on every set', async () => {
    const r = await chem(['mid', await ethanolWater(), '--json']);
    expect(r.code).toBe(0);
    const { mix } = JSON.parse(r.stdout) as MixtureResponse;
    expect(mix.kind).toBe('binary');
    expect(mix.params.map((p) => p.model)).toEqual(['NRTL', 'UNIQUAC', 'Wilson', 'E-PPR78 kij', 'Henry', 'Henry', 'Henry']);
    for (const p of mix.params) {
      expect(mix.src[p.s]).toBeDefined();
      expect(p.r).toBeTruthy();
      expect(p.form).toBeTruthy();
    }
    expect(mix.params.filter((p) => p.calc).map((p) => p.s)).toEqual(['eppr78', 'thermo-pr-henry', 'thermo-pr-henry']);
  });

  it('the table shows components, then parameters with T and direction, then the forms', async () => {
    const r = await chem(['mid', await ethanolWater()], { tty: true, columns: 200 });
    expect(r.code).toBe(0);
    const comp = r.stdout.search(/^cid\s/m);
    const sets = r.stdout.search(/^model\s/m);
    expect(comp).toBeGreaterThan(0);
    expect(sets).toBeGreaterThan(comp);
    expect(r.stdout).toMatch(/alpha_12 = 0\.3/);
    expect(r.stdout).toMatch(/ethanol in water/);
    expect(r.stdout).toMatch(/298\.15/);
    expect(r.stdout).toMatch(/NRTL: tau_ij = b_ij\/T/);
  });

  it('--temp C converts the temperature column', async () => {
    const r = await chem(['mid', await ethanolWater(), '--temp', 'C'], { tty: true, columns: 200 });
    expect(r.stdout).toMatch(/T \(°C\)/);
    expect(r.stdout).toMatch(/\s25\s/);
  });

  it('a composition lists its components with mole and mass fractions', async () => {
    const key = `composition:Lean Gas|${[compoundIdFor('VNWKTOKETHGBQD-UHFFFAOYSA-N'), compoundIdFor('IJGRMHOSHXDMSA-UHFFFAOYSA-N')].sort().join(' ')}`;
    const r = await chem(['mid', mixtureIdFor(key)], { tty: true, columns: 160 });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Lean Gas {2}\(composition/);
    expect(r.stdout).toMatch(/methane\s+74-82-8\s+0\.9402\s+0\.9/);
    expect(r.stdout).toMatch(/also: natural gas, NG/);
  });

  it('malformed → exit 2, unknown → exit 3', async () => {
    expect((await chem(['mid', '12-345-6'])).code).toBe(2); // a compound id, not a mixture id
    const unknown = await chem(['mid', mixtureIdFor('nothing')]);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toMatch(/no mixture with id/);
  });
});
