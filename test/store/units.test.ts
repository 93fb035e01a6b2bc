// Unit conversions to the registry units, checked against hand calculations and published values.
import { describe, expect, it } from 'vitest';
import { property } from '../../src/api/properties.js';
import * as u from '../../src/units/registry.js';
import { alibakhshi, dippr101, dippr106, ppds12, ppds9, shomate, trcCpOverR } from '../../src/tdep/equations.js';
import { tGrid } from '../../src/local/store/import/correlations.js';

describe('unit conversions', () => {
  it('matches the registry units', () => {
    expect(property('pc')!.unit).toBe('kPa');
    expect(property('vc')!.unit).toBe('m³/kmol');
    expect(property('hf')!.unit).toBe('kJ/mol');
    expect(property('dvisc')!.unit).toBe('Pa×s');
    expect(property('cpg')!.unit).toBe('J/(mol×K)');
  });
  it('converts Pa to kPa', () => expect(u.convert(6137000, 'Pa', 'kPa')).toBe(6137));
  it('converts J/mol to kJ/mol', () => expect(u.convert(-234570, 'J/mol', 'kJ/mol')).toBeCloseTo(-234.57, 10));
  it('converts J/kmol to kJ/mol (ChemSep)', () => expect(u.convert(-234950000, 'J/kmol', 'kJ/mol')).toBeCloseTo(-234.95, 10));
  it('converts J/(kmol K) to J/(mol K)', () => expect(u.convert(65400, 'J/(kmol×K)', 'J/(mol×K)')).toBeCloseTo(65.4, 10));
  it('converts m³/mol to m³/kmol', () => expect(u.convert(0.000168, 'm³/mol', 'm³/kmol')).toBeCloseTo(0.168, 12));
  it('converts cal/(mol K) to J/(mol K) with the thermochemical calorie', () => expect(u.convert(10, 'cal/(mol×K)', 'J/(mol×K)')).toBeCloseTo(41.84, 10));
  it('converts cP to Pa s', () => expect(u.convert(1.074, 'cP', 'Pa×s')).toBeCloseTo(0.001074, 12));
  it('converts °C to K', () => expect(u.convert(78.29, '°C', 'K')).toBeCloseTo(351.44, 10));
  it('converts bar to kPa', () => expect(u.convert(61.37, 'bar', 'kPa')).toBeCloseTo(6137, 9));
  it('refuses units of different dimensions', () => expect(() => u.convert(1, 'K', 'kPa')).toThrow(/cannot convert K to kPa/));
});

describe('correlations', () => {
  it('grids Tmin..Tmax in 5 steps plus 298.15 K inside the range', () => {
    expect(tGrid(200, 600)).toEqual([200, 298.15, 300, 400, 500, 600]);
    expect(tGrid(300, 700)).toEqual([300, 400, 500, 600, 700]);
    expect(tGrid(500, 400)).toEqual([]);
  });
  it('Shomate (chemicals rescaling) gives NIST water gas Cp at 1000 K = 41.27 J/(mol K)', () => {
    expect(shomate(1000, 30.092, 0.006832514, 6.793435e-6, -2.53448e-9, 82139)).toBeCloseTo(41.27, 2);
  });
  it("DIPPR 101 with Perry's water coefficients: 0.913 mPa s at 298.15 K (measured 0.890, within Perry's 3 %)", () => {
    // exp(−52.843 + 12.4219 + 33.4221 − 0.0003) = exp(−6.9993)
    expect(dippr101(298.15, -52.843, 3703.6, 5.866, -5.879e-29, 10)).toBeCloseTo(0.000913, 6);
  });
  it('DIPPR 106 by hand: 50·(1 − 250/500)^0.5 = 35.355', () => {
    expect(dippr106(250, 500, 50, 0.5)).toBeCloseTo(35.3553, 4);
  });
  it('TRC Cp gives formaldehyde Cp(298.15 K) = 35.4 J/(mol K) (JANAF 35.40)', () => {
    expect(trcCpOverR(298.15, [4, 29000, 613, 7.31, -0.881, -1.06e7, 241, 206]) * u.R).toBeCloseTo(35.4, 1);
  });
  it('PPDS9 and PPDS12 vanish outside their domains', () => {
    expect(ppds9(600, 1, 1, 500, 100, 1)).toBeNaN();
    expect(ppds12(600, 500, u.R, 1, 1, 1, 1, 1)).toBeNaN();
  });
  it('Alibakhshi: hand calculation for Tc 408 K, C = −26.79 at 254 K is about 21.8 kJ/mol', () => {
    // (4.5·π·N_A)^(1/3)·4.2e-7·(Tc − 6) − R/2·T·ln T + C·T
    expect(alibakhshi(254, 408, -26.7916, u.R) / 1000).toBeCloseTo(21.8, 1);
  });
});
