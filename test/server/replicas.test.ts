// Two `chem serve` processes sharing one real redis-server (Debian's package; the test is skipped
// with a message when it is not installed, or when the build is missing): the shared token
// bucket, replicas restarting, Redis going away under both failure modes, keys read from Redis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from 'redis';
import { buildFixtureDb } from '../search/fixture-db.js';
import { get } from './http.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HAS_REDIS = spawnSync('redis-server', ['--version']).status === 0;
const BUILT = existsSync(join(ROOT, 'dist/cli/main.js'));
const SKIP = !HAS_REDIS ? 'redis-server is not installed (apt-get install redis-server)' : !BUILT ? 'no build (npm run build)' : '';
if (SKIP) console.warn(`test/server/replicas.test.ts skipped: ${SKIP}`);

// A cheap answer from the fixture database, so that the requests of a burst arrive close together.
const SEARCH = '/api/v1/search?q=ethanol';
const KEYS = { burst: 'replica-key-burst-0001', restart: 'replica-key-restart-0002', outage: 'replica-key-outage-0003', warm: 'replica-key-warm-0004' };
const work = mkdtempSync(join(tmpdir(), 'chem-replicas-'));
const keyFile = join(work, 'keys');
let db = '';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const exited = (p: ChildProcess) => new Promise<void>((resolve) => (p.exitCode !== null || p.signalCode !== null ? resolve() : p.once('exit', () => resolve())));

let redisPort = 0;
let redis: ChildProcess | undefined;
async function startRedis(): Promise<void> {
  redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', work], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    redis!.stdout!.on('data', (d) => {
      out += d;
      if (/Ready to accept connections/.test(out)) resolve();
    });
    redis!.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${out.slice(-500)}`)));
  });
}
async function stopRedis(): Promise<void> {
  redis?.kill('SIGKILL');
  if (redis) await exited(redis);
  redis = undefined;
}

interface Replica {
  proc: ChildProcess;
  port: number;
  log: () => string;
  stop(): Promise<void>;
}

/** Starts `chem serve` on a free port; resolves once it listens. */
function replica(...extra: string[]): Promise<Replica> {
  const proc = spawn(process.execPath, ['bin/chem.js', 'serve', '--port', '0', '--redis', `redis://127.0.0.1:${redisPort}`, ...extra], {
    cwd: ROOT,
    env: { ...process.env, CHEM_DB: db, CHEM_BACKEND: 'local', CHEM_CONFIG_DIR: work, CHEM_REDIS_URL: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let text = '';
  proc.stderr!.on('data', (d) => (text += d));
  return new Promise((resolve, reject) => {
    const onData = () => {
      const m = /"msg":"chem: serving http:\/\/127\.0\.0\.1:(\d+)/.exec(text);
      if (!m) return;
      proc.stderr!.off('data', onData);
      resolve({
        proc,
        port: Number(m[1]),
        log: () => text,
        stop: async () => {
          proc.kill('SIGTERM');
          await exited(proc);
        },
      });
    };
    proc.stderr!.on('data', onData);
    proc.once('exit', (code) => reject(new Error(`chem serve exited with ${code}: ${text}`)));
  });
}

let a: Replica;
let b: Replica;

