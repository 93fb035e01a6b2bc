// The remote client against `chem serve` (src/server) on loopback, the server wrapping a
// LocalBackend: every endpoint must give through HTTP exactly what the LocalBackend gives directly
// (the same JSON, or the same error status), and the client's pacing must keep the server's own
// limiter (burst 30, 2/s) from ever refusing a request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { compoundIdFor, mixtureIdFor } from '../../src/api/ids.js';
import { toChemError } from '../../src/api/errors.js';
import type { Backend } from '../../src/api/backend.js';
import { LocalBackend } from '../../src/local/backend.js';
import { buildServer } from '../../src/server/app.js';
import { KeyStore } from '../../src/server/keys.js';
import { RateLimiter } from '../../src/server/limiter.js';
import { RemoteBackend } from '../../src/remote/backend.js';
import { TokenBucket, realClock } from '../../src/remote/rate-limit.js';
import { runChem } from '../helpers.js';
import { virtualClock } from './fault-server.js';
import { memoryLogger } from '../server/http.js';

const KEY = 'serve-test-key-5b1e0c';
const dir = mkdtempSync(join(tmpdir(), 'chem-remote-serve-'));
const local = new LocalBackend({ dbPath: join(dir, 'chem.sqlite'), env: {}, notice: () => {} });
let app: FastifyInstance;
let base: string;
const logs: string[] = [];

beforeAll(async () => {
  // No server-side limit here: the client runs on a virtual clock (see the last test for pacing).
  app = buildServer({ backend: local, keys: new KeyStore([KEY]), limiter: new RateLimiter({ burst: 1e9 }), logger: memoryLogger(logs) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

type Outcome = { json: string } | { status: number };
async function outcome(p: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { json: JSON.stringify(await p()) };
  } catch (err) {
    return { status: toChemError(err).status };
  }
}

const ETHANOL = compoundIdFor('LFQSCWFLJHTTHZ-UHFFFAOYSA-N');
const calls: [string, (b: Backend) => Promise<unknown>][] = [
  ['search ethanol', (b) => b.search('ethanol')],
  ['search page 2', (b) => b.search('ethanol', 2)],
  ['cid', (b) => b.compound(ETHANOL)],
  ['cid mixtures', (b) => b.mixtures(ETHANOL)],
  ['mid', (b) => b.mixture(mixtureIdFor('ethanol|water'))],
  ['convert smiles', (b) => b.convert('smiles', 'CCO', { strict: true })],
  ['convert inchi', (b) => b.convert('inchi', 'InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3', { strict: true })],
  ['predict ethanol', (b) => b.predict('CCO')],
  ['predict stereo', (b) => b.predict('F/C=C\\F')],
  ['predict alanine', (b) => b.predict('C[C@H](N)C(=O)O')],
  ['predict invalid', (b) => b.predict('C1CC(')],
];

describe('client against chem serve', () => {
  it('all six endpoints: the same JSON (or the same error status) as the local backend', async () => {
    const clock = virtualClock(); // 503 retries (no database yet) take no real time
    const remote = new RemoteBackend({ baseUrl: base, apiKey: KEY, clock, bucket: new TokenBucket(30, 2, clock) });
    const answered: string[] = [];
    try {
      for (const [name, call] of calls) {
        const direct = await outcome(() => call(local));
        const viaHttp = await outcome(() => call(remote));
        expect(viaHttp, name).toEqual(direct);
        if ('json' in direct) answered.push(name);
      }
    } finally {
      await remote.close();
    }
    // Predictions never need the database; the others answer once it exists, and match either way.
    expect(answered).toEqual(expect.arrayContaining(['predict ethanol', 'predict stereo', 'predict alanine']));
    console.log(`endpoints answering with data: ${answered.join(', ')}`);
  });

  it('the CLI prints the same prediction through the server as from the local engine', async () => {
    const env = { CHEM_BASE_URL: base, CHEM_API_KEY: KEY, XDG_CACHE_HOME: join(dir, 'cache'), XDG_DATA_HOME: join(dir, 'data') };
    const viaServer = await runChem(['predict', 'c1ccccc1O', '--json'], { env });
    const direct = await runChem(['predict', 'c1ccccc1O', '--json', '--backend', 'local'], { env });
    expect(viaServer.code).toBe(0);
    expect(viaServer.stdout).toBe(direct.stdout);
    const wrongKey = await runChem(['predict', 'CCO', '--no-cache'], { env: { ...env, CHEM_API_KEY: 'nope' } });
    expect(wrongKey.code).toBe(4);
  });

  it('real time: 36 requests at once are paced so the server (burst 30, 2/s) refuses none', async () => {
    logs.length = 0;
    const app2 = buildServer({ backend: local, keys: new KeyStore(['another-key']), logger: memoryLogger(logs) });
    await app2.listen({ host: '127.0.0.1', port: 0 });
    const b2 = new RemoteBackend({ baseUrl: `http://127.0.0.1:${(app2.server.address() as AddressInfo).port}/api/v1`, apiKey: 'another-key', bucket: new TokenBucket(30, 2, realClock) });
    try {
      const t0 = Date.now();
      const smiles = Array.from({ length: 36 }, (_, i) => 'C'.repeat(i + 1));
      const results = await Promise.all(smiles.map((s) => b2.predict(s)));
      const ms = Date.now() - t0;
      expect(results).toHaveLength(36);
      // (36 - 30) / 2 = 3 s at the sustained rate
      expect(ms).toBeGreaterThanOrEqual(2900);
      const refused = logs.filter((l) => l.includes('"status":429')).length;
      console.log(`36 requests in ${ms} ms, ${refused} refused with 429`);
      expect(logs.filter((l) => l.includes('"status":200'))).toHaveLength(36);
      expect(refused).toBe(0);
    } finally {
      await Promise.all([b2.close(), app2.close()]);
    }
  }, 30_000);
});
