// One shape in CLI, server and client: `chem serve` over the fixture database answers the mixture
// endpoints with the bodies the local CLI prints, and the remote CLI reading that server prints
// them again unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compoundIdFor } from '../../src/api/ids.js';
import { get, serveFixture, type ServedFixture } from '../server/http.js';
import { runChem } from '../helpers.js';

const KEY = 'mixture-test-key';
const ETHANOL = compoundIdFor('LFQSCWFLJHTTHZ-UHFFFAOYSA-N');
let srv: ServedFixture;

beforeAll(async () => {
  srv = await serveFixture('mixtures', KEY);
}, 60_000);
afterAll(() => srv.close());

const local = (args: string[]) => runChem(['--db', srv.dbPath, '--backend', 'local', ...args, '--json']);
const remote = (args: string[]) => runChem(['--backend', 'remote', '--no-cache', ...args, '--json'], { env: srv.remoteEnv });

describe('mixture endpoints', () => {
  it('GET /cid/{cid}/mixtures and /mid/{mid} equal the local CLI output and the remote CLI output', async () => {
    const list = await get(srv.port, `/api/v1/cid/${ETHANOL}/mixtures`, KEY);
    expect(list.status).toBe(200);
    expect(JSON.parse((await local(['mixtures', ETHANOL])).stdout)).toEqual(list.body);
    const viaRemote = await remote(['mixtures', ETHANOL]);
    expect(viaRemote.code).toBe(0);
    expect(JSON.parse(viaRemote.stdout)).toEqual(list.body);

    const mid = list.body.mixtures[0].id as string;
    const rec = await get(srv.port, `/api/v1/mid/${mid}`, KEY);
    expect(rec.status).toBe(200);
    expect(rec.body.mix.params[0].form).toMatch(/^NRTL/);
    expect(JSON.parse((await local(['mid', mid])).stdout)).toEqual(rec.body);
    expect(JSON.parse((await remote(['mid', mid])).stdout)).toEqual(rec.body);
  });

  it('400 for malformed mixture ids, 404 for unknown ones and for a word that names no compound, with the error body', async () => {
    expect((await get(srv.port, '/api/v1/mid/12-345-6', KEY)).status).toBe(400);
    expect((await get(srv.port, '/api/v1/cid/12-345-x/mixtures', KEY)).status).toBe(404);
    const unknown = await get(srv.port, `/api/v1/cid/${compoundIdFor('CAS:50-00-0')}/mixtures`, KEY);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.status).toBe(404);
  });
});
