// chem vle's solver on the real tables (skipped without CHEM_DATA_DIR or /work/shared/data): the
// vapour-pressure curves as the importer writes them (equation and coefficients in the comment),
// the ChemSep/DECHEMA NRTL and Wilson sets as the mixtures import reads them, against azeotropes at
// 101.325 kPa published in the CRC Handbook's "Azeotropic Data for Binary Mixtures" (after Horsley,
// Azeotropic Data III, and Gmehling et al., Azeotropic Data, 2004), mole fractions from its mass
// fractions. The tolerances are the model's (DECHEMA fits), not the solver's.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Correlation, ParameterSet } from '../../src/api/types.js';
import { ImportContext, Tally } from '../../src/local/store/import/context.js';
import { withForm } from '../../src/local/store/import/mixtures-models.js';
import { parseThermoFile, THERMO_FILES, THERMO_IP } from '../../src/local/store/import/mixtures-thermo.js';
import { chemsep } from '../../src/local/store/import/chemsep.js';
import { tables } from '../../src/local/store/import/runner.js';
import { VAPOR_PRESSURE } from '../../src/local/store/import/specs/vapor-pressure.js';
import { lnGammaOf, RECORD_MODEL, type ModelName, type RQ } from '../../src/vle/activity.js';
import { Curves } from '../../src/tdep/curves.js';
import { criticalPoints, liquidsAt } from '../../src/vle/lle.js';
import { azeotrope, bubbleT, isPoint } from '../../src/vle/solve.js';
import { Psat, type System } from '../../src/vle/system.js';

const DATA = [process.env.CHEM_DATA_DIR, '/work/shared/data'].find((d) => d && existsSync(join(d, THERMO_IP, 'ChemSep/nrtl.json')));

let pvap: Map<string, Correlation[]>;
const rq = new Map<string, { r?: number; q?: number }>();
const sets = new Map<string, { a: string; b: string; set: ParameterSet }[]>();

beforeAll(() => {
  const ctx = new ImportContext(DATA!);
  tables('vapor-pressure', VAPOR_PRESSURE, { crossCheck: true }).run(ctx);
  chemsep.run(ctx);
  for (const p of ctx.points) {
    if (p.key === 'uniquac_r' || p.key === 'uniquac_q') (rq.get(p.ref) ?? rq.set(p.ref, {}).get(p.ref)!)[p.key === 'uniquac_r' ? 'r' : 'q'] = p.v;
  }
  pvap = new Map();
  // each point's correlation, as the store keeps it (write.ts): once per source, equation and range
  const seen = new Set<string>();
  for (const p of ctx.points) {
    const k = p.curve;
    const id = k && `${p.ref}\t${p.s}\t${k.eq}\t${k.coeffs.join(',')}\t${k.tmin}\t${k.tmax}`;
    if (p.key !== 'pvap' || !k || seen.has(id!)) continue;
    seen.add(id!);
    (pvap.get(p.ref) ?? pvap.set(p.ref, []).get(p.ref)!).push({ key: 'pvap', s: p.s, eq: k.eq, coeffs: k.coeffs, unit: k.unit, tmin: k.tmin, tmax: k.tmax, ...(p.calc ? { calc: true } : {}) });
  }
  for (const file of ['ChemSep/nrtl.json', 'ChemSep/wilson.json', 'ChemSep/uniquac.json']) {
    const def = THERMO_FILES.find((f) => f.file === file)!;
    const pairs = parseThermoFile(def, readFileSync(join(DATA!, THERMO_IP, file), 'utf8'), new Tally(file, def.s));
    sets.set(def.model, pairs.map((p) => ({ ...p, set: withForm(p.set) })));
  }
}, 60_000);

