// The remote backend's pure parts: token bucket arithmetic, RateLimit / Retry-After parsing,
// loopback detection, message snippets and contract checks.
import { describe, expect, it } from 'vitest';
import { TokenBucket, parseRateLimit, parseRetryAfter } from '../../src/remote/rate-limit.js';
import { snippet } from '../../src/remote/client.js';
import { isLoopback } from '../../src/util/loopback.js';
import { checkCompound, checkConversion, checkPrediction, checkSearch, ShapeError } from '../../src/remote/check.js';
import { chooseBackend } from '../../src/cli/backend-factory.js';
import { resolveSettings } from '../../src/cli/config.js';
import { virtualClock } from './fault-server.js';

describe('token bucket (burst 30, 2/s)', () => {
  it('30 requests at once, then one every 0.5 s (no margin)', async () => {
    const clock = virtualClock();
    const b = new TokenBucket(30, 2, clock, 0);
    const t0 = clock.now();
    for (let i = 0; i < 30; i++) expect(await b.take()).toBe(0);
    expect(clock.now()).toBe(t0);
    for (let i = 1; i <= 10; i++) {
      await b.take();
      expect(clock.now() - t0).toBe(i * 500);
    }
  });

  it('concurrent takers queue: the 40th of 40 at once leaves after (40 - 30) / 2 = 5 s', async () => {
    const clock = virtualClock();
    const b = new TokenBucket(30, 2, clock, 0);
    const waited = await Promise.all(Array.from({ length: 40 }, () => b.take()));
    expect(Math.max(...waited)).toBe(5000);
    expect(waited.filter((w) => w === 0)).toHaveLength(30);
  });

  it('the safety margin delays paced requests by 250 ms but keeps the rate', async () => {
    const clock = virtualClock();
    const b = new TokenBucket(30, 2, clock);
    const t0 = clock.now();
    for (let i = 0; i < 30; i++) await b.take();
    const at: number[] = [];
    for (let i = 0; i < 4; i++) at.push((await b.take(), clock.now() - t0));
    expect(at).toEqual([750, 1250, 1750, 2250]);
  });

  it('refills over idle time but never above the burst', () => {
    const clock = virtualClock();
    const b = new TokenBucket(30, 2, clock);
    for (let i = 0; i < 30; i++) void b.take();
    clock.advance(3000);
    expect(b.available()).toBe(6);
    clock.advance(3_600_000);
    expect(b.available()).toBe(30);
  });

  it('pause(7): the next request leaves 7 s later, then the pace resumes', async () => {
    const clock = virtualClock();
    const b = new TokenBucket(30, 2, clock, 0);
    const t0 = clock.now();
    b.pause(7);
    await b.take();
    expect(clock.now() - t0).toBe(7000);
    await b.take();
    expect(clock.now() - t0).toBe(7500);
  });

  it('server headers only lower the bucket (remaining, smaller limit)', () => {
    const clock = virtualClock();
    const b = new TokenBucket(30, 2, clock);
    b.observe({ remaining: 12 });
    expect(b.available()).toBe(12);
    b.observe({ remaining: 25 });
    expect(b.available()).toBe(12);
    b.observe({ limit: 10 });
    clock.advance(60_000);
    expect(b.available()).toBe(10);
  });
});

