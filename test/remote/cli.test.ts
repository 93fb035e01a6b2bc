// The remote backend through the CLI: backend selection, exit codes, notices, the cache commands,
// a 1 000-line batch with injected faults, and the API key kept out of every output and file.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { runChem } from '../helpers.js';
import { buildContext } from '../../src/cli/command.js';
import { streamIO } from '../../src/cli/context.js';
import { runConvert } from '../../src/cli/commands/convert.js';
import { RemoteBackend } from '../../src/remote/backend.js';
import { KEY_MESSAGE } from '../../src/remote/client.js';
import { TokenBucket } from '../../src/remote/rate-limit.js';
import { startFaultServer, virtualClock, type Fault, type FaultServer } from './fault-server.js';

const KEY = 'sk-live-7Qz9wX2mB4nV8cR1';
let srv: FaultServer;
let dir: string;
const env = () => ({
  CHEM_BASE_URL: srv.base,
  CHEM_CONFIG_DIR: join(dir, 'config'),
  XDG_CACHE_HOME: join(dir, 'cache'),
  XDG_DATA_HOME: join(dir, 'data'),
});
const remote = () => ({ ...env(), CHEM_API_KEY: KEY });

beforeAll(async () => {
  srv = await startFaultServer();
});
afterAll(() => srv.close());
afterEach(() => {
  srv.seen.length = 0;
  srv.fallback = () => 'ok';
  srv.retryAfter = '1';
  if (dir) rmSync(dir, { recursive: true, force: true });
});
const fresh = () => (dir = mkdtempSync(join(tmpdir(), 'chem-remote-cli-')));

function filesUnder(root: string): string[] {
  let out: string[] = [];
  let names: string[] = [];
  try {
    names = readdirSync(root);
  } catch {
    return out;
  }
  for (const n of names) {
    const p = join(root, n);
    out.push(p);
    if (statSync(p).isDirectory()) out = out.concat(filesUnder(p));
  }
  return out;
}

describe('backend selection', () => {
  it('remote when an API key is configured, local otherwise; --backend, CHEM_BACKEND and config override', async () => {
    fresh();
    const local = await runChem(['convert', 'smiles', 'CCO', '--json'], { env: env() });
    expect(local.code).toBe(0);
    expect(JSON.parse(local.stdout).inchikey).toBe('LFQSCWFLJHTTHZ-UHFFFAOYSA-N'); // computed locally
    expect(srv.seen).toHaveLength(0);

    const viaKey = await runChem(['convert', 'smiles', 'CCO', '--json', '--no-cache'], { env: remote() });
    expect(viaKey.code).toBe(0);
    expect(JSON.parse(viaKey.stdout)).toMatchObject({ cid: '27-471-9', name: 'CCO' }); // the server's answer
    expect(srv.seen.map((s) => s.auth)).toEqual([`Bearer ${KEY}`]);

    for (const extra of [{ argv: ['--backend', 'local'], env: {} }, { argv: [], env: { CHEM_BACKEND: 'local' } }]) {
      const r = await runChem(['convert', 'smiles', 'CCO', '--json', ...extra.argv], { env: { ...remote(), ...extra.env } });
      expect(r.code).toBe(0);
    }
    expect(await runChem(['config', 'set', 'backend', 'local'], { env: env() })).toMatchObject({ code: 0 });
    expect((await runChem(['convert', 'smiles', 'CCO'], { env: remote() })).code).toBe(0);
    expect(srv.seen).toHaveLength(1);

    // Chosen explicitly without a key: the request goes out without Authorization.
    const noKey = await runChem(['convert', 'smiles', 'CCO', '--backend', 'remote', '--no-cache'], { env: env() });
    expect(noKey.code).toBe(0);
    expect(srv.seen[1]!.auth).toBeUndefined();

    expect((await runChem(['convert', 'smiles', 'CCO', '--backend', 'cloud'], { env: env() })).code).toBe(2);
  });
});