/** The order CalebBell/thermo ranks the vapour-pressure tables in: Wagner forms, wide-range forms, Antoine fits last. */
const THERMO_ORDER = [
  'mcgarry\tWagner equation (3, 6)',
  'poling\tWagner equation (2.5, 5)',
  'poling\tTRC extended Antoine equation',
  'perry\tDIPPR equation 101',
  'vdi\tWagner equation (2.5, 5)',
  'poling\tAntoine equation (log10 Pa)',
  'alcock\tDIPPR equation 101 (ln Pa)',
  'landolt\tAntoine equation (ln Pa)',
];

/** The system of two CAS numbers with the curves thermo takes, component 1 first. */
function system(cas1: string, cas2: string, model: ModelName = 'nrtl'): System {
  // the curves in the order the thermo script that gave the expected values took them (THERMO_ORDER), each in Pa:
  // the solver is checked on the same inputs (chem vle itself takes chem state's ranking, Curves.ranked)
  const at = (k: Correlation) => (THERMO_ORDER.indexOf(`${k.s}\t${k.eq}`) + THERMO_ORDER.length + 1) % (THERMO_ORDER.length + 1);
  const curves = (cas: string) =>
    [...new Curves({ correlations: pvap.get(`cas:${cas}`) ?? [], points: {} }).ranked('pvap')]
      .sort((a, b) => at(a) - at(b))
      .map((k) => ({ equation: k.eq, coeffs: k.coeffs, tmin: k.tmin, tmax: k.tmax, f: (T: number) => k.f(T) * 1000 }));
  const psat = [cas1, cas2].map((cas) => new Psat(cas, curves(cas))) as [Psat, Psat];
  const pair = sets.get(RECORD_MODEL[model])!.find((p) => (p.a === cas1 && p.b === cas2) || (p.a === cas2 && p.b === cas1))!;
  const [a, b] = [cas1, cas2].map((cas) => rq.get(`cas:${cas}`) as RQ);
  return { model, lnGamma: lnGammaOf(model, pair.set, pair.a !== cas1, [a!, b!])!, psat };
}

