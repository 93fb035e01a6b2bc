// The chem-ml model family: per property, an ensemble of gradient-boosted trees (trained by ml/train.py with
// XGBoost), evaluated here; for additive properties the trees correct the group-contribution estimate (`offset`).
// Model files are gzipped JSON, one per property (`models/<key>.json.gz`, or the directory in CHEM_MODELS), read
// on first use only. Evaluation follows XGBoost exactly: feature values and thresholds in float32, `value <
// threshold` goes left, a missing value takes the learnt default branch (the trainer passes sparse input, so NaN
// and 0 are both missing), leaf values are summed in float32 onto the base score.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { FEATURE_NAMES, FEATURES_VERSION, type DomainFacts } from './features.js';
import { decodeForest, flatten, type Forest, type Member } from './forest.js';
import { BLOCK, WAYS, Walker } from './walk.js';

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
  /** The trees as the trainer wrote them: read from the JSON file when there is no current forest file. */
  members?: Member[];
  /** The members flattened: from the forest file, or on the first batch big enough to pay for it (evaluateMany). */
  forest?: Forest;
  /** `log`: the trees predict ln(value) (e converts to the value's units to first order). */
  transform?: 'log';
  /** value = scale × feature[index] + trees: the trees learnt a correction of this estimate. */
  offset?: { index: number; scale: number };
}

/** Source key of a model's points: `chem-ml-1.0`, or `chem-ml-1.0-beta` below the release bar. */
export const sourceKey = (m: Model) => `${m.family}-${m.version}${m.beta ? '-beta' : ''}`;

const SHIPPED = fileURLToPath(new URL('../../../models', import.meta.url));
/** The shipped forest files inflated by `npm run build` (dist/models/<key>.forest): read without a gunzip. */
const INFLATED = fileURLToPath(new URL('../../models', import.meta.url));
export const modelsDir = (): string => process.env.CHEM_MODELS || SHIPPED;

const cache = new Map<string, Model | null>();

/** The model of `key`, or null when there is none (no file for it in the models directory). */
export function loadModel(key: string): Model | null {
  const dir = modelsDir();
  const id = `${dir}\0${key}`;
  let m = cache.get(id);
  if (m === undefined) {
    const path = join(dir, `${key}.json.gz`);
    m = existsSync(path) ? readModel(path) : null;
    cache.set(id, m);
  }
  return m;
}

/**
 * A model from its JSON file, or from a forest file flattened from this very JSON: the build's inflated copy of a
 * shipped one, else the one beside the JSON.
 */
export function readModel(path: string, useForest = true): Model {
  const gz = readFileSync(path);
  const forestPath = path.replace(/\.json\.gz$/, '.forest.gz');
  const forestPaths = dirname(path) === SHIPPED ? [join(INFLATED, basename(forestPath, '.gz')), forestPath] : [forestPath];
  for (const file of useForest ? forestPaths : []) {
    if (!existsSync(file)) continue;
    const { forest, source, model } = decodeForest(readFileSync(file));
    if (source === modelDigest(gz)) return { ...parseModel(model as unknown as ModelFile, path), forest };
  }
  return parseModel(JSON.parse(gunzipSync(gz).toString('utf8')), path);
}

/** The digest a forest file names its JSON model by. */
export const modelDigest = (gz: Buffer) => createHash('sha256').update(gz).digest('hex');

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
  /** Absent in a forest file's copy of the model fields. */
  members?: { roots: string; feat: string; left: string; value: string }[];
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
    members: doc.members?.map((m) => ({ roots: new Int32Array(bytes(m.roots)), feat: new Int32Array(bytes(m.feat)), left: new Int32Array(bytes(m.left)), value: new Float32Array(bytes(m.value)) })),
  };
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

/** Indices of the features that have a value (not NaN, not 0): the only ones whose ranks need a search. */
export function present(x: Float32Array): Int32Array {
  const out: number[] = [];
  for (let i = 0; i < x.length; i++) if (x[i] === x[i] && x[i] !== 0) out.push(i);
  return Int32Array.from(out);
}

/**
 * A molecule's ranks, into r from `at`: per feature slot s, r[at + 2s] and r[at + 2s + 1] are the number of
 * thresholds <= the value (so value < threshold k ⇔ rank <= k); a missing value (NaN or 0) keeps the forest's
 * `missing` ranks, which send it right (the first) or left (the second), the slot a node reads by its default
 * direction.
 */
function ranks(f: Forest, x: Float32Array, have: Int32Array, r: Int32Array, at: number): void {
  const { slotOf, thrStart, thr } = f;
  r.set(f.missing, at);
  for (let i = 0; i < have.length; i++) {
    const s = slotOf[have[i]];
    if (s < 0) continue;
    const v = x[have[i]];
    let lo = thrStart[s];
    let hi = thrStart[s + 1];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (thr[mid] <= v) lo = mid + 1;
      else hi = mid;
    }
    r[at + 2 * s] = r[at + 2 * s + 1] = lo - thrStart[s];
  }
}

/** Smallest batch that flattens a model read from JSON (see evaluateMany). */
const FLAT_MIN = 16;

/** One member's sum over its trees for one feature vector, walking the trees as the trainer stored them. */
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

let walker: Walker | undefined;

/**
 * Predictions and uncertainties of one model for many feature vectors (float32, as the trainer saw them; `have`:
 * present() of each vector). A block of molecules at a time: their ranks, then each member's trees walked by the
 * WebAssembly walker, tree by tree for the whole block (the tree stays in cache); a member's sum is accumulated in
 * float32, tree by tree, as XGBoost does, so the result is the same as member()'s.
 */
export function evaluateMany(m: Model, xs: readonly Float32Array[], have?: readonly Int32Array[]): { v: number; e: number }[] {
  // A few molecules and no forest file: walking the trees as stored beats flattening them first (~10 ms a model).
  if (xs.length < FLAT_MIN && !m.forest) return xs.map((x) => combine(m, x, m.members!.map((mb) => member(mb, x, m.baseScore))));
  have ??= xs.map(present);
  const f = (m.forest ??= flatten(m.members!, FEATURE_NAMES.length));
  const w = (walker ??= new Walker(2 * FEATURE_NAMES.length));
  w.place(f);
  const { memberStart } = f;
  const members = memberStart.length - 1;
  const width = f.missing.length;
  const out: { v: number; e: number }[] = [];
  const sums = new Float32Array(members * BLOCK);
  for (let from = 0; from < xs.length; from += BLOCK) {
    const n = Math.min(BLOCK, xs.length - from);
    const n4 = Math.ceil(n / WAYS) * WAYS; // rows past n keep earlier ranks: walked, never read
    for (let b = 0; b < n; b++) ranks(f, xs[from + b], have[from + b], w.ranks, b * width);
    for (let j = 0; j < members; j++) {
      w.sums.fill(m.baseScore, 0, n4);
      w.walk(f, memberStart[j], memberStart[j + 1], n4);
      sums.set(w.sums.subarray(0, n), j * BLOCK);
    }
    for (let b = 0; b < n; b++) {
      const outs: number[] = [];
      for (let j = 0; j < members; j++) outs.push(sums[j * BLOCK + b]);
      out.push(combine(m, xs[from + b], outs));
    }
  }
  return out;
}

/** The model's value from its members' tree sums: mean (onto the offset estimate), uncertainty from their spread. */
function combine(m: Model, x: Float32Array, outs: number[]): { v: number; e: number } {
  const base = m.offset ? x[m.offset.index] * m.offset.scale : 0;
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
