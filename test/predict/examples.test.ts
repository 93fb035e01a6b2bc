// The 50 reference molecules of ../shared/methods/predict_examples.tsv (values from thermo and RDKit, computed
// independently of this code). Skipped when the methods directory is absent.
import { describe, expect, it } from 'vitest';
import { readTsv } from '../helpers.js';
import { METHODS_DIR, readMethodsFile } from '../fixtures/examples.js';
import { parseSmiles } from '../../src/chem/molecule.js';
import { JOBACK_GROUPS } from '../../src/local/predict/joback-table.js';
import { crippen, crippenTypes } from '../../src/local/predict/crippen.js';
import { jobackGroupCounts } from '../../src/local/predict/joback.js';
import { molGraph } from '../../src/chem/molgraph.js';
import { predict } from '../../src/local/predict/index.js';

const rows = METHODS_DIR ? readTsv(readMethodsFile('predict_examples.tsv')) : [];

/** Reference column -> [our key, factor from the column's unit to ours]. */
const JOBACK_FIXED: [string, string, number][] = [
  ['tb_K', 'tb', 1],
  ['tf_K', 'tf', 1],
  ['tc_K', 'tc', 1],
  ['pc_kPa', 'pc', 1],
  ['vc_cm3_per_mol', 'vc', 1 / 1000],
  ['hf_kJ_per_mol', 'hf', 1],
  ['gf_kJ_per_mol', 'gf', 1],
  ['hvap_kJ_per_mol', 'hvap', 1],
  ['hfus_kJ_per_mol', 'hfus', 1],
];
const JOBACK_T: [string, string, number][] = [
  ['cpg_298.15K_J_per_mol_K', 'cpg', 298.15],
  ['cpg_500K_J_per_mol_K', 'cpg', 500],
  ['dvisc_300K_avgMW_Pa_s', 'dvisc', 300],
];

const within = (got: number | undefined, want: number, rel: number) =>
  got !== undefined && Math.abs(got - want) <= rel * Math.abs(want);

describe.skipIf(!METHODS_DIR)('predict_examples.tsv', () => {
  it('has 50 rows', () => expect(rows).toHaveLength(50));

  for (const row of rows) {
    describe(`${row.name} ${row.input_smiles}`, () => {
      const r = predict(row.input_smiles, { temperatures: [298.15, 300, 500] });
      // the group-contribution point (a chem-ml model point, when there is one, comes before it)
      const fixed = (k: string) => r.properties.fixed[k]?.find((p) => !p.s.startsWith('chem-ml'))?.v;
      const atT = (k: string, t: number) => r.properties.tdep[k]?.find((p) => p.t === t)?.v;

      it('Crippen logP and MR within 0.01', () => {
        expect(Math.abs(fixed('logp')! - Number(row.logp))).toBeLessThanOrEqual(0.01);
        const mr = (r.properties.descr.crippen as Record<string, number>).mr;
        expect(Math.abs(mr - Number(row.mr))).toBeLessThanOrEqual(0.01);
      });

      it('McGowan volume within 0.1 ml/mol, absent where the reference has none', () => {
        if (row.mcvol_cm3_per_mol === '') expect(fixed('mcvol')).toBeUndefined();
        else expect(Math.abs(fixed('mcvol')! - Number(row.mcvol_cm3_per_mol))).toBeLessThanOrEqual(0.1);
      });

      it('atom counts and average MW', () => {
        expect(r.properties.descr.mol_na).toBe(Number(row.n_atoms));
        expect(r.properties.descr.mol_nha).toBe(Number(row.n_heavy));
        expect(within(r.properties.descr.mol_mw as number, Number(row.mw), 1e-4)).toBe(true);
      });

      it('Joback values within 0.1 %, and none exactly where the reference has none', () => {
        for (const [col, key, f] of JOBACK_FIXED) {
          if (row[col] === '') expect(fixed(key), key).toBeUndefined();
          else expect(within(fixed(key), Number(row[col]) * f, 1e-3), `${key}: ${fixed(key)} vs ${row[col]}`).toBe(true);
        }
        for (const [col, key, t] of JOBACK_T) {
          if (row[col] === '') expect(atT(key, t), key).toBeUndefined();
          else expect(within(atT(key, t), Number(row[col]), 1e-3), `${key}@${t}: ${atT(key, t)} vs ${row[col]}`).toBe(true);
        }
      });

      it('Joback group counts as in thermo, none when not fully fragmented', () => {
        const want = Object.fromEntries(
          row.joback_groups
            .split(';')
            .filter(Boolean)
            .map((p) => p.split(':').map(Number)),
        );
        const got = r.properties.descr.joback as Record<string, number>;
        if (row.joback_status === 'OK') {
          expect(Object.fromEntries(Object.entries(got).map(([k, n]) => [JOBACK_GROUPS.find((g) => g.key === k)!.id, n]))).toEqual(want);
        } else {
          expect(got).toEqual({});
          expect(jobackGroupCounts(molGraph(parseSmiles(row.input_smiles))).complete).toBe(false);
        }
      });
    });
  }

  it('types every atom, hydrogens included', () => {
    for (const row of rows) {
      const types = crippenTypes(crippen(molGraph(parseSmiles(row.input_smiles))));
      expect(Object.values(types).reduce((a, b) => a + b, 0), row.name).toBe(Number(row.n_atoms));
    }
  });
});
