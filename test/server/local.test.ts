// The server over the real LocalBackend: predictions from the local engine, through HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { enc, get, serveLocal, type Started } from './http.js';

const KEY = 'local-test-key';

describe('chem serve over the local backend', () => {
  let srv: Started;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chem-serve-local-'));
    srv = await serveLocal(join(dir, 'none.sqlite'), KEY);
  });
  afterAll(() => srv.close());

  it('predicts from a percent-encoded SMILES', async () => {
    const res = await get(srv.port, `/api/v1/predict/${enc('CCO')}`, KEY);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['info', 'properties']);
    // Ethanol C2H6O: 12.011*2 + 1.008*6 + 15.999 = 46.069 g/mol (IUPAC standard atomic weights)
    expect(res.body.properties.descr.mol_mw).toBeCloseTo(46.069, 1);
    expect(res.body.properties.descr.mol_nha).toBe(3);
    expect(res.body.properties.allprops).toContain('logp');
    for (const points of Object.values(res.body.properties.fixed) as { calc: boolean }[][]) {
      for (const p of points) expect(p.calc).toBe(true);
    }
  });

  it('?t= adds temperatures: the estimates at a temperature (pvap, rhol, …) at each, 400 on a bad one', async () => {
    const res = await get(srv.port, `/api/v1/predict/${enc('CCCCCC')}?t=350`, KEY);
    expect(res.status).toBe(200);
    const pvap = res.body.properties.tdep.pvap as { t: number; calc: boolean; e: number; s: string }[];
    expect(pvap.map((p) => p.t)).toEqual([298.15, 350]);
    expect(pvap[1]).toMatchObject({ calc: true, s: expect.stringMatching(/^lee-kesler-anchored\(/) });
    expect(pvap[1].e).toBeGreaterThan(0);
    expect((await get(srv.port, `/api/v1/predict/${enc('CCO')}?t=-3`, KEY)).status).toBe(400);
  });

  it('keeps stereo bonds of a SMILES with slashes: (E)- and (Z)-1,2-difluoroethene are both C2H2F2', async () => {
    for (const smiles of ['F/C=C/F', 'F/C=C\\F']) {
      const res = await get(srv.port, `/api/v1/predict/${enc(smiles)}`, KEY);
      expect(res.status, smiles).toBe(200);
      // C2H2F2: 2*12.011 + 2*1.008 + 2*18.998 = 64.034
      expect(res.body.properties.descr.mol_mw).toBeCloseTo(64.034, 1);
    }
  });

  it('404 with the error body when no compound can be generated from the SMILES', async () => {
    const res = await get(srv.port, `/api/v1/predict/${enc('C1CC(')}`, KEY);
    expect(res.status).toBe(404);
    expect(res.body.error.status).toBe(404);
  });

  it('ids: 404 for a well-formed id it does not hold (the hosted form), 400 for what cannot be a mixture id', async () => {
    for (const path of ['/cid/27-471-9', '/cid/34-125-5', '/cid/34-125-5/mixtures', '/mid/11-713-h']) {
      const res = await get(srv.port, `/api/v1${path}`, KEY);
      expect(res.status, path).toBe(404);
      expect(res.body.error.message).toMatch(/^no (compound|mixture) with id/);
    }
    const res = await get(srv.port, '/api/v1/mid/27-471-9', KEY);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^malformed mixture id/);
    // what is no id is a compound's CAS number, InChIKey, SMILES or name (resolve.ts): a search, which needs the database this server lacks
    for (const path of ['/cid/27-471', '/cid/abc/mixtures']) expect((await get(srv.port, `/api/v1${path}`, KEY)).status, path).toBe(503);
  });

  it('a NUL or another control character in a SMILES is the invalid-SMILES 404', async () => {
    for (const smiles of ['C\0C', 'C\u001fC', 'CC\u007f']) {
      const res = await get(srv.port, `/api/v1/predict/${enc(smiles)}`, KEY);
      expect(res.status, JSON.stringify(smiles)).toBe(404);
      expect(res.body.error.message).toMatch(/^invalid SMILES .*: control character U\+00[0-9A-F]{2} at position \d+$/);
    }
  });

  it('convert is strict (database only): 404 or 503 without a database, never computed identifiers', async () => {
    const res = await get(srv.port, `/api/v1/convert/smiles/${enc('CCO')}`, KEY);
    expect([404, 503]).toContain(res.status);
    expect(res.body.error.status).toBe(res.status);
  });
});
