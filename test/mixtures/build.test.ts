// The mixtures build step over the fixture data directory: two builds give the same ids, the
// stored records read back with their forms, and unknown or malformed ids fail as for compounds.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compoundIdFor, isMixtureId } from '../../src/api/ids.js';
import { buildDatabase } from '../../src/local/store/build.js';
import { mixtureList, mixtureRecord } from '../../src/local/store/import/mixtures-read.js';
import { openDb, type DB } from '../../src/local/store/schema.js';

const FIX = join(import.meta.dirname, '../fixtures/mixtures');
const dir = mkdtempSync(join(tmpdir(), 'chem-mix-'));
const ETHANOL = compoundIdFor('LFQSCWFLJHTTHZ-UHFFFAOYSA-N');
const WATER = compoundIdFor('XLYOFNOQVPJJNP-UHFFFAOYSA-N');

function ids(db: DB): Record<string, string> {
  const rows = db.prepare('SELECT id, kind, name FROM mixtures ORDER BY id').all() as { id: string; kind: string; name: string }[];
  return Object.fromEntries(rows.map((r) => [`${r.kind}:${r.name}`, r.id]));
}

let a: DB;
let b: DB;
beforeAll(async () => {
  await buildDatabase({ from: FIX, dbPath: join(dir, 'a.db'), threads: 1, now: 1 });
  await buildDatabase({ from: FIX, dbPath: join(dir, 'b.db'), threads: 1, now: 2 });
  a = openDb(join(dir, 'a.db'), { readonly: true });
  b = openDb(join(dir, 'b.db'), { readonly: true });
}, 60_000);

describe('mixtures in the database', () => {
  it('two builds give the same mixture ids', () => {
    const first = ids(a);
    expect(Object.keys(first).length).toBe(8); // 6 binary pairs + 2 compositions
    expect(Object.values(first).every(isMixtureId)).toBe(true);
    expect(ids(b)).toEqual(first);
  });

  it('counts per kind and the components table; n_mixtures on compounds', () => {
    const kinds = a.prepare('SELECT kind, count(*) n FROM mixtures GROUP BY kind ORDER BY kind').all();
    expect(kinds).toEqual([{ kind: 'binary', n: 6 }, { kind: 'composition', n: 2 }]);
    // Ethanol: with water (NRTL, UNIQUAC, Wilson, E-PPR78, Henry) and methanol (none: one direction only).
    const ethanol = a.prepare('SELECT n_mixtures FROM compounds WHERE id = ?').get(ETHANOL) as { n_mixtures: number };
    expect(ethanol.n_mixtures).toBe(1);
    const stats = JSON.parse((a.prepare("SELECT value FROM meta WHERE key = 'mixture_stats'").get() as { value: string }).value);
    expect(stats.unresolved).toBe(2); // argon and oxygen have no compound in the fixture identifiers
  });

  it('the list of ethanol names water and the models; the record has forms and oriented parameters', () => {
    const list = mixtureList(a, ETHANOL);
    expect(list.cid).toBe(ETHANOL);
    expect(list.mixtures).toHaveLength(1);
    const [ew] = list.mixtures;
    expect(ew!.components).toEqual([{ cid: WATER, name: 'water' }]);
    expect(ew!.models).toEqual(['NRTL', 'UNIQUAC', 'Wilson', 'E-PPR78 kij', 'Henry']);
    const { mix } = mixtureRecord(a, ew!.id);
    expect(mix.name).toBe(ETHANOL < WATER ? 'ethanol / water' : 'water / ethanol');
    const nrtl = mix.params.find((p) => p.model === 'NRTL')!;
    expect(nrtl.form).toMatch(/tau_ij = b_ij\/T/);
    expect(nrtl.units).toEqual({ b_12: 'K', b_21: 'K' });
    expect(mix.components[0]!.cid === ETHANOL ? nrtl.params.b_12 : nrtl.params.b_21).toBe(-30);
  });

  it('a composition keeps file order, fractions and the names of components without a compound', () => {
    const air = a.prepare("SELECT id FROM mixtures WHERE name = 'Dry Air'").get() as { id: string };
    const { mix } = mixtureRecord(a, air.id);
    expect(mix.kind).toBe('composition');
    expect(mix.components.map((c) => [c.name, c.x])).toEqual([['nitrogen', 0.78084], ['Argon', 0.00934], ['Oxygen', 0.20946]]);
    expect(mix.components[1]!.cid).toBe(compoundIdFor('CAS:7440-37-1'));
    expect(mix.other_names).toEqual(['atmosphere']);
    expect(mix.r).toBe('REFPROP manual');
    expect(Object.keys(mix.src)).toEqual(['mixture-compositions']);
  });

  it('a DECHEMA page stays in the reference of its PR kij set; other sets get their file reference back', () => {
    const row = a.prepare("SELECT id FROM mixtures WHERE name LIKE '%methane%' AND name LIKE '%carbon dioxide%' AND kind = 'binary'").get() as { id: string };
    const { mix } = mixtureRecord(a, row.id);
    expect(mix.params.map((p) => [p.model, p.r?.endsWith('(p200)'), p.calc ?? false])).toEqual([
      ['PR kij', true, false],
      ['E-PPR78 kij', false, true],
    ]);
    expect(mix.params[1]!.r).toMatch(/^E-PPR78/);
    expect(Object.keys(mix.src)).toEqual(['chemsep-ipd', 'eppr78']);
  });

  it('unknown ids are 404', () => {
    expect(() => mixtureRecord(a, '1-000-a')).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => mixtureList(a, compoundIdFor('CAS:50-00-0'))).toThrow(expect.objectContaining({ status: 404 }));
  });
});
