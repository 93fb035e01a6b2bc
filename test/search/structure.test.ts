// Substructure and similarity search (issue 16) over the fixture database: the FragFp-screened
// search equals an atom-by-atom match over the whole table, hit lists counted by hand from the
// fixture's structures, ranking, paging, the `similarity` field, filters and text combined, bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChemError } from '../../src/api/errors.js';
import { openDb, type DB } from '../../src/local/store/schema.js';
import { SearchEngine } from '../../src/local/store/search/engine.js';
import { parseQuery } from '../../src/local/store/search/query.js';
import { substructureBruteForce } from '../../src/local/store/search/structure.js';
import { LocalBackend } from '../../src/local/backend.js';
import { KeyStore } from '../../src/server/keys.js';
import { RateLimiter } from '../../src/server/limiter.js';
import { runChem } from '../helpers.js';
import { enc, get, start } from '../server/http.js';
import { buildFixtureDb } from './fixture-db.js';

let dbPath: string;
let db: DB;
let engine: SearchEngine;
beforeAll(async () => {
  dbPath = await buildFixtureDb();
  db = openDb(dbPath, { readonly: true });
  engine = new SearchEngine(db);
}, 60_000);
afterAll(() => db?.close());

const names = async (q: string) => (await engine.search(q)).comps.map((c) => c.compound);
const sorted = (a: string[]) => [...a].sort();
const XYLENES = ['o-xylene', 'm-xylene', 'p-xylene'];
const ALANINES = ['D-alanine', 'DL-alanine', 'L-alanine'];

describe('query syntax', () => {
  it('sub: and sim: (default threshold 0.7) next to text and filters', () => {
    expect(parseQuery('sub:C(=O)[OH] tb<400')).toMatchObject({ structure: { kind: 'sub', pattern: 'C(=O)[OH]' }, terms: [], filters: [{ key: 'tb' }] });
    expect(parseQuery('sim:CC(=O)Oc1ccccc1C(=O)O>=0.5').structure).toEqual({ kind: 'sim', smiles: 'CC(=O)Oc1ccccc1C(=O)O', threshold: 0.5 });
    expect(parseQuery('sim:CCO').structure).toEqual({ kind: 'sim', smiles: 'CCO', threshold: 0.7 });
    expect(parseQuery('acid sub:C(=O)O').terms.map((t) => t.kind)).toContain('text');
  });

  it('a threshold outside 0..1, a bad number, an empty pattern or two structure terms are usage errors', () => {
    for (const q of ['sim:CCO>=1.5', 'sim:CCO>=-0.1', 'sim:CCO>=x', 'sim:CCO>=', 'sub:', 'sim:', 'sub:C sim:CCO', 'sub>C']) {
      expect(() => parseQuery(q), q).toThrow(ChemError);
      try {
        parseQuery(q);
      } catch (err) {
        expect((err as ChemError).status, q).toBe(400);
      }
    }
  });
});

describe('substructure search', () => {
  it('hit lists counted by hand from the fixture structures', async () => {
    // Benzene rings: benzene, benzene-d6, toluene, the three xylenes, ethylbenzene, benzoic acid, catechol.
    expect(sorted(await names('sub:c1ccccc1'))).toEqual(sorted(['benzene', 'benzene-d6', 'toluene', ...XYLENES, 'ethylbenzene', 'benzoic acid', 'catechol']));
    // Kekulé input finds the same aromatic rings.
    expect(sorted(await names('sub:C1=CC=CC=C1'))).toEqual(sorted(await names('sub:c1ccccc1')));
    // Carboxylic acids: benzoic acid and the three alanines (acetone and the ethers have no OH).
    expect(sorted(await names('sub:C(=O)[OH]'))).toEqual(sorted(['benzoic acid', ...ALANINES]));
    // Nitrogen: the alanines only.
    expect(sorted(await names('sub:N'))).toEqual(sorted(ALANINES));
    // A chain carbon on a benzene ring: toluene, xylenes, ethylbenzene, benzoic acid.
    expect(sorted(await names('sub:[C;!R]c1ccccc1'))).toEqual(sorted(['toluene', ...XYLENES, 'ethylbenzene', 'benzoic acid']));
    // Two ortho substituents: o-xylene and catechol.
    expect(sorted(await names('sub:[C,O]c1c([C,O])cccc1'))).toEqual(sorted(['o-xylene', 'catechol']));
  });

  it('the screened search equals an atom-by-atom match over the whole table', async () => {
    // C=C is also one of FragFp's key fragments, whose bit is set for aromatic rings too: the screen
    // alone would count benzene.
    for (const q of ['c1ccccc1', 'C(=O)[OH]', 'C', 'O', '[#6]', 'CC', 'C=O', 'C=C', '[OX2H]', 'N', 'cC', '[2H]', 'CO', 'COC', 'c1ccccc1O']) {
      const result = await engine.search(`sub:${q}`);
      const byOrd = substructureBruteForce(db, q);
      const ids = db.prepare('SELECT compound_id FROM search_rank WHERE ord = ?').pluck();
      expect(result.comps.map((c) => c.id), q).toEqual(byOrd.map((o) => ids.get(o)));
      expect(result.total, q).toBe(byOrd.length);
    }
  });

  it('ranked like every search (more data first), paged, with filters and text', async () => {
    const all = await names('sub:c1ccccc1');
    const small = new SearchEngine(db, 4);
    const p2 = await small.search('sub:c1ccccc1', 2);
    expect(p2.comps.map((c) => c.compound)).toEqual(all.slice(4, 8));
    expect(p2).toMatchObject({ total: all.length, range: [5, 8], prev_page: 1, next_page: 3 });
    // Benzene ring and boiling below 400 K: benzene (353 K), toluene (384 K).
    expect(sorted(await names('sub:c1ccccc1 tb<400'))).toEqual(['benzene', 'toluene']);
    expect(await names('xylene sub:c1ccccc1')).toEqual(expect.arrayContaining(XYLENES));
    expect(await names('alanine sub:c1ccccc1')).toEqual([]);
  });
});