describe.skipIf(!DATA)('published azeotropes at 101.325 kPa', () => {
  // [component 1, component 2, model, x1, T (K), tolerance in x1, in T]
  const cases: [string, string, string, ModelName, number, number, number, number][] = [
    ['ethanol/water: 78.15 °C, 95.57 wt % ethanol', '64-17-5', '7732-18-5', 'nrtl', 0.894, 351.3, 0.03, 0.5],
    ['ethanol/water (UNIQUAC, ChemSep r and q)', '64-17-5', '7732-18-5', 'uniquac', 0.894, 351.3, 0.03, 0.5],
    ['acetone/chloroform (UNIQUAC)', '67-64-1', '67-66-3', 'uniquac', 0.339, 337.65, 0.05, 0.6],
    ['acetone/chloroform (maximum boiling): 64.5 °C, 20 wt % acetone', '67-64-1', '67-66-3', 'nrtl', 0.339, 337.65, 0.04, 0.5],
    ['chloroform/methanol: 53.5 °C, 87.4 wt % chloroform', '67-66-3', '67-56-1', 'nrtl', 0.65, 326.65, 0.03, 0.5],
    ['acetone/methanol: 55.5 °C, 88 wt % acetone', '67-64-1', '67-56-1', 'nrtl', 0.8, 328.65, 0.03, 0.5],
    ['ethanol/benzene: 67.9 °C, 32.4 wt % ethanol', '64-17-5', '71-43-2', 'nrtl', 0.448, 341.05, 0.03, 0.6],
    ['ethyl acetate/ethanol: 71.8 °C, 69.2 wt % ethyl acetate', '141-78-6', '64-17-5', 'nrtl', 0.54, 344.95, 0.03, 0.5],
    ['2-propanol/water (Wilson): 80.3 °C, 87.7 wt % 2-propanol', '67-63-0', '7732-18-5', 'wilson', 0.681, 353.45, 0.05, 0.5],
  ];
  it.each(cases)('%s', (_name, a, b, model, x, T, dx, dT) => {
    const az = azeotrope(system(a, b, model), { p: 101.325 })!;
    expect(az).not.toBeNull();
    expect(Math.abs(az.x1 - x)).toBeLessThan(dx);
    expect(Math.abs(az.t - T)).toBeLessThan(dT);
  });

  it('methanol/water and benzene/toluene have none', () => {
    expect(azeotrope(system('67-56-1', '7732-18-5'), { p: 101.325 })).toBeNull();
    expect(azeotrope(system('71-43-2', '108-88-3'), { p: 101.325 })).toBeNull();
  });

  it('1-butanol/water: NRTL splits the liquid between x1 ≈ 0.02 and 0.4 (measured mutual solubilities near 93 °C: 0.02 and 0.37), heterogeneous azeotrope at 92.7 °C', () => {
    const s = system('71-36-3', '7732-18-5');
    const at = (x: number) => bubbleT(s, x, 101.325);
    expect(at(0.005)).not.toHaveProperty('liquids');
    // inside the split: one three-phase point, the same for every overall x1
    const inside = [0.05, 0.2, 0.35].map(at);
    for (const o of inside) {
      if (!isPoint(o)) throw new Error(o.note);
      expect(o.t).toBe((inside[0] as { t: number }).t);
      expect(Math.abs(o.liquids!.x1[0] - 0.02)).toBeLessThan(0.01);
      expect(Math.abs(o.liquids!.x1[1] - 0.37)).toBeLessThan(0.05);
    }
    expect(at(0.6)).not.toHaveProperty('liquids');
    const az = azeotrope(s, { p: 101.325 })!;
    expect(az.heterogeneous).toBe(true);
    expect(Math.abs(az.t - 365.85)).toBeLessThan(1);
  });

  it('the ends are the normal boiling points (NIST WebBook): benzene 353.2 K, toluene 383.8 K, methanol 337.8 K', () => {
    const s = system('71-43-2', '108-88-3');
    const t = (x: number) => {
      const o = bubbleT(s, x, 101.325);
      return isPoint(o) ? o.t : NaN;
    };
    expect(Math.abs(t(1) - 353.2)).toBeLessThan(0.2);
    expect(Math.abs(t(0) - 383.8)).toBeLessThan(0.2);
    const m = bubbleT(system('67-56-1', '7732-18-5'), 1, 101.325);
    expect(isPoint(m) && Math.abs(m.t - 337.8)).toBeLessThan(0.2);
  });
});

