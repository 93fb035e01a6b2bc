// Misspelled and partial names of common compounds on the full database (test/fixtures/names/misspelled.tsv, written
// for this test with the CAS of the compound meant): an answer is never another compound; one taken by a name that is
// not exactly one of its own names or synonyms is said on stderr; a refusal's suggestions name the compound meant.
// Runs only when CHEM_TEST_FULL_DB names a database built from the full data mirror.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runChem } from '../helpers.js';
import { normalizeText } from '../../src/util/text.js';

const db = process.env.CHEM_TEST_FULL_DB;
const rows = readFileSync(new URL('../fixtures/names/misspelled.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .slice(1)
  .map((l) => l.split('\t') as [string, string]);

describe.skipIf(!db || !existsSync(db))('misspelled and partial names on the full database', () => {
  it(`${rows.length} names: never another compound, a non-exact reading said, a refusal suggesting the compound meant`, async () => {
    let answered = 0;
    for (const [typed, cas] of rows) {
      const r = await runChem(['--db', db!, 'cid', typed, '--prop', 'tb', '--json']);
      if (r.code === 0) {
        answered++;
        const comp = JSON.parse(r.stdout).comp;
        expect(comp.cas, typed).toBe(cas);
        const own = [comp.compound, ...(comp.other_names ?? [])].map(normalizeText);
        if (!own.includes(normalizeText(typed))) expect(r.stderr, typed).toMatch(new RegExp(`read "${typed}" as .*${cas}`));
      } else {
        expect([2, 3], typed).toContain(r.code);
        expect(r.stderr.trim().split('\n'), typed).toHaveLength(1);
        expect(r.stderr, typed).toContain(cas);
      }
    }
    expect(answered).toBeGreaterThan(rows.length / 2);
  });
});
