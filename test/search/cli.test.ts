// chem search and chem convert through the CLI on the fixture database: formats, paging flags,
// --all/--first, batch, notices and exit codes; convert in every direction between the five formats.
import { beforeAll, describe, expect, it } from 'vitest';
import { runChem } from '../helpers.js';
import { compoundIdFor } from '../../src/api/ids.js';
import { buildFixtureDb } from './fixture-db.js';

let dbPath: string;
beforeAll(async () => {
  dbPath = await buildFixtureDb();
}, 60_000);
const chem = (args: string[], opts: Parameters<typeof runChem>[1] = {}) => runChem(['--db', dbPath, ...args], opts);

describe('chem search', () => {
  it('JSON when piped: the v1 search result', async () => {
    const r = await chem(['search', 'benzene']);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout);
    expect(body.comps[0].compound).toBe('benzene');
    expect(body).toMatchObject({ total: 5, range: [1, 5], next_page: null, prev_page: null, query: 'benzene' });
  });

  it('words are joined into one query', async () => {
    const r = await chem(['search', 'wood', 'alcohol']);
    expect(JSON.parse(r.stdout).comps.map((c: { compound: string }) => c.compound)).toEqual(['methanol']);
  });

  it('table on a terminal, tb/tf in the chosen unit, page line on stderr', async () => {
    const r = await chem(['search', 'ethanol', '--temp', 'C'], { tty: true, columns: 160 });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/tb \(°C\)/);
    expect(r.stdout).toContain('78.22'); // 351.37 K - 273.15
    expect(r.stdout).toContain('64-17-5');
    expect(r.stderr).toContain('page 1 of 1, total 1');
  });

  it('--first prints the best hit only, e.g. as CSV', async () => {
    const r = await chem(['search', '--first', 'ethanol', '--format', 'csv']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\r\n');
    expect(lines[0]).toBe('id,name,formula,cas,mw,tb (K),tf (K)');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${compoundIdFor('LFQSCWFLJHTTHZ-UHFFFAOYSA-N')},ethanol,C2H6O,64-17-5,46\\.\\d+,351\\.37,159\\.1$`));
  });

  it('--first with no match: exit 3 and the suggestion', async () => {
    const r = await chem(['search', '--first', 'acetne']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('did you mean: acetone');
  });

  it('no match: the empty result and a notice with suggestions', async () => {
    const r = await chem(['search', 'etanol']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ comps: [], total: 0, range: [0, 0], suggestions: ['ethanol', 'methanol'] }); // 1 and 2 edits away
    expect(r.stderr).toContain('did you mean: ethanol, methanol?');
  });

  it('a wrong CAS check digit is said, with the corrected number', async () => {
    const r = await chem(['search', '64-17-4']);
    expect(r.stderr).toContain('check digit is wrong');
    expect(r.stderr).toContain('64-17-5');
    expect(JSON.parse(r.stdout).suggestions).toEqual(['64-17-5']);
  });

  it('--all streams every compound as NDJSON when piped', async () => {
    const r = await chem(['search', 'tb>0', '--all']);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(13);
    expect(lines.every((c) => typeof c.id === 'string' && typeof c.tb === 'number')).toBe(true);
    const asJson = await chem(['search', 'tb>0', '--all', '--json']);
    expect(JSON.parse(asJson.stdout)).toHaveLength(13);
  });

  it('--page past the end: empty page, prev_page pointing back', async () => {
    const r = await chem(['search', 'xylene', '--page', '2']);
    expect(JSON.parse(r.stdout)).toMatchObject({ comps: [], total: 5, range: [0, 0], next_page: null, prev_page: 1 });
    expect((await chem(['search', 'xylene', '--page', '0'])).code).toBe(2);
  });

  it('an unknown filter key is a usage error (exit 2) listing the valid keys', async () => {
    const r = await chem(['search', 'bp>300']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown search key "bp".*tb/);
  });

  it('batch: one row per query line, best hit', async () => {
    const r = await chem(['search', '-', '--format', 'csv'], { stdin: 'ethanol\nbp>1\n64-17-5\n' });
    const rows = r.stdout.trim().split('\r\n');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toMatch(/^ethanol,.*,ethanol,C2H6O/);
    expect(rows[2]).toMatch(/^bp>1,.*unknown search key/);
    expect(rows[3]).toMatch(/^64-17-5,.*,ethanol,/);
    expect(r.code).toBe(7);
  });

  it('a control character in a query: the invalid-query error (exit 2), an error row in a batch (exit 7)', async () => {
    const one = await chem(['search', 'etha\u0000nol']);
    expect(one).toMatchObject({ code: 2, stdout: '', stderr: 'chem: error: invalid search query "etha\\u0000nol": control character U+0000 at position 5\n' });
    const r = await chem(['search', '-', '--format', 'ndjson'], { stdin: 'etha\u0000nol\nethanol\n' });
    const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(rows[0].error.status).toBe(400);
    expect(rows[1].result).toBeDefined();
    expect(r.code).toBe(7);
  });
});

describe('chem convert from the database', () => {
  // smiles: RDKit's canonical SMILES (Python: Chem.MolToSmiles(Chem.MolFromSmiles(s)))
  const compounds = [
    { name: 'ethanol', smiles: 'CCO', inchi: 'InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3', inchikey: 'LFQSCWFLJHTTHZ-UHFFFAOYSA-N' },
    { name: 'L-alanine', smiles: 'C[C@H](N)C(=O)O', inchi: 'InChI=1S/C3H7NO2/c1-2(4)3(5)6/h2H,4H2,1H3,(H,5,6)/t2-/m0/s1', inchikey: 'QNAYBMKLOCPYGJ-REOHCLBHSA-N' },
    { name: 'benzoic acid', smiles: 'O=C(O)c1ccccc1', inchi: 'InChI=1S/C7H6O2/c8-7(9)6-4-2-1-3-5-6/h1-5H,(H,8,9)', inchikey: 'WPYMKLBDIGXBTP-UHFFFAOYSA-N' },
  ];
  for (const c of compounds) {
    const expected = { cid: compoundIdFor(c.inchikey), ...c };
    for (const from of ['name', 'smiles', 'inchi', 'inchikey', 'cid'] as const) {
      it(`${c.name}: from ${from}`, async () => {
        const value = from === 'cid' ? expected.cid : c[from];
        const r = await chem(['convert', from, value, '--json']);
        expect(r.code).toBe(0);
        expect(JSON.parse(r.stdout)).toEqual(expected);
        expect(r.stderr).toBe('');
      });
    }
  }

  it('a synonym, any case, and a differently written SMILES find the same compound', async () => {
    expect(JSON.parse((await chem(['convert', 'name', 'Grain Alcohol', '--json'])).stdout).name).toBe('ethanol');
    expect(JSON.parse((await chem(['convert', 'smiles', 'N[C@@H](C)C(=O)O', '--json'])).stdout).name).toBe('L-alanine');
  });

  it('a SMILES not in the database: computed identifiers, empty cid and name, a notice; --strict 404', async () => {
    const r = await chem(['convert', 'smiles', 'CCCCO', '--json']);
    expect(r.code).toBe(0);
    // 1-butanol, InChIKey from PubChem.
    expect(JSON.parse(r.stdout)).toMatchObject({ cid: '', name: '', inchikey: 'LRHPLDYGYMQRHN-UHFFFAOYSA-N' });
    expect(r.stderr).toContain('computed from the structure');
    expect((await chem(['convert', 'smiles', 'CCCCO', '--strict'])).code).toBe(3);
  });

  it('other formats not in the database are 404 (exit 3); a near name is suggested', async () => {
    const r = await chem(['convert', 'name', 'etanol']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('did you mean ethanol');
    expect((await chem(['convert', 'inchikey', 'LRHPLDYGYMQRHN-UHFFFAOYSA-N'])).code).toBe(3);
    expect((await chem(['convert', 'cid', '1-000-0'])).code).toBe(3);
  });
});
