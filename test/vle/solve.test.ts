// The VLE solver against textbook and handbook numbers, on correlations and parameters written here
// from the literature (no database): Smith, Van Ness & Abbott's Raoult's-law examples, the
// ethanol/water azeotrope with DECHEMA's NRTL set, pure boiling points, and the tangent-plane test.
import { describe, expect, it } from 'vitest';
import type { ParameterSet } from '../../src/api/types.js';
import { ideal, nrtl, splitsAt, uniquac, wilson } from '../../src/vle/activity.js';
import { describeCurve, parseCurve } from '../../src/tdep/curve-text.js';
import { azeotrope, bubbleP, bubbleT, dewP, dewT, isPoint, pureBoilingT } from '../../src/vle/solve.js';
import { Psat, type System } from '../../src/vle/system.js';
import { brent } from '../../src/util/roots.js';

const curve = (equation: string, coeffs: number[], tmin: number, tmax: number) => parseCurve(describeCurve(equation, coeffs, tmin, tmax))!;

// Smith, Van Ness & Abbott, Introduction to Chemical Engineering Thermodynamics, 7th ed., Example 10.3:
// acetonitrile (1) / nitromethane (2), ln(P/kPa) = A − B/(t/°C + C), written in ln Pa and K.
const antoineSva = (A: number, B: number, C: number, lo: number, hi: number) =>
  curve('Antoine equation (ln Pa)', [A + Math.log(1000), B, C - 273.15], lo + 273.15, hi + 273.15);
const ACETONITRILE = new Psat('acetonitrile', [antoineSva(14.2724, 2945.47, 224.0, 27, 109)]);
const NITROMETHANE = new Psat('nitromethane', [antoineSva(14.2043, 2972.64, 209.0, 56, 146)]);
const RAOULT: System = { model: 'ideal', lnGamma: ideal, psat: [ACETONITRILE, NITROMETHANE] };

// Wagner (3, 6) constants of Reid, Prausnitz & Poling, 4th ed. (1987), Appendix A, in Pa and K.
const ETHANOL = new Psat('ethanol', [curve('Wagner equation (3, 6)', [-8.51838, 0.34163, -5.73683, 8.32581, 513.9, 61.4e5], 293, 513.9)]);
const WATER = new Psat('water', [curve('Wagner equation (3, 6)', [-7.76451, 1.45838, -2.7758, -1.23303, 647.3, 221.2e5], 275, 647.3)]);
// DECHEMA VLE Data Collection, ethanol (1) / water (2), NRTL at 1 atm: A12 = −57.9601, A21 = 1241.7396 cal/mol, α = 0.2937.
const R_CAL = 1.9872;
const NRTL_EW: ParameterSet = { model: 'NRTL', form: '', units: {}, s: 'test', params: { b_12: -57.9601 / R_CAL, b_21: 1241.7396 / R_CAL, alpha_12: 0.2937 } };
const EW: System = { model: 'nrtl', lnGamma: nrtl(NRTL_EW, false), psat: [ETHANOL, WATER] };

const point = (o: ReturnType<typeof bubbleT>) => {
  if (!isPoint(o)) throw new Error(o.note);
  return o;
};