describe('exit codes and messages', () => {
  const run = async (fault: Fault, value = 'x') => {
    srv.plan(value, fault);
    return runChem(['convert', 'name', value], { env: remote() });
  };

  it('404 → 3, 403 → 4 with one line on how to set the key, 429 beyond the bound → 5, malformed body → 1', async () => {
    fresh();
    expect(await run('404', 'a')).toMatchObject({ code: 3, stderr: 'chem: error: compound not found: a\n' });
    expect(await run('403', 'b')).toMatchObject({ code: 4, stderr: `chem: error: ${KEY_MESSAGE}\n` });
    srv.retryAfter = '3600';
    expect(await run('429', 'c')).toMatchObject({ code: 5, stderr: 'chem: error: rate limit exceeded: the server asks to wait 3600 s; try again later\n' });
    const bad = await run('truncated', 'd');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^chem: error: invalid response from 127\.0\.0\.1:\d+: truncated or malformed JSON instead of JSON \(GET \/api\/v1\/convert\/name\/d\)\n$/);
    expect(srv.seen).toHaveLength(4);
  });

  it('429 with Retry-After 1 → the wait is announced, the retry succeeds (exit 0)', async () => {
    fresh();
    srv.plan('e', '429');
    const t0 = Date.now();
    const r = await runChem(['convert', 'name', 'e', '--json'], { env: remote() });
    expect(r.code).toBe(0);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
    expect(r.stderr).toBe('chem: waiting 1.0 s: server rate limit (HTTP 429)\n');
    expect(JSON.parse(r.stdout).name).toBe('e');
    expect((await runChem(['convert', 'name', 'f', '-q'], { env: remote() })).stderr).toBe(''); // no fault, nothing said
  });

  it('a service that stays unavailable → 6 after the bounded retries', async () => {
    fresh();
    srv.fallback = () => '503';
    const r = await runChem(['convert', 'name', 'g', '-q'], { env: remote() });
    expect(r.code).toBe(6);
    expect(r.stderr).toBe('chem: error: service unavailable (HTTP 503): 503 Service Unavailable Back soon. (after 5 attempts)\n');
    expect(srv.seen).toHaveLength(5);
  }, 20_000);

  it('a refused connection fails fast with one line and exit 6', async () => {
    fresh();
    const s = createServer();
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    const { port } = s.address() as AddressInfo;
    await new Promise((resolve) => s.close(resolve));
    const t0 = Date.now();
    const r = await runChem(['search', 'benzene'], { env: { ...remote(), CHEM_BASE_URL: `http://127.0.0.1:${port}/api/v1` } });
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(r.code).toBe(6);
    expect(r.stderr).toBe(`chem: error: cannot connect to 127.0.0.1:${port}: connection refused (is the service at http://127.0.0.1:${port}/api/v1 running? check base-url)\n`);
  });

  it('plain http to a non-loopback host is refused with the key (exit 2) unless --insecure', async () => {
    fresh();
    const e = { ...remote(), CHEM_BASE_URL: `http://0.0.0.0:${srv.port}/api/v1` };
    const r = await runChem(['convert', 'name', 'h'], { env: e });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`chem: error: refusing to send the API key over plain http to 0.0.0.0:${srv.port}: use https, or --insecure if you must\n`);
    expect(srv.seen).toHaveLength(0);
    expect((await runChem(['convert', 'name', 'h', '--insecure'], { env: e })).code).toBe(0);
  });
});

