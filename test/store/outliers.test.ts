// Robust z-score outlier flagging (threshold 3.5 on 0.6745·|x − median|/MAD, MAD floored).
import { describe, expect, it } from 'vitest';
import { outlierIndices } from '../../src/local/store/outliers.js';

describe('outlierIndices', () => {
  it('flags a boiling point far from three agreeing ones', () => {
    // median 351.45, MAD 0.05 → floored at 0.5 % of 351.45 = 1.757; z(380) = 0.6745·28.55/1.757 = 10.96
    expect(outlierIndices('tb', [351.4, 351.5, 351.44, 380])).toEqual([3]);
  });
  it('does not flag differences of rounding', () => {
    // z(352.0) = 0.6745·0.56/1.757 = 0.21
    expect(outlierIndices('tb', [351.4, 351.44, 352.0])).toEqual([]);
  });
  it('needs at least three values', () => expect(outlierIndices('tb', [300, 400])).toEqual([]));
  it('uses the absolute floor near zero', () => {
    // median 0.005, MAD 0.01 → floor 0.1; z(0.4) = 0.6745·0.395/0.1 = 2.7 (kept), z(1.0) = 6.7 (flagged)
    expect(outlierIndices('logp', [-0.01, 0, 0.01, 0.4])).toEqual([]);
    expect(outlierIndices('logp', [-0.01, 0, 0.01, 1.0])).toEqual([3]);
  });
  it('flags the right one with a wide spread', () => {
    // median 2, MAD 1: z(10) = 0.6745·8/1 = 5.4, z(1) = 0.67
    expect(outlierIndices('af', [1, 2, 1, 2, 10])).toEqual([4]);
  });
});
