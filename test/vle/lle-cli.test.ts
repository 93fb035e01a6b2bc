// chem lle and GET /api/v1/lle on the vle fixture database (test/fixtures/vle): 1-butanol/water with
// ChemSep's NRTL set (DECHEMA, regressed from VLE data), ethanol/water (one liquid). The liquids are
// the independent scipy script's (test/vle/three_phase_reference.py, Gibbs minimisation) at 298.15 K.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LleResult } from '../../src/vle/lle-diagram.js';
import { runChem } from '../helpers.js';
import { get, serveFixture, type ServedFixture } from '../server/http.js';

const KEY = 'lle-test-key';
let srv: ServedFixture;
const chem = (args: string[], opts: Parameters<typeof runChem>[1] = {}) => runChem(['--db', srv.dbPath, '--backend', 'local', '--no-color', ...args], opts);

beforeAll(async () => {
  srv = await serveFixture('vle', KEY);
}, 60_000);
afterAll(() => srv.close());

// three_phase_reference.py, 1-butanol (1) / water (2) at 298.15 K: x(1-butanol) 0.00552772 and 0.399149
const WATER_RICH = 1 - 0.00552772;
const ALCOHOL_RICH = 1 - 0.399149;

describe('chem lle', () => {
  it('water/1-butanol at 298.15 K: both liquids as the reference solver has them, γ of each, the VLE-fitted notice', async () => {
    const r = await chem(['lle', 'water', '1-butanol', '--t', '298.15,340', '--json']);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout) as LleResult;
    expect(Object.keys(body)).toEqual(['components', 'model', 'points', 'sources', 'notes']);
    expect(body.model).toBe('NRTL');
    expect(body.points.map((p) => p.t)).toEqual([298.15, 340]);
    const [p] = body.points;
    expect(Math.abs(p!.x1[0] - ALCOHOL_RICH)).toBeLessThan(2e-6);
    expect(Math.abs(p!.x1[1] - WATER_RICH)).toBeLessThan(2e-6);
    // equal activities of water in both liquids
    expect(p!.x1[0] * p!.gamma1[0]).toBeCloseTo(p!.x1[1] * p!.gamma1[1], 4);
    expect(r.stderr).toMatch(/regressed from VLE data/);
  });

  it('one liquid (ethanol/water): no point and a notice; the table; CSV columns', async () => {
    const one = await chem(['lle', 'ethanol', 'water', '--t', '300', '--json']);
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout).points).toEqual([]);
    expect(one.stderr).toMatch(/300 K: one liquid \(NRTL predicts no split\)/);
    const t = await chem(['lle', 'water', '1-butanol'], { tty: true, columns: 140 });
    expect(t.stdout).toMatch(/^water \(1, \S+\) \/ 1-butanol \(2, \S+\), NRTL, liquid-liquid equilibrium$/m);
    expect(t.stdout).toMatch(/^298\.15\s+0\.600851\s+0\.994472\s/m);
    const csv = await chem(['lle', 'water', '1-butanol', '--format', 'csv']);
    expect(csv.stdout.split(/\r?\n/)[0]).toBe('T (K),x1 (liquid a),x1 (liquid b),γ1 (a),γ1 (b),γ2 (a),γ2 (b)');
  });

  it('--out draws the binodal; without an NRTL or UNIQUAC set the group models (one liquid here); errors: --model wilson (2), a temperature ≤ 0 (2)', async () => {
    const file = join(srv.dbPath, '..', 'lle.svg');
    const out = await chem(['lle', 'water', '1-butanol', '--out', file]);
    expect(out.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/binodal/);
    const none = await chem(['lle', 'acetonitrile', 'nitromethane', '--json']);
    expect(none.code).toBe(0);
    expect(JSON.parse(none.stdout)).toMatchObject({ model: 'modified UNIFAC (Dortmund) 2.0', points: [] });
    const lle = await chem(['lle', 'water', '1-butanol', '--model', 'unifac-lle', '--json']);
    expect(lle.code).toBe(0);
    expect(JSON.parse(lle.stdout).model).toBe('UNIFAC-LLE');
    expect((await chem(['lle', 'water', '1-butanol', '--model', 'wilson'])).code).toBe(2);
    expect((await chem(['lle', 'water', '1-butanol', '--t', '-3'])).code).toBe(2);
  });
});

describe('GET /api/v1/lle', () => {
  it('answers the local CLI JSON; the binodal as SVG; keys and errors as /vle', async () => {
    const r = await get(srv.port, '/api/v1/lle?c1=water&c2=1-butanol&t=298.15', KEY);
    expect(r.status).toBe(200);
    const local = await chem(['lle', 'water', '1-butanol', '--t', '298.15', '--json']);
    expect(JSON.parse(local.stdout)).toEqual(r.body);
    const svg = await get(srv.port, '/api/v1/lle/plot?c1=water&c2=1-butanol&t=298.15', KEY);
    expect(svg.status).toBe(200);
    expect(svg.text).toMatch(/^<svg/);
    expect((await get(srv.port, '/api/v1/lle?c1=water&c2=1-butanol')).status).toBe(403);
    for (const q of ['c1=water', 'c1=water&c2=1-butanol&t=abc', 'c1=water&c2=1-butanol&t=-5', 'c1=water&c2=1-butanol&model=wilson']) {
      const e = await get(srv.port, `/api/v1/lle?${q}`, KEY);
      expect(e.status, q).toBe(400);
      expect(e.body.error.message).toBeTruthy();
    }
    const none = await get(srv.port, '/api/v1/lle?c1=acetonitrile&c2=nitromethane&model=unifac-lle', KEY);
    expect(none.status).toBe(404);
    expect(none.body.error.message).toMatch(/UNIFAC-LLE has no interaction parameters for main groups/);
  });
});
