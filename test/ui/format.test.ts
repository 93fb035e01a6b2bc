// The web page's numbers (src/server/ui/format.ts, served compiled with the CLI's cli/units.ts and
// api/precision.ts): unit conversions by the definitions of the units, keeping the digits a value was
// written with, and model values as `v ± e`.
import { describe, expect, it } from 'vitest';
import { SPEC_UNITS } from '../../src/units/display.js';
import { UNITS, conversionOf, convertState, convertValue, pointValue, readUnits, withUncertainty } from '../../src/server/ui/format.js';

/** The page's conversion of each choice of a dimension. */
const choices = (dim: keyof typeof SPEC_UNITS, from: string) => Object.fromEntries(Object.keys(UNITS[dim].choices).map((k) => [k, conversionOf(from, { ...SPEC_UNITS, [dim]: k })]));
const T = choices('temp', 'K');
const P = choices('pressure', 'kPa');
const E = choices('energy', 'kJ/mol');

describe('unit conversions of the page', () => {
  it('converts by the definitions and keeps the digits the value was written with', () => {
    // ethanol boils at 351.44 K = 78.29 °C = 172.922 °F (°C = K − 273.15, °F = K × 9/5 − 459.67): 0.01 K is 0.018 °F
    expect(convertValue(351.44, T.C)).toBe(78.29);
    expect(convertValue(351.44, T.F)).toBe(172.92);
    expect(convertValue(347, T.C)).toBe(74); // a model's 347 ± 10 K: not 73.85 °C
    expect(convertState(300, T.C)).toBe(26.85); // a grid temperature is exact
    // 1 atm = 101.325 kPa, 1 bar = 100 kPa
    expect(convertValue(101.325, P.atm)).toBe(1);
    expect(convertValue(101.325, P.bar)).toBe(1.01325);
    expect(convertValue(4000, P.MPa)).toBe(4);
    // 1 psi = 6.894757 kPa: 100 kPa = 14.5038 psi
    expect(convertValue(100, P.psi)).toBe(14.5);
    // 1 kcal = 4.184 kJ: ethanol's enthalpy of vaporization at 298.15 K, 42.36 kJ/mol = 10.1243 kcal/mol
    expect(convertValue(42.36, E['kcal/mol'])).toBe(10.124);
    // binary noise of a value as sent is not shown
    expect(convertValue(278.66499999999996, T.K)).toBe(278.665);
    expect(convertValue(278.66499999999996, T.C)).toBe(5.515);
  });

  it('lists every choice with its label', () => {
    expect(Object.fromEntries(Object.entries(UNITS).map(([dim, d]) => [dim, Object.values(d.choices).map((c) => c.label)]))).toEqual({
      temp: ['K', '°C', '°F'],
      pressure: ['kPa', 'bar', 'atm', 'psi', 'MPa'],
      energy: ['kJ/mol', 'kcal/mol'],
    });
  });

  it('reads the remembered choices, ignoring what is not a choice', () => {
    expect(readUnits('{"temp":"C","pressure":"atm","energy":"kcal/mol"}')).toEqual({ temp: 'C', pressure: 'atm', energy: 'kcal/mol' });
    expect(readUnits('{"temp":"R","pressure":"toString"}')).toEqual({ temp: 'K', pressure: 'kPa', energy: 'kJ/mol' });
    expect(readUnits('not json')).toEqual({ temp: 'K', pressure: 'kPa', energy: 'kJ/mol' });
    expect(readUnits(null)).toEqual({ temp: 'K', pressure: 'kPa', energy: 'kJ/mol' });
  });
});

describe('model values as v ± e', () => {
  it('rounds e to two significant digits and v to the place of its second digit', () => {
    // the examples of the issue that asked for it: CCO's tb and tf, and the page's 301.979 ± 10.2
    expect(withUncertainty(353.643, 33.7)).toBe('354 ± 34');
    expect(withUncertainty(171.5641785, 11.8)).toBe('172 ± 12');
    expect(withUncertainty(301.979, 10.2)).toBe('302 ± 10');
    expect(withUncertainty(38.52965015, 1.03)).toBe('38.5 ± 1.0');
    expect(withUncertainty(0.6228102762, 0.0831)).toBe('0.623 ± 0.083');
    expect(withUncertainty(-0.2096587555, 0.101)).toBe('-0.21 ± 0.10');
    expect(withUncertainty(12345.6, 340)).toBe('12350 ± 340');
  });

  it('converts a model value and its uncertainty before rounding: e is a difference', () => {
    // 353.643 ± 33.7 K = 80.493 ± 33.7 °C = 177.157 ± 60.66 °F
    expect(pointValue({ v: 353.643, e: 33.7 }, T.C, true)).toBe('80 ± 34');
    expect(pointValue({ v: 353.643, e: 33.7 }, T.F, true)).toBe('177 ± 61');
    // 38.53 ± 1.03 kJ/mol = 9.2088 ± 0.2462 kcal/mol
    expect(pointValue({ v: 38.52965015, e: 1.03 }, E['kcal/mol'], true)).toBe('9.21 ± 0.25');
    // a measured value with its source's uncertainty keeps the digits written: ATcT's −234.55 ± 0.2 kJ/mol
    expect(pointValue({ v: -234.55, e: 0.2 }, E['kJ/mol'], false)).toBe('-234.55 ± 0.2');
    expect(pointValue({ v: -234.55 }, E['kJ/mol'], true)).toBe('-234.55');
  });
});
