// The whole mirror: builds the database from CHEM_DATA_DIR (or ../shared/data) when present and
// checks that the counts stay in the expected ranges (measured on the mirror of the data README).
// Uses the compiled build (worker threads) when dist/ exists; the TypeScript sources otherwise.
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compoundIdFor } from '../../src/api/ids.js';
import { numberNoise } from '../number-noise.js';

const DATA = process.env.CHEM_DATA_DIR || fileURLToPath(new URL('../../../shared/data', import.meta.url));
const DIST = fileURLToPath(new URL('../../dist/local/store/', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'chem-full-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Expected ranges: the measured count ± about 10 %. */
const RANGES: Record<string, [number, number]> = {
  compounds: [95_000, 115_000],
  // 37 011 type C without the structures read from names (14 651 of them, 4 808 merged into a record with a source structure)
  type_c: [45_500, 51_000],
  type_s: [50_000, 62_000],
  named_structures: [41_000, 51_000],
  points: [560_000, 690_000],
};
const KEY_RANGES: Record<string, [number, number]> = {
  tb: [43_000, 54_000], tf: [52_000, 65_000], tc: [41_000, 51_000], pc: [40_000, 50_000], vc: [63_000, 77_000],
  af: [33_000, 42_000], hf: [11_000, 14_000], gf: [1_500, 1_900], hvap: [1_300, 1_700], hvapt: [18_500, 23_000],
  hfus: [2_000, 2_600], logp: [30_000, 38_000], log10ws: [21_500, 27_000], cpg: [71_000, 88_000], cps: [11_000, 14_000],
  dvisc: [5_500, 7_000],
  // the correlation and constant tables (import/specs)
  pvap: [35_000, 43_500], psub: [5_400, 6_600], rhol: [6_000, 7_300], rhos: [580, 720], srf: [5_400, 6_600],
  tcondl: [3_200, 3_900], tcondg: [3_100, 3_800], cpl: [13_600, 16_700], rfi: [4_000, 4_850], epsr: [5_000, 6_100],
  zc: [10_100, 12_400], zra: [165, 205], dm: [1_200, 1_500], gr: [620, 760], hansen_d: [2_200, 2_700],
  hansen_p: [2_200, 2_700], hansen_h: [2_200, 2_700], tflash: [750, 930], tautoign: [460, 560], lfl: [415, 510],
  ufl: [360, 440], tt: [170, 210], pt: [35, 43], gwp20: [220, 275], gwp100: [220, 275], gwp500: [220, 275], odp: [64, 78],
  uniquac_r: [380, 470], uniquac_q: [380, 470],
};

describe.skipIf(!existsSync(join(DATA, 'chemicals')))('full build from the data mirror', () => {
  it('builds every table and the counts stay in range', { timeout: 1_200_000 }, async () => {
    const mod = existsSync(join(DIST, 'build.js')) ? pathToFileURL(join(DIST, 'build.js')).href : '../../src/local/store/build.js';
    const { buildDatabase } = (await import(mod)) as typeof import('../../src/local/store/build.js');
    const s = await buildDatabase({ from: DATA, dbPath: join(dir, 'chem.sqlite') });
    console.log(`full build: ${s.build_seconds} s ${JSON.stringify(s.build_phases)}; ${s.compounds} compounds (${s.type_c} C, ${s.type_s} S), ${s.points} points`);
    expect(s.missing_files).toEqual([]);
    for (const [k, [lo, hi]] of Object.entries(RANGES)) {
      const v = (s as unknown as Record<string, number>)[k]!;
      expect(v, k).toBeGreaterThanOrEqual(lo);
      expect(v, k).toBeLessThanOrEqual(hi);
    }
    for (const [k, [lo, hi]] of Object.entries(KEY_RANGES)) {
      expect(s.points_by_key[k], k).toBeGreaterThanOrEqual(lo);
      expect(s.points_by_key[k], k).toBeLessThanOrEqual(hi);
    }
    // structures read from names: the duplicate records merged, and no point lost to another formula
    const names = s.merge_stats.names;
    expect(names.resolved).toBeGreaterThan(13_000);
    expect(names.merged).toBeGreaterThan(2_900);
    expect(names.points.refused).toEqual({});

    const { Store } = await import('../../src/local/store/store.js');
    const store = Store.open(join(dir, 'chem.sqlite'));
    try {
      const eth = store.compound(compoundIdFor('LFQSCWFLJHTTHZ-UHFFFAOYSA-N'))!;
      expect(eth.cas).toBe('64-17-5');
      const tb = eth.fixed_props!.tb!.filter((p) => !p.calc);
      expect(new Set(tb.map((p) => p.s)).size).toBeGreaterThanOrEqual(3);
      for (const p of tb) expect(p.v).toBeCloseTo(351.4, -1);
      // pc in kPa (IUPAC 6137 kPa), hf gas in kJ/mol (ATcT −234.57)
      for (const p of eth.fixed_props!.pc!) {
        expect(p.v).toBeGreaterThan(5000);
        expect(p.v).toBeLessThan(7500);
      }
      expect(eth.fixed_props!.hf!.find((p) => p.s === 'atct')!.v).toBeCloseTo(-234.6, 0);
      // what a DWSIM-style client reads: zc and zra first points, pvap/rhol/srf/rfi curves
      expect(eth.fixed_props!.zc![0]!.v).toBeCloseTo(0.24, 2);
      expect(eth.fixed_props!.zra![0]!.v).toBe(0.2502);
      for (const k of ['pvap', 'rhol', 'srf', 'rfi', 'cpl']) expect(eth.tpdep_props![k]!.length, k).toBeGreaterThan(0);
      // ethanol at 298.15 K: 7.87 kPa (CRC), 785 kg/m³, 0.0219 N/m
      for (const p of eth.tpdep_props!.pvap!.filter((q) => q.t === 298.15)) expect(p.v).toBeCloseTo(7.9, 0);
      for (const p of eth.tpdep_props!.rhol!.filter((q) => q.t === 298.15)) expect(p.v / 785).toBeCloseTo(1, 1);
      // 1000-40-4 is only in Yaws' boiling points, without a name: a type S record found by CAS
      const s1000 = store.compound(store.idByCas('1000-40-4')!)!;
      expect(s1000).toMatchObject({ type: 'S', cas: '1000-40-4' });
      expect(s1000.fixed_props!.tb!.map((p) => p.s)).toContain('yaws');
      // 1000-86-8 has a name: 2,4-dimethylpenta-1,3-diene (C7H12) joins the record of that structure, its old id an alias
      const diene = store.compound(store.idByCas('1000-86-8')!)!;
      expect(diene).toMatchObject({ type: 'C', formula: 'C7H12' });
      expect(diene.fixed_props!.tb!.map((p) => p.s)).toContain('yaws');
      expect(store.aliasOf(compoundIdFor('CAS:1000-86-8'))).toBe(diene.id);
      // one compound, one record: 1,1-dichloropentane's CAS tables joined its SMILES/InChIKey ones by name
      const dcp = store.compound(store.idByCas('820-55-3')!)!;
      expect(dcp).toMatchObject({ type: 'C', inchikey: 'PGEVTVXEERFABN-UHFFFAOYSA-N', inchi: 'InChI=1S/C5H10Cl2/c1-2-3-4-5(6)7/h5H,2-4H2,1H3' });
      expect(store.compound(compoundIdFor('CAS:820-55-3'))).toBeUndefined();
      const count = (sql: string) => store.db.prepare(sql).pluck().get() as number;
      expect(count("SELECT count(*) FROM compounds WHERE type = 'C' AND inchi IS NULL")).toBe(0);
      expect(count('SELECT count(*) FROM (SELECT inchikey FROM compounds WHERE inchikey IS NOT NULL GROUP BY inchikey HAVING count(*) > 1)')).toBe(0);
      // mw wherever the formula is known, but for isotope labels (LiD: D and T have no standard atomic weight)
      const noMw = store.db.prepare('SELECT formula FROM compounds WHERE formula IS NOT NULL AND mw IS NULL').pluck().all() as string[];
      expect(noMw.filter((f) => !/[DT](?![a-z])/.test(f))).toEqual([]);
      // main names still on both an S and a C record: different CAS numbers, or a name more than two share
      const split = count(`SELECT count(*) FROM (SELECT n.norm FROM names n JOIN compounds c ON c.id = n.compound_id WHERE n.kind = 'main'
        GROUP BY n.norm HAVING sum(c.type = 'C') > 0 AND sum(c.type = 'S') > 0)`);
      expect(split).toBeLessThan(300);
    } finally {
      store.close();
    }
    // no binary noise in a full tf<200 search nor in 100 records (test/number-noise.ts)
    expect(await numberNoise(join(dir, 'chem.sqlite'))).toEqual([]);
    // ethanol's record on a terminal of 100 columns: a summary of at most 120 lines, tb's measured median 351.44 K (CRC, Yaws, PhysProp)
    const { runChem } = await import('../helpers.js');
    const summary = (await runChem(['cid', compoundIdFor('LFQSCWFLJHTTHZ-UHFFFAOYSA-N'), '--format', 'table', '--db', join(dir, 'chem.sqlite')], { columns: 100 })).stdout;
    expect(summary.split('\n').length - 1).toBeLessThanOrEqual(120);
    expect(summary).toMatch(/^tb\s.*\s351\.44\s/m);
  });

  // chem state on the full database against the reference equations: water by IAPWS (IAPWS-95 density, IF97
  // saturation line, the 2008 viscosity, the 2011 conductivity and the 2014 surface tension release), ethanol by
  // NIST's recommended values (Webbook: Tb 351.44 K; Lemmon's EOS 785.1 kg/m³ and 7.87 kPa at 25 °C). Tolerances
  // are the sources', not the evaluation's (each correlation reproduces its table to 6 digits: tdep_examples).
  it('chem state: water and ethanol against the reference equations, saturation temperatures, phases', { timeout: 120_000 }, async () => {
    const { runChem } = await import('../helpers.js');
    const state = async (...args: string[]) => {
      const r = await runChem(['state', ...args, '--json', '--db', join(dir, 'chem.sqlite')]);
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout).states as { t: number; phase?: string; props: Record<string, { v: number }[]> }[];
    };
    const [w25] = await state('water', '--t', '25C', '--p', '1atm');
    expect(w25!.phase).toBe('liquid');
    const near = (key: string, want: number, rel: number) => expect(Math.abs(w25!.props[key]![0]!.v / want - 1), key).toBeLessThan(rel);
    near('rhol', 997.05, 0.002);
    near('pvap', 3.1697, 0.005);
    near('dvisc', 0.00089, 0.03);
    near('cpl', 75.33, 0.01);
    near('srf', 0.07197, 0.01);
    near('tcondl', 0.6065, 0.02);
    // IF97's saturation temperatures at 20, 70, 101.325 and 200 kPa (from its backward equation): water's
    // recommended vapour pressure is IF97's forward one
    for (const [p, t] of [[20, 333.2086], [70, 363.0815], [101.325, 373.1243], [200, 393.3615]] as const) {
      const [sat] = await state('water', '--p', String(p));
      expect(Math.abs(sat!.t - t), `${p} kPa`).toBeLessThan(0.005);
    }
    const [eb] = await state('ethanol', '--p', '1atm');
    expect(Math.abs(eb!.t - 351.44)).toBeLessThan(0.5);
    const [e25] = await state('ethanol', '--t', '25C', '--p', '1atm');
    expect(e25!.phase).toBe('liquid');
    expect(Math.abs(e25!.props.rhol![0]!.v / 785.1 - 1)).toBeLessThan(0.003);
    expect(Math.abs(e25!.props.pvap![0]!.v / 7.87 - 1)).toBeLessThan(0.01);
    const phases = await Promise.all([['water', '150C'], ['water', '100C'], ['water', '99.9C'], ['water', '-20C'], ['ethanol', '100C']].map(async ([c, t]) => (await state(c!, '--t', t!, '--p', '1atm'))[0]!.phase));
    expect(phases).toEqual(['gas', 'gas', 'liquid', 'solid', 'gas']);
    expect((await state('water', '--t', '700', '--p', '25MPa'))[0]!.phase).toBe('supercritical');
  });
});
