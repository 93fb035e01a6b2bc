// The chem-ml model family: per property, an ensemble of gradient-boosted trees (trained by ml/train.py with
// XGBoost), evaluated here; for additive properties the trees correct the group-contribution estimate (`offset`).
// Model files are gzipped JSON, one per property (`models/<key>.json.gz`, or the directory in CHEM_MODELS), read
// on first use only. Evaluation follows XGBoost exactly: feature values and thresholds in float32, `value <
// threshold` goes left, a missing value takes the learnt default branch (the trainer passes sparse input, so NaN
// and 0 are both missing), leaf values are summed in float32 onto the base score.
import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { DomainFacts } from './features.js';
import { FEATURE_NAMES, FEATURES_VERSION } from './layout.js';
import { decodeForest, flatten, mergeForests, type Forest, type Member } from './forest.js';
import { BLOCK, WAYS, Walker } from './walk.js';

export interface Model {
  key: string;
  family: string;
  version: string;
  beta: boolean;
  /**
   * Whether its point comes before the group-contribution point: only when its scaffold-CV error beats the
   * baseline's (on the database's folds and on the published CritProp scaffold folds); otherwise it follows, as beta.
   */
  first: boolean;
  /**
   * Uncertainty e = calibration × exp(error member) × max(1, unseen / novelty.ref). The error member (the last
   * member, its own base score in `error`) learnt ln |error| from the model's scaffold and random
   * cross-validation errors; unseen counts the molecule's distinct atom environments (moleculeFeatures) that no
   * training compound holds (novelty.seen, sorted), ref is its 95th percentile among the cross-validation
   * compounds; COVERAGE (train.py, 63 %) of the scaffold-CV and random-CV errors together fall within e (the
   * shipped model, trained on all, errs less). Without an error member (smoke-test models): calibration × spread of the members.
   */
  calibration: number;
  error?: { baseScore: number };
  /** bit: the model's bit in SEEN, given on first use. */
  novelty?: { ref: number; seen: Uint32Array; bit?: number };
  cv: Record<string, { mae: number; n: number }>;
  domain: { elements: string[]; max_heavy: number };
  trainedOn: number;
  baseScore: number;
  /** The trees as the trainer wrote them: read from the JSON file when there is no current forest file. */
  members?: Member[];
  /** The members flattened: from the forest file, or on the first batch big enough to pay for it (evaluateModels). */
  forest?: Forest;
  /** `log`: the trees predict ln(value) (e converts to the value's units to first order). */
  transform?: 'log';
  /**
   * value = scale × feature[index] + trees: the trees learnt a correction of this estimate; with `over`, the
   * estimate is the ratio scale × feature[index] / feature[over] (see `per`); with `form` 'stein-brown', the
   * estimate is a Tb and Stein & Brown's correction of it (steinBrown) is what the trees correct.
   */
  offset?: { index: number; scale: number; over?: number; form?: 'stein-brown' };
  /**
   * A model built on another's: its trees (and offset) give the value divided by model `key`'s value, and the value
   * is that × the `key` model's value × scale (hvap per tb: ΔHvap / Tb, the entropy of vaporisation, × the tb model's
   * Tb). With an error member its e is the value's own (that member learnt the product's errors); without one, the
   * members' spread × the `key` model's value × scale.
   */
  per?: { key: string; scale: number };
}

/** Source key of a model's points: `chem-ml-1.1`, or `chem-ml-1.1-beta` below the release bar. */
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
  const forestPath = path.replace(/\.json\.gz$/, '.forest.gz');
  const forestPaths = dirname(path) === SHIPPED ? [join(INFLATED, basename(forestPath, '.gz')), forestPath] : [forestPath];
  const source = useForest ? modelFingerprint(path) : '';
  for (const file of useForest ? forestPaths : []) {
    if (!existsSync(file)) continue;
    const d = decodeForest(readFileSync(file));
    if (d?.source === source) return { ...parseModel(d.model as unknown as ModelFile, path), forest: d.forest };
  }
  return parseModel(JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')), path);
}

/**
 * What a forest file names its JSON model by: the JSON file's size and gzip trailer (the CRC-32 and length of the
 * JSON text), read without the rest of the file: hashing the twelve JSON files had taken 5 ms of a cold start.
 */
export function modelFingerprint(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const { size } = fstatSync(fd);
    const trailer = Buffer.alloc(8);
    readSync(fd, trailer, 0, 8, size - 8);
    return `${size}:${trailer.toString('hex')}`;
  } finally {
    closeSync(fd);
  }
}

