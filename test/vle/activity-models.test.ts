// The N-component NRTL, Wilson and UNIQUAC against CalebBell/thermo 0.4 (thermo.nrtl.NRTL,
// thermo.wilson.Wilson, thermo.uniquac.UNIQUAC) on one ternary at 330 K, x = (0.2, 0.3, 0.5):
//   NRTL(T, xs, tau_bs=B, alpha_cs=AL).gammas(); Wilson(T, xs, lambda_as=A, lambda_bs=B);
//   UNIQUAC(T, xs, rs, qs, tau_bs=BU), ln of each γ printed to 16 digits.
// A ternary with one component absent is the binary (the pair's own set).
import { describe, expect, it } from 'vitest';
import { nrtlN, pairMatrix, uniquacN, wilsonN } from '../../src/vle/activity-models.js';
import type { ParameterSet } from '../../src/api/types.js';

const T = 330;
const X = [0.2, 0.3, 0.5];
const B = [[0, -29.17, 150.0], [624.9, 0, -80.0], [300.0, 420.0, 0]];
const AL = [[0, 0.3, 0.2], [0.3, 0, 0.47], [0.2, 0.47, 0]];
const A = [[0, -1.4, 0.5], [1.2, 0, -0.3], [0.1, 0.2, 0]];
const BU = [[0, -50, 100], [-200, 0, 30], [40, -60, 0]];
const RQ3 = [{ r: 2.1055, q: 1.972 }, { r: 0.92, q: 1.4 }, { r: 3.19, q: 2.4 }];
const ZERO = B.map((r) => r.map(() => 0));

const close = (got: number[], want: number[]) => got.forEach((g, i) => expect(g).toBeCloseTo(want[i]!, 12));

describe('N-component activity models (thermo)', () => {
  it('NRTL', () => close(nrtlN(ZERO, B, AL)(X, T), [0.6645930531639549, 0.2719770646002391, 0.18381943910238258]));
  it('Wilson', () => close(wilsonN(A, B)(X, T), [-1.4812887029163775, -1.6238111764006173, -0.43601134588179585]));
  it('UNIQUAC', () => close(uniquacN(ZERO, BU, RQ3)(X, T), [-0.2342336644765486, 0.8358408757073694, -0.04393426799795394]));

  it('a component at x = 0 leaves the binary of the other two', () => {
    const tern = nrtlN(ZERO, B, AL)([0.4, 0, 0.6], T);
    const bin = nrtlN([[0, 0], [0, 0]], [[0, 150], [300, 0]], [[0, 0.2], [0.2, 0]])([0.4, 0.6], T);
    expect(tern[0]).toBeCloseTo(bin[0]!, 12);
    expect(tern[2]).toBeCloseTo(bin[1]!, 12);
  });
});

describe('pairMatrix', () => {
  const set = (params: Record<string, number>): ParameterSet => ({ model: 'NRTL', form: '', units: {}, params, s: 'x' });
  it('reads _12 as i→j and _21 as j→i; a symmetric parameter has one value', () => {
    const pairs = [{ i: 2, j: 0, set: set({ b_12: 5, b_21: 7, alpha_12: 0.2 }) }, { i: 0, j: 1, set: set({ b_12: 1, b_21: 2 }) }, { i: 1, j: 2, set: set({ b_12: 3, b_21: 4 }) }];
    expect(pairMatrix(3, pairs, 'b')).toEqual([[0, 1, 7], [2, 0, 3], [5, 4, 0]]);
    expect(pairMatrix(3, pairs, 'alpha', 0.3, true)).toEqual([[0, 0.3, 0.2], [0.3, 0, 0.3], [0.2, 0.3, 0]]);
  });
  it('a pair without a set is an error, never zero', () => {
    expect(() => pairMatrix(3, [{ i: 0, j: 1, set: set({ b_12: 1, b_21: 2 }) }], 'b')).toThrow(/components 0 and 2/);
  });
});
