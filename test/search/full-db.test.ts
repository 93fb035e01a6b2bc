// The acceptance checks on a database built from the full data mirror. Building it takes
// minutes, so these run only when CHEM_TEST_FULL_DB names one (`chem db build --from DIR --db PATH`).
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runChem } from '../helpers.js';

const db = process.env.CHEM_TEST_FULL_DB;
const search = async (...args: string[]) => {
  const r = await runChem(['--db', db!, 'search', ...args, '--json']);
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
};

describe.skipIf(!db || !existsSync(db))('search on the full database', () => {
  it('benzene ranks benzene first', async () => {
    expect((await search('benzene')).comps[0]).toMatchObject({ compound: expect.stringMatching(/^benzene$/i), cas: '71-43-2' });
  });

  it('64-17-5 returns ethanol alone', async () => {
    const r = await search('64-17-5');
    expect(r.total).toBe(1);
    expect(r.comps[0].compound).toMatch(/^ethanol$/i);
  });

  it('C2H6O lists ethanol and dimethyl ether', async () => {
    const cas = (await search('C2H6O')).comps.map((c: { cas: string }) => c.cas);
    expect(cas).toEqual(expect.arrayContaining(['64-17-5', '115-10-6']));
  });

  it('tb:350..351 pages correctly; tb:300..400 across several pages', async () => {
    const one = await search('tb:350..351');
    expect(one.total).toBeGreaterThan(0);
    expect(one.range).toEqual([1, Math.min(100, one.total)]);
    expect(one.next_page).toBe(one.total > 100 ? 2 : null);
    const ethanol = await search('tb:351..352');
    expect(ethanol.comps.map((c: { cas?: string }) => c.cas)).toContain('64-17-5'); // ethanol boils at 351.4 K
    const wide = await search('tb:300..400');
    const last = Math.ceil(wide.total / 100);
    expect(wide).toMatchObject({ range: [1, 100], next_page: 2, prev_page: null });
    const end = await search('tb:300..400', '--page', String(last));
    expect(end).toMatchObject({ range: [(last - 1) * 100 + 1, wide.total], next_page: null, prev_page: last - 1 });
    expect(await search('tb:300..400', '--page', String(last + 1))).toMatchObject({ comps: [], range: [0, 0], prev_page: last });
  });

  it('misspellings suggest the compound', async () => {
    for (const [typo, want] of [['benzne', 'benzene'], ['acetne', 'acetone'], ['etanol', 'ethanol']]) {
      const r = await search(typo!);
      // "etanol" is itself a (Spanish) synonym of ethanol: found rather than suggested.
      const names = r.total ? r.comps.map((c: { compound: string }) => c.compound.toLowerCase()) : r.suggestions.map((s: string) => s.toLowerCase());
      expect(names).toContain(want);
    }
  });
});