describe.skipIf(!DATA)('two liquids with ChemSep NRTL', () => {
  // Every ChemSep NRTL pair whose liquid x1 = 0.5 splits at its bubble point at 101.325 kPa, solved by
  // test/vle/three_phase_reference.py (scipy: Gibbs minimisation and fsolve on all three unknowns, its
  // own NRTL and Wagner/DIPPR/Antoine code; run on 2026-11-28 over thermo's ChemSep nrtl.json and the
  // "Vapor Pressure" tables of CalebBell/chemicals at 82faef9), and 1-butanol/water:
  // [CAS 1, CAS 2, three-phase T (K), y1, x1 of both liquids, x1 of both liquids at 298.15 K].
  // The script takes the first vapour-pressure table holding a compound, chem the best-ranked
  // correlation covering T: for 1,1,2,2-tetrachloroethane, furfural, aniline and benzyl alcohol they
  // differ, by up to 0.13 K in T (0.004 in y1); elsewhere they agree to 1e-4 K.
  const ref: [string, string, number, number, number, number, number, number][] = [
    ['115-11-7', '67-56-1', 267.0838, 0.97818, 0.354112, 0.92342, 0.438919, 0.869485],
    ['513-35-9', '67-56-1', 306.6545, 0.78677, 0.301472, 0.894946, 0.282522, 0.907143],
    ['67-56-1', '110-82-7', 327.9402, 0.58748, 0.0566644, 0.513272, 0.0365809, 0.49397],
    ['67-56-1', '592-76-7', 331.8904, 0.72427, 0.349658, 0.772789, 0.240873, 0.859395],
    ['67-56-1', '108-38-3', 339.3304, 0.92814, 0.330003, 0.719038, 0.202195, 0.838092],
    ['67-56-1', '106-42-3', 339.2803, 0.92498, 0.31483, 0.720712, 0.192578, 0.836583],
    ['110-54-3', '64-17-5', 331.8357, 0.64951, 0.392231, 0.789055, 0.283636, 0.87368],
    ['7732-18-5', '78-93-3', 346.5373, 0.34109, 0.329881, 0.936935, 0.265424, 0.968102],
    ['7732-18-5', '79-34-5', 368.3798, 0.81260, 0.116422, 0.958781, 0.0696955, 0.984216],
    ['78-84-2', '7732-18-5', 333.5017, 0.81704, 0.127972, 0.883927, 0.0889599, 0.920866],
    ['60-29-7', '7732-18-5', 307.3105, 0.94779, 0.0185107, 0.933864, 0.0163352, 0.93914],
    ['7732-18-5', '98-01-1', 371.2249, 0.91819, 0.499509, 0.978411, 0.490226, 0.993508],
    ['7732-18-5', '75-85-4', 360.0467, 0.56975, 0.365552, 0.880623, 0.592406, 0.818682],
    ['7732-18-5', '62-53-3', 372.7037, 0.96051, 0.369222, 0.969964, 0.495211, 0.978076],
    ['7732-18-5', '108-94-1', 370.5531, 0.89452, 0.464777, 0.977, 0.446435, 0.993009],
    ['7732-18-5', '141-79-7', 366.2529, 0.73712, 0.237915, 0.92652, 0.158792, 0.97059],
    ['7732-18-5', '123-86-4', 364.1953, 0.71812, 0.167637, 0.997873, 0.161506, 0.999431],
    ['7732-18-5', '111-27-3', 371.8249, 0.92167, 0.3501, 0.954277, 0.297952, 0.984075],
    ['7732-18-5', '626-93-7', 369.8664, 0.84432, 0.334444, 0.92224, 0.237841, 0.971038],
    ['121-44-8', '7732-18-5', 350.3288, 0.58363, 2.42169e-14, 0.88032, 1.17389e-16, 0.747177],
    ['7732-18-5', '100-51-6', 372.7824, 0.98574, 0.447739, 0.999139, 0.529775, 0.999861],
    ['7732-18-5', '123-92-2', 368.6661, 0.81405, 0.318624, 0.932006, 0.232426, 0.973443],
    ['7732-18-5', '98-86-2', 376.8737, 0.96495, 0.302506, 0.697494, 0.111135, 0.888865],
    ['7732-18-5', '98-82-8', 368.8375, 0.83812, 0.086759, 0.977201, 0.0540852, 0.991959],
    ['71-36-3', '7732-18-5', 366.1362, 0.23600, 0.0179181, 0.411939, 0.00552772, 0.399149],
  ];
  it.each(ref)('%s / %s: the three-phase point of a liquid inside the split and the liquids at 298.15 K', (a, b, T, y, xa, xb, xa25, xb25) => {
    const s = system(a, b);
    const o = bubbleT(s, (xa + xb) / 2, 101.325); // x1 = 0.5 for all but 1-butanol/water
    if (!isPoint(o)) throw new Error(o.note);
    expect(Math.abs(o.t - T)).toBeLessThan(0.15);
    expect(Math.abs(o.y1 - y)).toBeLessThan(0.004);
    expect(Math.abs(o.liquids!.x1[0] - xa)).toBeLessThan(2e-4);
    expect(Math.abs(o.liquids!.x1[1] - xb)).toBeLessThan(2e-4);
    // no vapour pressure in the LLE: the same to the script's 6 digits
    const l = liquidsAt(s.lnGamma, 298.15)!;
    expect(Math.abs(l.x1[0] - xa25)).toBeLessThan(1e-5 * xa25 + 1e-12);
    expect(Math.abs(l.x1[1] - xb25)).toBeLessThan(1e-5 * xb25);
  });

  // Heteroazeotropes at 101.325 kPa (Horsley, Azeotropic Data III; CRC Handbook): 1-butanol/water
  // 92.7 °C, 55.5–57.5 wt % 1-butanol (y 0.233–0.248); water/n-butyl acetate 90.2 °C, 71.3 wt % ester
  // (y(water) 0.722). A set regressed from VLE data places them within about 1 K and 0.03.
  it.each([
    ['1-butanol/water', '71-36-3', '7732-18-5', 365.85, 0.24],
    ['water/n-butyl acetate', '7732-18-5', '123-86-4', 363.35, 0.722],
  ] as const)('%s: the heteroazeotrope', (_name, a, b, T, y) => {
    const az = azeotrope(system(a, b), { p: 101.325 })!;
    expect(az.heterogeneous).toBe(true);
    expect(Math.abs(az.t - T)).toBeLessThan(1);
    expect(Math.abs(az.x1 - y)).toBeLessThan(0.03);
    expect(az.y1).toBe(az.x1);
  });

  // Mutual solubilities at 25 °C (IUPAC-NIST Solubility Data Series; Stephenson & Stuart, J. Chem. Eng.
  // Data 31 (1986) 56): 1-butanol/water 7.4 wt % 1-butanol in the water (x 0.019) and 20 wt % water in
  // the alcohol (x(water) 0.51); n-butyl acetate/water 0.7 wt % ester in the water (x 0.0011) and
  // 1.2–1.9 wt % water in the ester (x(water) 0.07–0.11). Sets regressed from VLE near the boiling
  // point do not hold such numbers: the organic liquid within 0.1 in x, the dissolved organic (a limit
  // of infinite dilution 70 K below the data) within a factor 4, is what they give here.
  it('1-butanol/water and water/n-butyl acetate at 298.15 K: the mutual solubilities as far as VLE-fitted sets go', () => {
    const bw = liquidsAt(system('71-36-3', '7732-18-5').lnGamma, 298.15)!;
    expect(bw.x1[0] / 0.019).toBeGreaterThan(1 / 4);
    expect(bw.x1[0] / 0.019).toBeLessThan(4);
    expect(Math.abs(1 - bw.x1[1] - 0.51)).toBeLessThan(0.1);
    const wa = liquidsAt(system('7732-18-5', '123-86-4').lnGamma, 298.15)!;
    expect((1 - wa.x1[1]) / 0.0011).toBeGreaterThan(1 / 4);
    expect((1 - wa.x1[1]) / 0.0011).toBeLessThan(4);
    expect(Math.abs(wa.x1[0] - 0.09)).toBeLessThan(0.1);
  });

  // three_phase_reference.py --ucst: [CAS 1, CAS 2, the range searched (K), the critical T (K), x1 there]
  it.each([
    ['67-56-1', '110-54-3', 300, 400, 351.9888, 0.2725],
    ['115-11-7', '67-56-1', 300, 400, 333.6812, 0.6725],
    ['67-56-1', '110-82-7', 400, 460, 430.7296, 0.2978],
  ] as const)('%s / %s: the upper critical solution temperature as the reference script finds it', (a, b, lo, hi, T, x) => {
    const c = criticalPoints(system(a, b).lnGamma, lo, hi);
    expect(c).toHaveLength(1);
    expect(c[0]!.kind).toBe('upper');
    expect(Math.abs(c[0]!.t - T)).toBeLessThan(2e-3);
    expect(Math.abs(c[0]!.x1 - x)).toBeLessThan(2e-3);
  });

  it('ethanol/water stays one liquid: its diagram is what it was (no three-phase point, no notice)', () => {
    const s = system('64-17-5', '7732-18-5');
    for (let i = 0; i <= 20; i++) expect(bubbleT(s, i / 20, 101.325)).not.toHaveProperty('liquids');
    expect(liquidsAt(s.lnGamma, 298.15)).toBeUndefined();
  });
});
