// Cacheable answers: every 200 carries a weak ETag and Cache-Control: private; If-None-Match gets
// 304 after the key check and the rate limit; the remote backend's disk cache revalidates an
// expired entry with it instead of fetching the body again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KeyStore } from '../../src/server/keys.js';
import { RateLimiter } from '../../src/server/limiter.js';
import { DiskCache, cacheCounts } from '../../src/remote/cache.js';
import { RemoteBackend, TTL } from '../../src/remote/backend.js';
import { virtualClock } from '../remote/fault-server.js';
import { FakeBackend, byName } from './fake-backend.js';
import { get, requestLines, start, type Started } from './http.js';

const KEY = 'etag-key-0123456789';
const ethanol = byName('Ethanol');
const PATH = `/api/v1/cid/${ethanol.id}`;

describe.each([
  { name: 'with a build id: 304 before the backend is asked', buildId: 'build-1' as string | undefined },
  { name: 'without one: the ETag hashes the body', buildId: undefined },
])('ETag and 304, $name', ({ buildId }) => {
  const backend = new FakeBackend();
  let srv: Started;
  // A stopped clock: the bucket only goes down, so its level counts the requests.
  beforeAll(async () => (srv = await start({ backend, keys: new KeyStore([KEY]), limiter: new RateLimiter({ now: () => 0 }), buildId: () => buildId, maxAge: 600 })));
  afterAll(() => srv.close());

  it('every 200 has ETag and Cache-Control; If-None-Match gets 304 with no body, still counted', async () => {
    const first = await get(srv.port, PATH, KEY);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('private, max-age=600');
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect((await get(srv.port, PATH, KEY)).headers.etag).toBe(etag);
    expect((await get(srv.port, `/api/v1/cid/${byName('Benzene').id}`, KEY)).headers.etag).not.toBe(etag);

    const calls = backend.calls.length;
    const again = await get(srv.port, PATH, KEY, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('private, max-age=600');
    // Counted: the bucket went down by one more (30 - 4 requests so far).
    expect(again.headers['ratelimit-remaining']).toBe('26');
    expect(backend.calls.length).toBe(buildId ? calls : calls + 1);
    expect(requestLines(srv.logs).at(-1)).toMatchObject({ status: 304, path: PATH });

    expect((await get(srv.port, PATH, KEY, { 'if-none-match': `"other", ${etag.slice(2)}` })).status).toBe(304);
    expect((await get(srv.port, PATH, KEY, { 'if-none-match': '"something-else"' })).status).toBe(200);
    // `*` is not taken: it would answer 304 for an id the backend does not hold.
    expect((await get(srv.port, '/api/v1/cid/1-1-1', KEY, { 'if-none-match': '*' })).status).toBe(404);
  });

  it('If-None-Match does not get past the key check, and errors carry no ETag', async () => {
    const etag = (await get(srv.port, PATH, KEY)).headers.etag!;
    const refused = await get(srv.port, PATH, 'wrong-key', { 'if-none-match': etag });
    expect(refused.status).toBe(403);
    expect(refused.headers.etag).toBeUndefined();
    const missing = await get(srv.port, '/api/v1/cid/1-1-1', KEY);
    expect(missing.status).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.headers['cache-control']).toBeUndefined();
  });
});

describe('the remote backend revalidates its cache against chem serve', () => {
  const backend = new FakeBackend();
  let srv: Started;
  const dir = mkdtempSync(join(tmpdir(), 'chem-revalidate-'));
  beforeAll(async () => (srv = await start({ backend, keys: new KeyStore([KEY]), limiter: new RateLimiter({ burst: 1e9 }), buildId: () => 'build-1' })));
  afterAll(async () => {
    await srv.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('an expired entry is revalidated (304, the body kept, a new lifetime), not fetched again', async () => {
    const clock = virtualClock();
    const remote = new RemoteBackend({ baseUrl: `http://127.0.0.1:${srv.port}/api/v1`, apiKey: KEY, clock, cache: new DiskCache(dir, clock) });
    try {
      const before = { ...cacheCounts };
      const first = await remote.compound(ethanol.id);
      await remote.compound(ethanol.id); // fresh: from disk
      clock.advance((TTL.record + 1) * 1000);
      const revalidated = await remote.compound(ethanol.id);
      await remote.compound(ethanol.id); // fresh again after the 304
      expect(revalidated).toEqual(first);
      expect(requestLines(srv.logs).filter((l) => l.path === PATH).map((l) => l.status)).toEqual([200, 304]);
      expect(backend.calls.filter((c) => c.method === 'compound')).toHaveLength(1);
      expect({ hit: cacheCounts.hit - before.hit, revalidated: cacheCounts.revalidated - before.revalidated, miss: cacheCounts.miss - before.miss }).toEqual({ hit: 2, revalidated: 1, miss: 1 });
    } finally {
      await remote.close();
    }
  });
});
