// chem predict with a name, CAS number or compound id where a SMILES is expected: the database's structure
// is predicted, one stderr line says which; a valid SMILES never opens the database (but for the terminal
// table's last line, which says where the measured values are).
import { beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { runChem } from '../helpers.js';
import { buildFixtureDb } from '../search/fixture-db.js';
import { compoundIdFor } from '../../src/api/ids.js';

const ETHANOL = compoundIdFor('LFQSCWFLJHTTHZ-UHFFFAOYSA-N');
let db: string;
beforeAll(async () => {
  db = await buildFixtureDb();
}, 60_000);

describe('chem predict with a name, CAS or id', () => {
  it('answers for the database structure of ethanol by name, CAS and id, naming it on stderr', async () => {
    const bySmiles = await runChem(['predict', 'CCO', '--json', '--db', db]);
    for (const text of ['ethanol', 'Ethanol', '64-17-5', ETHANOL]) {
      const r = await runChem(['predict', text, '--json', '--db', db]);
      expect(r.code, text).toBe(0);
      expect(r.stdout, text).toBe(bySmiles.stdout);
      expect(r.stderr, text).toBe(`chem: "${text}" is no SMILES: predicted for ethanol (${ETHANOL}), CCO\n`);
    }
  });

  it('a batch tries each line (whole, then its first field): one row per line, one stderr line per name', async () => {
    const r = await runChem(['predict', '-', '--format', 'csv', '--prop', 'tb', '--db', db], { stdin: 'ethanol\nCCO\nxyzzy plugh\n64-17-5 (CAS)\n' });
    expect(r.code).toBe(7); // some lines failed
    const rows = r.stdout.trim().split('\r\n').slice(1);
    expect(rows.map((l) => l.split(',')[0])).toEqual(['ethanol', 'CCO', 'xyzzy plugh', '64-17-5 (CAS)']);
    expect(rows[0]!.split(',').slice(1, 4)).toEqual(rows[1]!.split(',').slice(1, 4));
    expect(rows[3]!.split(',').slice(1, 4)).toEqual(rows[1]!.split(',').slice(1, 4));
    expect(rows[2]).toMatch(/invalid SMILES ""xyzzy"".*tried as a compound name, CAS or id too: no compound named ""xyzzy plugh""/);
    expect(r.stderr.split('\n').filter((l) => l.includes('is no SMILES'))).toHaveLength(2);
  });

  it('neither a SMILES nor a known compound: the SMILES error (exit 3), saying the database was asked too', async () => {
    const r = await runChem(['predict', 'xyzzy', '--db', db]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^chem: error: invalid SMILES "xyzzy": .*; tried as a compound name, CAS or id too: no compound named "xyzzy" in the database\n$/);
    const none = await runChem(['predict', 'ethanol', '--db', join(tmpdir(), 'no-such-dir', 'chem.sqlite')], { env: { CHEM_DATA_DIR: '/nonexistent' } });
    expect(none.code).toBe(3);
    expect(none.stderr).toMatch(/tried as a compound name, CAS or id too: there is no local database\n$/);
  });

  it('a CAS number the database lacks, and a text that matches several compounds, say so after the SMILES error (exit 3)', async () => {
    const cas = await runChem(['predict', '50-00-0', '--db', db]); // formaldehyde: not in the fixture
    expect(cas.code).toBe(3);
    expect(cas.stderr).toMatch(/tried as a compound name, CAS or id too: no compound with CAS 50-00-0 in the database\n$/);
    const several = await runChem(['predict', 'mw<50', '--db', db]);
    expect(several.code).toBe(3);
    expect(several.stderr).toMatch(/^chem: error: invalid SMILES "mw<50": .*; tried as a compound name, CAS or id too: "mw<50" is ambiguous: .*ethanol \(69749139-429-6, 64-17-5\).*; name one by id or CAS\n$/);
  });

  it('a text that only part of one name matches is not taken for it: a broken SMILES in a batch stays an error', async () => {
    const r = await runChem(['predict', 'ethan', '--db', db]);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/tried as a compound name, CAS or id too: no compound named "ethan" in the database \(did you mean ethanol \(69749139-429-6, 64-17-5\)\?\)\n$/);
  });

  it('a SMILES by its grammar that breaks its chemistry is not looked up as a name: its own error alone', async () => {
    for (const text of ['CC(C)(C)(C)(C)C', 'c1cccc1']) {
      const r = await runChem(['predict', text, '--db', db]);
      expect(r.code, text).toBe(3);
      expect(r.stderr, text).toMatch(new RegExp(`^chem: error: invalid SMILES "${text.replace(/[()]/g, '\\$&')}": [^;]*\n$`));
    }
    // letters alone stay names, though Co and Sn read as SMILES grammar (an atom and an aromatic one)
    for (const text of ['Co', 'Sn']) expect((await runChem(['predict', text, '--db', db])).stderr, text).toMatch(/tried as a compound name, CAS or id too/);
  });

  it('a valid SMILES never opens the database (not even a broken one) outside a terminal table', async () => {
    const broken = join(tmpdir(), `chem-not-a-db-${process.pid}.sqlite`);
    writeFileSync(broken, 'not a database');
    for (const format of ['json', 'csv']) expect((await runChem(['predict', 'CCO', '--format', format, '--db', broken])).code, format).toBe(0);
  });

  it('the terminal table ends with where the measured values are, when the database has some', async () => {
    const r = await runChem(['predict', 'CCO', '--format', 'table', '--prop', 'tb', '--db', db], { columns: 100 });
    const { comp } = JSON.parse((await runChem(['cid', ETHANOL, '--json', '--db', db])).stdout);
    const measured = new Set(Object.entries({ ...comp.fixed_props, ...comp.tpdep_props }).filter(([, ps]) => (ps as { calc?: boolean }[]).some((p) => !p.calc)).map(([k]) => k));
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe(`ethanol has measured values of ${measured.size} propert${measured.size > 1 ? 'ies' : 'y'} in the database: chem cid ${ETHANOL}`);
    // a structure the database does not hold: no such line
    const other = await runChem(['predict', 'CCCCCCCCCCCCCCCCCCCCCCO', '--format', 'table', '--prop', 'tb', '--db', db], { columns: 100 });
    expect(other.stdout).not.toMatch(/has measured values/);
  });
});