/** The bytes of a base64 array, in an ArrayBuffer of their own (aligned for the typed-array views). */
const bytes = (b64: string) => {
  const buf = Buffer.from(b64, 'base64');
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
};

/** A model file's JSON, as ml/train.py writes it. */
export interface ModelFile {
  key: string;
  family: string;
  version: string;
  beta: boolean;
  /** Absent in 1.0 files, whose model point always came first. */
  first?: boolean;
  features: number;
  n_features: number;
  trained_on: number;
  calibration: number;
  novelty?: { ref: number; seen: string };
  error?: { base_score: number };
  cv: Model['cv'];
  domain: Model['domain'];
  base_score: number;
  /** Absent in a forest file's copy of the model fields. */
  members?: { roots: string; feat: string; left: string; value: string }[];
  offset?: Model['offset'];
  per?: Model['per'];
  transform?: 'log';
}

export function parseModel(doc: ModelFile, path: string): Model {
  if (doc.features !== FEATURES_VERSION || doc.n_features !== FEATURE_NAMES.length) {
    throw new Error(`${path} was trained on features v${doc.features} (${doc.n_features}), this chem computes v${FEATURES_VERSION} (${FEATURE_NAMES.length}): retrain with "npm run train"`);
  }
  return {
    key: doc.key,
    family: doc.family,
    version: doc.version,
    beta: doc.beta,
    first: doc.first ?? true,
    calibration: doc.calibration,
    error: doc.error && { baseScore: doc.error.base_score },
    novelty: doc.novelty && { ref: doc.novelty.ref, seen: new Uint32Array(bytes(doc.novelty.seen)) },
    cv: doc.cv,
    domain: doc.domain,
    trainedOn: doc.trained_on,
    baseScore: doc.base_score,
    offset: doc.offset,
    per: doc.per,
    transform: doc.transform,
    members: doc.members?.map((m) => ({ roots: new Int32Array(bytes(m.roots)), feat: new Int32Array(bytes(m.feat)), left: new Int32Array(bytes(m.left)), value: new Float32Array(bytes(m.value)) })),
  };
}

/** Why a molecule is outside the model's domain, or undefined when it is inside. */
export function outsideDomain(m: Model, x: Float32Array, { elements, fragments, heavy }: DomainFacts): string | undefined {
  if (fragments !== 1) return `${fragments} disconnected parts (salts and mixtures are outside its training data)`;
  // the message only when some element is foreign (this runs per molecule and model: no array otherwise)
  for (const e of elements) {
    if (m.domain.elements.includes(e)) continue;
    const foreign = elements.filter((f) => !m.domain.elements.includes(f));
    return `element${foreign.length > 1 ? 's' : ''} ${foreign.join(', ')} outside its training data`;
  }
  if (heavy > m.domain.max_heavy) return `${heavy} heavy atoms, more than any training compound (${m.domain.max_heavy})`;
  if (lacksEstimate(m, x)) return 'no group-contribution estimate to correct';
  return undefined;
}

/** Whether m corrects an estimate the molecule of features x has not: its `<key>-direct` fallback may serve it. */
export const lacksEstimate = (m: Model, x: Float32Array): boolean =>
  m.offset !== undefined && (Number.isNaN(x[m.offset.index]) || (m.offset.over !== undefined && Number.isNaN(x[m.offset.over])));

let scratch = new Int32Array(0);

/** Indices of the features that have a value (not NaN, not 0): the only ones whose ranks need a search. */
export function present(x: Float32Array): Int32Array {
  if (scratch.length < x.length) scratch = new Int32Array(x.length);
  let n = 0;
  for (let i = 0; i < x.length; i++) if (x[i] === x[i] && x[i] !== 0) scratch[n++] = i;
  return scratch.slice(0, n);
}

/**
 * A molecule's ranks, into r from `at`: per feature slot s, r[at + 2s] and r[at + 2s + 1] are the number of
 * thresholds <= the value (so value < threshold k ⇔ rank <= k); a missing value (NaN or 0) keeps the forest's
 * `missing` ranks, which send it right (the first) or left (the second), the slot a node reads by its default
 * direction. The row holds the ranks of the molecule whose present features were `last`: only those are reset.
 */
