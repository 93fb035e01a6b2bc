// chem state's pieces against numbers from outside: the quantities people type, Peng–Robinson against
// CalebBell thermo's PR class, the saturation solver against IAPWS-IF97, and the evaluation rules
// (one point per source in a record's order, interpolation, extrapolation, ranges) on hand-made curves.
import { describe, expect, it } from 'vitest';
import { Curves, type Correlation } from '../../src/tdep/curves.js';
import { curveFunction, equation } from '../../src/tdep/equations.js';
import { gasDensity, pengRobinsonZ, phaseAt, solveSaturation } from '../../src/tdep/phase.js';
import { parsePressure, parseTemperature, parseTemperatures } from '../../src/units/quantities.js';
import { statesOf } from '../../src/tdep/state.js';

describe('temperatures and pressures with units', () => {
  it('reads the forms people write, exactly', () => {
    expect([parseTemperature('25C'), parseTemperature('298.15'), parseTemperature('25 °C'), parseTemperature('77F'), parseTemperature('298.15K')]).toEqual([298.15, 298.15, 298.15, 298.15, 298.15]);
    expect(parseTemperature('-20C')).toBe(253.15);
    expect([parsePressure('1atm'), parsePressure('101.325'), parsePressure('70kPa'), parsePressure('1bar'), parsePressure('0.1 MPa'), parsePressure('101325Pa')]).toEqual([101.325, 101.325, 70, 100, 100, 101.325]);
    expect(parsePressure('760mmHg')).toBeCloseTo(101.325, 3);
    expect(parsePressure('14.695949psi')).toBeCloseTo(101.325, 4);
    expect(parseTemperatures('25C, 350')).toEqual([298.15, 350]);
  });
  it('refuses what is no temperature or pressure', () => {
    for (const bad of ['abc', '-5', '0', '-300C', '25X', '']) expect(() => parseTemperatures(bad), bad).toThrow();
    for (const bad of ['0', '-1atm', '1 furlong', 'x']) expect(() => parsePressure(bad), bad).toThrow();
  });
});

describe('Peng–Robinson', () => {
  // CalebBell thermo (thermo.eos.PR, commit of the fetched snapshot): PR(Tc, Pc, omega, T, P).Z_g
  it('gives thermo PR class compressibility factors', () => {
    expect(pengRobinsonZ(400, 1e6, 507.6, 3025000, 0.2975)).toBeCloseTo(0.6440214224023832, 10); // n-hexane vapour
    expect(pengRobinsonZ(600, 1e7, 514.0, 6137000, 0.646)).toBeCloseTo(0.6907137209689783, 10); // ethanol, supercritical
    expect(pengRobinsonZ(773.15, 101325, 647.096, 22064000, 0.3443)).toBeCloseTo(0.9990575332095727, 10); // steam
  });
  it('gas density from PR with the constants, else the ideal gas', () => {
    const k = { tc: { v: 507.6, s: 'a' }, pc: { v: 3025, s: 'a' }, af: { v: 0.2975, s: 'a' }, mw: 86.17536 };
    // thermo: V_g = 0.002141876816741797 m³/mol at 400 K and 1 MPa, so ρ = M/V
    expect(gasDensity(400, 1000, k)!.v).toBeCloseTo(0.08617536 / 0.002141876816741797, 1);
    expect(gasDensity(400, 1000, k)).toMatchObject({ s: 'peng-robinson', calc: true, u: 'rhog' });
    // ideal gas: P M / (R T)
    expect(gasDensity(400, 1000, { mw: 86.17536 })).toMatchObject({ v: 25.91, s: 'ideal-gas' });
  });
});

