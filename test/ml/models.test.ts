// The shipped chem-ml models: the TypeScript evaluator reproduces the trainer's own predictions (XGBoost, written
// by ml/train.py into models/golden.json), a model point comes first only when its model beats the baseline, the domain and beta rules hold.
import { describe, expect, it } from 'vitest';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyse, predict } from '../../src/local/predict/index.js';
import { MODEL_KEYS } from '../../src/local/predict/methods.js';
import { DIRECT_NOTE } from '../../src/local/predict/model-points.js';
import { decodeForest, flatten, type Forest } from '../../src/local/predict/forest.js';
import { evaluateMany, loadModel, modelFingerprint, modelsDir, present, readModel, sourceKey, steinBrown } from '../../src/local/predict/ml.js';
import { featureVector, moleculeFeatures } from '../../src/local/predict/features.js';
import { FEATURE_NAMES } from '../../src/local/predict/layout.js';
import { parseSmiles } from '../../src/chem/molecule.js';
import { checkGolden, type Golden } from './golden.js';

/** A forest with its arrays as hex text: compared in one go (element-wise comparison of big typed arrays is slow). */
const bytesOf = (f: Forest) =>
  Object.fromEntries(Object.entries(f).map(([k, v]) => [k, ArrayBuffer.isView(v) ? Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex') : v]));

const MODELS = fileURLToPath(new URL('../../models', import.meta.url));

describe('shipped models', () => {
  it('are in the package directory unless CHEM_MODELS says otherwise', () => {
    expect(modelsDir()).toBe(process.env.CHEM_MODELS || MODELS);
  });

  it('equal the trainer\'s predictions on the golden molecules (relative difference <= 1e-6)', () => {
    const golden = JSON.parse(readFileSync(join(MODELS, 'golden.json'), 'utf8')) as Golden;
    expect(golden.smiles.length).toBeGreaterThanOrEqual(200);
    expect(checkGolden(golden)).toBeGreaterThanOrEqual(200 * 8);
  });

  it('come with forest files flattened from the very JSON beside them, equal to flattening it now', () => {
    const keys = readdirSync(MODELS).filter((f) => f.endsWith('.json.gz')).map((f) => f.slice(0, -'.json.gz'.length));
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const json = join(MODELS, `${key}.json.gz`);
      const decoded = decodeForest(readFileSync(join(MODELS, `${key}.forest.gz`)));
      expect(decoded, `${key}: forest file of an older layout, run npm run forests`).not.toBeNull();
      const { forest, source } = decoded!;
      expect(source, `${key}: forest file is stale, run npm run forests`).toBe(modelFingerprint(json));
      expect(bytesOf(forest), key).toEqual(bytesOf(flatten(readModel(json, false).members!, FEATURE_NAMES.length)));
      const shipped = readModel(json);
      expect(shipped.forest, key).toBeDefined();
      expect({ ...shipped, forest: undefined }).toEqual({ ...readModel(json, false), members: undefined, forest: undefined });
    }
  });

  it('give bit for bit the same values walked flat (a batch, or a few in JavaScript) as walked as stored (a few molecules from the JSON)', () => {
    const smiles = readFileSync(join(MODELS, '../ml/golden.smi'), 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).slice(0, 120);
    const xs = smiles.map((s) => featureVector(analyse(parseSmiles(s, { stereo: false }))));
    for (const key of ['tb', 'log10ws']) {
      const json = join(MODELS, `${key}.json.gz`);
      const stored = readModel(json, false);
      const asStored = [];
      for (let i = 0; i < xs.length; i += 8) asStored.push(...evaluateMany(stored, xs.slice(i, i + 8)));
      expect(stored.forest).toBeUndefined(); // fewer than 16 at a time: never flattened
      const shipped = readModel(json);
      expect(evaluateMany(shipped, xs), key).toEqual(asStored); // the batch, by the WebAssembly walker
      const flatInJs = [];
      for (let i = 0; i < xs.length; i += 8) flatInJs.push(...evaluateMany(shipped, xs.slice(i, i + 8))); // a few: the flat forest walked in JavaScript
      expect(flatInJs, key).toEqual(asStored);
    }
  });

  it('read the features a molecule has as present() finds them in its vector (the environment counts from its ids)', () => {
    const smiles = readFileSync(join(MODELS, '../ml/golden.smi'), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
    for (const s of [...smiles, 'O', '[Na+].[Cl-]', 'C1CC2CCC1CC2']) {
      const f = moleculeFeatures(analyse(parseSmiles(s, { stereo: false })));
      expect(Array.from(f.have), s).toEqual(Array.from(present(f.x)));
    }
  });

  it('take at most 7 MB together', () => {
    const bytes = readdirSync(MODELS).filter((f) => f.endsWith('.json.gz') || f.endsWith('.forest.gz')).reduce((s, f) => s + statSync(join(MODELS, f)).size, 0);
    expect(bytes).toBeLessThanOrEqual(7 * 1024 * 1024);
  });

  it('come first only when they beat their baseline on scaffold folds, and ship as -beta when behind or not 2x ahead', () => {
    for (const key of MODEL_KEYS) {
      const m = loadModel(key);
      if (!m) continue;
      const cv = m.cv as unknown as Record<string, { mae: number; mae_baseline_set: number; baseline_mae: number } | undefined>;
      const db = cv.scaffold!;
      const critprop = cv.critprop_scaffold;
      const ahead = db.mae_baseline_set < db.baseline_mae && (!critprop || critprop.mae < critprop.baseline_mae);
      expect(m.first, key).toBe(ahead);
      expect(m.beta, key).toBe(!ahead || !(db.mae_baseline_set * 2 <= db.baseline_mae));
      expect(m.version, key).toBe('1.1');
      expect(sourceKey(m)).toBe(`chem-ml-${m.version}${m.beta ? '-beta' : ''}`);
    }
  });
});

describe('model points in predict', () => {
  it('come first when their model beats the baseline, else right after the group-contribution point', () => {
    const fixed = predict('CCCCO').properties.fixed;
    let checked = 0;
    for (const key of MODEL_KEYS) {
      const m = loadModel(key);
      if (!m || !fixed[key]) continue;
      const points = fixed[key]!;
      expect(points.length, key).toBe(2);
      const [model, gc] = m.first ? points : [points[1]!, points[0]!];
      expect(model!.s, key).toBe(sourceKey(m));
      expect(gc!.s, key).not.toMatch(/^chem-ml/);
      expect(model).toMatchObject({ calc: true });
      expect(model!.e, key).toBeGreaterThan(0);
      expect(model!.r).toBe(`chem-ml ${m.version}${m.beta ? ' beta' : ''} model, ${m.trainedOn} measured values${m.per ? `, built on its ${m.per.key} model` : ''}`);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(10);
    // 1-butanol boils at 390.9 K (CRC); Joback says 391.0 by luck, the model must be close as well
    const tb = fixed.tb!.find((p) => p.s.startsWith('chem-ml'))!;
    expect(Math.abs(tb.v - 390.9)).toBeLessThan(15);
  });

  it('of a model built on another (hvap on tb) are the same asked alone as among all keys, and near the measured value', () => {
    const m = loadModel('hvap')!;
    expect(m.per?.key).toBe('tb');
    // CRC Handbook, ΔHvap at the normal boiling point (kJ/mol)
    for (const [smiles, measured] of [['CCO', 38.56], ['c1ccccc1', 30.72], ['CCCCCC', 28.85], ['CC(C)=O', 29.1]] as const) {
      const alone = predict(smiles, { props: ['hvap'] }).properties.fixed.hvap!;
      expect(predict(smiles).properties.fixed.hvap, smiles).toEqual(alone);
      const point = alone.find((p) => p.s === sourceKey(m))!;
      expect(Math.abs(point.v - measured), `${smiles}: ${point.v} ± ${point.e}`).toBeLessThanOrEqual(2 * point.e!);
    }
  });

  it('of a model built on another are left out, with the reason, when that model is missing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'chem-models-'));
    for (const f of ['hvap.json.gz', 'hvap.forest.gz']) copyFileSync(join(MODELS, f), join(dir, f));
    const before = process.env.CHEM_MODELS;
    process.env.CHEM_MODELS = dir;
    try {
      for (const props of [['hvap'], ['hvap', 'tb']]) {
        const { fixed } = predict('CCCCO', { props }).properties;
        expect(fixed.hvap!.map((p) => p.s), props.join()).toEqual(['joback']);
        expect(fixed.hvap![0]!.c).toMatch(/^no chem-ml-1\.1(-beta)? value: no tb model$/);
      }
    } finally {
      if (before === undefined) delete process.env.CHEM_MODELS;
      else process.env.CHEM_MODELS = before;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are left out outside the domain, with the reason on the group-contribution point', () => {
    const salt = predict('CCO.CCO').properties.fixed.tb!;
    expect(salt.map((p) => p.s)).toEqual(['joback']);
    expect(salt[0]!.c).toMatch(/^no chem-ml-\d\.\d(-beta)? value: 2 disconnected parts/);
    const tin = predict('CC[Sn](CC)(CC)CC').properties.fixed.tb ?? [];
    expect(tin.filter((p) => p.s.startsWith('chem-ml'))).toEqual([]);
  });

  it('come from the direct fallback, alone and as beta, for a molecule without the group-contribution estimate', () => {
    // CRC Handbook: water Tb 373.12 K, Tc 647.1 K; ammonia Tb 239.82 K, Tc 405.56 K. Joback has no group for either.
    for (const [smiles, want] of [['O', { tb: 373.12, tc: 647.1 }], ['N', { tb: 239.82, tc: 405.56 }]] as const) {
      const { fixed } = predict(smiles, { props: ['tb', 'tc'] }).properties;
      for (const [key, v] of Object.entries(want)) {
        const points = fixed[key]!;
        const direct = loadModel(`${key}-direct`)!;
        expect(points.map((p) => [p.s, p.c, p.r]), `${smiles} ${key}`).toEqual([[sourceKey(direct), DIRECT_NOTE, `chem-ml 1.1 beta direct model, ${direct.trainedOn} measured values`]]);
        expect(sourceKey(direct)).toMatch(/-beta$/);
        expect(Math.abs(points[0]!.v - v), `${smiles} ${key}: ${points[0]!.v} ± ${points[0]!.e}`).toBeLessThanOrEqual(2 * points[0]!.e!);
      }
    }
    // past the corrected model's heavy-atom limit too: n-C45 has no Joback Tc (past its maximum) and more heavy
    // atoms than any tc training compound with one; the fallback learnt from larger compounds
    const c45 = predict('C'.repeat(45), { props: ['tc'] }).properties.fixed.tc ?? [];
    expect(loadModel('tc')!.domain.max_heavy).toBeLessThan(45);
    expect(loadModel('tc-direct')!.domain.max_heavy).toBeGreaterThanOrEqual(45);
    expect(c45.map((p) => p.c)).toEqual([DIRECT_NOTE]);
    // a molecule with the estimate gets the corrected model's point, never the fallback's
    expect(predict('CCO').properties.fixed.tb!.filter((p) => p.c === DIRECT_NOTE)).toEqual([]);
  });

  it('are less certain for a molecule far from the training data than for training compounds', () => {
    // ethanol, 1-butanol and toluene are measured for all four; the far one, a cubane carrying a CBrClI group and a
    // peroxy acid, is in every domain (its elements are, and Joback covers it) but 13 of its 33 atom environments
    // occur in no training compound
    const far = 'ClC(Br)(I)C12C3C4C1C1C2C3C41C(=O)OO';
    for (const key of ['tb', 'tf', 'tc', 'log10ws']) {
      const e = (smiles: string) => predict(smiles, { props: [key] }).properties.fixed[key]!.find((p) => p.s.startsWith('chem-ml'))!.e!;
      for (const known of ['CCO', 'CCCCO', 'Cc1ccccc1']) expect(e(far), `${key} ${known}`).toBeGreaterThan(1.5 * e(known));
    }
  });

  it('count unseen atom environments: none for ethanol, more for the far molecule than for 95 % of the validation compounds', () => {
    const m = loadModel('tb')!;
    const seen = new Set(m.novelty!.seen);
    const unseen = (smiles: string) => [...moleculeFeatures(analyse(parseSmiles(smiles))).envs].filter((id) => !seen.has(id)).length;
    expect(unseen('CCO')).toBe(0);
    expect(unseen('ClC(Br)(I)C12C3C4C1C1C2C3C41C(=O)OO')).toBeGreaterThan(m.novelty!.ref);
  });

  it("of tb correct Stein & Brown's correction of Joback's Tb (their eq. 3: 404.96 K at 400 K, 618.07 K at 700, 905.53 K at 1300)", () => {
    expect(loadModel('tb')!.offset?.form).toBe('stein-brown');
    expect(steinBrown(400)).toBeCloseTo(404.96, 2);
    expect(steinBrown(700)).toBeCloseTo(618.0, 1);
    expect(steinBrown(1300)).toBeCloseTo(905.53, 2);
  });

  it('are not computed for keys that were not asked for', () => {
    const r = predict('CCO', { props: ['mcvol'] });
    expect(Object.keys(r.properties.fixed)).toEqual(['mcvol']);
  });
});

describe.skipIf(!existsSync(join(MODELS, 'REPORT.md')))('validation report', () => {
  it('is committed beside the models and names every model key', () => {
    const report = readFileSync(join(MODELS, 'REPORT.md'), 'utf8');
    for (const key of MODEL_KEYS) if (loadModel(key)) expect(report).toContain(`| ${key} |`);
  });
});
