// The chem-ml model family: per property, an ensemble of gradient-boosted trees (trained by ml/train.py with
// XGBoost), evaluated here; for additive properties the trees correct the group-contribution estimate (`offset`).
// Model files are gzipped JSON, one per property (`models/<key>.json.gz`, or the directory in CHEM_MODELS), read
// on first use only. Evaluation follows XGBoost exactly: feature values and thresholds in float32, `value <
// threshold` goes left, a missing value takes the learnt default branch (the trainer passes sparse input, so NaN
// and 0 are both missing), leaf values are summed in float32 onto the base score.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { FEATURE_NAMES, FEATURES_VERSION, type DomainFacts } from './features.js';

interface Member {
  /** Root node of each tree. */
  roots: Int32Array;
  /** Internal node: feature index × 2 + (1 when missing values go left); leaf: −1. */
  feat: Int32Array;
  /** Left child; the right child is left + 1. */
  left: Int32Array;
  /** Threshold of an internal node, value of a leaf. */
  value: Float32Array;
}

export interface Model {
  key: string;
  family: string;
  version: string;
  beta: boolean;
  /** Uncertainty e = calibration × spread of the members (68 % of scaffold-CV errors fall within e). */
  calibration: number;
  cv: Record<string, { mae: number; n: number }>;
  domain: { elements: string[]; max_heavy: number };
  trainedOn: number;
  baseScore: number;
  members: Member[];
  /** `log`: the trees predict ln(value) (e converts to the value's units to first order). */
  transform?: 'log';
  /** value = scale × feature[index] + trees: the trees learnt a correction of this estimate. */
  offset?: { index: number; scale: number };
}

/** Source key of a model's points: `chem-ml-1.0`, or `chem-ml-1.0-beta` below the release bar. */
export const sourceKey = (m: Model) => `${m.family}-${m.version}${m.beta ? '-beta' : ''}`;

const SHIPPED = fileURLToPath(new URL('../../../models', import.meta.url));
export const modelsDir = (): string => process.env.CHEM_MODELS || SHIPPED;

const cache = new Map<string, Model | null>();

/** The model of `key`, or null when there is none (no file for it in the models directory). */
export function loadModel(key: string): Model | null {
  const dir = modelsDir();
  const id = `${dir}\0${key}`;
  let m = cache.get(id);
  if (m === undefined) {
    const path = join(dir, `${key}.json.gz`);
    m = existsSync(path) ? parseModel(JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')), path) : null;
    cache.set(id, m);
  }
  return m;
}

/** The bytes of a base64 array, in an ArrayBuffer of their own (aligned for the typed-array views). */
const bytes = (b64: string) => {
  const buf = Buffer.from(b64, 'base64');
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
};

interface ModelFile {
  key: string;
  family: string;
  version: string;
  beta: boolean;
  features: number;
  n_features: number;
  trained_on: number;
  calibration: number;
  cv: Model['cv'];
  domain: Model['domain'];
  base_score: number;
  members: { roots: string; feat: string; left: string; value: string }[];
  offset?: Model['offset'];
  transform?: 'log';
}

function parseModel(doc: ModelFile, path: string): Model {
  if (doc.features !== FEATURES_VERSION || doc.n_features !== FEATURE_NAMES.length) {
    throw new Error(`${path} was trained on features v${doc.features} (${doc.n_features}), this chem computes v${FEATURES_VERSION} (${FEATURE_NAMES.length}): retrain with "npm run train"`);
  }
  return {
    key: doc.key,
    family: doc.family,
    version: doc.version,
    beta: doc.beta,
    calibration: doc.calibration,
    cv: doc.cv,
    domain: doc.domain,
    trainedOn: doc.trained_on,
    baseScore: doc.base_score,
    offset: doc.offset,
    transform: doc.transform,
    members: doc.members.map((m) => ({ roots: new Int32Array(bytes(m.roots)), feat: new Int32Array(bytes(m.feat)), left: new Int32Array(bytes(m.left)), value: new Float32Array(bytes(m.value)) })),
  };
}

function member(m: Member, x: Float32Array, base: number): number {
  const { roots, feat, left, value } = m;
  let sum = Math.fround(base);
  for (let t = 0; t < roots.length; t++) {
    let n = roots[t];
    for (let f = feat[n]; f >= 0; f = feat[n]) {
      const v = x[f >> 1];
      n = (v !== v || v === 0 ? f & 1 : v < value[n]) ? left[n] : left[n] + 1;
    }
    sum = Math.fround(sum + value[n]);
  }
  return sum;
}

/** Why a molecule is outside the model's domain, or undefined when it is inside. */
export function outsideDomain(m: Model, x: Float32Array, { elements, fragments, heavy }: DomainFacts): string | undefined {
  if (fragments !== 1) return `${fragments} disconnected parts (salts and mixtures are outside its training data)`;
  const foreign = elements.filter((e) => !m.domain.elements.includes(e));
  if (foreign.length) return `element${foreign.length > 1 ? 's' : ''} ${foreign.join(', ')} outside its training data`;
  if (heavy > m.domain.max_heavy) return `${heavy} heavy atoms, more than any training compound (${m.domain.max_heavy})`;
  if (m.offset && Number.isNaN(x[m.offset.index])) return 'no group-contribution estimate to correct';
  return undefined;
}

/** Prediction and uncertainty of one model for one feature vector (float32, as the trainer saw it). */
export function evaluate(m: Model, x: Float32Array): { v: number; e: number } {
  const base = m.offset ? x[m.offset.index] * m.offset.scale : 0;
  const outs = m.members.map((mb) => member(mb, x, m.baseScore));
  let mean = 0;
  for (const o of outs) mean += o;
  mean /= outs.length;
  let variance = 0;
  for (const o of outs) variance += (o - mean) ** 2;
  const spread = Math.sqrt(variance / outs.length);
  if (m.transform === 'log') {
    const v = Math.exp(base + mean);
    return { v, e: m.calibration * v * spread };
  }
  return { v: base + mean, e: m.calibration * spread };
}