describe('phases and saturation', () => {
  // IAPWS-IF97 region 4 (saturation line), the reference for water's vapour pressure
  const n = [0.11670521452767e4, -0.72421316703206e6, -0.17073846940092e2, 0.12020824702470e5, -0.32325550322333e7, 0.14915108613530e2, -0.48232657361591e4, 0.40511340542057e6, -0.23855557567849, 0.65017534844798e3];
  const psatIF97 = (T: number) => {
    const th = T + n[8]! / (T - n[9]!);
    const A = th * th + n[0]! * th + n[1]!;
    const B = n[2]! * th * th + n[3]! * th + n[4]!;
    const C = n[5]! * th * th + n[6]! * th + n[7]!;
    return 1000 * (2 * C / (-B + Math.sqrt(B * B - 4 * A * C))) ** 4;
  };
  it('solves for the temperature at which the vapour pressure equals P', () => {
    // IF97's own backward equation gives 373.1243 K at 101.325 kPa and 363.0815 K at 70 kPa
    expect(solveSaturation(psatIF97, 101.325, 273.16, 647)).toBeCloseTo(373.1243, 3);
    expect(solveSaturation(psatIF97, 70, 273.16, 647)).toBeCloseTo(363.0815, 3);
    expect(solveSaturation(psatIF97, 1e5, 273.16, 647)).toBeUndefined();
  });
  it('tells solid, liquid, gas and supercritical apart', () => {
    const k = { tf: { v: 273.15, s: 'x' }, tc: { v: 647.096, s: 'x' }, pc: { v: 22064, s: 'x' } };
    expect(phaseAt(298.15, 101.325, k, psatIF97(298.15))).toBe('liquid');
    expect(phaseAt(423.15, 101.325, k, psatIF97(423.15))).toBe('gas');
    expect(phaseAt(253.15, 101.325, k, undefined)).toBe('solid');
    expect(phaseAt(700, 25000, k, undefined)).toBe('supercritical');
    expect(phaseAt(700, 100, k, undefined)).toBe('gas');
    expect(phaseAt(300, 100, {}, undefined)).toBeUndefined();
  });
});

