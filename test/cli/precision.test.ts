// Numbers worth their digits (src/api/precision.ts): conversions keep the digits the source wrote,
// medians the decimals of their values, model points are rounded to their uncertainty; and no output
// of a database built from the fixture mirror carries binary noise (test/number-noise.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { convertKeepingDigits, decimals, formatWithUncertainty, median, pointText, roundEstimate, roundSignificant, roundToUncertainty } from '../../src/api/precision.js';
import { noise, numberNoise } from '../number-noise.js';
import { displayUnit, SPEC_UNITS } from '../../src/units/display.js';
import { runChem } from '../helpers.js';

describe('precision rules', () => {
  it('a converted value keeps the digits the source wrote (exact factors: 0 °C = 273.15 K, 1 cal = 4.184 J, 1 bar = 100 kPa)', () => {
    const cToK = (v: number) => convertKeepingDigits(v, (x) => x + 273.15, (x) => x - 273.15);
    expect(cToK(78.2)).toBe(351.35);
    expect(cToK(-84.7)).toBe(188.45);
    expect(convertKeepingDigits(5370, (x) => x / 1000, (x) => x * 1000)).toBe(5.37);
    // 25.2 cal = 105.4368 J: 105.4 J is the shortest value that converts back to 25.2
    expect(convertKeepingDigits(25.2, (x) => x * 4.184, (x) => x / 4.184)).toBe(105.4);
    expect(convertKeepingDigits(48.72, (x) => x * 100, (x) => x / 100)).toBe(4872);
    // rhoc 5.99 mol/L → vc 1/5.99 = 0.166944… m³/kmol: three digits come back as 5.99
    expect(convertKeepingDigits(5.99, (x) => 1 / x, (x) => 1 / x)).toBe(0.167);
  });

  it('a median of an even count has the decimals of the less precise middle value', () => {
    expect(median([184.55, 184.55, 184.568587832, 184.6])).toBe(184.56); // was 184.559293916
    expect(median([278.65, 278.68])).toBe(278.66); // 278.66499999999996 in the issue: half-way, rounded up
    expect(median([1, 3, 10])).toBe(3);
    expect(median([5, 7])).toBe(6);
    expect(median([])).toBeUndefined();
    expect(decimals(1.5e-7)).toBe(8);
    expect(roundSignificant(1.6408335253989706e-31, 6)).toBe(1.64083e-31); // a vapour pressure far below the triple point
  });

  it('a model value is rounded to the second digit of its uncertainty (the issue: 353.643 ± 33.7 K is 354 ± 34 K)', () => {
    expect(roundToUncertainty(353.643, 33.7)).toEqual({ v: 354, e: 34 });
    expect(roundToUncertainty(171.5641785, 11.8)).toEqual({ v: 172, e: 12 });
    expect(roundToUncertainty(199.0558701, 0.147)).toEqual({ v: 199.06, e: 0.15 });
    expect(formatWithUncertainty(38.5297, 0.996)).toBe('38.5 ± 1.0');
    expect(formatWithUncertainty(301.979, 10.2)).toBe('302 ± 10');
  });

  it('v ± e in display units: e converted as a difference; a model point to e\'s second digit, rounded once; a measured e to 3 digits', () => {
    const exact = (f: (k: number) => number) => ({ convert: f, state: f });
    const fahrenheit = exact((k: number) => k * 1.8 - 459.67); // the °F of a kelvin value, by definition
    const celsius = exact((k: number) => k - 273.15);
    expect(pointText({ v: 354, e: 34, calc: true }, fahrenheit, String)).toBe('178 ± 61'); // 177.53 ± 61.2 °F
    expect(pointText({ v: 100, e: 1.2496, calc: true }, exact((x) => x), String)).toBe('100.0 ± 1.2'); // not 1.25, then 1.3
    expect(pointText({ v: 351.44, e: 0.05 }, celsius, (x) => x.toFixed(2))).toBe('78.29 ± 0.05'); // e: 0.05000000000001137 after the shift
    expect(pointText({ v: 351.44 }, celsius, (x) => x.toFixed(1))).toBe('78.3');
    // the display conversion: a model's 346.6 ± 9.6 K is 73.5 ± 9.6 °C (e exactly; v then to e's place)
    const shown = displayUnit('K', { ...SPEC_UNITS, temp: 'C' });
    expect(pointText({ v: 346.6, e: 9.6, calc: true }, shown, String)).toBe('73.5 ± 9.6');
    expect(pointText({ v: 347 }, shown, String)).toBe('74');
  });

  it('a group-contribution estimate keeps the digits of its method (Joback worked example 337.54 K; Crippen -0.0014)', () => {
    expect(roundEstimate('tb', 337.53999999999996)).toBe(337.54);
    expect(roundEstimate('pc', 4802.512345)).toBe(4802.5);
    expect(roundEstimate('logp', 0.2940329686)).toBe(0.294);
    expect(roundEstimate('logp', -0.00140000001)).toBe(-0.0014);
  });

  it('the noise check finds the issue\'s numbers and passes clean ones', () => {
    for (const n of ['184.559293916', '278.66499999999996', '0.30000000000000004', '2.9999999', '0.2940329686']) expect(noise(n), n).toBeDefined();
    for (const n of ['184.56', '146.94198', '101325', '1e-7', '0.0014', '0.0000023741', 'Ethanol', '64-17-5']) expect(noise(n), n).toBeUndefined();
  });
});

describe('outputs of a database built from the fixture mirror', () => {
  const MIRROR = fileURLToPath(new URL('../fixtures/store/mirror', import.meta.url));
  let dir: string;
  let db: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'chem-precision-'));
    db = join(dir, 'chem.sqlite');
    expect((await runChem(['db', 'build', '--from', MIRROR, '--db', db, '--json'])).code).toBe(0);
  }, 300_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('carry no binary noise: a full tf<200 search, 100 records, in spec and other units; model points no finer than e', { timeout: 300_000 }, async () => {
    expect(await numberNoise(db)).toEqual([]);
  });
});
