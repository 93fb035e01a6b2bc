// chem flash and chem vle --model pr on the full database (CHEM_TEST_FULL_DB, skipped without it):
// names, units, the default rule and the documented exit codes. The numbers themselves are checked
// against thermo in pr.test.ts and flash-answer.test.ts; here a 9-component natural gas flash on the
// database's recommended Tc, Pc, ω and kij is compared with thermo's FlashVL VF for chemicals' constants
// (0.8413 at 230 K and 4 MPa, test/fixtures/vle/pr-thermo.json): the two sets of constants differ a little.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FlashResult } from '../../src/vle/mixture-flash.js';
import type { VleResult } from '../../src/vle/types.js';
import { runChem } from '../helpers.js';

const DB = process.env.CHEM_TEST_FULL_DB && existsSync(process.env.CHEM_TEST_FULL_DB) ? process.env.CHEM_TEST_FULL_DB : undefined;
const chem = (args: string[]) => runChem(['--db', DB!, '--backend', 'local', '--no-color', ...args]);
const GAS = ['methane', 'ethane', 'propane', 'n-butane', 'isobutane', 'n-pentane', 'nitrogen', 'carbon dioxide', 'n-hexane'];
const Z = '0.80,0.07,0.04,0.015,0.01,0.01,0.02,0.025,0.01';

describe.skipIf(!DB)('chem flash on the full database', () => {
  it('a 9-component natural gas at 230 K and 4 MPa: gas and liquid, PR by the default rule', async () => {
    const r = await chem(['flash', ...GAS, '--z', Z, '--t', '-43.15C', '--p', '40bar', '--json']);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout) as FlashResult;
    expect(body.model).toBe('PR');
    expect(body.t).toBe(230);
    expect(body.p).toBe(4000);
    expect(body.phases.map((p) => p.phase)).toEqual(['gas', 'liquid']);
    expect(Math.abs(body.vf - 0.8413)).toBeLessThan(0.005);
    expect(r.stderr).toMatch(/model: PR/);
  });

  it('CSV: one row per phase', async () => {
    const r = await chem(['flash', 'methane', 'ethane', 'propane', '--z', '0.8,0.15,0.05', '--t', '200K', '--p', '2MPa', '--format', 'csv']);
    const lines = r.stdout.trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('phase,fraction,T (K),P (kPa),ρ (kg/m³),x Methane,x Ethane,x Propane');
  });

  it('bad input: one line, exit 2 for usage, 3 for an unknown compound', async () => {
    const cases: [string[], number, RegExp][] = [
      [['flash', 'methane', 'ethane', '--z', '0.5,0.5', '--t', '200', '--p', '2000', '--vf', '0'], 2, /exactly two/],
      [['flash', 'methane', 'ethane', '--z', '0.5,0.4', '--t', '200', '--p', '2000'], 2, /sums to 0.9/],
      [['flash', 'methane', 'ethane', '--z', '0.5,0.3,0.2', '--t', '200', '--p', '2000'], 2, /3 mole fractions for 2/],
      [['flash', 'methane', 'ethane', '--z', '1.5,-0.5', '--t', '200', '--p', '2000'], 2, /≥ 0/],
      [['flash', 'methane', 'ethane', '--z', '0.5,0.5', '--t', '-300C', '--p', '2000'], 2, /absolute zero/],
      [['flash', 'methane', 'unobtainium', '--z', '0.5,0.5', '--t', '200', '--p', '2000'], 3, /unobtainium/],
      [['vle', 'ethanol', 'water', 'methanol'], 2, /chem flash ethanol water methanol/],
    ];
    for (const [args, code, msg] of cases) {
      const r = await chem(args);
      expect(r.code, args.join(' ')).toBe(code);
      expect(r.stderr.trim().split('\n').at(-1)).toMatch(msg);
    }
  });

  it("chem vle of a compound with a measured Tb and no vapour-pressure curve names its estimate as going through the record's constants", async () => {
    // cadaverine: Tb 452 K measured (CritProp), no vapour-pressure data in the database
    const r = await chem(['vle', 'cadaverine', 'water', '--p', '101.325', '--json']);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout) as VleResult;
    expect(body.sources.psat.find((s) => s.calc)).toMatchObject({ name: 'Cadaverine', equation: "structure-based estimate through the record's measured constants", calc: true });
    expect(body.points.at(-1)!.t).toBeCloseTo(452.16, 0); // x = 1: the pure amine boils at its measured Tb
  });

  it('chem vle hexane heptane answers by PR (kij, no activity set) and methane/ethane at 200 K ends at the critical point', async () => {
    const hh = JSON.parse((await chem(['vle', 'hexane', 'heptane', '--json'])).stdout) as VleResult;
    expect(hh.model).toBe('PR');
    expect(hh.points).toHaveLength(21);
    const r = await chem(['vle', 'methane', 'ethane', '--t', '200', '--model', 'pr', '--json']);
    expect(r.code).toBe(0);
    const me = JSON.parse(r.stdout) as VleResult;
    expect(me.points.length).toBeLessThan(21);
    expect(me.points.every((p) => p.y1! > p.x1! || p.x1 === 0)).toBe(true);
    expect(me.notes!.some((n) => /phases become identical/.test(n))).toBe(true);
  });

  it("γ–φ: water/1-butanol boils as two liquids at chem vle's heteroazeotrope (its own three-phase solver); a ternary flash in three phases balances", async () => {
    const vle = JSON.parse((await chem(['vle', 'water', '1-butanol', '--json'])).stdout) as VleResult;
    const r = await chem(['flash', 'water', '1-butanol', '--z', '0.7,0.3', '--p', '1atm', '--vf', '0', '--json']);
    const b = JSON.parse(r.stdout) as FlashResult;
    expect(b.model).toBe('NRTL');
    expect(b.phases.map((p) => p.phase)).toEqual(['gas', 'liquid', 'liquid2']);
    expect(Math.abs(b.t - vle.azeotrope!.t!)).toBeLessThan(0.01);
    expect(Math.abs(b.phases[0]!.x[0]! - vle.azeotrope!.y1!)).toBeLessThan(0.001);
    expect(b.phases.slice(1).map((p) => p.x[0]).sort()).toEqual(vle.azeotrope!.x1_liquids!.map((x) => expect.closeTo(x, 3)).sort());
    const t = JSON.parse((await chem(['flash', 'water', '1-butanol', 'methanol', '--z', '0.7,0.27,0.03', '--p', '1atm', '--t', '365', '--json'])).stdout) as FlashResult;
    expect(t.phases.map((p) => p.phase)).toEqual(['gas', 'liquid', 'liquid2']);
    [0, 1, 2].forEach((i) => expect(t.phases.reduce((s, p) => s + p.fraction * p.x[i]!, 0)).toBeCloseTo(t.z[i]!, 5));
  });
});