describe('a compound\'s curves at a temperature', () => {
  // two sources of one property: a wide DIPPR 100 line and a narrow one; a source with two equations
  const k = (s: string, a: number, tmin: number, tmax: number, eq = 'DIPPR equation 100'): Correlation => ({ key: 'rhol', s, eq, coeffs: [a, -1, 0, 0, 0], unit: 'kg/m³', tmin, tmax, c: `${s} line, ${tmin}–${tmax} K` });
  const curves = new Curves({
    correlations: [k('perry', 1100, 200, 500), k('vdi', 1101, 250, 350), k('costald', 1150, 100, 600)],
    points: { cpl: [{ v: 100, s: 'janaf', t: 300 }, { v: 110, s: 'janaf', t: 320 }, { v: 200, s: 'crc', t: 500 }], pvap: [{ v: 10.123, s: 'x', t: 300 }, { v: 40.456, s: 'x', t: 330 }] },
  });
  it('evaluates each source covering T, in the record order (vdi before perry before costald)', () => {
    const { points } = curves.at('rhol', 300);
    expect(points.map((p) => [p.s, p.v])).toEqual([['vdi', 801], ['perry', 800], ['costald', 850]]);
    expect(points[0]).toMatchObject({ t: 300, u: 'rhol', c: 'vdi line, 250–350 K' });
    expect(curves.at('rhol', 450).points.map((p) => p.s)).toEqual(['perry', 'costald']);
  });
  it('interpolates one source\'s close measured points where no correlation covers T, linear or ln P in 1/T', () => {
    expect(curves.at('cpl', 310).points).toEqual([expect.objectContaining({ v: 105, s: 'janaf', interpolated: true })]);
    expect(curves.at('cpl', 320).points).toEqual([expect.objectContaining({ v: 110, s: 'janaf' })]); // a measured T itself
    const lnP = Math.exp(Math.log(10.123) + (Math.log(40.456 / 10.123) * (1 / 315 - 1 / 300)) / (1 / 330 - 1 / 300));
    expect(curves.at('pvap', 315).points[0]!.v).toBeCloseTo(lnP, 3);
    expect(curves.at('cpl', 400)).toEqual({ points: [], why: 'cpl: no source covers 400 K (janaf 300–320 K, crc 500 K)' });
  });
  it('outside every range: nothing and the ranges, or with extrapolate each source flagged', () => {
    expect(curves.at('rhol', 700)).toEqual({ points: [], why: 'rhol: no source covers 700 K (perry 200–500 K, vdi 250–350 K, costald 100–600 K)' });
    const far = curves.at('rhol', 700, true).points;
    expect(far.map((p) => [p.s, p.v, p.extrapolated])).toEqual([['vdi', 401, true], ['perry', 400, true], ['costald', 450, true]]);
  });
  it('every correlation covering T, a source\'s preferred equation first (Wagner before Antoine)', () => {
    const wagner = { key: 'pvap', s: 'poling', eq: 'Wagner equation (2.5, 5)', coeffs: [-8.68587, 1.17831, -4.8762, 1.588, 513.92, 6132000], unit: 'Pa', tmin: 159.05, tmax: 513.92 };
    const antoine = { key: 'pvap', s: 'poling', eq: 'Antoine equation (log10 Pa)', coeffs: [10.33675, 1648.22, -42.232], unit: 'Pa', tmin: 276.5, tmax: 369.54 };
    const both = new Curves({ correlations: [antoine, wagner], points: {} });
    // ethanol, Poling's rows: chemicals.vapor_pressure.Wagner gives 7874.059626 Pa at 298.15 K, Antoine 7876.398435 Pa (tdep_examples.tsv)
    expect(both.at('pvap', 298.15).points).toEqual([expect.objectContaining({ s: 'poling', v: 7.87406, u: 'pvap' }), expect.objectContaining({ s: 'poling', v: 7.8764 })]);
    expect(both.at('pvap', 200).points.map((p) => p.v)).toHaveLength(1); // only the Wagner row reaches 200 K
  });
  it('a state with a pressure: the phase and its properties; without T, the saturation temperature', () => {
    // water's row of the VDI Heat Atlas PPDS vapour-pressure table (Wagner 2.5, 5)
    const water = new Curves({
      correlations: [{ key: 'pvap', s: 'vdi', eq: 'Wagner equation (2.5, 5)', coeffs: [-7.86975, 1.90561, -2.30891, -2.06472, 647.1, 22064000], unit: 'Pa', tmin: 273.15, tmax: 647.1 }],
      points: {},
    });
    const consts = { tf: { v: 273.15, s: 'x' }, tc: { v: 647.096, s: 'x' }, pc: { v: 22064, s: 'x' }, af: { v: 0.3443, s: 'x' }, mw: 18.015 };
    const { states } = statesOf(water, consts, { t: [298.15, 423.15], p: 101.325 });
    expect(states.map((s) => s.phase)).toEqual(['liquid', 'gas']);
    expect(Object.keys(states[1]!.props)).toEqual(['rhog', 'pvap']);
    const sat = statesOf(water, consts, { p: 101.325 }).states[0]!;
    expect(sat).toMatchObject({ p: 101.325, phase: 'liquid', saturation: true });
    expect(Math.abs(sat.t - 373.124)).toBeLessThan(0.1); // IAPWS-IF97
  });
});

describe('the registry', () => {
  it("IAPWS-IF97's saturation equation gives the release's verification values (R7-97(2012), table 35)", () => {
    const n = [0.11670521452767e4, -0.72421316703206e6, -0.17073846940092e2, 0.1202082470247e5, -0.32325550322333e7, 0.1491510861353e2, -0.48232657361591e4, 0.40511340542057e6, -0.23855557567849, 0.65017534844798e3];
    const ps = curveFunction('IAPWS-IF97 saturation equation', n);
    expect(ps(300) / 0.353658941e4 - 1).toBeLessThan(1e-8);
    expect(Math.abs(ps(500) / 0.263889776e7 - 1)).toBeLessThan(1e-8);
    expect(Math.abs(ps(600) / 0.123443146e8 - 1)).toBeLessThan(1e-8);
  });
  it('refuses an unknown equation or a wrong number of coefficients', () => {
    expect(() => equation('No such equation', [1])).toThrow(/not in the registry/);
    expect(() => equation('Antoine equation (log10 Pa)', [1, 2])).toThrow(/takes A, B, C/);
    expect(curveFunction('table', [300, 1, 400, 3])(350)).toBe(2);
  });
});
