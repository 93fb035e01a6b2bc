// chem vle --json carries the digits its solution supports (src/vle/digits.ts): temperatures to 0.01 K,
// pressures to 5 significant digits, computed mole fractions to 4 decimals, activity coefficients to 4
// significant digits; given compositions as asked. Over the vle fixture database, Txy and a dew Pxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noise } from '../number-noise.js';
import { runChem } from '../helpers.js';
import { serveFixture, type ServedFixture } from '../server/http.js';

let srv: ServedFixture;
beforeAll(async () => {
  srv = await serveFixture('vle', 'vle-digits-key');
}, 60_000);
afterAll(() => srv.close());

/** Decimals and significant digits of a number as JSON writes it. */
const decimalsOf = (v: number) => String(v).split('.')[1]?.length ?? 0;
const digitsOf = (v: number) => String(Math.abs(v)).replace('.', '').replace(/^0+/, '').length;

describe('chem vle --json numbers', () => {
  it('Txy: t to 2 decimals, y1 and the azeotrope to 4, gammas to 4 digits; the given x as asked', async () => {
    const r = await runChem(['--db', srv.dbPath, 'vle', 'ethanol', 'water', '--x', '0,0.12345,0.5,0.9', '--json']);
    expect(r.code).toBe(0);
    const res = JSON.parse(r.stdout);
    expect(res.points.map((p: { x1: number }) => p.x1)).toEqual([0, 0.12345, 0.5, 0.9]);
    for (const p of res.points) {
      expect(decimalsOf(p.t)).toBeLessThanOrEqual(2);
      expect(decimalsOf(p.y1)).toBeLessThanOrEqual(4);
      for (const g of [p.gamma1, p.gamma2]) expect(digitsOf(g)).toBeLessThanOrEqual(4);
    }
    expect(decimalsOf(res.azeotrope.x1)).toBeLessThanOrEqual(4);
    expect(Math.abs(res.azeotrope.t - 351.3)).toBeLessThan(0.5); // CRC Handbook
    // water's normal boiling point from its correlation, to the hundredth
    expect(res.points[0].t).toBeCloseTo(373.15, 1);
    expect(r.stdout.match(/-?\d+\.\d+/g)!.filter((n) => noise(n))).toEqual([]);
  });

  it('dew Pxy: p to 5 significant digits, the computed x1 to 4 decimals, the given y1 as asked', async () => {
    const r = await runChem(['--db', srv.dbPath, 'vle', 'ethanol', 'water', '--t', '350', '--dew', '--x', '0.05,0.5', '--json']);
    expect(r.code).toBe(0);
    const res = JSON.parse(r.stdout);
    expect(res.points.map((p: { y1: number }) => p.y1)).toEqual([0.05, 0.5]);
    for (const p of res.points) {
      expect(digitsOf(p.p)).toBeLessThanOrEqual(5);
      expect(decimalsOf(p.x1)).toBeLessThanOrEqual(4);
    }
  });
});
