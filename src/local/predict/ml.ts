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

/**
 * The trees of all members in one flat, branch-free layout. Every tree is padded to a complete binary tree of
 * `depth` levels (a leaf above the bottom passes its value down), so a walk is `depth` steps of integer arithmetic:
 * node i → 2i + 1 (left) or 2i + 2 (right). A molecule's feature values are first turned into ranks among each
 * feature's sorted thresholds, which makes `value < threshold` the integer test `rank <= k` (see ranks()).
 */
interface Forest {
  depth: number;
  /** First tree of each member, and the end of the last member's. */
  memberStart: number[];
  /**
   * Per internal node (trees × (2^depth − 1), breadth first): its rank slot (2 × feature slot + 1 when missing values
   * go left) in the high 16 bits; in the low 16 bits, signed, its threshold's position k among the feature's sorted
   * thresholds, or PASS on padding.
   */
  node: Int32Array;
  /** Per leaf (trees × 2^depth). */
  leaf: Float32Array;
  /** Feature slot of each feature index, −1 for features no tree reads. */
  slotOf: Int32Array;
  /** Sorted distinct thresholds of feature slot s: thr[thrStart[s] .. thrStart[s + 1]). */
  thrStart: Int32Array;
  thr: Float32Array;
  /** Ranks of a molecule with every feature missing (the starting point of ranks()). */
  missing: Int16Array;
}

/** A padding node goes left whatever the rank; a missing value ranks below (goes left) or above (right) every k. */
const PASS = 0x7fff;
const MISSING_LEFT = -1;
const MISSING_RIGHT = 0x7fff;

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
  /** The members flattened, on the first batch big enough to pay for it (evaluateMany). */
  forest?: Forest;
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

/** A member as the trainer writes it: internal node feat = feature index × 2 + (1 when missing goes left), leaf −1; right child = left + 1. */
interface Member {
  roots: Int32Array;
  feat: Int32Array;
  left: Int32Array;
  /** Threshold of an internal node, value of a leaf. */
  value: Float32Array;
}

function flatten(members: Member[]): Forest {
  // Feature slots and their sorted distinct thresholds.
  const byFeature = new Map<number, number[]>();
  for (const { feat, value } of members) {
    for (let n = 0; n < feat.length; n++) {
      if (feat[n] < 0) continue;
      const list = byFeature.get(feat[n] >> 1);
      if (list) list.push(value[n]);
      else byFeature.set(feat[n] >> 1, [value[n]]);
    }
  }
  const features = [...byFeature.keys()].sort((a, b) => a - b);
  const slotOf = new Int32Array(FEATURE_NAMES.length).fill(-1);
  const thrStart = new Int32Array(features.length + 1);
  const all: number[] = [];
  features.forEach((f, s) => {
    slotOf[f] = s;
    const t = Float32Array.from(byFeature.get(f)!).sort();
    for (let i = 0; i < t.length; i++) if (i === 0 || t[i] !== t[i - 1]) all.push(t[i]);
    thrStart[s + 1] = all.length;
  });
  const thr = new Float32Array(all);
  const missing = new Int16Array(2 * features.length);
  for (let s = 0; s < features.length; s++) {
    missing[2 * s] = MISSING_RIGHT;
    missing[2 * s + 1] = MISSING_LEFT;
  }
  if (missing.length > 0xffff || features.some((_, s) => thrStart[s + 1] - thrStart[s] >= PASS)) throw new Error('model too large for the flat evaluator');
  /** Position of threshold v among slot s's sorted thresholds. */
  const position = (s: number, v: number) => {
    let lo = thrStart[s];
    let hi = thrStart[s + 1] - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (thr[mid] < v) lo = mid + 1;
      else hi = mid;
    }
    return lo - thrStart[s];
  };

  // Depth of the deepest leaf; then every tree is laid out complete, breadth first.
  const stack: number[] = [];
  let depth = 0;
  for (const { roots, feat, left } of members) {
    for (const r of roots) {
      stack.push(r, 0);
      while (stack.length) {
        const d = stack.pop()!;
        const n = stack.pop()!;
        if (feat[n] < 0) depth = Math.max(depth, d);
        else stack.push(left[n], d + 1, left[n] + 1, d + 1);
      }
    }
  }
  const inner = (1 << depth) - 1;
  const trees = members.reduce((a, m) => a + m.roots.length, 0);
  const node = new Int32Array(trees * inner).fill(PASS);
  const leaf = new Float32Array(trees * (inner + 1));
  const memberStart = [0];
  let t = 0;
  for (const { roots, feat, left, value } of members) {
    for (const r of roots) {
      stack.push(r, 0, 0);
      while (stack.length) {
        const d = stack.pop()!;
        const pos = stack.pop()!;
        const n = stack.pop()!;
        if (feat[n] < 0) {
          // a leaf above the bottom: its PASS nodes send every walk down the left edge; all leaves below hold its value
          const below = 1 << (depth - d);
          const first = (pos + 1) * below - 1 - inner;
          leaf.fill(value[n], t * (inner + 1) + first, t * (inner + 1) + first + below);
          continue;
        }
        const s = slotOf[feat[n] >> 1];
        node[t * inner + pos] = ((2 * s + (feat[n] & 1)) << 16) | position(s, value[n]);
        stack.push(left[n], 2 * pos + 1, d + 1, left[n] + 1, 2 * pos + 2, d + 1);
      }
      t++;
    }
    memberStart.push(t);
  }
  return { depth, memberStart, node, leaf, slotOf, thrStart, thr, missing };
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
 * A molecule's ranks, into r at `at`: per feature slot s, r[2s] and r[2s + 1] are the number of thresholds <= the
 * value (so value < threshold k ⇔ rank <= k); a missing value (NaN or 0) ranks MISSING_RIGHT in r[2s] and
 * MISSING_LEFT in r[2s + 1], the slot a node reads by its default direction.
 */
