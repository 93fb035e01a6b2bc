// /healthz, /readyz and /metrics: outside the API's key and rate limit; metrics for loopback
// clients or the metrics token only, never an API key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyStore } from '../../src/server/keys.js';
import { RateLimiter } from '../../src/server/limiter.js';
import { FakeBackend, byName } from './fake-backend.js';
import { get, start, type Started } from './http.js';

const KEY = 'ops-api-key-0123456789';
const TOKEN = 'ops-metrics-token-abcdef';
const ethanol = byName('Ethanol');

/** The value of one series in Prometheus text, e.g. `chem_rate_limited_total`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('health, readiness and metrics', () => {
  let redisUp = true;
  let srv: Started;
  beforeAll(async () => {
    srv = await start({
      backend: new FakeBackend(),
      keys: new KeyStore([KEY]),
      limiter: new RateLimiter({ burst: 2, now: () => 0 }),
      ready: { database: async () => {}, redis: async () => (redisUp ? undefined : Promise.reject(new Error('down'))) },
      metricsToken: TOKEN,
    });
  });
  afterAll(() => srv.close());

  it('/healthz and /readyz need no key and take no token from the bucket', async () => {
    for (let i = 0; i < 5; i++) expect((await get(srv.port, '/healthz')).body).toEqual({ status: 'ok' });
    const ready = await get(srv.port, '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });
    expect(ready.headers['ratelimit-limit']).toBeUndefined();
    redisUp = false;
    const notReady = await get(srv.port, '/readyz');
    expect(notReady.status).toBe(503);
    expect(notReady.body).toEqual({ status: 'not ready', checks: { database: 'ok', redis: 'failing' } });
    redisUp = true;
  });

  it('/metrics: loopback clients, or the metrics token; a proxied request or an API key is refused', async () => {
    const api = (await Promise.all([1, 2, 3].map(() => get(srv.port, `/api/v1/cid/${ethanol.id}`, KEY)))).map((r) => r.status).sort();
    expect(api).toEqual([200, 200, 429]); // burst 2 on a stopped clock

    const m = await get(srv.port, '/metrics');
    expect(m.status).toBe(200);
    expect(m.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(m.text, 'chem_http_requests_total{route="/api/v1/cid/:cid",status="200"}')).toBe(2);
    expect(sample(m.text, 'chem_http_requests_total{route="/api/v1/cid/:cid",status="429"}')).toBe(1);
    expect(sample(m.text, 'chem_rate_limited_total')).toBe(1);
    expect(sample(m.text, 'chem_http_request_duration_seconds_count{route="/api/v1/cid/:cid"}')).toBe(3);
    expect(sample(m.text, 'chem_http_requests_total{route="/healthz",status="200"}')).toBe(5);
    expect(m.text).toMatch(/^chem_remote_cache_total\{result="hit"\} \d+$/m);
    expect(m.text).toMatch(/^chem_process_cpu_seconds_total /m);

    const proxied = await get(srv.port, '/metrics', null, { 'x-forwarded-for': '203.0.113.9' });
    expect(proxied.status).toBe(403);
    expect(proxied.body.error.message).toMatch(/metrics token/);
    expect((await get(srv.port, '/metrics', KEY, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(403);
    expect((await get(srv.port, '/metrics', TOKEN, { forwarded: 'for=203.0.113.9' })).status).toBe(200);
  });
});

describe('behind a trusted proxy', () => {
  let srv: Started;
  beforeAll(async () => (srv = await start({ backend: new FakeBackend(), keys: new KeyStore([KEY]), limiter: new RateLimiter({ burst: 1, now: () => 0 }), trustProxy: ['127.0.0.1'] })));
  afterAll(() => srv.close());

  it('rate-limits keyless requests per forwarded client address; /metrics without a token stays closed to them', async () => {
    const from = (ip: string) => get(srv.port, `/api/v1/cid/${ethanol.id}`, null, { 'x-forwarded-for': ip });
    expect((await from('198.51.100.1')).status).toBe(403); // the one token: the key check refuses
    expect((await from('198.51.100.1')).status).toBe(429);
    expect((await from('198.51.100.2')).status).toBe(403); // another client, its own bucket
    const m = await get(srv.port, '/metrics', null, { 'x-forwarded-for': '198.51.100.1' });
    expect(m.status).toBe(403);
    expect(m.body.error.message).toMatch(/loopback clients only/);
  });
});
