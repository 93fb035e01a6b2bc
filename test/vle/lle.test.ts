// Two liquids: the LLE solver (lle.ts), the three-phase points of chem vle (heterogeneous.ts, solve.ts)
// and the critical solution temperature, on models whose answers are known in closed form, with
// correlations written here from the literature (no database): two-suffix Margules, whose binodal is
// ln(x/(1 − x)) = A(2x − 1) and whose critical point is A = 2 at x = 0.5 (Prausnitz, Lichtenthaler &
// de Azevedo, Molecular Thermodynamics of Fluid-Phase Equilibria, 3rd ed., §6.13), and water/benzene,
// whose heteroazeotrope at 101.325 kPa boils at 69.25 °C with 8.83 wt % water (Horsley, Azeotropic
// Data III; CRC Handbook), y(benzene) = 0.7035.
import { describe, expect, it } from 'vitest';
import type { LnGamma } from '../../src/vle/activity.js';
import { threePhaseT } from '../../src/vle/heterogeneous.js';
import { criticalPoints, isoactivity, liquidsAt } from '../../src/vle/lle.js';
import { describeCurve, parseCurve } from '../../src/tdep/curve-text.js';
import { brent } from '../../src/util/roots.js';
import { azeotrope, bubbleP, bubbleT, dewT, isPoint, type Outcome, type Point } from '../../src/vle/solve.js';
import { Psat, type System } from '../../src/vle/system.js';

const margules =
  (A: number | ((T: number) => number)): LnGamma =>
  (x1, T) => {
    const a = typeof A === 'number' ? A : A(T);
    return [a * (1 - x1) ** 2, a * x1 ** 2];
  };
/** The binodal of symmetric Margules: the root of ln(x/(1 − x)) = A(2x − 1) below 0.5, solved here by Brent on its own. */
const binodal = (A: number) => brent((x) => Math.log(x / (1 - x)) - A * (2 * x - 1), 1e-12, 0.5 - 1e-9, 1e-15);

const point = (o: Outcome): Point => {
  if (!isPoint(o)) throw new Error(o.note);
  return o;
};

describe('liquid-liquid equilibrium', () => {
  it('symmetric Margules: the two liquids are x and 1 − x of the binodal equation, for A from 2.2 to 12 (solubilities 0.23 to 6e-6)', () => {
    for (const A of [2.2, 2.5, 3, 5, 8, 12]) {
      const x = binodal(A);
      const l = liquidsAt(margules(A), 300)!;
      expect(l, `A = ${A}`).toBeDefined();
      expect(Math.abs(l.x1[0] - x) / x).toBeLessThan(1e-8);
      expect(Math.abs(l.x1[1] - (1 - x)) / x).toBeLessThan(1e-8);
      // both liquids have the same activities
      const [a, b] = l.lnGamma;
      expect(Math.log(l.x1[0]) + a[0]).toBeCloseTo(Math.log(l.x1[1]) + b[0], 10);
    }
  });

  it('one liquid where the model is convex (A ≤ 2), and none from a start inside the trivial solution', () => {
    expect(liquidsAt(margules(1.9), 300)).toBeUndefined();
    expect(liquidsAt(margules(2), 300)).toBeUndefined();
    expect(isoactivity(margules(3), 300, 0.5, 0.5)).toBeUndefined();
  });

  it('a start near the spinodal does not stop at two unstable liquids: it falls back to the common tangent', () => {
    const x = binodal(3);
    const l = liquidsAt(margules(3), 300, [0.45, 0.46])!;
    expect(l.x1[0]).toBeCloseTo(x, 9);
  });

  it('the critical solution temperature of A = 600 K/T is 300 K at x1 = 0.5 (upper), of A = T/150 K 300 K (lower)', () => {
    const [ucst] = criticalPoints(margules((T) => 600 / T), 250, 350);
    expect(ucst!.kind).toBe('upper');
    expect(ucst!.t).toBeCloseTo(300, 4);
    expect(ucst!.x1).toBeCloseTo(0.5, 2);
    const [lcst] = criticalPoints(margules((T) => T / 150), 250, 350);
    expect(lcst!.kind).toBe('lower');
    expect(lcst!.t).toBeCloseTo(300, 4);
  });
});

