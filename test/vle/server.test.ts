// GET /api/v1/vle (beyond v1) over the vle fixture database: the body is the local CLI's --json,
// the remote CLI reading this server prints it again, keys and errors as for the v1 endpoints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, serveFixture, type ServedFixture } from '../server/http.js';
import { runChem } from '../helpers.js';

const KEY = 'vle-test-key';
let srv: ServedFixture;

beforeAll(async () => {
  srv = await serveFixture('vle', KEY);
}, 60_000);
afterAll(() => srv.close());

describe('GET /api/v1/vle', () => {
  it('answers the local CLI JSON; the remote CLI prints the same diagram', async () => {
    const r = await get(srv.port, '/api/v1/vle?c1=ethanol&c2=water&p=101.325&x=0,0.5,0.9', KEY);
    expect(r.status).toBe(200);
    expect(r.body.azeotrope.x1).toBeGreaterThan(0.86);
    expect(Math.abs(r.body.azeotrope.t - 351.3)).toBeLessThan(0.5);
    const local = await runChem(['--db', srv.dbPath, '--backend', 'local', 'vle', 'ethanol', 'water', '--x', '0,0.5,0.9', '--json']);
    expect(JSON.parse(local.stdout)).toEqual(r.body);
    const remote = await runChem(['--backend', 'remote', '--no-cache', 'vle', 'ethanol', 'water', '--x', '0,0.5,0.9', '--json'], {
      env: srv.remoteEnv,
    });
    expect(remote.code).toBe(0);
    expect(JSON.parse(remote.stdout)).toEqual(r.body);
  });

  it('isothermal Pxy with t; dew points with dew=true', async () => {
    const r = await get(srv.port, '/api/v1/vle?c1=acetonitrile&c2=nitromethane&t=348.15&x=0.6&model=ideal', KEY);
    expect(r.status).toBe(200);
    expect(r.body.points[0].p).toBeCloseTo(66.72, 2); // Smith, Van Ness & Abbott, Example 10.3
    const d = await get(srv.port, '/api/v1/vle?c1=acetonitrile&c2=nitromethane&p=70&x=0.6&model=ideal&dew=true', KEY);
    expect(d.body.points[0].t - 273.15).toBeCloseTo(79.58, 2);
  });

  it('needs the key (403); bad input is 400, a pair without parameters 404', async () => {
    expect((await get(srv.port, '/api/v1/vle?c1=ethanol&c2=water')).status).toBe(403);
    for (const q of ['c1=ethanol', 'c1=ethanol&c2=water&x=0.5,1.5', 'c1=ethanol&c2=water&p=abc', 'c1=ethanol&c2=water&p=100&t=300', 'c1=ethanol&c2=water&model=margules']) {
      const r = await get(srv.port, `/api/v1/vle?${q}`, KEY);
      expect(r.status, q).toBe(400);
      expect(r.body.error.message).toBeTruthy();
    }
    const none = await get(srv.port, '/api/v1/vle?c1=acetonitrile&c2=nitromethane&model=wilson', KEY);
    expect(none.status).toBe(404);
    expect(none.body.error.message).toMatch(/no mixture record/);
    const unifac = await get(srv.port, '/api/v1/vle?c1=acetonitrile&c2=nitromethane&model=dortmund', KEY);
    expect(unifac.status).toBe(200);
    expect(unifac.body.model).toBe('modified UNIFAC (Dortmund) 2.0');
  });
});
