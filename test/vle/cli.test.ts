// chem vle on a database built from hand-written fixtures (test/fixtures/vle): ethanol/water with
// DECHEMA's NRTL set and Reid, Prausnitz & Poling's Wagner constants, acetonitrile/nitromethane with
// Smith, Van Ness & Abbott's Antoine constants; formats, units, sources and the documented errors.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDatabase } from '../../src/local/store/build.js';
import type { VleResult } from '../../src/vle/types.js';
import { runChem } from '../helpers.js';

const FIX = join(import.meta.dirname, '../fixtures/vle');
/** The fixture's Landolt Antoine fit of acetonitrile (ln Pa = A − B/(T + C), 300.15–382.15 K). */
const ANTOINE_ACETONITRILE = { A: 21.180155278982134, B: 2945.47, C: -49.15 };
const dir = mkdtempSync(join(tmpdir(), 'chem-vle-'));
const dbPath = join(dir, 'chem.db');
const chem = (args: string[], opts: Parameters<typeof runChem>[1] = {}) => runChem(['--db', dbPath, '--backend', 'local', '--no-color', ...args], opts);
const json = async (args: string[]) => {
  const r = await chem([...args, '--json']);
  return { ...r, body: JSON.parse(r.stdout) as VleResult };
};

beforeAll(async () => {
  await buildDatabase({ from: FIX, dbPath, threads: 1 });
}, 60_000);