function ranks(f: Forest, x: Float32Array, have: Int32Array, r: Int32Array, at: number, last: Int32Array | undefined): void {
  const { slotOf, thrStart, thr, missing } = f;
  if (last) {
    for (let i = 0; i < last.length; i++) {
      const s = slotOf[last[i]];
      if (s < 0) continue;
      r[at + 2 * s] = missing[2 * s];
      r[at + 2 * s + 1] = missing[2 * s + 1];
    }
  }
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

/** Smallest batch that flattens a model read from JSON, or that walks several models over merged thresholds. */
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

/**
 * The trees of member k of a flat forest summed onto `base` for one molecule's rank row, in float32 tree by tree:
 * the WebAssembly walk's steps (i ← 2i + 1 + (k < rank)) in JavaScript.
 */
function walkFlat(f: Forest, k: number, row: Int32Array, base: number): number {
  const { node, leaf } = f;
  const depth = f.depths[k];
  const inner = (1 << depth) - 1;
  let sum = Math.fround(base);
  for (let t = 0, trees = f.memberStart[k + 1] - f.memberStart[k]; t < trees; t++) {
    const at = f.nodeStart[k] + t * inner;
    let i = 0;
    for (let d = 0; d < depth; d++) {
      const q = node[at + i];
      i = 2 * i + 1 + (((q & 0xffff) - row[q >>> 16]) >>> 31);
    }
    sum = Math.fround(sum + leaf[f.leafStart[k] + t * (inner + 1) + i - inner]);
  }
  return sum;
}

let walker: Walker | undefined;
const forestIds = new WeakMap<Forest, number>();
let forestCount = 0;
/** Merged forests (mergeForests) by the ids of the forests merged. */
const merged = new Map<string, Forest[]>();

function mergedOf(forests: Forest[]): Forest[] {
  const key = forests.map((f) => forestIds.get(f) ?? (forestIds.set(f, ++forestCount), forestCount)).join();
  let m = merged.get(key);
  if (!m) merged.set(key, (m = mergeForests(forests, FEATURE_NAMES.length)));
  return m;
}

/** A model's values (NaN where it was not evaluated) and uncertainties, per feature vector. */
export interface Values {
  v: Float64Array;
  e: Float64Array;
}

/**
 * Predictions and uncertainties of several models for many feature vectors (float32, as the trainer saw them;
 * `have`: present() of each vector; `inside[j]`: which vectors model j evaluates, default all; `envs`: each molecule's
 * environment ids (moleculeFeatures), for e's novelty factor, which is left out without them). A block of molecules
 * at a time: their ranks, then each member's trees walked by the WebAssembly walker, tree by tree for the whole
 * block (the tree stays in cache); a member's sum is accumulated in float32, tree by tree, as XGBoost does, so the
 * result is the same as member()'s. From FLAT_MIN molecules on, the models' thresholds are merged per feature, so a
 * molecule's ranks are counted once for all of them.
 */
export function evaluateModels(ms: readonly Model[], xs: readonly Float32Array[], have: readonly Int32Array[], inside?: readonly Uint8Array[], envs?: readonly Uint32Array[]): Values[] {
  const out = ms.map(() => ({ v: new Float64Array(xs.length).fill(NaN), e: new Float64Array(xs.length).fill(NaN) }));
  const unseen = envs && unseenCounts(ms, envs);
  const walked: number[] = [];
  ms.forEach((m, j) => {
    // A few molecules: walking in JavaScript beats copying the forest into the walker's memory (~0.6 ms a model) or,
    // without a forest file, flattening the trees as stored (~10 ms a model).
    if (xs.length >= FLAT_MIN) return walked.push(j);
    const f = m.forest;
    const outs = new Float64Array(f ? f.memberStart.length - 1 : m.members!.length);
    xs.forEach((x, i) => {
      if (inside && !inside[j][i]) return;
      if (f) {
        const row = f.missing.slice();
        ranks(f, x, have[i], row, 0, undefined);
        for (let k = 0; k < outs.length; k++) outs[k] = walkFlat(f, k, row, baseScore(m, k, outs.length));
      } else m.members!.forEach((mb, k) => (outs[k] = member(mb, x, baseScore(m, k, outs.length))));
      combine(m, x, unseen ? unseen[i * ms.length + j] : -1, outs, 0, outs.length, out[j], i);
    });
  });
  if (!walked.length) return out;
  const forests = walked.map((j) => (ms[j].forest ??= flatten(ms[j].members!, FEATURE_NAMES.length)));
  const groups = xs.length >= FLAT_MIN && forests.length > 1 ? [{ models: walked, forests: mergedOf(forests) }] : walked.map((j, k) => ({ models: [j], forests: [forests[k]] }));
  const w = (walker ??= new Walker());
  const sums = new Float64Array(Math.max(...forests.map((f) => f.memberStart.length - 1)) * BLOCK);
  for (const { models, forests } of groups) {
    const { missing } = forests[0];
    const width = missing.length;
    const rows = w.rows(missing);
    for (const f of forests) w.place(f);
    for (let from = 0; from < xs.length; from += BLOCK) {
      const n = Math.min(BLOCK, xs.length - from);
      for (let b = 0; b < n; b++) {
        const i = from + b;
        if (inside && !models.some((j) => inside[j][i])) continue;
        ranks(forests[0], xs[i], have[i], rows.rows, b * width, rows.last[b]);
        rows.last[b] = have[i];
      }
      models.forEach((j, k) => {
        const f = forests[k];
        // the rows of the molecules this model evaluates; past them, up to a multiple of WAYS, the first again
        let count = 0;
        for (let b = 0; b < n; b++) if (!inside || inside[j][from + b]) w.rowAt[count++] = rows.at + 4 * width * b;
        if (!count) return;
        const n4 = Math.ceil(count / WAYS) * WAYS;
        for (let b = count; b < n4; b++) w.rowAt[b] = w.rowAt[0];
        const members = f.memberStart.length - 1;
        for (let t = 0; t < members; t++) {
          w.sums.fill(baseScore(ms[j], t, members), 0, n4);
          w.walk(f, t, n4);
          for (let b = 0; b < count; b++) sums[b * members + t] = w.sums[b];
        }
        let b = 0;
        for (let i = from; i < from + n; i++) if (!inside || inside[j][i]) combine(ms[j], xs[i], unseen ? unseen[i * ms.length + j] : -1, sums, b++ * members, members, out[j], i);
      });
    }
  }
  return out;
}

/**
 * evaluateModels() of the models loaded by these keys (loadModel), as a job another thread can run (pool.ts): it names
 * the models rather than holding them.
 */
export interface WalkJob {
  keys: string[];
  xs: Float32Array[];
  have: Int32Array[];
  inside: Uint8Array[];
  envs: Uint32Array[];
}

export const walkModels = ({ keys, xs, have, inside, envs }: WalkJob): Values[] => evaluateModels(keys.map((k) => loadModel(k)!), xs, have, inside, envs);

/** evaluateModels() of one model, for every feature vector (for a model built on another's, Model.per: its ratio). */
export function evaluateMany(m: Model, xs: readonly Float32Array[], have?: readonly Int32Array[], envs?: readonly Uint32Array[]): { v: number; e: number }[] {
  const [{ v, e }] = evaluateModels([m], xs, have ?? xs.map(present), undefined, envs);
  return Array.from(v, (value, i) => ({ v: value, e: e[i] }));
}

/** The base score member k of a model's n members starts from: the error member (the last) has its own. */
const baseScore = (m: Model, k: number, n: number) => (m.error && k === n - 1 ? m.error.baseScore : m.baseScore);

/**
 * Which models' training compounds hold each atom environment id: one open-addressing table over the union of the
 * loaded models' seen ids (Model.novelty) with a bit per model, so a molecule's unseen counts for all the models of a
 * walk take one lookup per id, not one per id and model (those cache-missing lookups were a fifth of the walker's
 * time). Keys are stored + 1 (0 marks an empty slot; an id of 0xffffffff has its own mask).
 */
const SEEN = { keys: new Uint32Array(1 << 16), masks: new Uint32Array(1 << 16), shift: 16, size: 0, bits: 0, topMask: 0 };

/** Loads the model of `key` and enters its seen ids into SEEN: what a walker thread does before its first batch. */
export function warmModel(key: string): void {
  const m = loadModel(key);
  if (m?.novelty) seenBit(m.novelty);
}

/** The model's bit in SEEN (its seen ids entered on first use). */
function seenBit(nv: NonNullable<Model['novelty']>): number {
  if (nv.bit !== undefined) return nv.bit;
  if (SEEN.bits === 32) throw new Error('more than 32 models with novelty data loaded');
  const bit = SEEN.bits++;
  while (2 * (SEEN.size + nv.seen.length) > SEEN.keys.length) growSeen();
  for (const id of nv.seen) {
    if (id === 0xffffffff) {
      SEEN.topMask |= 1 << bit;
      continue;
    }
    const at = seenSlot(id);
    if (SEEN.keys[at] === 0) {
      SEEN.keys[at] = id + 1;
      SEEN.size++;
    }
    SEEN.masks[at] |= 1 << bit;
  }
  return (nv.bit = bit);
}

/** The slot of id in SEEN: its own, or the empty one where it would go (linear probing from a multiplicative hash). */
function seenSlot(id: number): number {
  const last = SEEN.keys.length - 1;
  let at = Math.imul(id, 0x9e3779b1) >>> SEEN.shift;
  while (SEEN.keys[at] !== 0 && SEEN.keys[at] !== id + 1) at = (at + 1) & last;
  return at;
}

function growSeen(): void {
  const [keys, masks] = [SEEN.keys, SEEN.masks];
  SEEN.keys = new Uint32Array(2 * keys.length);
  SEEN.masks = new Uint32Array(2 * keys.length);
  SEEN.shift--;
  for (let k = 0; k < keys.length; k++) {
    if (keys[k] === 0) continue;
    const at = seenSlot(keys[k] - 1);
    SEEN.keys[at] = keys[k];
    SEEN.masks[at] = masks[k];
  }
}

/**
 * Per molecule i and model j (at i × models + j), how many of the molecule's environment ids the model's training
 * compounds do not hold; -1 for a model without novelty data. A batch looks them up in SEEN; a few molecules by
 * binary search in each model's sorted ids (entering them all into SEEN takes ~30 ms, a single prediction's budget).
 */
function unseenCounts(ms: readonly Model[], envs: readonly Uint32Array[]): Int32Array {
  const out = new Int32Array(envs.length * ms.length);
  if (envs.length < FLAT_MIN) {
    envs.forEach((ids, i) => ms.forEach((m, j) => (out[i * ms.length + j] = m.novelty ? ids.reduce((n, id) => (holds(m.novelty!.seen, id) ? n : n + 1), 0) : -1)));
    return out;
  }
  const bits = ms.map((m) => (m.novelty ? seenBit(m.novelty) : -1));
  const all = bits.reduce((a, b) => (b < 0 ? a : a | (1 << b)), 0);
  envs.forEach((ids, i) => {
    const at = i * ms.length;
    for (let j = 0; j < ms.length; j++) if (bits[j] < 0) out[at + j] = -1;
    for (let k = 0; k < ids.length; k++) {
      const mask = ids[k] === 0xffffffff ? SEEN.topMask : SEEN.masks[seenSlot(ids[k])];
      if ((mask & all) === all) continue; // seen by every model of the walk: the common case
      for (let j = 0; j < ms.length; j++) if (bits[j] >= 0 && !((mask >>> bits[j]) & 1)) out[at + j]++;
    }
  });
  return out;
}

/** Whether the sorted array `seen` holds `id`. */
function holds(seen: Uint32Array, id: number): boolean {
  let [lo, hi] = [0, seen.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (seen[mid] < id) lo = mid + 1;
    else hi = mid;
  }
  return lo < seen.length && seen[lo] === id;
}

/**
 * Stein & Brown's correction of a group-contribution Tb, K (J. Chem. Inf. Comput. Sci. 1994, 34, 581): Joback's error
 * grows with the molecule's size, and the tb model's trees learn far less of it from this estimate (ml/train.py).
 */
export const steinBrown = (tb: number): number => (tb <= 700 ? tb - 94.84 + 0.5577 * tb - 0.0007705 * tb * tb : tb + 282.7 - 0.5209 * tb);

/** The estimate an offset model's trees correct. */
function offsetOf(offset: NonNullable<Model['offset']>, x: Float32Array): number {
  const v = (x[offset.index] * offset.scale) / (offset.over === undefined ? 1 : x[offset.over]);
  return offset.form === 'stein-brown' ? steinBrown(v) : v;
}

/**
 * Model value i (into out.v[i], out.e[i]) from its n members' tree sums outs[at ..]: the value members' mean (onto
 * the offset estimate); e from the error member and the molecule's unseen count (-1: none), or from the value
 * members' spread.
 */
function combine(m: Model, x: Float32Array, unseen: number, outs: Float64Array, at: number, n: number, out: Values, i: number): void {
  const { offset } = m;
  const base = offset ? offsetOf(offset, x) : 0;
  const values = m.error ? n - 1 : n;
  let mean = 0;
  for (let k = 0; k < values; k++) mean += outs[at + k];
  mean /= values;
  const v = m.transform === 'log' ? Math.exp(base + mean) : base + mean;
  out.v[i] = v;
  if (m.error) {
    // the novelty factor max(1, unseen / ref) (see Model.calibration); without the molecule's environments, 1
    out.e[i] = m.calibration * Math.exp(outs[at + n - 1]) * (unseen > 0 ? Math.max(1, unseen / m.novelty!.ref) : 1);
    return;
  }
  let variance = 0;
  for (let k = 0; k < values; k++) variance += (outs[at + k] - mean) ** 2;
  // log: the spread of ln(value) converts to the value's units to first order
  out.e[i] = m.calibration * Math.sqrt(variance / values) * (m.transform === 'log' ? v : 1);
}
