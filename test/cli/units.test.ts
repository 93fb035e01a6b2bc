import { describe, expect, it } from 'vitest';
import { displayUnit, SPEC_UNITS } from '../../src/units/display.js';

// Reference values from the definitions: water boils at 373.15 K = 100 °C = 212 °F at
// 1 atm = 101.325 kPa = 1.01325 bar = 0.101325 MPa = 14.69594877551 psi; 1 kcal = 4.184 kJ;
// 233.15 K = -40 °C = -40 °F. A converted value has the digits of the value given (precision.ts):
// 101.325 kPa is 14.696 psi (14.69594877551 to the digits that read back as 101.325).
describe('display units', () => {
  const prefs = (p: Partial<typeof SPEC_UNITS>) => ({ ...SPEC_UNITS, ...p });
  it.each([
    ['K', { temp: 'C' }, 373.15, '°C', 100],
    ['K', { temp: 'C' }, 347, '°C', 74], // a model's 347 ± 10 K: the kelvin value's decimals, not 73.85
    ['K', { temp: 'C' }, 351.45, '°C', 78.3], // a source's 78.3 °C, stored as 351.45 K
    ['K', { temp: 'C' }, 4.2238068, '°C', -268.92619],
    ['K', { temp: 'F' }, 373.15, '°F', 212],
    ['K', { temp: 'F' }, 233.15, '°F', -40],
    ['K', { temp: 'F' }, 351.37, '°F', 172.8], // 172.796: 172.8 °F reads back as 351.37 K
    ['K', { temp: 'K' }, 373.15, 'K', 373.15],
    ['kPa', { pressure: 'atm' }, 101.325, 'atm', 1],
    ['kPa', { pressure: 'bar' }, 101.325, 'bar', 1.01325],
    ['kPa', { pressure: 'MPa' }, 101.325, 'MPa', 0.101325],
    ['kPa', { pressure: 'psi' }, 101.325, 'psi', 14.696],
    ['kPa', { pressure: 'psi' }, 6.894757293168361, 'psi', 1],
    ['kJ/mol', { energy: 'kcal/mol' }, 4.184, 'kcal/mol', 1],
    ['kJ/mol', { energy: 'kJ/mol' }, -241.8, 'kJ/mol', -241.8],
    ['ml/mol', { temp: 'C', energy: 'kcal/mol' }, 44.91, 'ml/mol', 44.91],
  ] as const)('%s %j: %d → %s %d', (unit, p, v, shown, expected) => {
    const c = displayUnit(unit, prefs(p as Partial<typeof SPEC_UNITS>));
    expect(c.unit).toBe(shown);
    expect(c.convert(v)).toBeCloseTo(expected, 9);
  });
  it('a state a value holds at (a point\'s temperature) converts exactly: 300 K is 26.85 °C, a property\'s 300 K is 27 °C', () => {
    const c = displayUnit('K', prefs({ temp: 'C' }));
    expect(c.state(300)).toBe(26.85);
    expect(c.state(250)).toBe(-23.15);
    expect(c.convert(300)).toBe(27);
    expect(displayUnit('K', prefs({ temp: 'F' })).state(300)).toBe(displayUnit('K', prefs({ temp: 'F' })).convert(300));
    expect(displayUnit('kPa', prefs({ pressure: 'bar' })).state(101.325)).toBe(1.01325);
  });
  it('dimensionless properties keep no unit', () => {
    expect(displayUnit(undefined, SPEC_UNITS)).toMatchObject({ unit: '' });
  });
});
