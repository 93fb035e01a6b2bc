// Names the database does not hold, read by OPSIN (Java) when it is installed: the runner on its own, then
// `chem convert name` on the search fixture database. The tests with OPSIN run when Java and the jar are found
// (CHEM_OPSIN_JAR, else Debian's /usr/share/java/opsin.jar) and are skipped with a message otherwise; the
// not-installed path is tested with a jar that does not exist.
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalSmiles, parseSmiles } from '../../src/chem/molecule.js';
import { findOpsin, Opsin, opsinVersion } from '../../src/chem/opsin.js';
import { runChem } from '../helpers.js';
import { enc, get, serveLocal } from '../server/http.js';
import { buildFixtureDb } from '../search/fixture-db.js';

const setup = findOpsin(process.env, process.env.CHEM_OPSIN_JAR);
const installed = !('missing' in setup);
if (!installed) console.log(`OPSIN tests skipped: ${setup.missing} (install default-jre-headless and libopsin-java, or set CHEM_OPSIN_JAR)`);
const BOGUS = { CHEM_OPSIN_JAR: '/nonexistent/opsin.jar' };
const same = (a: string, b: string) => canonicalSmiles(parseSmiles(a)) === canonicalSmiles(parseSmiles(b));

let dbPath: string;
beforeAll(async () => {
  dbPath = await buildFixtureDb();
}, 60_000);
const chem = (args: string[], opts: Parameters<typeof runChem>[1] = {}) => runChem(['--db', dbPath, ...args], opts);

describe('finding OPSIN', () => {
  it('a jar that is not there, or no Java runtime, is a one-line reason', () => {
    expect(findOpsin({ PATH: process.env.PATH }, BOGUS.CHEM_OPSIN_JAR)).toEqual({ missing: 'no OPSIN jar at /nonexistent/opsin.jar' });
    if (installed) {
      expect(findOpsin({ PATH: '/nonexistent' }, setup.jar)).toEqual({ missing: 'no Java runtime on the PATH' });
      expect(findOpsin({ JAVA_HOME: '/nonexistent' }, setup.jar)).toEqual({ missing: 'no Java runtime in JAVA_HOME (/nonexistent)' });
    }
  });
});

describe.skipIf(!installed)('OPSIN runner', () => {
  it('reads the names asked together in one Java run, one answer each, empty for a name it cannot read', async () => {
    const opsin = new Opsin(setup as { java: string; jar: string });
    expect(opsinVersion((setup as { jar: string }).jar)).toMatch(/^\d+\.\d+\.\d+$/);
    expect(opsin.label).toMatch(/^OPSIN \d+\.\d+\.\d+$/);
    const names = ['2-methylpentan-3-ol', 'foobarium', 'ethyl 2-methoxyacetate', 'benzene'];
    const got = await Promise.all(names.map((n) => opsin.smiles(n)));
    expect(opsin.runs).toBe(1);
    expect(got[1]).toBe('');
    // the structures the names describe (IUPAC nomenclature)
    [['CC(C)C(O)CC', 0], ['COCC(=O)OCC', 2], ['c1ccccc1', 3]].forEach(([want, i]) => expect(same(got[i as number], want as string), names[i as number]).toBe(true));
  }, 60_000);
});

describe('chem convert name', () => {
  it('a name the database holds is answered from it, OPSIN or not (no Java started)', async () => {
    for (const env of [BOGUS, { PATH: '/nonexistent' }]) {
      const r = await chem(['convert', 'name', 'Grain Alcohol', '--json'], { env });
      expect(r.code).toBe(0);
      const body = JSON.parse(r.stdout);
      expect(body).toMatchObject({ name: 'ethanol', inchikey: 'LFQSCWFLJHTTHZ-UHFFFAOYSA-N' });
      expect(body).not.toHaveProperty('structure_from_name');
    }
  });

  it('another name without OPSIN: exit 3, one line saying how to install it', async () => {
    const r = await chem(['convert', 'name', '2-methylpentan-3-ol'], { env: BOGUS });
    expect(r.code).toBe(3);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^chem: error: no compound named "2-methylpentan-3-ol" in the database; to read other names, install Java and OPSIN \(Debian\/Ubuntu: apt install default-jre-headless libopsin-java;.*CHEM_OPSIN_JAR.*\(no OPSIN jar at \/nonexistent\/opsin\.jar\)$/m);
  });

  it.skipIf(!installed)('another name with OPSIN: its structure, marked structure_from_name, a notice; --strict and the server stay database-only', async () => {
    const r = await chem(['convert', 'name', '2-methylpentan-3-ol', '--json']);
    expect(r.code).toBe(0);
    // InChIKey of 2-methyl-3-pentanol from PubChem (CID 11264)
    expect(JSON.parse(r.stdout)).toMatchObject({ cid: '', name: '2-methylpentan-3-ol', inchikey: 'ISTJMQSHILQAEC-UHFFFAOYSA-N', structure_from_name: expect.stringMatching(/^OPSIN \d/) });
    expect(r.stderr).toMatch(/structure read from the name by OPSIN/);
    // a systematic name of a structure the database holds under other names: that record, marked
    const held = await chem(['convert', 'name', 'ethan-1-ol', '--json']);
    expect(JSON.parse(held.stdout)).toMatchObject({ cid: expect.stringMatching(/^\d+-\d+-\d$/), name: 'ethanol', inchikey: 'LFQSCWFLJHTTHZ-UHFFFAOYSA-N', structure_from_name: expect.stringMatching(/^OPSIN/) });
    const table = await chem(['convert', 'name', 'ethan-1-ol', '--format', 'table'], { columns: 120 });
    expect(table.stdout).toMatch(/^read by\s+OPSIN \S+ \(the database does not hold this name\)$/m);
    const unread = await chem(['convert', 'name', 'foobarium']);
    expect(unread.code).toBe(3);
    expect(unread.stderr).toMatch(/no compound named "foobarium" in the database, and OPSIN \S+ cannot read it/);
    expect((await chem(['convert', 'name', 'ethan-1-ol', '--strict'])).code).toBe(3);
    const srv = await serveLocal(dbPath, 'k', process.env);
    try {
      expect((await get(srv.port, `/api/v1/convert/name/${enc('ethan-1-ol')}`, 'k')).status).toBe(404);
    } finally {
      await srv.close();
    }
  }, 60_000);

  it.skipIf(!installed)('a batch: one row per line in order, the marked ones in the structure_from_name column', async () => {
    const input = 'ethanol\nethan-1-ol\nfoobarium\n2-methylpentan-3-ol\n';
    const csv = await chem(['convert', 'name', '-', '--format', 'csv'], { stdin: input });
    expect(csv.code).toBe(7);
    expect(csv.stdout.split('\r\n')[0]).toBe('input,cid,name,inchi,inchikey,smiles,structure_from_name,error');
    const r = await chem(['convert', 'name', '-', '--format', 'ndjson', '--fields', 'name,structure_from_name'], { stdin: input });
    expect(r.stdout.trim().split('\n').map((l) => JSON.parse(l))).toEqual([
      { input: 'ethanol', name: 'ethanol', structure_from_name: '' },
      { input: 'ethan-1-ol', name: 'ethanol', structure_from_name: expect.stringMatching(/^OPSIN/) },
      { input: 'foobarium', error: expect.objectContaining({ status: 404 }) },
      { input: '2-methylpentan-3-ol', name: '2-methylpentan-3-ol', structure_from_name: expect.stringMatching(/^OPSIN/) },
    ]);
  }, 60_000);
});
