// `chem serve` as a command: option checks, the --no-auth warning, SIGHUP key reload and graceful
// shutdown, with an EventEmitter standing in for the process's signals.
import { describe, expect, it } from 'vitest';
import { EventEmitter } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Context } from '../../src/cli/context.js';
import { runServe } from '../../src/cli/commands/serve.js';
import { isLoopback } from '../../src/util/loopback.js';
import { FakeBackend, byName } from './fake-backend.js';
import { get } from './http.js';
import { runChem, testContext } from '../helpers.js';

const fakeContext = () => testContext({ backend: new FakeBackend() });

const serve = (ctx: Context, opts: { host?: string; port?: number; keys?: string; auth?: boolean }, signals = new EventEmitter()) =>
  new Promise<{ url: string; done: Promise<number>; signals: EventEmitter }>((resolve, reject) => {
    const done = runServe(ctx, { host: '127.0.0.1', port: 0, auth: true, ...opts }, signals, (url) => resolve({ url, done, signals }));
    done.catch(reject);
  });

const cid = byName('Ethanol').id;
const port = (url: string) => Number(new URL(url).port);

describe('chem serve', () => {
  it('knows loopback addresses', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1']) expect(isLoopback(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'example.org', '128.0.0.1']) expect(isLoopback(h), h).toBe(false);
  });

  it('refuses --no-auth on a non-loopback address, and no keys without --no-auth', async () => {
    const { ctx } = fakeContext();
    await expect(runServe(ctx, { host: '0.0.0.0', port: 0, auth: false })).rejects.toMatchObject({ status: 400, message: /loopback/ });
    await expect(runServe(ctx, { host: '127.0.0.1', port: 0, auth: true })).rejects.toMatchObject({ status: 400, message: /--keys FILE/ });
    await expect(runServe(ctx, { host: '127.0.0.1', port: 0, auth: true, keys: '/nonexistent/keys' })).rejects.toMatchObject({ status: 400 });
    const badPort = await runChem(['serve', '--port', '99999', '--keys', 'x']);
    expect([badPort.code, badPort.stderr]).toEqual([2, "error: option '--port <port>' argument '99999' is invalid. expected 0..65535\n"]);
    await expect(runServe(ctx, { host: '127.0.0.1', port: 0, auth: false, redis: 'http://localhost:6379' })).rejects.toMatchObject({ status: 400, message: /invalid --redis URL/ });
    await expect(runServe(ctx, { host: '127.0.0.1', port: 0, auth: false, redisKeys: true })).rejects.toMatchObject({ status: 400, message: /--redis-keys needs/ });
  });

  it('--no-auth on loopback warns loudly and serves without a key', async () => {
    const { ctx, stderr } = fakeContext();
    const s = await serve(ctx, { auth: false });
    expect(stderr()).toMatch(/WARNING: --no-auth/);
    expect((await get(port(s.url), `/api/v1/cid/${cid}`)).status).toBe(200);
    s.signals.emit('SIGINT');
    expect(await s.done).toBe(0);
  });

  it('re-reads the key file on SIGHUP, keeps the old keys when the new file is bad, stops on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chem-serve-'));
    const file = join(dir, 'keys');
    writeFileSync(file, 'first-key-AAAA\n');
    const { ctx, stderr } = fakeContext();
    const s = await serve(ctx, { keys: file });
    const p = port(s.url);
    expect(stderr()).toMatch(/keys from \S+ \(1 now\)/);
    expect((await get(p, `/api/v1/cid/${cid}`, 'first-key-AAAA')).status).toBe(200);

    writeFileSync(file, 'second-key-BBBB\n');
    s.signals.emit('SIGHUP');
    expect((await get(p, `/api/v1/cid/${cid}`, 'first-key-AAAA')).status).toBe(403);
    expect((await get(p, `/api/v1/cid/${cid}`, 'second-key-BBBB')).status).toBe(200);

    writeFileSync(file, '# emptied by mistake\n');
    s.signals.emit('SIGHUP');
    expect(stderr()).toMatch(/holds no key; keeping the previous keys/);
    expect((await get(p, `/api/v1/cid/${cid}`, 'second-key-BBBB')).status).toBe(200);

    s.signals.emit('SIGTERM');
    expect(await s.done).toBe(0);
    expect(s.signals.listenerCount('SIGHUP') + s.signals.listenerCount('SIGTERM')).toBe(0);
    await expect(get(p, `/api/v1/cid/${cid}`, 'second-key-BBBB')).rejects.toThrow();
    const log = stderr();
    const lines = log.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.find((l) => l.msg === 'request')).toMatchObject({ method: 'GET', path: `/api/v1/cid/${cid}`, status: 200, reqId: expect.any(String) });
    expect(log).not.toMatch(/first-key|second-key/);
  });

  it('lets a request in progress finish on shutdown', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chem-serve-'));
    writeFileSync(join(dir, 'keys'), 'k-123\n');
    const backend = new FakeBackend();
    backend.delayMs = 300;
    const { ctx } = fakeContext();
    (ctx as { backend: () => Promise<FakeBackend> }).backend = async () => backend;
    const s = await serve(ctx, { keys: join(dir, 'keys') });
    const pending = get(port(s.url), `/api/v1/cid/${cid}`, 'k-123');
    await new Promise((r) => setTimeout(r, 100));
    s.signals.emit('SIGTERM');
    expect((await pending).status).toBe(200);
    expect(await s.done).toBe(0);
  });
});
