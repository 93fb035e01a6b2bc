// The real thermo files (skipped without CHEM_DATA_DIR or /work/shared/data), checked against
// published values: the DECHEMA NRTL row of ChemSep's raw nrtl.ipd and Sander's CO2 constant.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Tally } from '../../src/local/store/import/context.js';
import { COMPOSITIONS_FILE, parseCompositions } from '../../src/local/store/import/mixtures-compositions.js';
import { parseThermoFile, THERMO_FILES, THERMO_IP } from '../../src/local/store/import/mixtures-thermo.js';

const DATA = process.env.CHEM_DATA_DIR ?? '/work/shared/data';
const present = existsSync(join(DATA, THERMO_IP, 'ChemSep/nrtl.json'));

function sets(file: string) {
  const def = THERMO_FILES.find((f) => f.file === file)!;
  const t = new Tally(file, def.s);
  return { sets: parseThermoFile(def, readFileSync(join(DATA, THERMO_IP, file), 'utf8'), t), log: t.log() };
}
const find = (ss: ReturnType<typeof sets>['sets'], a: string, b: string) => ss.find((p) => p.a === a && p.b === b)!;

/** CO2 in water at 298.15 K: Sander's H^cp = 3.3e-4 mol/(m³·Pa), as p/x with water's 55344.59 mol/m³. */
const CO2_H = 55344.59 / 3.3e-4;

describe.skipIf(!present)('real interaction-parameter files', () => {
  it('ethanol/water NRTL is DECHEMA A12 = -57.9601, A21 = 1241.7396 cal/mol over R = 1.98720, alpha 0.2937', () => {
    const { sets: ss, log } = sets('ChemSep/nrtl.json');
    expect(ss).toHaveLength(329);
    expect(log.rejected).toEqual({});
    const p = find(ss, '64-17-5', '7732-18-5') ?? find(ss, '7732-18-5', '64-17-5');
    const fwd = p.a === '64-17-5';
    expect(fwd ? p.set.params.b_12 : p.set.params.b_21).toBeCloseTo(-57.9601 / 1.9872, 2);
    expect(fwd ? p.set.params.b_21 : p.set.params.b_12).toBeCloseTo(1241.7396 / 1.9872, 2);
    expect(p.set.params.alpha_12).toBe(0.2937);
  });

  it('CO2 in water at 298.15 K is within 12 % of Sander 3.3e-4 mol/(m³·Pa) in all three Henry files', () => {
    const h = (file: string) => {
      const p = find(sets(file).sets, '124-38-9', '7732-18-5').set.params;
      const T = 298.15;
      return Math.exp(p.A! + (p.B ?? 0) / T + (p.C ?? 0) * Math.log(T) + (p.D ?? 0) * T + (p.E ?? 0) / T ** 2 + (p.F ?? 0) * T ** 2);
    };
    for (const f of ['ChemSep/henry.json', 'Sander_henry_const.json', 'Sander_henry_T_dep.json']) {
      expect(Math.abs(h(f) / CO2_H - 1), f).toBeLessThan(0.12);
    }
  });

  it('pair counts match the data README', () => {
    expect(sets('ChemSep/uniquac.json').sets).toHaveLength(259);
    expect(sets('ChemSep/wilson.json').sets).toHaveLength(260);
    expect(sets('ChemSep/pr.json').sets).toHaveLength(178);
    expect(sets('Sander_henry_const.json').sets).toHaveLength(4407);
    expect(sets('eppr78_common.json').sets).toHaveLength(87990);
    const t = new Tally('c', 'mixture-compositions');
    expect(parseCompositions(readFileSync(join(DATA, COMPOSITIONS_FILE), 'utf8'), t)).toHaveLength(90);
  });
});
