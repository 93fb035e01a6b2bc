// Each importer over the hand-written fixture mirror (test/fixtures/store/mirror, in the formats of
// the data README): values in registry units, sources, references, and rows refused with a reason.
import { beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { ImportContext, type PointRec } from '../../src/local/store/import/context.js';
import { IMPORTERS } from '../../src/local/store/import/index.js';

const MIRROR = fileURLToPath(new URL('../fixtures/store/mirror', import.meta.url));
let ctx: ImportContext;
const pts = (ref: string, key: string, s?: string): PointRec[] => ctx.points.filter((p) => p.ref === ref && p.key === key && (!s || p.s === s));
const log = (suffix: string) => ctx.logs().find((l) => l.file.endsWith(suffix))!;

beforeAll(() => {
  ctx = new ImportContext(MIRROR, true);
  for (const imp of IMPORTERS) imp.run(ctx);
});

describe('identifier tables', () => {
  it('reads name, synonyms, structure and the prefixed InChI', () => {
    const id = ctx.identities.find((i) => i.ref === 'cas:64-17-5' && i.s === 'pubchem')!;
    expect(id).toMatchObject({ name: 'ethanol', smiles: 'CCO', inchi: 'InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3', inchikey: 'LFQSCWFLJHTTHZ-UHFFFAOYSA-N', mw: 46.07 });
    expect(id.synonyms).toEqual(['ethyl alcohol', 'alcohol']);
  });
  it('counts refused rows per reason', () => {
    expect(log('pubchem small.tsv')).toMatchObject({ rows: 4, accepted: 2, rejected: { 'CAS check digit wrong': 1, 'no CAS': 1 } });
  });
});

describe('ChemSep', () => {
  it('converts Pa, J/kmol and keeps m³/kmol', () => {
    expect(pts('cas:64-17-5', 'pc', 'chemsep')[0]!.v).toBe(6137);
    expect(pts('cas:64-17-5', 'hf', 'chemsep')[0]!.v).toBeCloseTo(-234.95, 10);
    expect(pts('cas:64-17-5', 'gf', 'chemsep')[0]!.v).toBeCloseTo(-167.9, 10);
    expect(pts('cas:64-17-5', 'vc', 'chemsep')[0]!.v).toBe(0.168);
  });
  it('evaluates eq. 106 on the grid (kJ/mol) and at its own Tb for hvap', () => {
    const h = pts('cas:64-17-5', 'hvapt', 'chemsep');
    // the grid stops at 0.999 Tc = 513.49 K, where eq. 106 still is non-zero
    expect(h.map((p) => p.t)).toEqual([257, 298.15, 321.12, 385.24, 449.36, 513.49]);
    // 50·(1 − 257/514)^0.5 = 35.355 kJ/mol
    expect(h[0]!.v).toBeCloseTo(35.3553, 4);
    // 50·(1 − 351.4/514)^0.5 = 28.118 kJ/mol
    expect(pts('cas:64-17-5', 'hvap', 'chemsep')[0]!.v).toBeCloseTo(50 * Math.sqrt(1 - 351.4 / 514), 6);
  });
  it('evaluates eq. 100 ideal-gas Cp in J/(mol K) and eq. 101 liquid viscosity; skips vapour viscosity', () => {
    // (30000 + 100·300) J/(kmol K) = 60 J/(mol K)
    expect(pts('cas:64-17-5', 'cpg', 'chemsep').find((p) => p.t === 300)!.v).toBeCloseTo(60, 10);
    // exp(−10 + 1000/250) = exp(−6) Pa s
    expect(pts('cas:64-17-5', 'dvisc', 'chemsep').find((p) => p.t === 250)!.v).toBe(Number(Math.exp(-6).toPrecision(6))); // a correlation's point: 6 digits
    expect(pts('cas:64-17-5', 'dvisc', 'chemsep')).toHaveLength(6);
  });
  it('refuses a zero heat of fusion', () => expect(log('ChemSep8.32.xml').rejected).toEqual({ 'hfus: outside 0..1000': 1 }));
});

describe('critical tables', () => {
  it('converts and keeps references and errors', () => {
    const iupac = pts('cas:64-17-5', 'pc', 'iupac')[0]!;
    expect(iupac.v).toBe(6148);
    expect(iupac.r).toMatch(/part 2/);
    expect(pts('cas:64-17-5', 'vc', 'iupac')[0]!.v).toBeCloseTo(0.168, 12);
    expect(pts('cas:64-17-5', 'pc', 'crc')[0]).toMatchObject({ v: 6140, e: 20 });
  });
  it('marks predictions calc and reads integer CAS', () => {
    expect(pts('cas:64-17-5', 'tc', 'wilson-jasperson')[0]).toMatchObject({ v: 520.5, calc: true });
  });
  it('refuses a zero critical pressure', () => expect(log('Yaws Collection.tsv').rejected).toEqual({ 'pc: outside 0..1000000': 1 }));
  it('Bell 2018 joins by InChIKey', () => {
    expect(pts('ik:LFQSCWFLJHTTHZ-UHFFFAOYSA-N', 'pc', 'bell2018')[0]!.v).toBe(6145);
  });
});

describe('CritProp (Biswas et al. 2023)', () => {
  it('converts Pc bar → kPa and rhoc mol/L → vc = 1/rhoc m³/kmol, keeps std as e and names the sources', () => {
    expect(pts('smi:CCO', 'pc', 'critprop')[0]).toMatchObject({ v: 6150, e: 20 });
    // rhoc 6 mol/L as the fixture writes it: vc = 1/6 to the digits that read back as 6
    expect(pts('smi:CCO', 'vc', 'critprop')[0]!.v).toBe(0.17);
    expect(pts('smi:CCO', 'vc', 'critprop')[0]!.e).toBeCloseTo(0.1 / 36, 10);
    expect(pts('smi:CCO', 'tc', 'critprop')[0]).toMatchObject({ v: 514, e: 0.5, c: "mean of: Perry's Handbook, 8th ed.; Yaws ch. 1" });
    expect(pts('smi:CCO', 'af', 'critprop')[0]!.v).toBe(0.64);
    expect(pts('smi:CCO', 'tf', 'critprop')[0]!.v).toBe(159);
    expect(pts('smi:CCO', 'hfus', 'critprop')[0]!.v).toBe(4.9);
    expect(pts('smi:CC(=O)O', 'tb', 'critprop')[0]!.v).toBe(391);
  });
  it('refuses a row without SMILES', () => expect(log('critprop_data_with_all_info_expt.csv')).toMatchObject({ rows: 3, accepted: 2, rejected: { 'no SMILES': 1 } }));
});

describe('phase change and vaporization', () => {
  it('stores CRC Hvap at Tb as hvap and at 298.15 K as hvapt', () => {
    expect(pts('cas:64-17-5', 'hvap', 'crc')[0]).toMatchObject({ v: 38.52, c: 'at Tb = 351.39 K' });
    expect(pts('cas:64-17-5', 'hvapt', 'crc')[0]).toMatchObject({ v: 42.36, t: 298.15 });
    expect(pts('cas:64-17-5', 'tb', 'crc').map((p) => p.v)).toEqual([351.39, 351.39]);
  });
  it('Perry 2-150 in kJ/mol on its grid', () => {
    const h = pts('cas:7732-18-5', 'hvapt', 'perry');
    expect(h.map((p) => p.t)).toEqual([300, 325, 350, 375, 400]);
    expect(h[0]!.v).toBe(Number((50 * Math.sqrt(1 - 300 / 500)).toPrecision(6))); // a correlation's point: 6 digits
  });
  it('VDI saturation table keeps the listed temperatures and drops the zero at Tc', () => {
    expect(pts('cas:7732-18-5', 'hvapt', 'vdi')).toEqual([expect.objectContaining({ v: 40.66, t: 373.15 })]);
    expect(pts('cas:7732-18-5', 'dvisc', 'vdi').map((p) => p.v)).toEqual([0.000282, 0.00004]);
  });
  it('Bradley melting points in K by SMILES', () => {
    expect(pts('smi:Cc1ccccc1', 'tf', 'bradley')[0]!.v).toBeCloseTo(178.25, 10);
  });
});

describe('formation, heat capacity, viscosity', () => {
  it('ATcT keeps its uncertainty in kJ/mol', () => expect(pts('cas:64-17-5', 'hf', 'atct')[0]).toMatchObject({ v: -234.55, e: 0.2 }));
  it('JANAF gives hf, gf and Cp at 298.15 K', () => {
    expect(pts('cas:7732-18-5', 'hf', 'janaf')[0]!.v).toBeCloseTo(-241.83, 10);
    expect(pts('cas:7732-18-5', 'gf', 'janaf')[0]!.v).toBeCloseTo(-228.59, 10);
    expect(pts('cas:7732-18-5', 'cpg', 'janaf')[0]).toMatchObject({ v: 33.6, t: 298.15 });
  });
  it('Shomate water gas Cp at 1000 K (grid point 500..1700)', () => {
    const p = pts('cas:7732-18-5', 'cpg', 'webbook');
    expect(p.map((x) => x.t)).toEqual([500, 800, 1100, 1400, 1700]);
    // hand calculation: 30.1 + 0.00683·500 + 6.79e-6·500² − 2.53e-9·500³ + 82100/500² = 35.22465 (NIST: 35.22)
    expect(p[0]!.v).toBeCloseTo(35.22465, 3); // 6 digits
  });
  it('TRC gives the ideal-gas Cp curve but not its Hfg, which is at 0 K (JANAF formaldehyde Cp(298.15 K) 35.40)', () => {
    const cp = pts('cas:50-00-0', 'cpg', 'trc');
    expect(cp.find((p) => p.t === 298.15)!.v).toBeCloseTo(35.4, 1);
    expect(pts('cas:50-00-0', 'hf', 'trc')).toEqual([]);
  });
  it('Shomate liquid water as cpl (NIST WebBook: 75.38 J/(mol K) at 298 K)', () => {
    const p = pts('cas:7732-18-5', 'cpl', 'webbook');
    expect(p[0]!.t).toBe(298);
    expect(p[0]!.v).toBeCloseTo(75.38, 1);
    expect(p.at(-1)!.t).toBe(500);
  });
  it("Perry 2-151 converts cal to J, reads the liquid as cpl, skips glass, refuses rows without CAS, gives points the row's formula", () => {
    // (4.9 + 0.0031·273) cal = 5.7463 cal = 24.0425 J/(mol K); liquid 7.1 cal = 29.7064 J/(mol K)
    expect(pts('cas:7429-90-5', 'cps', 'perry')[0]!.v).toBe(24.0425); // 6 digits
    expect(pts('cas:7429-90-5', 'cpl', 'perry').map((p) => p.v)).toEqual(Array(5).fill(29.7064));
    // the rows carry their formula (potassium under ethanol's CAS: the merge leaves it out, build.test.ts)
    expect(new Set(pts('cas:64-17-5', 'cps', 'perry').map((p) => p.formula))).toEqual(new Set(['K']));
    expect(log('Perrys Table 2-151.tsv')).toMatchObject({ rows: 5, accepted: 3, rejected: { 'no CAS': 1 }, skipped: { 'glass (not imported)': 1 } });
  });
  it('refuses graphite labelled with methane CAS', () => {
    expect(pts('cas:74-82-8', 'cps')).toEqual([]);
    expect(pts('cas:65-85-0', 'cps', 'crc').map((p) => p.t)).toEqual([200, 250, 300, 350]);
  });
  it('VDI PPDS9 ethanol viscosity at 25 °C near the CRC value; rows without a temperature inside the pole skipped, without a coefficient rejected', () => {
    const p = pts('cas:64-17-5', 'dvisc', 'vdi');
    expect(p.map((x) => x.t)).toEqual([273.15, 298.15, 323.15, 348.15, 373.15]);
    // CRC Handbook: 1.074 mPa s at 25 °C; PPDS9 gives 1.062
    expect(p[1]!.v / 1.074e-3).toBeCloseTo(1, 1);
    expect(pts('cas:74-82-8', 'dvisc', 'vdi')).toEqual([]);
    expect(log('VDI PPDS Dynamic viscosity of saturated liquids polynomials.tsv')).toMatchObject({
      rows: 3,
      accepted: 1,
      rejected: { 'missing coefficient': 1 },
      skipped: { 'dvisc: none of 273.15, 298.15, 323.15, 348.15, 373.15 K inside the pole D < T < C': 1 },
    });
  });
  it('Perry 2-313 water viscosity in Pa s', () => {
    // hand calculation: exp(−52.8 + 3700/298.15 + 5.866·ln 298.15 − 5.879e-29·298.15^10)
    // = exp(−52.8 + 12.40986 + 33.42210 − 0.00033) = exp(−6.96836) = 9.41e-4
    expect(pts('cas:7732-18-5', 'dvisc', 'perry').find((p) => p.t === 298.15)!.v).toBeCloseTo(0.000941, 6);
  });
});

describe('logp, solubility, compilations, PhysProp, CompTox', () => {
  it('reads the gzip Syrres table, CRC and kow.csv with its reference', () => {
    expect(pts('cas:64-17-5', 'logp', 'syrres')[0]!.v).toBe(-0.29);
    expect(pts('cas:64-17-5', 'logp', 'crc')[0]!.v).toBe(-0.32);
    expect(pts('cas:64-17-5', 'logp', 'physprop')[0]!.r).toBe('Fixture,A et al. (2001)');
    expect(log('kow.csv').rejected).toEqual({ 'malformed CAS': 1 });
  });
  it('AqSolDB by InChIKey, Huuskonen and ESOL by SMILES', () => {
    expect(pts('ik:LFQSCWFLJHTTHZ-UHFFFAOYSA-N', 'log10ws', 'aqsoldb')[0]!.v).toBe(1.1);
    expect(pts('smi:c1ccc(O)cc1', 'log10ws', 'huuskonen')[0]!.v).toBe(0);
    expect(pts('smi:Cc1ccccc1', 'log10ws', 'huuskonen')[0]!.v).toBe(-2.23);
    expect(pts('smi:Cc1ccccc1', 'log10ws', 'esol')[0]!.v).toBe(-2.19);
    expect(pts('cas:108-88-3', 'log10ws', 'physprop')[0]!.v).toBe(-2.25);
  });
  it('WebBook: integer CAS, Pa, m³/mol, Hvap at 298.15 K', () => {
    expect(pts('cas:64-17-5', 'pc', 'webbook')[0]!.v).toBe(6300);
    expect(pts('cas:64-17-5', 'hf', 'webbook')[0]!.v).toBe(-234);
    expect(pts('cas:64-17-5', 'hvapt', 'webbook')[0]).toMatchObject({ v: 42.3, t: 298.15 });
  });
  it('Wikidata: Hvap as hvap, Hf not imported', () => {
    expect(pts('cas:7732-18-5', 'hvap', 'wikidata')[0]!.v).toBeCloseTo(40.656, 10);
    expect(pts('cas:64-17-5', 'hf', 'wikidata')).toEqual([]);
  });
  it('PhysProp °C to K with references; ranges skipped, placeholders refused', () => {
    expect(pts('cas:64-17-5', 'tb', 'physprop')[0]).toMatchObject({ r: 'Riddick,JA et al. (1986)' });
    expect(pts('cas:64-17-5', 'tb', 'physprop')[0]!.v).toBeCloseTo(351.44, 10);
    expect(log('Boiling_Point_PhysChem.csv')).toMatchObject({ skipped: { 'tb: not a plain number': 1 }, rejected: { 'malformed CAS': 1 } });
    expect(log('Melting_Point_PhysChem.csv').rejected).toEqual({ 'SRC placeholder CAS': 1 });
  });
  it('CompTox: non-standard InChI dropped, short rows keep their name, OPERA predictions calc in K', () => {
    const eth = ctx.identities.find((i) => i.ref === 'cas:64-17-5' && i.s === 'comptox' && i.iupac)!;
    expect(eth.inchi).toBeUndefined();
    expect(eth.inchikey).toBeUndefined();
    expect(ctx.identities.find((i) => i.ref === 'cas:8002-26-4')).toMatchObject({ name: 'Tall oil' });
    expect(pts('cas:64-17-5', 'tb', 'opera')[0]).toMatchObject({ v: 351.15, calc: true });
    expect(pts('cas:64-17-5', 'log10ws', 'opera')[0]!.v).toBeCloseTo(1, 12);
    expect(log('KOA_QR.sdf')).toMatchObject({ rows: 3, accepted: 2, rejected: { 'no CAS': 1 } });
  });
  it('OPERA: a record naming several CAS gives each its identity', () => {
    const named = (ref: string) => ctx.identities.find((i) => i.ref === ref && i.s === 'opera' && i.name === 'Benzene or toluene');
    expect(named('cas:71-43-2')).toBeDefined();
    expect(named('cas:108-88-3')).toBeDefined();
  });
  it('CAS Common Chemistry only with include-nc', () => {
    expect(pts('cas:64-17-5', 'tb', 'cas-cc')).toHaveLength(1);
    const plain = new ImportContext(MIRROR, false);
    for (const imp of IMPORTERS) if (!imp.nc || plain.includeNc) imp.run(plain);
    expect(plain.points.filter((p) => p.s === 'cas-cc')).toEqual([]);
  });
});
