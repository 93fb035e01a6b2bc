// The chem-ml model points of a prediction: which models a prediction walks, and their points put
// first or after the group-contribution baseline's.
import { roundToUncertainty } from '../../api/precision.js';
import type { DataPoint, PropertyMap } from '../../api/types.js';
import type { PredictOptions } from '../../api/backend.js';
import { lacksEstimate, loadModel, outsideDomain, sourceKey, type Model, type Values, type WalkJob } from './ml.js';
import { domainFacts, moleculeFeatures, type FeatureInputs } from './features.js';
import { FEATURE_NAMES } from './layout.js';
import { checkPredictOptions, MODEL_KEYS, modelReference, withEstimateInputs } from './methods.js';

/**
 * The walk of the wanted models' trees, and what puts each model's point into `fixed[key]` from its values: first
 * when the model beats its baseline (Model.first), else after the group-contribution point. Outside a model's
 * domain there is no model point; the reason goes into `c` of the group-contribution point. A molecule without
 * the estimate an offset model corrects has no such point either: the model's direct fallback (`<key>-direct`) gives
 * its only point. The features are computed only when some wanted key has a model, once per molecule; each model
 * walks its trees for all molecules in its domain at once. `firstOnly`: the caller reads the first point of each
 * property only (flat rows), so the point of a model that follows its baseline is computed only for the molecules
 * without a baseline point. A model built on another's (Model.per) has a point where that one has a value too; that
 * one is evaluated for it, wanted or not.
 */
export function modelPoints(parts: FeatureInputs[], wanted: Set<string>, fixed: PropertyMap[], firstOnly = false): { walk: WalkJob; put(values: Values[]): void } | undefined {
  const models = wantedModels(wanted);
  if (!models.length || !parts.length) return undefined;
  // the vectors in one array: one allocation a chunk, and one buffer to hand to a walker thread (pool.ts)
  const width = FEATURE_NAMES.length;
  const vectors = new Float32Array(parts.length * width);
  const features = parts.map((a, i) => moleculeFeatures(a, vectors.subarray(i * width, (i + 1) * width)));
  const xs = features.map((f) => f.x);
  const have = features.map((f) => f.have);
  const facts = parts.map((a) => domainFacts(a.g));
  const why = models.map(({ m }) => xs.map((x, i) => outsideDomain(m, x, facts[i])));
  const baseOf = models.map(({ m }) => (m.per ? models.findIndex((e) => e.key === m.per!.key) : -1));
  models.forEach(({ m }, j) => {
    if (baseOf[j] >= 0) why[j] = why[j].map((w, i) => w ?? (why[baseOf[j]][i] && `${why[baseOf[j]][i]} (for the ${m.per!.key} it is built on)`));
    else if (m.per) why[j] = why[j].map((w) => w ?? `no ${m.per!.key} model`);
  });
  // the points to put (a helper puts none); evaluated: those, and the base model's values that a point is built on
  const inside = models.map(({ key, m, helper }, j) =>
    Uint8Array.from(xs, (_, i) => {
      // a point that would follow the baseline's, for a caller that reads the first point only: not computed
      if (!why[j][i]) return helper || (firstOnly && !m.first && fixed[i][key]) ? 0 : 1;
      if (fixed[i][key] && !helper) fixed[i][key][0].c = `no ${sourceKey(m)} value: ${why[j][i]}`;
      return 0;
    }),
  );
  const evaluated = inside.map((a) => a.slice());
  baseOf.forEach((k, j) => k >= 0 && inside[j].forEach((v, i) => v && (evaluated[k][i] = 1)));
  // Molecules without the estimate an offset model corrects: its direct fallback (loaded only when needed) serves
  // those in its own domain (it learnt from all compounds, large ones too, so its heavy-atom limit is higher).
  for (const { key, m, helper } of [...models]) {
    if (helper || !xs.some((x) => lacksEstimate(m, x))) continue;
    const direct = loadModel(`${key}-direct`);
    if (!direct) continue;
    models.push({ key, m: direct, direct: true });
    inside.push(Uint8Array.from(xs, (x, i) => (lacksEstimate(m, x) && !outsideDomain(direct, x, facts[i]) ? 1 : 0)));
    evaluated.push(inside.at(-1)!);
  }
  const walk = { keys: models.map(({ key, direct }) => (direct ? `${key}-direct` : key)), xs, have, inside: evaluated, envs: features.map((f) => f.envs) };
  const put = (values: Values[]) =>
    models.forEach(({ key, m, direct }, j) => {
      const [s, r] = [sourceKey(m), modelReference(m)];
      const { v, e } = values[j];
      // a model built on another's: its value (and, without an error member, its spread) × the other's value
      const base = m.per && !direct && baseOf[j] >= 0 ? values[baseOf[j]].v : undefined;
      for (let i = 0; i < fixed.length; i++) {
        if (!inside[j][i]) continue;
        const factor = base ? base[i] * m.per!.scale : 1;
        const rounded = roundToUncertainty(v[i] * factor, m.error ? e[i] : e[i] * factor); // v to e's second digit
        const p: DataPoint = { u: key, s, v: rounded.v, e: rounded.e, calc: true, r };
        if (direct) p.c = DIRECT_NOTE;
        const points = (fixed[i][key] ??= []);
        if (m.first) points.unshift(p);
        else points.push(p);
      }
    });
  return { walk, put };
}

/** A model of a walk: `direct`, a fallback (`<key>-direct`); `helper`, evaluated for a model built on it, no point of its own. */
type WalkedModel = { key: string; m: Model; direct: boolean; helper?: boolean };

/** The wanted properties' models, then those they are built on (Model.per) as helpers. */
function wantedModels(wanted: Set<string>): WalkedModel[] {
  const models: WalkedModel[] = MODEL_KEYS.filter((k) => wanted.has(k)).flatMap((key) => {
    const m = loadModel(key);
    return m ? [{ key, m, direct: false }] : [];
  });
  for (const { m } of [...models]) {
    const base = m.per && loadModel(m.per.key);
    if (base && !models.some((e) => e.key === base.key)) models.push({ key: base.key, m: base, direct: false, helper: true });
  }
  return models;
}

/** `c` of a direct fallback's point. */
export const DIRECT_NOTE = 'learnt directly: no group-contribution estimate to correct (larger errors)';

/**
 * The models a walk of these options may need, by file name: the wanted properties' and those they are built on
 * (direct fallbacks are left out: few batches need them). A walker thread loads them while the first chunk is analysed.
 */
export const walkKeys = (opts: PredictOptions): string[] => wantedModels(withEstimateInputs(checkPredictOptions(opts))).map((e) => e.key);
