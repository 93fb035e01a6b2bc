// Every v1 endpoint over real HTTP on an ephemeral loopback port, against the fixture backend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChemError } from '../../src/api/errors.js';
import { KeyStore } from '../../src/server/keys.js';
import { RateLimiter } from '../../src/server/limiter.js';
import { FakeBackend, MIXTURES, byName } from './fake-backend.js';
import { enc, get, start, type Response, type Started } from './http.js';

const KEY = 'key-alpha-0123456789';
const OTHER = 'key-beta-9876543210';
const keys = () => new KeyStore([KEY, OTHER]);
const plenty = () => new RateLimiter({ burst: 1e9 });

const ethanol = byName('Ethanol');
const benzene = byName('Benzene');

function expectError(res: Response, status: number, message?: RegExp) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ error: { status, message: expect.any(String) } });
  if (message) expect(res.body.error.message).toMatch(message);
  expect(res.text).not.toMatch(/\n\s+at /); // no stack trace
}

describe('v1 endpoints', () => {
  const backend = new FakeBackend();
  let srv: Started;
  beforeAll(async () => (srv = await start({ backend, keys: keys(), limiter: plenty() })));
  afterAll(() => srv.close());
  const call = (path: string, key: string | null = KEY) => get(srv.port, `/api/v1${path}`, key);

  it('GET /search: the backend SearchResult, pages from 1', async () => {
    const res = await call('/search?q=ethanol');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual(await new FakeBackend().search('ethanol', 1));
    expect(res.body.comps[0].cas).toBe('64-17-5');
    // "e" is in all four fixture names (Ethanol, Benzene, Acetic acid, Water), 2 per page
    const p2 = await call('/search?q=e&p=2');
    expect(p2.body.total).toBe(4);
    expect(p2.body.range).toEqual([3, 4]);
    expect(p2.body.prev_page).toBe(1);
    expect(p2.body.next_page).toBeNull();
    expect(backend.calls.at(-1)).toEqual({ method: 'search', args: ['e', 2] });
    const none = await call('/search?q=zzzz');
    expect(none.body).toMatchObject({ comps: [], total: 0, range: [0, 0], next_page: null, prev_page: null });
  });

  it('GET /search: q with spaces, + and & arrives decoded', async () => {
    await call(`/search?q=${enc('ethyl alcohol & C2H6O+x')}`);
    expect(backend.calls.at(-1)!.args[0]).toBe('ethyl alcohol & C2H6O+x');
  });

  it('GET /search: every invalid request is 500 (spec 4.6, part 7), bad p and a bad query included', async () => {
    expectError(await call('/search'), 500, /invalid search request/);
    expectError(await call('/search?q='), 500, /invalid search request/);
    expectError(await call('/search?q=a&q=b'), 500, /invalid search request/);
    for (const p of ['0', '-1', '1.5', 'x', '1e3', '9999999999', '']) {
      expectError(await call(`/search?q=ethanol&p=${p}`), 500, /invalid search request: p must be a whole number/);
    }
    expectError(await call('/search?q=ethanol&p=1&p=2'), 500);
    backend.failWith = new ChemError(400, 'unknown property key "xx"');
    expectError(await call('/search?q=xx:1..2'), 500, /invalid search request: unknown property key "xx"/);
    backend.failWith = null;
  });

  it('GET /cid/{cid}: {comp}, 404 unknown (any well-formed id); any other word is a compound\'s CAS, InChIKey, SMILES or name', async () => {
    const res = await call(`/cid/${ethanol.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ comp: ethanol });
    expect(res.body.comp.fixed_props.tb[0].v).toBe(351.44);
    // a well-formed id (valid check digit) of no stored compound
    const unknown = (await import('../../src/api/ids.js')).compoundIdFor('NOT-IN-THE-FIXTURE');
    expectError(await call(`/cid/${unknown}`), 404, /no compound/);
    // the hosted service's ids (no check digit of ours) are well-formed: unknown here, not malformed
    for (const id of ['27-471-9', '34-125-5', '27-471-0', '885445551-231-9']) expectError(await call(`/cid/${id}`), 404, /no compound/);
    expectError(await call('/cid/27-471-9/mixtures'), 404, /no compound/);
    for (const word of ['abc', '27-471', '27-471-x', '27-471-99', '-27-471-9', '27--471-9']) {
      expectError(await call(`/cid/${word}`), 404, /no compound named/);
    }
    // a name: the record, through the search (resolve.ts)
    expect((await call('/cid/Ethanol')).body).toEqual({ comp: ethanol });
  });

  it('GET /cid/{cid}/mixtures and /mid/{mid}', async () => {
    const list = await call(`/cid/${ethanol.id}/mixtures`);
    expect(list.status).toBe(200);
    expect(list.body.cid).toBe(ethanol.id);
    expect(list.body.mixtures).toHaveLength(1);
    expect(list.body.mixtures[0].components).toEqual([{ cid: byName('Water').id, name: 'Water' }]);
    expect((await call(`/cid/${benzene.id}/mixtures`)).body).toEqual({ cid: benzene.id, mixtures: [] });
    expectError(await call('/cid/1-2/mixtures'), 404, /no compound named "1-2"/);
    expect((await call('/cid/ethanol/mixtures')).body.cid).toBe(ethanol.id);

    const mix = await call(`/mid/${MIXTURES[0]!.id}`);
    expect(mix.status).toBe(200);
    expect(mix.body.mix.components.map((c: { name: string }) => c.name)).toEqual(['Ethanol', 'Water']);
    expectError(await call(`/mid/${ethanol.id}`), 400, /malformed mixture id/);
    const unknown = (await import('../../src/api/ids.js')).mixtureIdFor('NONE');
    expectError(await call(`/mid/${unknown}`), 404);
    expectError(await call('/mid/11-713-h'), 404); // the hosted form
    expectError(await call('/mid/11-713-H'), 400, /malformed mixture id/);
  });

  it('GET /convert/{fromfmt}/{compound}: strict, every format, 404 otherwise', async () => {
    const want = { cid: ethanol.id, inchi: ethanol.inchi, inchikey: ethanol.inchikey, name: 'Ethanol', smiles: 'CCO' };
    for (const [fmt, v] of [['name', 'Ethanol'], ['name', 'Ethyl alcohol'], ['smiles', 'CCO'], ['inchi', ethanol.inchi!], ['inchikey', ethanol.inchikey!], ['cid', ethanol.id]]) {
      const res = await call(`/convert/${fmt}/${enc(v!)}`);
      expect(res.status, `${fmt} ${v}`).toBe(200);
      expect(res.body).toEqual(want);
      expect(backend.calls.at(-1)).toEqual({ method: 'convert', args: [fmt, v, { strict: true }] });
    }
    expectError(await call('/convert/smiles/CCCCCCCCCCCCCCCCCCCC'), 404, /not found/);
    expectError(await call('/convert/formula/C2H6O'), 404, /cannot convert from "formula"/);
    expectError(await call('/convert/smiles/'), 404);
    // An InChI sent without encoding its slashes still arrives whole
    expect((await call(`/convert/inchi/${ethanol.inchi!.replace(/=/g, '%3D')}`)).body).toEqual(want);
  });

  it('GET /predict/{smiles}: the backend PredictionResult, 404 when no compound', async () => {
    const res = await call(`/predict/${enc('CC(=O)O')}`);
    expect(res.status).toBe(200);
    expect(res.body.properties.descr.mol_mw).toBe(60.052);
    expectError(await call(`/predict/${enc('C1CC')}`), 404, /no compound can be generated/);
    expectError(await call('/predict/'), 404);
  });

  it('percent-encoded SMILES with / # + \\ % and spaces round-trip to the backend', async () => {
    for (const smiles of ['C/C=C/C', 'C#N', '[NH4+]', 'F/C=C\\F', 'CC(=O)O%', 'C%12CC%12', 'N[C@@H](C)C(=O)O', 'a b?c&d=e']) {
      await call(`/predict/${enc(smiles)}`);
      expect(backend.calls.at(-1)).toEqual({ method: 'predict', args: [smiles] });
      await call(`/convert/smiles/${enc(smiles)}`);
      expect(backend.calls.at(-1)!.args[1]).toBe(smiles);
    }
    // Unencoded slashes (a careless client) are kept too
    await call('/predict/F/C=C/F');
    expect(backend.calls.at(-1)!.args).toEqual(['F/C=C/F']);
  });

  it('unknown endpoints and methods are 404 with the error body; broken encoding is 400', async () => {
    expectError(await call('/nope'), 404, /no such endpoint/);
    expectError(await get(srv.port, '/nope'), 403); // auth comes first, everywhere but the web page (test/ui)
    expectError(await get(srv.port, '/nope', KEY), 404);
    expectError(await call('/cid'), 404);
    expectError(await call('/predict/%zz'), 400);
  });

  it('403 for a missing, invalid or malformed key; the key is never echoed or logged', async () => {
    expectError(await call(`/cid/${ethanol.id}`, null), 403, /missing API key/);
    expectError(await call(`/cid/${ethanol.id}`, 'wrong-key-SECRET'), 403, /invalid API key/);
    expectError(await get(srv.port, `/api/v1/cid/${ethanol.id}`, null, { authorization: `Basic ${KEY}` }), 403);
    expectError(await get(srv.port, `/api/v1/cid/${ethanol.id}`, null, { authorization: `Bearer ${KEY} extra` }), 403);
    expect((await get(srv.port, `/api/v1/cid/${ethanol.id}`, null, { authorization: `bearer   ${KEY}` })).status).toBe(200);
    const logged = srv.logs.join('\n');
    expect(logged).not.toContain(KEY);
    expect(logged).not.toContain('SECRET');
  });

  it('logs one JSON line per request: request id, method, path, status, ms, client (no query string, no key)', async () => {
    srv.logs.length = 0;
    const res = await call(`/search?q=${enc('secret query')}`);
    await get(srv.port, '/api/v1/nope', KEY, { 'x-request-id': 'proxy-id-42' });
    expect(srv.logs).toHaveLength(2);
    const [a, b] = srv.logs.map((l) => JSON.parse(l));
    expect(a).toMatchObject({ msg: 'request', method: 'GET', path: '/api/v1/search', status: 200, ms: expect.any(Number), reqId: res.headers['x-request-id'] });
    expect(a.client).toMatch(/^key:[0-9a-f]{24}$/);
    expect(b).toMatchObject({ msg: 'request', path: '/api/v1/nope', status: 404, reqId: 'proxy-id-42' });
    expect(srv.logs.join('\n')).not.toMatch(/secret query|secret%20query/);
  });

  it('414 for an overlong request target', async () => {
    expectError(await call(`/predict/${'C'.repeat(5000)}`), 414, /longer than 4096/);
    expect((await call(`/predict/${'C'.repeat(3000)}`)).status).toBe(404); // long but accepted
  });
});

describe('rate limits (spec part 8)', () => {
  let t = 5_000_000;
  const limiter = new RateLimiter({ now: () => t });
  let srv: Started;
  beforeAll(async () => (srv = await start({ backend: new FakeBackend(), keys: keys(), limiter })));
  afterAll(() => srv.close());

  it('headers count down on every response; the 31st request of a key is 429 with Retry-After', async () => {
    const path = `/api/v1/cid/${ethanol.id}`;
    for (let i = 1; i <= 30; i++) {
      const res = await get(srv.port, i % 10 === 0 ? '/api/v1/nope' : path, KEY); // 404s count and carry headers too
      expect(res.status).toBe(i % 10 === 0 ? 404 : 200);
      expect(res.headers['ratelimit-limit']).toBe('30');
      expect(res.headers['ratelimit-remaining']).toBe(String(30 - i));
      expect(res.headers['ratelimit-reset']).toBe(String(Math.ceil(i / 2)));
      expect(res.headers['ratelimit-policy']).toBe('30;w=15');
      expect(res.headers['retry-after']).toBeUndefined();
    }
    const over = await get(srv.port, path, KEY);
    expectError(over, 429, /rate limit exceeded/);
    expect(over.headers['retry-after']).toBe('1');
    expect(over.headers['ratelimit-remaining']).toBe('0');

    const other = await get(srv.port, path, OTHER);
    expect(other.status).toBe(200);
    expect(other.headers['ratelimit-remaining']).toBe('29');

    t += 500; // one token back at 2/s
    expect((await get(srv.port, path, KEY)).status).toBe(200);
    expect((await get(srv.port, path, KEY)).status).toBe(429);
    t += 15_000; // full again
    expect((await get(srv.port, path, KEY)).headers['ratelimit-remaining']).toBe('29');
  });

  it('requests without a valid key are limited per address, so guessing keys is slow', async () => {
    t += 60_000;
    for (let i = 0; i < 30; i++) expect((await get(srv.port, '/api/v1/search?q=x', `guess-${i}`)).status).toBe(403);
    const res = await get(srv.port, '/api/v1/search?q=x', 'guess-31');
    expectError(res, 429);
    expect(res.headers['retry-after']).toBe('1');
    expect((await get(srv.port, '/api/v1/search?q=x', KEY)).status).toBe(200);
  });
});

describe('backend failures, timeouts and concurrency', () => {
  const backend = new FakeBackend();
  let srv: Started;
  beforeAll(async () => (srv = await start({ backend, keys: keys(), limiter: plenty(), requestTimeoutMs: 300, maxConcurrent: 2 })));
  afterAll(() => srv.close());
  const call = (path: string) => get(srv.port, `/api/v1${path}`, KEY);

  it('passes the backend status on: 503 database unavailable (with Retry-After), 500 server error', async () => {
    backend.failWith = new ChemError(503, 'search needs the local database (run "chem db build")');
    const res = await call('/search?q=ethanol');
    expectError(res, 503, /needs the local database/);
    expect(res.headers['retry-after']).toBe('1');
    backend.failWith = new ChemError(500, 'disk I/O error');
    expectError(await call(`/cid/${ethanol.id}`), 500, /disk I\/O error/);
    backend.failWith = null;
  });

  it('an unexpected exception is a bare 500: no message, no stack; the detail goes to the log', async () => {
    backend.failWith = new TypeError("Cannot read properties of undefined (reading 'x') at /srv/app/secret/path.js");
    const res = await call(`/cid/${ethanol.id}`);
    backend.failWith = null;
    expectError(res, 500, /^internal server error/);
    expect(res.text).not.toContain('secret/path');
    expect(srv.logs.some((l) => l.includes('"msg":"internal error"') && l.includes('"path":"/api/v1/cid/') && l.includes('secret/path'))).toBe(true);
  });

  it('503 when a backend call exceeds the request time', async () => {
    backend.delayMs = 600;
    expectError(await call(`/cid/${ethanol.id}`), 503, /longer than 0.3 s/); // the backend would have said 200
    backend.delayMs = 0;
    await new Promise((r) => setTimeout(r, 400)); // let the slow call release its slot
  });

  it('503 at once when the concurrent calls are saturated; served again afterwards', async () => {
    backend.delayMs = 150;
    const results = await Promise.all([1, 2, 3, 4].map(() => call(`/cid/${ethanol.id}`)));
    backend.delayMs = 0;
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 503, 503]);
    expect(results.find((r) => r.status === 503)!.body.error.message).toMatch(/busy/);
    expect((await call(`/cid/${ethanol.id}`)).status).toBe(200);
  });
});

describe('--no-auth mode (keys: null)', () => {
  let srv: Started;
  beforeAll(async () => (srv = await start({ backend: new FakeBackend(), keys: null })));
  afterAll(() => srv.close());

  it('serves without a key, still rate-limited per address', async () => {
    const res = await get(srv.port, `/api/v1/cid/${ethanol.id}`);
    expect(res.status).toBe(200);
    expect(res.headers['ratelimit-remaining']).toBe('29');
  });
});