describe('headers', () => {
  it('RateLimit in its three forms', () => {
    expect(parseRateLimit({ 'ratelimit-limit': '30', 'ratelimit-remaining': '17', 'ratelimit-reset': '7', 'ratelimit-policy': '30;w=15' })).toEqual({ limit: 30, remaining: 17, reset: 7 });
    expect(parseRateLimit({ ratelimit: 'limit=30, remaining=0, reset=4' })).toEqual({ limit: 30, remaining: 0, reset: 4 });
    expect(parseRateLimit({ ratelimit: '"default";r=12;t=3', 'ratelimit-policy': '"default";q=30;w=15' })).toEqual({ limit: 30, remaining: 12, reset: 3 });
    expect(parseRateLimit({ 'content-type': 'application/json' })).toBeUndefined();
    expect(parseRateLimit({ 'ratelimit-remaining': 'lots' })).toBeUndefined();
  });

  it('Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-07-20T12:00:00Z');
    expect(parseRetryAfter('5', now)).toBe(5);
    expect(parseRetryAfter('Mon, 20 Jul 2026 12:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Mon, 20 Jul 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});

describe('helpers', () => {
  it('loopback hosts', () => {
    for (const h of ['localhost', 'LocalHost', '127.0.0.1', '127.255.0.9', '[::1]', '::1', '[::ffff:7f00:1]', '::ffff:127.0.0.1']) expect(isLoopback(h), h).toBe(true);
    for (const h of ['0.0.0.0', '10.0.0.1', 'example.com', 'localhost.example.com', '128.0.0.1', '127.1', '[::ffff:7f00:1]x', '[::ffff:a00:1]']) expect(isLoopback(h), h).toBe(false);
  });

  it('snippets: one short line, no markup, no key', () => {
    expect(snippet('<html><head><style>a{}</style></head><body><h1>Bad\n Gateway</h1></body></html>')).toBe('Bad Gateway');
    expect(snippet('token sk-123 refused', 'sk-123')).toBe('token **** refused');
    expect(snippet('x'.repeat(500))).toHaveLength(120);
  });

  it('default backend: remote with a key, local without; explicit choices win', () => {
    const s = (env: Record<string, string>, file: Record<string, string> = {}) => resolveSettings(env, file);
    expect(chooseBackend({}, s({}))).toBe('local');
    expect(chooseBackend({}, s({ CHEM_API_KEY: 'k' }))).toBe('remote');
    expect(chooseBackend({}, s({}, { 'api-key': 'k' }))).toBe('remote');
    expect(chooseBackend({}, s({ CHEM_API_KEY: 'k', CHEM_BACKEND: 'local' }))).toBe('local');
    expect(chooseBackend({}, s({ CHEM_API_KEY: 'k' }, { backend: 'local' }))).toBe('local');
    expect(chooseBackend({ backend: 'remote' }, s({}, { backend: 'local' }))).toBe('remote');
  });
});

describe('contract checks', () => {
  const fail = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(ShapeError);
      return (e as Error).message;
    }
    throw new Error('no ShapeError');
  };

  it('search results: required fields, nullable pages, unknown fields kept', () => {
    const ok = { comps: [{ id: '1-2-3', compound: 'x', cas: '64-17-5', new_field: [1] }], next_page: null, prev_page: null, query: 'x', range: [1, 1], search_time: 0.1, suggestions: null, total: 1, took: 'extra' };
    expect(checkSearch(ok)).toBe(ok);
    expect(fail(() => checkSearch({ ...ok, next_page: '2' }))).toBe('body.next_page should be an integer, got string');
    expect(fail(() => checkSearch({ ...ok, comps: [{ id: 5, compound: 'x' }] }))).toBe('body.comps[0].id should be a string, got integer');
    expect(fail(() => checkSearch({ ...ok, range: [1] }))).toBe('body.range should be two integers');
    expect(fail(() => checkSearch([]))).toBe('body should be an object, got array');
    expect(fail(() => checkSearch(null))).toBe('body should be an object, got null');
  });

  it('compounds: data points need a numeric v and a source key', () => {
    const comp = { id: '1-2-3', compound: 'x', fixed_props: { tb: [{ v: 351.4, s: 'a' }] }, mw: null };
    expect(checkCompound({ comp }).comp.fixed_props!.tb![0]!.v).toBe(351.4);
    expect(fail(() => checkCompound({ comp: { ...comp, fixed_props: { tb: [{ v: '351.4', s: 'a' }] } } }))).toBe('body.comp.fixed_props.tb[0].v should be a number, got string');
    expect(fail(() => checkCompound({ comps: [] }))).toBe('body.comp is missing');
  });

  it('conversions and predictions', () => {
    expect(fail(() => checkConversion({ cid: '', inchi: '', inchikey: '', name: '' }))).toBe('body.smiles is missing');
    const pred = { info: { tb: { desc: 'd', sym: 's' } }, properties: { tdep: {}, fixed: {}, corr: {}, pdep: {}, allprops: ['tb'], descr: {} } };
    expect(checkPrediction(pred)).toBe(pred);
    expect(fail(() => checkPrediction({ ...pred, properties: { ...pred.properties, allprops: [1] } }))).toBe('body.properties.allprops should hold strings');
  });
});