describe('ids of the hosted service', () => {
  it('are sent as they are (no local check digit); only what cannot be an id is refused, before any request', async () => {
    fresh();
    for (const argv of [['mid', '11-713-h'], ['cid', '27-471-9'], ['cid', '34-125-5'], ['mixtures', '27-471-9']]) {
      const r = await runChem([...argv, '--json', '--no-cache'], { env: remote() });
      expect(r.code, argv.join(' ')).toBe(0);
    }
    expect(srv.seen.map((s) => s.url)).toEqual(['/api/v1/mid/11-713-h', '/api/v1/cid/27-471-9', '/api/v1/cid/34-125-5', '/api/v1/cid/27-471-9/mixtures']);
    const r = await runChem(['mid', '27-471-9'], { env: remote() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^chem: error: malformed mixture id "27-471-9": expected digit groups ending in a letter, like \S+\n$/);
    expect(srv.seen).toHaveLength(4);
    // what is no compound id is a CAS number, InChIKey, SMILES or name: looked up through the search (resolve.ts)
    const named = await runChem(['cid', 'ethanol', '--no-cache'], { env: remote() });
    expect(named.code).toBe(2); // 100 hits of the fake service, none named so
    expect(named.stderr).toMatch(/^chem: error: "ethanol" is ambiguous: hit 1 \(1-000-0\); hit 2/);
    expect(srv.seen[4]!.url).toBe('/api/v1/search?q=ethanol');
  });
});

describe('search pages', () => {
  it('chem search --all follows next_page over the remote backend: 250 hits from 3 pages, a fault in between', async () => {
    fresh();
    srv.plan('benzene', 'ok', '503'); // the index briefly unavailable: retried
    const r = await runChem(['search', 'benzene', '--all', '--format', 'ndjson', '-q'], { env: remote() });
    expect(r.code).toBe(0);
    const ids = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l).id);
    expect(ids).toHaveLength(250);
    expect(new Set(ids).size).toBe(250);
    expect(srv.seen.map((s) => s.url)).toEqual(['/api/v1/search?q=benzene&p=1', '/api/v1/search?q=benzene&p=2', '/api/v1/search?q=benzene&p=2', '/api/v1/search?q=benzene&p=3']);
  });
});

describe('cache commands', () => {
  it('repeats come from the cache, --no-cache goes to the server, chem cache path/clear', async () => {
    fresh();
    for (let i = 0; i < 3; i++) expect((await runChem(['convert', 'smiles', 'CCO'], { env: remote() })).code).toBe(0);
    expect(srv.seen).toHaveLength(1);
    await runChem(['convert', 'smiles', 'CCO', '--no-cache'], { env: remote() });
    expect(srv.seen).toHaveLength(2);
    const path = await runChem(['cache', 'path'], { env: remote() });
    expect(path.stdout).toBe(join(dir, 'cache', 'chem', 'http') + '\n');
    expect(readdirSync(path.stdout.trim())).toHaveLength(1);
    expect(await runChem(['cache', 'clear'], { env: remote() })).toMatchObject({ code: 0, stderr: 'chem: 1 cached response removed\n' });
    expect(readdirSync(path.stdout.trim())).toHaveLength(0);
    await runChem(['convert', 'smiles', 'CCO'], { env: remote() });
    expect(srv.seen).toHaveLength(3);
  });
});

describe('cache and keys', () => {
  it('a search cached with a good key is not answered from the cache for a wrong key (exit 4)', async () => {
    fresh();
    expect((await runChem(['search', 'benzene', '--json'], { env: remote() })).code).toBe(0);
    expect((await runChem(['search', 'benzene', '--json'], { env: remote() })).code).toBe(0);
    expect(srv.seen).toHaveLength(1);
    srv.plan('benzene', '403');
    const wrong = await runChem(['search', 'benzene', '--json'], { env: { ...remote(), CHEM_API_KEY: 'wrong' } });
    expect(wrong).toMatchObject({ code: 4, stderr: `chem: error: ${KEY_MESSAGE}\n` });
    expect(srv.seen.map((s) => s.auth)).toEqual([`Bearer ${KEY}`, 'Bearer wrong']);
  });
});