describe('chem vle', () => {
  it('ethanol/water by name: NRTL, 21 points, the azeotrope at x1 ≈ 0.894, 351.3 K (CRC Handbook), and its sources', async () => {
    const { code, body } = await json(['vle', 'ethanol', 'water']);
    expect(code).toBe(0);
    expect(body.components.map((c) => c.cas)).toEqual(['64-17-5', '7732-18-5']);
    expect(body.model).toBe('NRTL');
    expect(body.p).toBe(101.325);
    expect(body.points).toHaveLength(21);
    expect(Object.keys(body.points[3]!)).toEqual(['x1', 'y1', 't', 'gamma1', 'gamma2']);
    expect(body.azeotrope!.x1).toBeGreaterThan(0.86);
    expect(body.azeotrope!.x1).toBeLessThan(0.92);
    expect(Math.abs(body.azeotrope!.t! - 351.3)).toBeLessThan(0.5);
    // the pure ends: water 373.12 K (IAPWS-95), ethanol 351.44 K (NIST WebBook)
    expect(Math.abs(body.points[0]!.t! - 373.12)).toBeLessThan(0.1);
    expect(Math.abs(body.points[20]!.t! - 351.44)).toBeLessThan(0.1);
    expect(body.sources.parameters).toMatchObject({ s: 'chemsep-ipd', r: expect.stringMatching(/DECHEMA/) });
    expect(body.sources.psat.map((s) => [s.name, s.s, s.equation])).toEqual([
      ['ethanol', 'mcgarry', 'Wagner equation (3, 6)'],
      ['water', 'mcgarry', 'Wagner equation (3, 6)'],
    ]);
  });

  it('components given the other way round (and by CAS) swap the diagram', async () => {
    const a = (await json(['vle', 'ethanol', 'water', '--x', '0.3'])).body;
    const b = (await json(['vle', '7732-18-5', '64-17-5', '--x', '0.7'])).body;
    expect(b.points[0]!.t).toBeCloseTo(a.points[0]!.t!, 6);
    expect(b.points[0]!.y1).toBeCloseTo(1 - a.points[0]!.y1!, 6);
    expect(b.azeotrope!.x1).toBeCloseTo(1 - a.azeotrope!.x1, 4);
  });

  it('the table follows --temp; CSV has one row a point', async () => {
    const t = await chem(['vle', 'ethanol', 'water', '--x', '0,1', '--temp', 'C'], { tty: true, columns: 120 });
    expect(t.code).toBe(0);
    expect(t.stdout).toMatch(/^x1\s+y1\s+T \(°C\)\s+γ1\s+γ2$/m);
    expect(t.stdout).toMatch(/azeotrope: x1 = 0\.88\d\d at 78\.\d\d °C/);
    // the range too, in °C (275–647.3 K)
    expect(t.stdout).toMatch(/^Psat water: Wagner equation \(3, 6\), 1\.85–374\.15 °C, mcgarry/m);
    const csv = await chem(['vle', 'ethanol', 'water', '--x', '0.5,0.9', '--format', 'csv']);
    const lines = csv.stdout.trim().split(/\r?\n/);
    expect(lines[0]).toBe('x1,y1,T (K),γ1,γ2,x1 (liquids),note');
    expect(lines).toHaveLength(3);
  });

  it("Smith, Van Ness & Abbott Example 10.3 (Raoult's law): BUBL P 66.72 kPa, y1 0.7483; DEW T at 70 kPa 79.58 °C, x1 0.4351", async () => {
    const bubble = (await json(['vle', 'acetonitrile', 'nitromethane', '--model', 'ideal', '--t', '348.15', '--x', '0.6'])).body;
    expect(bubble.t).toBe(348.15);
    expect(bubble.points[0]!.p).toBeCloseTo(66.72, 2);
    expect(bubble.points[0]!.y1).toBeCloseTo(0.7483, 4);
    expect(bubble.sources.parameters).toBeNull();
    const dew = (await json(['vle', 'acetonitrile', 'nitromethane', '--model', 'ideal', '--p', '70', '--x', '0.6', '--dew'])).body;
    expect(dew.kind).toBe('dew');
    expect(dew.points[0]!.t! - 273.15).toBeCloseTo(79.58, 2);
    expect(dew.points[0]!.x1).toBeCloseTo(0.4351, 4);
  });

  it('points outside every vapour-pressure range are refused with a line each (exit 3 when none is left, 7 when some are)', async () => {
    // 8000 kPa: above both estimated critical pressures (where the estimates end)
    const none = await chem(['vle', 'acetonitrile', 'nitromethane', '--model', 'ideal', '--p', '8000', '--x', '0,0.5']);
    expect(none.code).toBe(3);
    expect(none.stderr.match(/no bubble point/g)).toHaveLength(2);
    expect(none.stderr).toMatch(/x1 = 0\.5: no bubble point at 8000 kPa outside the vapour-pressure ranges .*not extrapolated/);
    // 2500 kPa: acetonitrile boils below its estimated Tc; nitromethane boils above it, where Raoult's law lacks acetonitrile's vapour pressure
    // (at 2000 kPa both boil below it since tb trains on the curves' Tb; at 3000 kPa neither answers)
    const some = await json(['vle', 'acetonitrile', 'nitromethane', '--model', 'ideal', '--p', '2500', '--x', '0,1']);
    expect(some.code).toBe(7);
    expect(some.body.points.map((p) => p.t === null)).toEqual([true, false]);
  });

  it('outside the stored curves\' ranges (acetonitrile 300.15–382.15 K, nitromethane 329.15–419.15 K) the estimate answers, joined to the stored curve where it ends, said in a notice', async () => {
    const low = await json(['vle', 'acetonitrile', 'nitromethane', '--model', 'ideal', '--p', '1', '--x', '0,1']);
    expect(low.code).toBe(0);
    expect(low.body.notes!.join('\n')).toMatch(/acetonitrile's stored vapour-pressure correlations cover 300\.15–382\.15 K: outside them its vapour pressure is chem's estimate \(lee-kesler-anchored\(chem-ml[^)]*\), calc, e ≈ \d+ %/);
    expect(low.body.sources.psat.filter((s) => s.calc).map((s) => s.name).sort()).toEqual(['acetonitrile', 'nitromethane']);
    // no step where the stored curve ends: chem state's estimate just below 300.15 K meets the fixture's Antoine fit
    // there (ln Pa = A − B/(T + C), test/fixtures/vle), to its 2 digits
    const st = await json(['state', 'acetonitrile', '--t', '300.1', '--prop', 'pvap']);
    const antoine = Math.exp(ANTOINE_ACETONITRILE.A - ANTOINE_ACETONITRILE.B / (300.15 + ANTOINE_ACETONITRILE.C)) / 1000;
    const p = st.body.states[0].props.pvap[0];
    expect(p.calc).toBe(true);
    expect(p.v).toBeCloseTo(antoine, 0);
  });

  it('a pair without a fitted set: modified UNIFAC (Dortmund), here with the 2.0 table (the fixture\'s published table lacks CCN/CNO2), said in a notice; the groups in the sources', async () => {
    const { code, body, stderr } = await json(['vle', 'acetonitrile', 'nitromethane']);
    expect(code).toBe(0);
    expect(body.model).toBe('modified UNIFAC (Dortmund) 2.0');
    expect(body.notes!.join('\n')).toMatch(/no parameters for main groups 19\/26: the mixture is computed wholly with the modified UNIFAC \(Dortmund\) 2\.0 table/);
    expect(stderr).toMatch(/2\.0 table/);
    expect(body.sources.parameters!.groups).toEqual([
      { cid: body.components[0].cid, subgroups: { '40': 1 } },
      { cid: body.components[1].cid, subgroups: { '54': 1 } },
    ]);
    expect(body.points[5]!.gamma1).toBeGreaterThan(0);
    expect(body.gamma_inf!.gamma1).toBeGreaterThan(0);
    // asked for: ethanol/water by the published tables (complete for CH2, OH, H2O), UNIFAC-LLE too
    for (const [m, name] of [['dortmund', 'modified UNIFAC (Dortmund)'], ['unifac', 'UNIFAC'], ['unifac-2.0', 'UNIFAC 2.0'], ['unifac-lle', 'UNIFAC-LLE']]) {
      const r = await json(['vle', 'ethanol', 'water', '--model', m!]);
      expect(r.code, m).toBe(0);
      expect(r.body.model).toBe(name);
      expect((r.body.notes ?? []).join(' '), m).not.toMatch(/2\.0 table/);
    }
    // the fixture's UNIFAC-LLE table has no CCN (21)/CNO2 (23) pair: no 2.0 table to fall back on
    const lle = await chem(['vle', 'acetonitrile', 'nitromethane', '--model', 'unifac-lle']);
    expect(lle.code).toBe(3);
    expect(lle.stderr).toMatch(/UNIFAC-LLE has no interaction parameters for main groups 21\/23 of acetonitrile \/ nitromethane/);
  });

  it('errors: no parameters of the model (3), an unknown model (2), a salt (3), an estimated vapour pressure, x outside [0, 1] (2), an ambiguous name (2), an unknown name or CAS (3)', async () => {
    const wilson = await chem(['vle', 'ethanol', 'water', '--model', 'wilson']);
    expect(wilson.code).toBe(3);
    expect(wilson.stderr).toMatch(/no Wilson parameters for ethanol \/ water: the record \S+ holds NRTL; --model ideal/);
    const unknownModel = await chem(['vle', 'ethanol', 'water', '--model', 'margules']);
    expect(unknownModel.code).toBe(2);
    const salt = await chem(['vle', 'sodium chloride', 'water']);
    expect(salt.code).toBe(3);
    expect(salt.stderr).toMatch(/sodium chloride .* is a salt/);
    // no vapour-pressure correlation of 1-butanol in the fixture: chem's structure-based estimate, said in a notice
    const noPsat = await json(['vle', '1-butanol', 'water']);
    expect(noPsat.code).toBe(0);
    expect(noPsat.body.notes!.join(' ')).toMatch(/1-Butanol has no measured vapour-pressure correlation: its vapour pressure is chem's estimate \(lee-kesler-anchored/i);
    expect(noPsat.body.sources.psat.find((s) => s.calc)).toMatchObject({ equation: 'structure-based estimate', calc: true });
    expect((await chem(['vle', 'ethanol', 'water', '--x', '0.5,1.2'])).code).toBe(2);
    const amb = await chem(['vle', 'mw<50', 'water']);
    expect(amb.code).toBe(2);
    expect(amb.stderr).toMatch(/"mw<50" is ambiguous: .*ethanol/);
    // a name or CAS number the database lacks: 3, one line
    const unknown = await chem(['vle', 'xyzzy', 'water']);
    expect([unknown.code, unknown.stderr]).toEqual([3, 'chem: error: no compound named "xyzzy" in the database\n']);
    const cas = await chem(['vle', '50-00-0', 'water']);
    expect([cas.code, cas.stderr]).toEqual([3, 'chem: error: no compound with CAS 50-00-0 in the database\n']);
    expect((await chem(['vle', 'ethanol', 'water', '--p', '100', '--t', '300'])).code).toBe(2);
    expect((await chem(['vle', 'ethanol'])).code).toBe(2);
  });

  it('--plot draws both diagrams on the terminal; --out writes an SVG with the azeotrope', async () => {
    const plot = await chem(['vle', 'ethanol', 'water', '--plot'], { tty: true, columns: 100 });
    expect(plot.code).toBe(0);
    expect(plot.stdout).toMatch(/Txy: ethanol \(1\) \/ water \(2\), NRTL, 101\.325 kPa/);
    expect(plot.stdout).toMatch(/x–y: ethanol/);
    expect(plot.stdout).toMatch(/azeotrope x1 = 0\.88\d\d/);
    const file = join(dir, 'ew.svg');
    const out = await chem(['vle', 'ethanol', 'water', '--out', file]);
    expect(out.code).toBe(0);
    const svg = readFileSync(file, 'utf8');
    expect(svg).toMatch(/^<svg/);
    expect(svg).toMatch(/azeotrope x1 = 0\.88/);
  });
});
