// The remote backend against a fault-injecting server on loopback: retries, waits, error mapping,
// response checking, percent-encoding, the key guard, the cache and pagination.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChemError } from '../../src/api/errors.js';
import { RemoteBackend } from '../../src/remote/backend.js';
import { DiskCache, cacheKey } from '../../src/remote/cache.js';
import { KEY_MESSAGE, type ClientOptions } from '../../src/remote/client.js';
import { TokenBucket, realClock } from '../../src/remote/rate-limit.js';
import { startFaultServer, virtualClock, type FaultServer } from './fault-server.js';

const KEY = 'sk-test-3f9a1c77e2b04d5e';
let srv: FaultServer;
const open: RemoteBackend[] = [];

beforeAll(async () => {
  srv = await startFaultServer();
});
afterAll(() => srv.close());
afterEach(async () => {
  await Promise.all(open.splice(0).map((b) => b.close()));
  srv.seen.length = 0;
  srv.fallback = () => 'ok';
  srv.retryAfter = '1';
});

/** A backend on a virtual clock: waits are recorded, not slept. */
function backend(extra: Partial<ClientOptions> = {}) {
  const clock = virtualClock();
  const waits: { seconds: number; reason: string }[] = [];
  const b = new RemoteBackend({
    baseUrl: srv.base,
    apiKey: KEY,
    clock,
    random: () => 0.5,
    bodyTimeout: 300,
    onWait: (seconds, reason) => waits.push({ seconds, reason }),
    ...extra,
  });
  open.push(b);
  return { b, clock, waits };
}

async function failure(p: Promise<unknown>): Promise<ChemError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ChemError);
  return e as ChemError;
}