// McGarry's Wagner (3, 6) constants (Ind. Eng. Chem. Process Des. Dev. 22 (1983) 313), Pa and K
const wagner = (c: number[], tmin: number, tc: number) => parseCurve(describeCurve('Wagner equation (3, 6)', c, tmin, tc))!;
const WATER = new Psat('water', [wagner([-7.76451, 1.45838, -2.7758, -1.23303, 647.35, 22122300], 275, 647.35)]);
const BENZENE = new Psat('benzene', [wagner([-6.94739, 1.25253, -2.53686, -3.49284, 562.1, 4895600], 288, 562.1)]);
// Margules A = 8: both solubilities 3.4e-4 (measured at 25 °C: benzene in water 4.1e-4, water in benzene 2.7e-3)
const A_WB = 8;
const WB: System = { model: 'nrtl', lnGamma: margules(A_WB), psat: [BENZENE, WATER] };

describe('water/benzene: three-phase points', () => {
  const xs = binodal(A_WB);
  // the three-phase T solved here directly: P = Σ x_i γ_i Psat_i over the benzene-poor liquid
  const g = Math.exp(A_WB * (1 - xs) ** 2);
  const pOf = (T: number) => xs * g * BENZENE.at(T) + (1 - xs) * Math.exp(A_WB * xs * xs) * WATER.at(T);
  const T3 = brent((T) => pOf(T) - 101325, 330, 360, 1e-12);
  const y3 = (xs * g * BENZENE.at(T3)) / 101325;

  it('the heteroazeotrope: 69.25 °C and y(benzene) 0.7035 (Horsley) within 0.3 K and 0.01; the solver as the direct sum to 1e-6 K', () => {
    expect(Math.abs(T3 - 342.4)).toBeLessThan(0.3);
    expect(Math.abs(y3 - 0.7035)).toBeLessThan(0.01);
    const az = azeotrope(WB, { p: 101.325 })!;
    expect(az.heterogeneous).toBe(true);
    expect(az.t).toBeCloseTo(T3, 6);
    expect(az.x1).toBeCloseTo(y3, 7);
    expect(az.y1).toBe(az.x1);
    expect(az.liquids!.x1[0]).toBeCloseTo(xs, 9);
  });

  it('every overall x1 inside the split boils at the three-phase T with the same vapour and both liquids; outside, one liquid as before', () => {
    for (const x of [0.01, 0.3, 0.5, 0.9, 0.999]) {
      const o = point(bubbleT(WB, x, 101.325));
      expect(o.t).toBeCloseTo(T3, 6);
      expect(o.y1).toBeCloseTo(y3, 7);
      expect(o.liquids!.x1[1]).toBeCloseTo(1 - xs, 9);
    }
    const outside = point(bubbleT(WB, xs / 2, 101.325));
    expect(outside.liquids).toBeUndefined();
    expect(outside.t).toBeGreaterThan(T3);
  });

  it('isothermal: the three-phase pressure at 60 °C is the sum of the liquids partial pressures', () => {
    const T = 333.15;
    const p = xs * g * BENZENE.at(T) + (1 - xs) * Math.exp(A_WB * xs * xs) * WATER.at(T);
    const o = point(bubbleP(WB, 0.5, T));
    expect(o.p * 1000).toBeCloseTo(p, 6);
    expect(o.liquids).toBeDefined();
  });

  it('the three-phase T from a guess far off (the bracket grows) is the same', () => {
    expect(threePhaseT(WB, 101.325, 300, [0.5, 0.999])!.t).toBeCloseTo(T3, 7);
  });

  it('dew points either side of the heteroazeotrope condense the liquid of their side, above the three-phase T, and lie on the bubble branches', () => {
    for (const y of [0.3, 0.95]) {
      const d = point(dewT(WB, y, 101.325));
      expect(d.y1).toBe(y);
      expect(d.t).toBeGreaterThan(T3);
      expect(y < y3 ? d.x1 < xs : d.x1 > 1 - xs).toBe(true);
      const b = point(bubbleT(WB, d.x1, 101.325));
      expect(b.t).toBeCloseTo(d.t, 6);
      expect(b.y1).toBeCloseTo(y, 6);
    }
  });
});