describe('the API key', () => {
  it('appears nowhere: stdout, stderr with --debug (successes, retries, errors), cache dir', async () => {
    fresh();
    srv.plan('C1=CC=CC=C1', '500');
    srv.plan('a', '404', '404');
    srv.plan('b', '403');
    srv.plan('c', 'echo', 'echo');
    const runs = [
      await runChem(['--debug', 'convert', 'smiles', 'C1=CC=CC=C1', '--json'], { env: remote() }),
      await runChem(['--debug', 'convert', 'smiles', 'C1=CC=CC=C1', '--format', 'csv'], { env: remote() }),
      await runChem(['--debug', 'convert', 'name', 'a'], { env: remote() }),
      await runChem(['--debug', 'convert', 'name', 'b'], { env: remote() }),
      await runChem(['--debug', 'convert', 'name', 'c'], { env: remote() }),
      await runChem(['--debug', 'convert', 'name', '-'], { env: remote(), stdin: 'x\na\nc\n' }),
      await runChem(['--debug', 'config', 'list', '--json'], { env: remote() }),
    ];
    expect(runs.map((r) => r.code)).toEqual([0, 0, 3, 4, 2, 7, 0]);
    // The key did go out, and the debug log did show the requests.
    expect(srv.seen.filter((s) => s.auth === `Bearer ${KEY}`).length).toBe(srv.seen.length);
    expect(runs[0]!.stderr).toMatch(/\[debug\] GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/convert\/smiles\/C1%3DCC%3DCC%3DC1 → 500 \(\d+ ms\) authorization=\[redacted\]/);
    expect(runs[0]!.stderr).toMatch(/→ 200 \(\d+ ms\) ratelimit limit=30 remaining=29 reset=1 authorization=\[redacted\]/);
    expect(runs[1]!.stderr).toMatch(/→ cache hit/);
    expect(runs[4]!.stderr).toContain('Authorization: Bearer ****');
    const fragments = [KEY, KEY.slice(0, 12), KEY.slice(-12)];
    for (const r of runs) for (const f of fragments) expect(r.stdout + r.stderr).not.toContain(f);
    const files = filesUnder(join(dir, 'cache'));
    expect(files.length).toBeGreaterThan(1);
    for (const f of files) {
      for (const frag of fragments) expect(f).not.toContain(frag);
      if (statSync(f).isFile()) for (const frag of fragments) expect(readFileSync(f, 'utf8')).not.toContain(frag);
    }
  });
});

describe('batch under faults', () => {
  it('1 000 lines, 10 % of the requests faulty: 1 000 rows in input order, paced at 2/s', async () => {
    fresh();
    const lines = Array.from({ length: 1000 }, (_, i) => `compound-${i}`);
    // 1 % of the inputs are unknown to the server: error rows, not lost rows.
    for (let i = 7; i < 1000; i += 100) srv.plan(lines[i]!, '404');
    const kinds: Fault[] = ['429', '500', '503', 'reset', 'cut']; // slow bodies: see client.test.ts
    srv.fallback = (_key, n) => (n % 10 === 3 ? kinds[Math.floor(n / 10) % kinds.length]! : 'ok');

    const out: string[] = [];
    const stdout = new Writable({ write: (c, _e, cb) => (out.push(c.toString()), cb()) });
    const errs: string[] = [];
    const stderr = new Writable({ write: (c, _e, cb) => (errs.push(c.toString()), cb()) });
    const io = streamIO(Readable.from([lines.join('\n') + '\n']), stdout, stderr);
    const clock = virtualClock();
    const backend = new RemoteBackend({ baseUrl: srv.base, apiKey: KEY, clock, bucket: new TokenBucket(30, 2, clock), bodyTimeout: 300 });
    const ctx = buildContext({ io, env: remote(), setExit: () => {}, clock, createBackend: async () => backend }, { quiet: true }, true);
    const t0 = clock.now();
    const code = await runConvert(ctx, { from: 'name', value: '-' });
    await backend.close();

    const rows = out.join('').trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(rows).toHaveLength(1000);
    rows.forEach((row, i) => {
      expect(row.input).toBe(lines[i]);
      if (i % 100 === 7) expect(row.error).toEqual({ status: 404, message: `compound not found: ${lines[i]}` });
      else expect(row.result.name).toBe(lines[i]);
    });
    expect(code).toBe(7); // the 10 unknown inputs
    const faults = srv.seen.filter((s) => s.fault !== 'ok' && s.fault !== '404').length;
    expect(faults).toBeGreaterThanOrEqual(100);
    expect(srv.seen.length).toBe(1000 + faults);
    // Every request took a token: 30 at once, then 2 per second, plus 1 s for each 429.
    expect(clock.now() - t0).toBeGreaterThanOrEqual(((srv.seen.length - 30) / 2) * 1000);
  }, 60_000);
});
