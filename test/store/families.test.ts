// The property families over the hand-written fixture mirror: published values of ethanol, water and
// ammonia (NIST, CRC Handbook, IAPWS), the grid and `c` of the correlations, and the rows and curves
// skipped or refused with a reason (the quirks of the data README).
import { beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { PROPERTY_KEYS, property } from '../../src/api/properties.js';
import { ImportContext, Tally, type PointRec } from '../../src/local/store/import/context.js';
import { IMPORTERS } from '../../src/local/store/import/index.js';
import { byCas } from '../../src/local/store/import/context.js';
import { lookupOf, path, rowOutputs, tables, type Curve } from '../../src/local/store/import/runner.js';
import { criticalZc, FAMILY_SPECS } from '../../src/local/store/import/specs/index.js';
import { tsv } from '../../src/local/store/import/table.js';
import { convert } from '../../src/units/registry.js';
import { curveFunction } from '../../src/tdep/equations.js';

const MIRROR = fileURLToPath(new URL('../fixtures/store/mirror', import.meta.url));
let ctx: ImportContext;
const pts = (ref: string, key: string, s?: string): PointRec[] => ctx.points.filter((p) => p.ref === ref && p.key === key && (!s || p.s === s));
const at = (ref: string, key: string, s: string, t: number) => pts(ref, key, s).find((p) => p.t === t);
const log = (suffix: string) => ctx.logs().find((l) => l.file.endsWith(suffix))!;
const ETHANOL = 'cas:64-17-5';

/** The curve the spec of `file` makes of the compound's first row, in the registry unit, at T. */
function curveAt(file: string, ref: string, T: number): number {
  const spec = FAMILY_SPECS.find((s) => path(s).endsWith(file))!;
  const row = tsv(ctx.text(path(spec))).find((r) => { const k = (spec.key ?? byCas())(r); return 'cas' in k && `cas:${k.cas?.trim()}` === ref; })!;
  const curve = (rowOutputs(spec, row, ref, lookupOf(ctx)) as Curve[]).find((o) => 'eq' in o)!;
  return convert(curveFunction(curve.eq, curve.coeffs)(T), curve.unit, property(curve.key)!.unit ?? '');
}
const WATER = 'cas:7732-18-5';

beforeAll(() => {
  ctx = new ImportContext(MIRROR, true);
  for (const imp of IMPORTERS) imp.run(ctx);
});

describe('registry', () => {
  it('knows every new key with its unit, T-dependence and range', () => {
    for (const k of ['pvap', 'rhol', 'srf', 'tcondl', 'tcondg', 'cpl', 'rfi', 'epsr', 'psub']) expect(property(k)!.dep, k).toEqual(['T']);
    for (const k of ['zc', 'zra', 'dm', 'gr', 'hansen_d', 'hansen_p', 'hansen_h', 'tflash', 'tautoign', 'lfl', 'ufl', 'tt', 'pt', 'rhos', 'gwp20', 'gwp100', 'gwp500', 'odp']) {
      expect(PROPERTY_KEYS, k).toContain(k);
      expect(property(k)!.dep, k).toEqual([]);
    }
    expect([property('pvap')!.unit, property('rhol')!.unit, property('srf')!.unit, property('tcondl')!.unit, property('hansen_d')!.unit, property('gr')!.unit]).toEqual([
      'kPa', 'kg/m³', 'N/m', 'W/(m×K)', 'MPa^0.5', 'Å',
    ]);
    expect(property('tc')).toMatchObject({ range: [0, 10000], positive: true });
  });
  it('converts between units of one dimension only', () => {
    expect(convert(101325, 'Pa', 'kPa')).toBe(101.325);
    expect(convert(22.39, 'mN/m', 'N/m')).toBeCloseTo(0.02239, 15);
    expect(convert(2.259e-10, 'm', 'Å')).toBeCloseTo(2.259, 12);
    expect(() => convert(1, 'Pa', 'K')).toThrow(/cannot convert/);
  });
});

describe('vapour pressure', () => {
  it('water at 373.15 K from DIPPR eq. 101 is the steam tables value (101.42 kPa) within 0.3 %', () => {
    // 373.15 K is no grid point of 273.16–647.1 K: evaluate by the importer on a one-row table of our own
    const water = pts(WATER, 'pvap', 'perry');
    expect(water.map((p) => p.t)).toEqual([273.16, 298.15, 366.65, 460.13, 553.62, 647.1]);
    expect(water[1]!.v).toBeCloseTo(3.17, 1); // 3.1699 kPa at 25 °C (IAPWS-95)
    expect(water[0]!.c).toMatch(/^DIPPR equation 101, 273.16–647.1 K; A=73.649, B=-7258.2, C=-7.3037, D=0.0000041653, E=2$/);
    // at Tc the equation gives about Pc = 22 064 kPa
    expect(water[5]!.v / 22064).toBeCloseTo(1, 1);
    expect(curveAt('Table 2-8 Vapor Pressure of Inorganic and Organic Liquids.tsv', WATER, 373.15) / 101.42).toBeCloseTo(1, 2);
  });
  it('ethanol at 298.15 K: 7.87 kPa (CRC) from Antoine (Poling) and eq. 101 (Perry)', () => {
    expect(at(ETHANOL, 'pvap', 'poling', 298.15)!.v).toBeCloseTo(7.87, 1);
    expect(at(ETHANOL, 'pvap', 'perry', 298.15)!.v).toBeCloseTo(7.9, 1);
  });
  it('Landolt coefficients are ln Pa (C = 0: Clausius–Clapeyron), and a row without range is refused', () => {
    expect(at(WATER, 'pvap', 'landolt', 290)!.v).toBe(Number((Math.exp(25 - 5200 / 290) / 1000).toPrecision(6))); // a correlation's point: 6 digits
    expect(log('Antoine Collection Poling.tsv')).toMatchObject({ rows: 2, accepted: 1, rejected: { 'missing coefficient': 1 } });
  });
});

describe('liquid density, Rackett parameter', () => {
  it('ethanol 785 kg/m³ at 298.15 K (CRC: 0.7849 g/cm³) from Perry 105 with the molar mass of the identifier table', () => {
    expect(at(ETHANOL, 'rhol', 'perry', 298.15)!.v).toBeCloseTo(785, -1);
  });
  it('COSTALD takes Tc from the critical tables and names it; Z_RA is stored as zra', () => {
    const costald = pts(ETHANOL, 'rhol', 'costald');
    expect(costald[0]!.c).toBe('COSTALD, 128.48–488.2 K, Tc 513.9 K (iupac)');
    expect(at(ETHANOL, 'rhol', 'costald', 298.15)!.v).toBeGreaterThan(780);
    expect(at(ETHANOL, 'rhol', 'costald', 298.15)!.v).toBeLessThan(820);
    expect(pts(ETHANOL, 'zra')[0]!.v).toBe(0.2502);
  });
  it('water 997 kg/m³ at 298.15 K from the CRC constant molar volume (IAPWS: 997.05)', () => {
    expect(pts(WATER, 'rhol', 'crc')).toHaveLength(1);
    expect(at(WATER, 'rhol', 'crc', 298.15)!.v).toBeCloseTo(997, 0);
  });
});

describe('surface tension, thermal conductivity, liquid heat capacity', () => {
  it('ethanol σ at 293.15 K is 22.39 mN/m (CRC), stored in N/m', () => {
    const jasper = pts(ETHANOL, 'srf', 'jasper');
    expect(jasper.map((p) => p.t)).toEqual([207.15, 231.15, 255.15, 279.15, 298.15, 303.15]);
    expect(curveAt('Jasper-Lange.tsv', ETHANOL, 293.15)).toBeCloseTo(0.02239, 5);
  });
  it('a Jasper row without range ends where σ vanishes (a/b + 273.15 K), sampled to 0.999 of it', () => {
    const w = pts(WATER, 'srf', 'jasper');
    const tZero = 75.83 / 0.1477 + 273.15;
    expect(w.at(-1)!.t).toBeCloseTo(0.999 * tZero, 2);
    expect(w.every((p) => p.v > 0)).toBe(true);
  });
  it('ethanol liquid λ at 298.15 K is 0.168 W/(m×K) (NIST 0.167)', () => expect(at(ETHANOL, 'tcondl', 'perry', 298.15)!.v).toBeCloseTo(0.168, 3));
  it('ethanol liquid Cp at 298.15 K is 112.3 J/(mol×K) (NIST 112.4) from chained Zabransky segments', () => {
    expect(at(ETHANOL, 'cpl', 'zabransky', 298.15)!.v).toBeCloseTo(112.1, 0);
    expect(pts(ETHANOL, 'cpl', 'zabransky')[0]!.c).toBe('Zabransky cubic spline segment (isobaric), 220–290 K');
  });
  it('skips a segment with Cp/R ≤ 3 (the lost digit of ethylbenzene) and refuses the CAS "None"', () => {
    expect(pts('cas:100-41-4', 'cpl')).toEqual([]);
    expect(log('Zabransky.tsv')).toMatchObject({ rows: 4, accepted: 2, rejected: { 'malformed CAS': 1 }, skipped: { 'cpl: Cp/R ≤ 3 (unusable segment)': 1 } });
  });
});

describe('constants', () => {
  it('refractive index at its temperature; a row without one is skipped', () => {
    expect(pts(ETHANOL, 'rfi')).toMatchObject([{ v: 1.3611, t: 293.15 }]);
    expect(log('Organic RI.csv').skipped).toEqual({ 'no refractive index or temperature': 1 });
  });
  it('dipole moments in debye (Psi4 marked calc), radius of gyration in Å, Hansen parameters in MPa^0.5', () => {
    expect(pts(ETHANOL, 'dm', 'cccbdb')[0]!.v).toBe(1.69);
    expect(pts(ETHANOL, 'dm', 'psi4')[0]).toMatchObject({ v: 1.79, calc: true });
    expect(pts(ETHANOL, 'gr')[0]!.v).toBeCloseTo(2.259, 12);
    expect(['hansen_d', 'hansen_p', 'hansen_h'].map((k) => pts(ETHANOL, k)[0]!.v)).toEqual([15.8, 8.8, 19.4]);
  });
  it('GWP over 20, 100 and 500 years from one IPCC row (AR6 WG1 table 7.15, methane: 81.2, 27.9, 7.95)', () => {
    expect(['gwp20', 'gwp100', 'gwp500'].map((k) => pts('cas:74-82-8', k, 'ipcc')[0]!.v)).toEqual([81.2, 27.9, 7.95]);
    expect(['gwp20', 'gwp100', 'gwp500'].map((k) => pts(ETHANOL, k))).toEqual([[], [], []]);
    expect(log('Global Warming Potentials 2021.tsv')).toMatchObject({ rows: 2, accepted: 1 });
  });
  it('flammability from IEC as K and volume fractions; Serat estimates off the 0.1 °C grid are skipped', () => {
    expect(['tflash', 'tautoign', 'lfl', 'ufl'].map((k) => pts(ETHANOL, k, 'iec')[0]!.v)).toEqual([285.15, 673.15, 0.031, 0.19]);
    expect(pts(ETHANOL, 'tflash', 'serat')).toEqual([]);
    expect(pts('cas:67-56-1', 'tflash', 'serat')[0]!.v).toBe(282.15);
    expect(log('Serat.csv').skipped).toEqual({ 'tflash: off the 0.1 °C grid (an estimate)': 1 });
  });
  it('ammonia triple point 195.49 K, 6.06 kPa with its uncertainty in kPa', () => {
    expect(pts('cas:7664-41-7', 'tt')[0]!.v).toBe(195.49);
    expect(pts('cas:7664-41-7', 'pt')[0]).toMatchObject({ v: 6.06, e: 0.01 });
  });
  it('permittivity: the measured point and the polynomial on its range', () => {
    expect(at(ETHANOL, 'epsr', 'crc', 293.2)!.v).toBe(25.3);
    // 151.45 − 0.8702·298.15 + 0.001957·298.15² − 1.5512e-6·298.15³ = 24.85 (CRC: 24.55 at 25 °C)
    expect(at(ETHANOL, 'epsr', 'crc', 298.15)!.v).toBeCloseTo(24.85, 2);
    expect(pts(WATER, 'epsr')).toMatchObject([{ v: 78.36, t: 298.15 }]);
  });
});

describe('critical compressibility', () => {
  it('is the table value where a table gives one (IUPAC), never calculated then', () => {
    expect(pts(ETHANOL, 'zc')).toMatchObject([{ v: 0.241, s: 'iupac' }]);
  });
  it('is Pc·Vc/(R·Tc) of one source otherwise: water from IAPWS constants gives 0.229', () => {
    const c = new ImportContext(MIRROR);
    const t = new Tally('test', 'iupac');
    c.point(t, WATER, 'tc', { v: 647.096 });
    c.point(t, WATER, 'pc', { v: 22064 });
    c.point(t, WATER, 'vc', { v: 18.015268 / 322 }); // ρc = 322 kg/m³
    c.point(t, WATER, 'vc', { v: 0.06 }, 'yaws'); // Tc and Pc missing for yaws: no Zc from it
    criticalZc.run(c);
    const zc = c.points.filter((p) => p.key === 'zc');
    expect(zc).toHaveLength(1);
    expect(zc[0]).toMatchObject({ s: 'iupac', calc: true });
    expect(zc[0]!.v).toBeCloseTo(0.229, 3);
    // a derived stage, logged as such: no file, no source of its own
    expect(c.logs()).toEqual([expect.objectContaining({ file: expect.stringMatching(/^derived: zc = Pc·Vc\/\(R·Tc\)/), source: 'derived', rows: 1, accepted: 1 })]);
  });
});

describe('curves that disagree', () => {
  // straight lines a − b·T: the registry's DIPPR 100 with A = a, B = −b
  const curve = (a: number) => () => [{ key: 'srf', unit: 'N/m', tmin: 250, tmax: 350, eq: 'DIPPR equation 100', coeffs: [a, -1e-4, 0, 0, 0], c: 'test' }];
  const specs = [
    { file: 'Interface/Jasper-Lange.tsv', src: 'jasper', row: curve(0.05) },
    { file: 'Interface/Jasper-Lange.tsv', src: 'vdi', row: curve(0.0505) },
    { file: 'Interface/Jasper-Lange.tsv', src: 'mulero', row: curve(0.03) },
  ];
  it('a curve naming an equation the registry does not hold fails the import', () => {
    const bad = [{ file: 'Interface/Jasper-Lange.tsv', src: 'jasper', row: () => [{ key: 'srf', unit: 'N/m', tmin: 250, tmax: 350, eq: 'Nobody equation', coeffs: [1], c: 'test' }] }];
    expect(() => tables('test', bad).run(new ImportContext(MIRROR))).toThrow(/"Nobody equation" is not in the registry/);
  });
  it('with crossCheck, a curve more than 10 % off the median of at least 3 tables is dropped, counted', () => {
    const c = new ImportContext(MIRROR);
    tables('test', specs, { crossCheck: true }).run(c);
    expect(new Set(c.points.map((p) => p.s))).toEqual(new Set(['jasper', 'vdi']));
    // a row whose one curve is dropped is skipped, not accepted
    expect(c.logs()[2]).toMatchObject({ rows: 2, accepted: 0, skipped: { 'srf: curve more than 10 % off the other tables': 2 } });
    expect(c.logs()[0]).toMatchObject({ rows: 2, accepted: 2 });
  });
  it('without it, every curve is kept', () => {
    const c = new ImportContext(MIRROR);
    tables('test', specs).run(c);
    expect(new Set(c.points.map((p) => p.s))).toEqual(new Set(['jasper', 'vdi', 'mulero']));
  });
});