describe("Raoult's law: Smith, Van Ness & Abbott Example 10.3", () => {
  it('BUBL P at 75 °C, x1 = 0.6: 66.72 kPa, y1 = 0.7483', () => {
    const o = point(bubbleP(RAOULT, 0.6, 348.15));
    expect(o.p).toBeCloseTo(66.72, 2);
    expect(o.y1).toBeCloseTo(0.7483, 4);
  });
  it('DEW P at 75 °C, y1 = 0.6: 59.74 kPa, x1 = 0.4308', () => {
    const o = point(dewP(RAOULT, 0.6, 348.15));
    expect(o.p).toBeCloseTo(59.74, 2);
    expect(o.x1).toBeCloseTo(0.4308, 4);
  });
  it('BUBL T at 70 kPa, x1 = 0.6: 76.42 °C, y1 = 0.7472', () => {
    const o = point(bubbleT(RAOULT, 0.6, 70));
    expect(o.t - 273.15).toBeCloseTo(76.42, 2);
    expect(o.y1).toBeCloseTo(0.7472, 3);
  });
  it('DEW T at 70 kPa, y1 = 0.6: 79.58 °C, x1 = 0.4351', () => {
    const o = point(dewT(RAOULT, 0.6, 70));
    expect(o.t - 273.15).toBeCloseTo(79.58, 2);
    expect(o.x1).toBeCloseTo(0.4351, 4);
  });
  it('an ideal solution has no azeotrope', () => {
    expect(azeotrope(RAOULT, { p: 70 })).toBeNull();
  });
  it('a point outside the Antoine ranges is refused, not extrapolated', () => {
    const o = bubbleP(RAOULT, 0.5, 290); // acetonitrile's fit starts at 300.15 K
    expect(isPoint(o)).toBe(false);
    expect('note' in o && o.note).toMatch(/outside the vapour-pressure ranges \(acetonitrile 300.15–382.15 K; nitromethane 329.15–419.15 K\): not extrapolated/);
    expect(isPoint(bubbleT(RAOULT, 0.5, 1))).toBe(false); // boils below 27 °C at 1 kPa
  });
});

describe('ethanol / water, DECHEMA NRTL', () => {
  it('the azeotrope at 101.325 kPa: x1 = 0.894 at 351.3 K (78.15 °C, 95.57 wt %; CRC Handbook, Azeotropic data)', () => {
    const az = azeotrope(EW, { p: 101.325 })!;
    expect(az.x1).toBeGreaterThan(0.86);
    expect(az.x1).toBeLessThan(0.92);
    expect(Math.abs(az.t - 351.3)).toBeLessThan(0.5);
    expect(az.heterogeneous).toBeUndefined();
    // located to 1e-4 in x: y1 = x1 there
    const at = point(bubbleT(EW, az.x1, 101.325));
    expect(Math.abs(at.y1 - at.x1)).toBeLessThan(1e-5);
  });

  it('x1 = 0 and 1 give the pure boiling points within 0.1 K: water 373.12 K (IAPWS-95), ethanol 351.44 K (NIST WebBook), water 354.47 K at 50 kPa', () => {
    const near = (t: number, ref: number) => expect(Math.abs(t - ref)).toBeLessThan(0.1);
    near(point(bubbleT(EW, 0, 101.325)).t, 373.12);
    near(point(bubbleT(EW, 1, 101.325)).t, 351.44);
    near(point(bubbleT(EW, 0, 50)).t, 354.47);
    near(pureBoilingT(WATER, 101.325), 373.12);
  });

  it('the bubble curve matches an independent Python NRTL solver (scipy brentq) on the same constants', () => {
    // x1, T (K), y1 from a separate implementation written for this check
    const ref: [number, number, number][] = [
      [0.1, 359.6171, 0.44244],
      [0.3, 354.4184, 0.58902],
      [0.5, 352.6972, 0.65984],
      [0.7, 351.5711, 0.75317],
      [0.95, 351.2343, 0.94589],
    ];
    let guess: number | undefined;
    for (const [x, T, y] of ref) {
      const o = point(bubbleT(EW, x, 101.325, guess));
      guess = o.t;
      expect(o.t).toBeCloseTo(T, 3);
      expect(o.y1).toBeCloseTo(y, 4);
    }
  });

  it('the γ at infinite dilution follow the NRTL limits: ln γ1∞ = τ21 + τ12·exp(−α·τ12)', () => {
    const T = 350;
    const t12 = -57.9601 / R_CAL / T;
    const t21 = 1241.7396 / R_CAL / T;
    const [g1] = EW.lnGamma(0, T);
    expect(g1).toBeCloseTo(t21 + t12 * Math.exp(-0.2937 * t12), 10);
  });

  it('the dew curve meets the bubble curve at the azeotrope', () => {
    const az = azeotrope(EW, { p: 101.325 })!;
    const dew = point(dewT(EW, az.x1, 101.325));
    expect(dew.t).toBeCloseTo(az.t, 3);
    expect(dew.x1).toBeCloseTo(az.x1, 3);
  });

  it('the record read the other way round (swap) gives the same diagram', () => {
    const swapped: ParameterSet = { ...NRTL_EW, params: { b_12: NRTL_EW.params.b_21!, b_21: NRTL_EW.params.b_12!, alpha_12: 0.2937 } };
    const s: System = { ...EW, lnGamma: nrtl(swapped, true) };
    expect(point(bubbleT(s, 0.4, 101.325)).t).toBeCloseTo(point(bubbleT(EW, 0.4, 101.325)).t, 10);
  });
});