describe.skipIf(!!SKIP)('chem serve replicas sharing Redis', () => {
  beforeAll(async () => {
    db = await buildFixtureDb();
    writeFileSync(keyFile, Object.values(KEYS).join('\n') + '\n');
    redisPort = await freePort();
    await startRedis();
    [a, b] = await Promise.all([replica('--keys', keyFile), replica('--keys', keyFile)]);
    for (const r of [a, b]) expect((await get(r.port, SEARCH, KEYS.warm)).status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await stopRedis();
    rmSync(work, { recursive: true, force: true });
  });

  it('40 requests spread over both replicas: exactly 30 answers, each token taken once, then 429s', async () => {
    for (const r of [a, b]) expect((await get(r.port, '/readyz')).body).toEqual({ status: 'ready', checks: { redis: 'ok', database: 'ok' } });
    const t0 = Date.now();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => get((i % 2 ? b : a).port, SEARCH, KEYS.burst)));
    const seconds = (Date.now() - t0) / 1000;
    const ok = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status === 429);
    expect(ok.length + refused.length).toBe(40);
    // The bucket refills 2 tokens/s: a burst within half a second gets exactly 30; on a machine so
    // loaded that the burst is slower, the tokens refilled meanwhile may answer too (one bucket
    // per replica would answer all 40).
    const refilled = Math.floor(2 * seconds);
    console.log(`replicas: 40 requests in ${seconds.toFixed(2)} s: ${ok.length} answered, ${refused.length} refused`);
    if (refilled === 0) expect(ok).toHaveLength(30);
    else expect(ok.length).toBeLessThanOrEqual(30 + refilled);
    expect(ok.length).toBeGreaterThanOrEqual(30);
    // No token was handed out twice: Remaining is 29..0, each once (a refill would repeat values).
    const remaining = ok.map((r) => Number(r.headers['ratelimit-remaining']));
    if (refilled === 0) expect(remaining.sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    // Both replicas answered.
    for (const r of refused) {
      expect(r.headers['retry-after']).toBe('1');
      expect(r.headers['ratelimit-limit']).toBe('30');
      expect(r.headers['ratelimit-policy']).toBe('30;w=15');
    }
    const answeredBy = new Set(answers.flatMap((r, i) => (r.status === 200 ? [i % 2] : [])));
    expect(answeredBy.size).toBe(2);
  });

  it('a replica restarting keeps the buckets: they live in Redis', async () => {
    const burst = await Promise.all(Array.from({ length: 35 }, () => get(a.port, SEARCH, KEYS.restart)));
    expect(burst.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    const emptied = Date.now();
    await a.stop();
    a = await replica('--keys', keyFile);
    const after = await get(a.port, SEARCH, KEYS.restart);
    // Under a token left after the burst, plus what refilled since, minus this request: a bucket
    // lost with the process would be full (29 left).
    const refilled = Math.floor((2 * (Date.now() - emptied)) / 1000);
    console.log(`replicas: restart took ${((Date.now() - emptied) / 1000).toFixed(1)} s; RateLimit-Remaining ${after.headers['ratelimit-remaining']}`);
    expect(Number(after.headers['ratelimit-remaining'])).toBeLessThanOrEqual(refilled);
    if (refilled < 29) expect(Number(after.headers['ratelimit-remaining'])).toBeLessThan(29);
  }, 60_000);

  it('keys in Redis (--redis-keys): added and revoked for every replica without a file', async () => {
    const key = 'key-only-in-redis-0004';
    const digest = createHash('sha256').update(key).digest('hex');
    const c = await replica('--redis-keys');
    const client = createClient({ url: `redis://127.0.0.1:${redisPort}` });
    await client.connect();
    try {
      expect((await get(c.port, SEARCH, key)).status).toBe(403);
      await client.sAdd('chem:keys', digest);
      c.proc.kill('SIGHUP'); // re-read now instead of within 5 s
      await expect.poll(async () => (await get(c.port, SEARCH, key)).status, { timeout: 3000 }).toBe(200);
      await client.sRem('chem:keys', digest);
      c.proc.kill('SIGHUP');
      await expect.poll(async () => (await get(c.port, SEARCH, key)).status, { timeout: 3000 }).toBe(403);
      expect(c.log()).not.toContain(key);
    } finally {
      await client.close();
      await c.stop();
    }
  }, 30_000);

  it('Redis gone: closed (default) answers 503 and is not ready; open limits each replica alone; both recover', async () => {
    const open = await replica('--keys', keyFile, '--redis-failure', 'open');
    try {
      expect((await get(a.port, SEARCH, KEYS.outage)).status).toBe(200);
      await stopRedis();
      const closed = await get(a.port, SEARCH, KEYS.outage);
      expect(closed.status).toBe(503);
      expect(closed.headers['retry-after']).toBe('1');
      expect(closed.body.error.message).toMatch(/rate limiter unavailable/);
      expect((await get(a.port, '/healthz')).status).toBe(200);
      const notReady = await get(a.port, '/readyz');
      expect(notReady.status).toBe(503);
      expect(notReady.body.checks).toEqual({ redis: 'failing', database: 'ok' });

      // Open: this replica's own bucket, full (it never saw this key), with the usual headers.
      const alone = await get(open.port, SEARCH, KEYS.outage);
      expect(alone.status).toBe(200);
      expect(alone.headers['ratelimit-remaining']).toBe('29');

      await expect.poll(() => a.log(), { timeout: 3000 }).toMatch(/unreachable.*503 \(--redis-failure closed\)/);
      expect(open.log()).toMatch(/unreachable.*each replica limits on its own/);

      await startRedis();
      await expect.poll(async () => (await get(a.port, SEARCH, KEYS.outage)).status, { timeout: 10_000, interval: 200 }).toBe(200);
      expect(a.log()).toMatch(/reachable again/);
      expect((await get(a.port, '/readyz')).status).toBe(200);
    } finally {
      await open.stop();
    }
  }, 30_000);
});