function ranks(f: Forest, x: Float32Array, have: Int32Array, r: Int16Array, at: number): void {
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

/** Molecules per pass over the trees (a multiple of 4): their ranks stay in cache while each tree is walked for all. */
const BLOCK = 32;
/** Smallest batch that flattens a model (see evaluateMany). */
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
 * Predictions and uncertainties of one model for many feature vectors (float32, as the trainer saw them). Trees are
 * walked tree by tree over a block of molecules, four walks interleaved (`have`: present() of each vector); each
 * member's sum is accumulated in float32, tree by tree, as XGBoost does, so the result is the same as member()'s.
 */
export function evaluateMany(m: Model, xs: readonly Float32Array[], have?: readonly Int32Array[]): { v: number; e: number }[] {
  // A few molecules: walking the trees as stored beats flattening them first (~10 ms a model).
  if (xs.length < FLAT_MIN && !m.forest) return xs.map((x) => combine(m, x, m.members.map((mb) => member(mb, x, m.baseScore))));
  have ??= xs.map(present);
  const f = (m.forest ??= flatten(m.members));
  const { depth, node, leaf, memberStart } = f;
  const inner = (1 << depth) - 1;
  const w = f.missing.length;
  const members = memberStart.length - 1;
  const out: { v: number; e: number }[] = [];
  const rows = Math.min(BLOCK, (xs.length + 3) & ~3);
  const r = new Int16Array(rows * w);
  const sums = new Float32Array(members * rows);
  for (let from = 0; from < xs.length; from += BLOCK) {
    const n = Math.min(BLOCK, xs.length - from);
    const n4 = (n + 3) & ~3; // rows past n keep earlier ranks: walked, never read
    for (let b = 0; b < n; b++) ranks(f, xs[from + b], have[from + b], r, b * w);
    for (let j = 0; j < members; j++) {
      const sum = sums.subarray(j * rows, j * rows + n4).fill(m.baseScore);
      for (let t = memberStart[j]; t < memberStart[j + 1]; t++) {
        const at = t * inner;
        const leaves = at + t - inner;
        for (let b = 0; b < n4; b += 4) {
          const r0 = b * w;
          const r1 = r0 + w;
          const r2 = r1 + w;
          const r3 = r2 + w;
          let i0 = 0;
          let i1 = 0;
          let i2 = 0;
          let i3 = 0;
          for (let d = 0; d < depth; d++) {
            let q = node[at + i0];
            i0 = 2 * i0 + 1 + ((((q << 16) >> 16) - r[r0 + (q >>> 16)]) >>> 31);
            q = node[at + i1];
            i1 = 2 * i1 + 1 + ((((q << 16) >> 16) - r[r1 + (q >>> 16)]) >>> 31);
            q = node[at + i2];
            i2 = 2 * i2 + 1 + ((((q << 16) >> 16) - r[r2 + (q >>> 16)]) >>> 31);
            q = node[at + i3];
            i3 = 2 * i3 + 1 + ((((q << 16) >> 16) - r[r3 + (q >>> 16)]) >>> 31);
          }
          sum[b] += leaf[leaves + i0];
          sum[b + 1] += leaf[leaves + i1];
          sum[b + 2] += leaf[leaves + i2];
          sum[b + 3] += leaf[leaves + i3];
        }
      }
    }
    for (let b = 0; b < n; b++) {
      const outs: number[] = [];
      for (let j = 0; j < members; j++) outs.push(sums[j * rows + b]);
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