describe('liquid-liquid stability (tangent plane)', () => {
  // Two-suffix Margules, ln γ1 = A·x2²: the liquid splits when A > 2, the binodal at ln(x/(1 − x)) = A(2x − 1)
  // (Prausnitz, Lichtenthaler & de Azevedo, Molecular Thermodynamics of Fluid-Phase Equilibria, §6.13).
  const margules = (A: number) => (x1: number): [number, number] => [A * (1 - x1) ** 2, A * x1 ** 2];
  it('A = 1.9 stays one liquid everywhere; A = 2.5 splits at x1 = 0.5, not outside the binodal', () => {
    for (const x of [0.1, 0.3, 0.5, 0.7, 0.9]) expect(splitsAt(margules(1.9), x, 300)).toBeUndefined();
    const binodal = brent((x) => Math.log(x / (1 - x)) - 2.5 * (2 * x - 1), 0.01, 0.45);
    expect(binodal).toBeCloseTo(0.145, 3);
    expect(splitsAt(margules(2.5), 0.5, 300)).toBeDefined();
    expect(splitsAt(margules(2.5), binodal + 0.02, 300)).toBeDefined();
    expect(splitsAt(margules(2.5), binodal - 0.02, 300)).toBeUndefined();
  });
});

describe('UNIQUAC', () => {
  it('the binary form equals the multicomponent one (Abrams & Prausnitz 1975) of an independent Python implementation', () => {
    // r, q of ethanol and water (ChemSep); b_12 = −87.46 K, b_21 = −55.29 K
    const set: ParameterSet = { model: 'UNIQUAC', form: '', units: {}, s: 'test', params: { b_12: -87.46, b_21: -55.29 } };
    const g = uniquac(set, false, [{ r: 2.1055, q: 1.972 }, { r: 0.92, q: 1.4 }]);
    const ref: [number, number, number, number][] = [
      [0.2, 355.0, 0.8088878314, 0.0861684839],
      [0.5, 352.0, 0.2314851212, 0.3823731168],
      [0.9, 351.0, 0.0066973083, 0.8689039982],
      [0, 373.0, 1.618310641, 0],
    ];
    for (const [x, T, l1, l2] of ref) {
      const [a, b] = g(x, T);
      expect(a).toBeCloseTo(l1, 7);
      expect(b).toBeCloseTo(l2, 7);
    }
    // read the other way round, the same coefficients swap places
    const swapped = uniquac({ ...set, params: { b_12: -55.29, b_21: -87.46 } }, true, [{ r: 2.1055, q: 1.972 }, { r: 0.92, q: 1.4 }]);
    expect(swapped(0.2, 355)[0]).toBeCloseTo(0.8088878314, 8);
  });
});

describe('Wilson', () => {
  it('γ at infinite dilution: ln γ1∞ = 1 − ln Λ12 − Λ21 (Wilson 1964)', () => {
    const w = wilson({ model: 'Wilson', form: '', units: {}, s: 'test', params: { a_12: -1.4, a_21: 1.4, b_12: -300, b_21: -500 } }, false);
    const T = 330;
    const L12 = Math.exp(-1.4 - 300 / T);
    const L21 = Math.exp(1.4 - 500 / T);
    expect(w(0, T)[0]).toBeCloseTo(1 - Math.log(L12) - L21, 10);
    expect(w(1, T)[1]).toBeCloseTo(1 - Math.log(L21) - L12, 10);
  });
});