describe('retries and waits', () => {
  it('429 with Retry-After: waits exactly that long, then succeeds', async () => {
    const { b, clock, waits } = backend();
    srv.retryAfter = '7';
    srv.plan('ethanol', '429');
    const t0 = clock.now();
    const r = await b.convert('name', 'ethanol');
    expect(r.name).toBe('ethanol');
    expect(srv.seen.map((s) => s.fault)).toEqual(['429', 'ok']);
    expect(waits).toContainEqual({ seconds: 7, reason: 'server rate limit (HTTP 429)' });
    // The bucket was emptied for 7 s: the retry left no earlier than 7 virtual seconds later.
    expect(clock.now() - t0).toBeGreaterThanOrEqual(7000);
  });

  it('429 asking for longer than the bound fails at once with 429 (exit 5)', async () => {
    const { b } = backend();
    srv.retryAfter = '3600';
    srv.plan('ethanol', '429');
    const e = await failure(b.convert('name', 'ethanol'));
    expect(e.status).toBe(429);
    expect(e.exitCode).toBe(5);
    expect(e.retryAfter).toBe(3600);
    expect(srv.seen).toHaveLength(1);
  });

  it('500 then success: one retry after a backoff between half and all of the base delay', async () => {
    const { b, waits } = backend({ random: () => 0.999 });
    srv.plan('CCO', '500');
    expect((await b.predict('CCO')).properties.fixed.tb![0]!.v).toBe(340.1);
    expect(srv.seen.map((s) => s.fault)).toEqual(['500', 'ok']);
    expect(waits).toHaveLength(1);
    expect(waits[0]!.reason).toBe('HTTP 500, retry 1/4');
    expect(waits[0]!.seconds).toBeGreaterThanOrEqual(0.25);
    expect(waits[0]!.seconds).toBeLessThanOrEqual(0.5);
  });

  it('500 on /search is the spec\'s "request not valid": a usage error (exit 2), not retried', async () => {
    const { b, waits } = backend();
    srv.plan('tb:abc', '500');
    const e = await failure(b.search('tb:abc'));
    expect(e.status).toBe(400);
    expect(e.exitCode).toBe(2);
    expect(e.message).toMatch(/^invalid search request/);
    expect(srv.seen).toHaveLength(1);
    expect(waits).toHaveLength(0);
  });

  it('503 every time: 1 + 4 attempts, exponential backoff, then 503 (exit 6) with the page text', async () => {
    const { b, waits } = backend({ random: () => 0 });
    srv.fallback = () => '503';
    const e = await failure(b.search('benzene'));
    expect(srv.seen).toHaveLength(5);
    // equal jitter with random 0: half of 0.5, 1, 2, 4 s
    expect(waits.map((w) => w.seconds)).toEqual([0.25, 0.5, 1, 2]);
    expect(e.status).toBe(503);
    expect(e.exitCode).toBe(6);
    expect(e.message).toBe('service unavailable (HTTP 503): 503 Service Unavailable Back soon. (after 5 attempts)');
  });

  it('slow body: the body timeout fires and the request is retried', async () => {
    const { b, waits } = backend();
    srv.plan('1-2-3', 'slow');
    const t0 = Date.now();
    expect((await b.compound('1-2-3')).comp.id).toBe('1-2-3');
    expect(Date.now() - t0).toBeLessThan(1500);
    expect(srv.seen.map((s) => s.fault)).toEqual(['slow', 'ok']);
    expect(waits[0]!.reason).toBe('timed out reading the response, retry 1/4');
  });

  it('connection reset and a body cut short are retried', async () => {
    const { b } = backend();
    srv.plan('1-2-3', 'reset', 'cut');
    expect((await b.compound('1-2-3')).comp.compound).toBe('ethanol');
    expect(srv.seen.map((s) => s.fault)).toEqual(['reset', 'cut', 'ok']);
  });

  it('a server that never answers: 503 naming the cause, after the bounded attempts', async () => {
    const { b } = backend({ retries: 2 });
    srv.fallback = () => 'reset';
    const e = await failure(b.compound('1-2-3'));
    expect(e.status).toBe(503);
    expect(e.message).toMatch(/^cannot reach 127\.0\.0\.1:\d+: connection closed by the server \(after 3 attempts\)$/);
    expect(srv.seen).toHaveLength(3);
  });
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

describe('connection refused', () => {
  it('fails fast: one quick retry, no backoff, 503 (exit 6) with one clear line', async () => {
    const port = await closedPort();
    for (const host of ['127.0.0.1', 'localhost']) {
      const logs: string[] = [];
      const { b, clock, waits } = backend({ baseUrl: `http://${host}:${port}/api/v1`, log: (m) => logs.push(m) });
      const t0 = Date.now();
      const v0 = clock.now();
      const e = await failure(b.compound('27-471-9'));
      expect(e.status).toBe(503);
      expect(e.exitCode).toBe(6);
      expect(e.message).toBe(`cannot connect to ${host}:${port}: connection refused (is the service at http://${host}:${port}/api/v1 running? check base-url)`);
      expect(logs.filter((l) => l.includes('connection refused')).length).toBeLessThanOrEqual(2); // at most one retry
      expect(waits).toEqual([]); // nothing announced: no backoff
      expect(clock.now() - v0).toBeLessThanOrEqual(250);
      expect(Date.now() - t0).toBeLessThan(2000);
    }
  });
});

describe('error mapping and response checking', () => {
  it('403 → the one-line key message (exit 4); 404 → the server message (exit 3)', async () => {
    const { b } = backend();
    srv.plan('x', '403');
    const e403 = await failure(b.convert('name', 'x'));
    expect([e403.status, e403.exitCode, e403.message]).toEqual([403, 4, KEY_MESSAGE]);
    srv.plan('y', '404');
    const e404 = await failure(b.convert('name', 'y'));
    expect([e404.status, e404.exitCode, e404.message]).toEqual([404, 3, 'compound not found: y']);
    expect(srv.seen).toHaveLength(2); // neither is retried
  });

  it('truncated JSON, an HTML page, a wrong shape → 500 with one clear line, not retried', async () => {
    const { b } = backend();
    srv.plan('a', 'truncated');
    srv.plan('b', 'html');
    srv.plan('c', 'bad-shape');
    const [ea, eb, ec] = await Promise.all([failure(b.convert('name', 'a')), failure(b.convert('name', 'b')), failure(b.convert('name', 'c'))]);
    expect(ea.message).toBe('invalid response from 127.0.0.1:' + srv.port + ': truncated or malformed JSON instead of JSON (GET /api/v1/convert/name/a)');
    expect(eb.message).toBe('invalid response from 127.0.0.1:' + srv.port + ': an HTML page instead of JSON (GET /api/v1/convert/name/b)');
    expect(ec.message).toBe('unexpected response from 127.0.0.1:' + srv.port + ': body.cid is missing (GET /api/v1/convert/name/c)');
    for (const e of [ea, eb, ec]) expect([e.status, e.exitCode, e.message.includes('\n')]).toEqual([500, 1, false]);
    expect(srv.seen).toHaveLength(3);
  });

  it('unknown fields are kept', async () => {
    const { b } = backend();
    const r = await b.compound('1-2-3');
    expect(r.comp.future_field).toEqual({ kept: true });
    expect((await b.convert('smiles', 'CCO')).extra_field).toBe('smiles');
  });

  it('a key echoed back by a broken server is blanked out of the error message', async () => {
    const { b } = backend();
    srv.plan('z', 'echo');
    const e = await failure(b.convert('name', 'z'));
    expect([e.status, e.message]).toEqual([400, 'internal error while handling Authorization: Bearer ****']);
  });
});

describe('requests', () => {
  it('path values are percent-encoded and arrive intact; the key goes in the Bearer header', async () => {
    const { b } = backend();
    const values = ['C[C@@H](O)C(=O)O', 'InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3', 'a/b+c#d=e\\f%g h?i&j', 'caffeine'];
    for (const v of values) expect((await b.convert('smiles', v)).smiles).toBe(v);
    expect(srv.seen.map((s) => s.key)).toEqual(values);
    expect(srv.seen[1]!.url).toBe('/api/v1/convert/smiles/InChI%3D1S%2FC2H6O%2Fc1-2-3%2Fh3H%2C2H2%2C1H3');
    expect(srv.seen[2]!.url).toBe('/api/v1/convert/smiles/a%2Fb%2Bc%23d%3De%5Cf%25g%20h%3Fi%26j');
    expect(srv.seen.every((s) => s.auth === `Bearer ${KEY}`)).toBe(true);
    await b.search('a&p=9 #x');
    expect(srv.seen.at(-1)!.url).toBe('/api/v1/search?q=a%26p%3D9%20%23x');
  });

  it('never sends the key over plain http to a non-loopback host unless insecure', async () => {
    // 0.0.0.0 reaches this machine on Linux but is not a loopback address by name.
    const base = `http://0.0.0.0:${srv.port}/api/v1`;
    const e = await failure(backend({ baseUrl: base }).b.convert('name', 'x'));
    expect([e.status, e.message]).toEqual([400, `refusing to send the API key over plain http to 0.0.0.0:${srv.port}: use https, or --insecure if you must`]);
    expect(srv.seen).toHaveLength(0);
    expect((await backend({ baseUrl: base, insecure: true }).b.convert('name', 'x')).name).toBe('x');
    expect(srv.seen[0]!.auth).toBe(`Bearer ${KEY}`);
    // Without a key there is nothing to protect.
    expect((await backend({ baseUrl: base, apiKey: undefined }).b.convert('name', 'x')).name).toBe('x');
    expect(srv.seen[1]!.auth).toBeUndefined();
  });

  it('search pages: following next_page collects every hit once', async () => {
    const { b } = backend();
    const ids: string[] = [];
    let page: number | null = 1;
    while (page !== null) {
      const r = await b.search('benzene', page);
      ids.push(...r.comps.map((c) => c.id));
      page = r.next_page;
    }
    expect(ids).toHaveLength(250);
    expect(new Set(ids).size).toBe(250);
    expect(srv.seen.map((s) => s.url)).toEqual(['/api/v1/search?q=benzene&p=1', '/api/v1/search?q=benzene&p=2', '/api/v1/search?q=benzene&p=3']);
    await expect(b.search('benzene', 0)).rejects.toMatchObject({ status: 400 });
  });

  it('real time: concurrent requests are paced by the shared bucket (burst 5, 20/s → 25 requests ≥ 1 s)', async () => {
    const bucket = new TokenBucket(5, 20, realClock);
    const a = new RemoteBackend({ baseUrl: srv.base, apiKey: KEY, bucket });
    const c = new RemoteBackend({ baseUrl: srv.base, apiKey: KEY, bucket });
    open.push(a, c);
    await Promise.all(Array.from({ length: 25 }, (_, i) => (i % 2 ? a : c).convert('name', `n${i}`)));
    const times = srv.seen.map((s) => s.at).sort((x, y) => x - y);
    // 5 at once, then one per 50 ms: the 25th no sooner than 20 × 50 ms after the first.
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(950);
    expect(times[4]! - times[0]!).toBeLessThan(200);
  });
});

describe('cache', () => {
  it('serves repeats from disk for the TTL, then asks again; the key is in no file or name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chem-cache-'));
    try {
      const clock = virtualClock();
      const cache = new DiskCache(dir, clock);
      const b = new RemoteBackend({ baseUrl: srv.base, apiKey: KEY, clock, cache });
      open.push(b);
      await b.convert('smiles', 'CCO');
      await b.convert('smiles', 'CCO');
      await b.search('benzene');
      await b.search('benzene');
      expect(srv.seen).toHaveLength(2);
      clock.advance(3601 * 1000); // past the search TTL (1 h), within the record TTL (7 days)
      await b.search('benzene');
      await b.convert('smiles', 'CCO');
      expect(srv.seen).toHaveLength(3);
      clock.advance(7 * 24 * 3600 * 1000);
      await b.convert('smiles', 'CCO');
      expect(srv.seen).toHaveLength(4);
      const files = readdirSync(dir);
      expect(files).toHaveLength(2);
      for (const f of files) {
        expect(f).toMatch(/^[0-9a-f]{64}\.json$/);
        expect(readFileSync(join(dir, f), 'utf8')).not.toContain(KEY);
      }
      expect(await DiskCache.clear(dir)).toBe(2);
      expect(readdirSync(dir)).toHaveLength(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is keyed on method, URL and a hash of the key: an answer cached for key A is not served for key B', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chem-cache-'));
    try {
      const cache = new DiskCache(dir);
      const withKey = (apiKey?: string) => {
        const b = new RemoteBackend({ baseUrl: srv.base, apiKey, cache, retries: 0 });
        open.push(b);
        return b;
      };
      const a = withKey(KEY);
      await a.convert('smiles', 'CCO');
      await a.convert('smiles', 'CCO');
      expect(srv.seen).toHaveLength(1);
      // another key (wrong here) is not answered from A's entry: the server refuses it
      srv.plan('CCO', '403');
      const e = await failure(withKey('sk-wrong-0000000000').convert('smiles', 'CCO'));
      expect(e.status).toBe(403);
      expect(srv.seen.map((x) => x.auth)).toEqual([`Bearer ${KEY}`, 'Bearer sk-wrong-0000000000']);
      // nor is a request without a key
      await withKey(undefined).convert('smiles', 'CCO');
      expect(srv.seen).toHaveLength(3);
      // A's entry is still there for A
      await a.convert('smiles', 'CCO');
      expect(srv.seen).toHaveLength(3);
      const url = `${srv.base}/convert/smiles/CCO`;
      expect(readdirSync(dir).sort()).toEqual([cacheKey({ method: 'GET', url, apiKey: KEY }), cacheKey({ method: 'GET', url })].map((k) => `${k}.json`).sort());
      expect(cacheKey({ method: 'GET', url, apiKey: KEY })).not.toBe(cacheKey({ method: 'GET', url, apiKey: 'sk-wrong-0000000000' }));
      expect(cacheKey({ method: 'GET', url, apiKey: KEY })).not.toBe(cacheKey({ method: 'HEAD', url, apiKey: KEY }));
      for (const f of readdirSync(dir)) {
        const text = readFileSync(join(dir, f), 'utf8');
        expect(text).not.toContain(KEY);
        expect(text).not.toContain(createHash('sha256').update(KEY).digest('hex'));
      }
      // A revoked: once the server refuses A, nothing cached under A is served any more
      srv.plan('benzene', '403');
      expect((await failure(a.search('benzene'))).status).toBe(403);
      await a.convert('smiles', 'CCO');
      expect(srv.seen).toHaveLength(5);
      expect(readdirSync(dir)).toHaveLength(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('failed and malformed answers are not cached', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chem-cache-'));
    try {
      const b = new RemoteBackend({ baseUrl: srv.base, apiKey: KEY, cache: new DiskCache(dir), retries: 0 });
      open.push(b);
      srv.plan('q', 'html', '404', 'bad-shape');
      for (let i = 0; i < 3; i++) await expect(b.convert('name', 'q')).rejects.toBeInstanceOf(ChemError);
      expect(readdirSync(dir)).toHaveLength(0);
      await b.convert('name', 'q');
      expect(readdirSync(dir)).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