describe('similarity search', () => {
  it('highest similarity first, each compound with its similarity; the threshold keeps the rest out', async () => {
    const r = await engine.search('sim:Cc1ccccc1>=0.3');
    expect(r.comps[0]).toMatchObject({ compound: 'toluene', similarity: 1 });
    const sims = r.comps.map((c) => c.similarity as number);
    expect(sims).toEqual([...sims].sort((a, b) => b - a));
    expect(sims.every((s) => s >= 0.3 && s <= 1)).toBe(true);
    expect(r.comps.map((c) => c.compound)).toEqual(expect.arrayContaining(['benzene', ...XYLENES]));
    const strict = await engine.search('sim:Cc1ccccc1');
    expect(strict.comps.every((c) => (c.similarity as number) >= 0.7)).toBe(true);
    expect(strict.total).toBeLessThan(r.total);
    expect((await engine.search('sim:Cc1ccccc1>=0.3 tb<390')).comps.map((c) => c.compound)).toEqual(expect.arrayContaining(['toluene', 'benzene']));
  });
});

describe('bad structures', () => {
  it('an invalid SMILES/SMARTS is a usage error naming the problem and its position', async () => {
    await expect(engine.search('sub:C1CC')).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/invalid SMILES\/SMARTS "C1CC".*position/) });
    await expect(engine.search('sim:C1CC')).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/invalid SMILES "C1CC"/) });
  });

  it('CLI: exit 2 with the message; hits as JSON with similarity', async () => {
    const bad = await runChem(['--db', dbPath, 'search', 'sub:C1CC']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/dangling ring closure/);
    const range = await runChem(['--db', dbPath, 'search', 'sim:CCO>=1.2']);
    expect(range.code).toBe(2);
    expect(range.stderr).toMatch(/threshold 1.2 out of range/);
    const ok = await runChem(['--db', dbPath, 'search', 'sim:CCO>=0.3', '--json']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout).comps[0]).toMatchObject({ compound: 'ethanol', similarity: 1 });
  });
});

describe('GET /search', () => {
  it('sub: and sim: through chem serve; an invalid pattern or threshold is the invalid-search 500', async () => {
    const backend = new LocalBackend({ dbPath, env: {}, notice: () => {} });
    const srv = await start({ backend, keys: new KeyStore(['k']), limiter: new RateLimiter({ burst: 1e9 }) });
    try {
      const sub = await get(srv.port, `/api/v1/search?q=${enc('sub:C(=O)[OH] tb<600')}`, 'k');
      expect(sub.status).toBe(200);
      expect(sub.body.comps.map((c: { compound: string }) => c.compound)).toEqual(['benzoic acid']);
      const sim = await get(srv.port, `/api/v1/search?q=${enc('sim:CCO>=0.3')}`, 'k');
      expect(sim.body.comps[0]).toMatchObject({ compound: 'ethanol', similarity: 1 });
      for (const q of ['sub:C1CC', 'sim:CCO>=7']) {
        const bad = await get(srv.port, `/api/v1/search?q=${enc(q)}`, 'k');
        expect(bad.status, q).toBe(500);
        expect(bad.body.error.message, q).toMatch(/^invalid search request: (invalid SMILES\/SMARTS "C1CC"|similarity threshold 7 out of range)/);
      }
    } finally {
      await srv.close();
    }
  });
});
