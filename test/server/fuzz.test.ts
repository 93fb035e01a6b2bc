// 2 000 random paths and queries: the server must answer every one with JSON (the backend's body or
// an ErrorBody; the web page at `/` is HTML), never crash, and never answer 5xx except the spec's 500 for an invalid search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyStore } from '../../src/server/keys.js';
import { RateLimiter } from '../../src/server/limiter.js';
import { FakeBackend, COMPOUNDS, MIXTURES } from './fake-backend.js';
import { get, start, type Started } from './http.js';

const KEY = 'fuzz-key-0123456789';

// Deterministic PRNG (mulberry32), so a failure can be replayed from the seed.
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = 20260715;

describe('fuzzed requests', () => {
  const backend = new FakeBackend();
  let srv: Started;
  beforeAll(async () => (srv = await start({ backend, keys: new KeyStore([KEY]), limiter: new RateLimiter({ burst: 1e9 }) })));
  afterAll(() => srv.close());

  it('2 000 random paths and queries: no crash, JSON every time, no unexpected 5xx', async () => {
    const r = rng(SEED);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
    // printable ASCII (what an HTTP client may put in a request target), %-escapes valid and not
    const atom = () =>
      pick([
        () => String.fromCharCode(33 + Math.floor(r() * 94)),
        () => `%${Math.floor(r() * 256).toString(16).padStart(2, '0')}`,
        () => pick(['%', '%2', '%zz', '%C3%A9', '%E2%82%AC', '%F0%9F%A7%AA', '%00', '%2F', '%2e%2e', '..', '//', '?', '#', '&', '=']),
        () => pick(['C', 'c1ccccc1', '[NH4+]', 'C#N', '/', '\\', '@', '(', ')', '=', '+']),
      ])();
    const junk = (max: number) => Array.from({ length: Math.floor(r() * max) }, atom).join('');
    const ids = [...COMPOUNDS.map((c) => c.id), ...MIXTURES.map((m) => m.id), '27-471-5', '0-000-0', '1-2-3', '99999999999-999-9', '-1--1-1'];
    const query = () =>
      pick([
        '',
        `?q=${junk(12)}`,
        `?q=${pick(['ethanol', 'Benzol', 'e', 'water%20', 'C2H6O'])}${pick(['', '&p=1', '&p=2', '&p=3'])}`,
        `?q=${junk(8)}&p=${pick(['1', '2', '0', '-3', '1e9', '99999999999', 'NaN', junk(4)])}`,
        `?p=${junk(3)}`,
        `?q=a&q=b&p=1&p=2`,
        `?${junk(20)}`,
      ]);
    const path = () =>
      pick([
        () => `/api/v1/search${query()}`,
        () => `/api/v1/cid/${pick([pick(ids), junk(15)])}${pick(['', '/mixtures', '/mixtures/x', '/'])}${query()}`,
        () => `/api/v1/mid/${pick([pick(ids), junk(15)])}`,
        () => `/api/v1/convert/${pick(['name', 'smiles', 'inchi', 'inchikey', 'cid', junk(6)])}/${junk(30)}${query()}`,
        () => `/api/v1/predict/${junk(40)}`,
        () => `/api/v1/predict/${'C'.repeat(Math.floor(r() * 6000))}`,
        () => `/${junk(30)}`,
        () => `/api/v${junk(3)}/${junk(20)}`,
      ])();
    const auth = () => (r() < 0.9 ? KEY : pick([null, 'wrong', `${KEY}x`, '']));

    const unexpected: string[] = [];
    const N = 2000;
    const CONCURRENCY = 16;
    let next = 0;
    const worker = async () => {
      while (next < N) {
        next++;
        const p = path();
        const res = await get(srv.port, p, auth());
        // The web page (open: no key, no rate limit) is the one answer that is not JSON.
        const page = res.status === 200 && res.headers['content-type'] === 'text/html; charset=utf-8';
        const ok =
          (page ||
            (res.body !== undefined && res.headers['ratelimit-remaining'] !== undefined)) &&
          (res.status < 400 || (res.body.error?.status === res.status && typeof res.body.error.message === 'string')) &&
          (res.status < 500 || (res.status === 500 && /^invalid search request/.test(res.body.error.message)));
        if (!ok) unexpected.push(`${res.status} ${p} ${res.text.slice(0, 200)}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(unexpected).toEqual([]);
    expect(srv.logs.filter((l) => l.includes('"msg":"internal error"'))).toEqual([]);
    expect(srv.logs.length).toBeGreaterThanOrEqual(N);
    // still serving
    expect((await get(srv.port, `/api/v1/cid/${COMPOUNDS[0]!.id}`, KEY)).status).toBe(200);
  });
});
