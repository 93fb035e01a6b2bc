// The evaluator's layout of a model's trees (ml.ts walks it), built from the trainer's trees by flatten(), and its
// binary file `models/<key>.forest.gz`: written next to the JSON model by `npm run train` (or `npm run forests`),
// so no process or worker thread flattens at start. The JSON stays the source of truth: the file names the
// fingerprint of the JSON file it came from (modelFingerprint: its size and gzip trailer), and a stale or missing
// one is ignored (the JSON is flattened instead).
// File: gzip of one JSON header line, zero padding to a multiple of 4 bytes, then the arrays node, leaf, slotOf,
// thrStart, thr (little-endian). `npm run build` also writes the shipped ones inflated to dist/models/<key>.forest.
import { endianness } from 'node:os';
import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * The trees of all members in one flat, branch-free layout. Every tree is padded to a complete binary tree of its
 * member's depth (a leaf above the bottom passes its value down), so a walk is `depth` steps of integer arithmetic:
 * node i → 2i + 1 (left) or 2i + 2 (right). Each member keeps its own depth: the error member's shallower trees
 * padded to the value members' depth had cost as much to walk. A molecule's feature values are first turned into
 * ranks among each feature's sorted thresholds, which makes `value < threshold` the integer test `rank <= k`.
 */
export interface Forest {
  /** Per member, the depth its trees are padded to. */
  depths: number[];
  /** First tree of each member, and the end of the last member's. */
  memberStart: number[];
  /** Per member, its first tree's first node in `node` and first leaf in `leaf`. */
  nodeStart: number[];
  leafStart: number[];
  /**
   * Per internal node (per member: trees × (2^depth − 1), breadth first): its rank slot (2 × feature slot + 1 when
   * missing values go left) in the high 16 bits; in the low 16 bits its threshold's position k among the feature's sorted
   * thresholds, or PASS on padding.
   */
  node: Int32Array;
  /** Per leaf (per member: trees × 2^depth). */
  leaf: Float32Array;
  /** Feature slot of each feature index, −1 for features no tree reads. */
  slotOf: Int32Array;
  /** Sorted distinct thresholds of feature slot s: thr[thrStart[s] .. thrStart[s + 1]). */
  thrStart: Int32Array;
  thr: Float32Array;
  /** Ranks of a molecule with every feature missing (what a molecule's ranks start from). */
  missing: Int32Array;
}

/** A padding node goes left whatever the rank; a missing value ranks below (goes left) or above (right) every k. */
const PASS = 0x7fff;
const MISSING_LEFT = -1;
const MISSING_RIGHT = 0x7fff;

/** A member as the trainer writes it: internal node feat = feature index × 2 + (1 when missing goes left), leaf −1; right child = left + 1. */
export interface Member {
  roots: Int32Array;
  feat: Int32Array;
  left: Int32Array;
  /** Threshold of an internal node, value of a leaf. */
  value: Float32Array;
}

function missingRanks(slots: number): Int32Array {
  const missing = new Int32Array(2 * slots);
  for (let s = 0; s < slots; s++) {
    missing[2 * s] = MISSING_RIGHT;
    missing[2 * s + 1] = MISSING_LEFT;
  }
  return missing;
}

/** Where each member's nodes and leaves start, from the members' depths and first trees. */
function memberOffsets(depths: number[], memberStart: number[]): { nodeStart: number[]; leafStart: number[] } {
  const nodeStart = [0];
  const leafStart = [0];
  depths.forEach((d, k) => {
    const trees = memberStart[k + 1] - memberStart[k];
    nodeStart.push(nodeStart[k] + trees * ((1 << d) - 1));
    leafStart.push(leafStart[k] + trees * (1 << d));
  });
  return { nodeStart, leafStart };
}

export function flatten(members: Member[], nFeatures: number): Forest {
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
  const slotOf = new Int32Array(nFeatures).fill(-1);
  const thrStart = new Int32Array(features.length + 1);
  const all: number[] = [];
  features.forEach((f, s) => {
    slotOf[f] = s;
    const t = Float32Array.from(byFeature.get(f)!).sort();
    for (let i = 0; i < t.length; i++) if (i === 0 || t[i] !== t[i - 1]) all.push(t[i]);
    thrStart[s + 1] = all.length;
  });
  const thr = new Float32Array(all);
  if (2 * features.length > 0xffff || features.some((_, s) => thrStart[s + 1] - thrStart[s] >= PASS)) throw new Error('model too large for the flat evaluator');
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

  // Per member the depth of its deepest leaf; then every tree is laid out complete, breadth first.
  const stack: number[] = [];
  const depths = members.map(({ roots, feat, left }) => {
    let depth = 0;
    for (const r of roots) {
      stack.push(r, 0);
      while (stack.length) {
        const d = stack.pop()!;
        const n = stack.pop()!;
        if (feat[n] < 0) depth = Math.max(depth, d);
        else stack.push(left[n], d + 1, left[n] + 1, d + 1);
      }
    }
    return depth;
  });
  const memberStart = [0];
  members.forEach((m, k) => memberStart.push(memberStart[k] + m.roots.length));
  const { nodeStart, leafStart } = memberOffsets(depths, memberStart);
  const node = new Int32Array(nodeStart[members.length]).fill(PASS);
  const leaf = new Float32Array(leafStart[members.length]);
  members.forEach(({ roots, feat, left, value }, k) => {
    const depth = depths[k];
    const inner = (1 << depth) - 1;
    roots.forEach((r, t) => {
      const nodeAt = nodeStart[k] + t * inner;
      const leafAt = leafStart[k] + t * (inner + 1);
      stack.push(r, 0, 0);
      while (stack.length) {
        const d = stack.pop()!;
        const pos = stack.pop()!;
        const n = stack.pop()!;
        if (feat[n] < 0) {
          // a leaf above the bottom: its PASS nodes send every walk down the left edge; all leaves below hold its value
          const below = 1 << (depth - d);
          const first = (pos + 1) * below - 1 - inner;
          leaf.fill(value[n], leafAt + first, leafAt + first + below);
          continue;
        }
        const s = slotOf[feat[n] >> 1];
        node[nodeAt + pos] = ((2 * s + (feat[n] & 1)) << 16) | position(s, value[n]);
        stack.push(left[n], 2 * pos + 1, d + 1, left[n] + 1, 2 * pos + 2, d + 1);
      }
    });
  });
  return { depths, memberStart, nodeStart, leafStart, node, leaf, slotOf, thrStart, thr, missing: missingRanks(features.length) };
}

/**
 * The forests re-encoded over their thresholds merged per feature, so that one rank row per molecule serves them
 * all: `value < t` ⇔ rank <= the position of t, among any sorted distinct thresholds that hold t. The forests keep
 * their trees; they share slotOf, thrStart, thr and missing.
 */
export function mergeForests(forests: readonly Forest[], nFeatures: number): Forest[] {
  const slotOf = new Int32Array(nFeatures).fill(-1);
  const thrStart = new Int32Array(nFeatures + 1);
  const thr = new Float32Array(forests.reduce((n, f) => n + f.thr.length, 0));
  const ts = new Float32Array(thr.length);
  let slots = 0;
  let end = 0;
  for (let feature = 0; feature < nFeatures; feature++) {
    let n = 0;
    for (const f of forests) {
      const s = f.slotOf[feature];
      if (s >= 0) for (let j = f.thrStart[s]; j < f.thrStart[s + 1]; j++) ts[n++] = f.thr[j];
    }
    if (!n) continue;
    const sorted = ts.subarray(0, n).sort();
    for (let i = 0; i < n; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) thr[end++] = sorted[i];
    if (end - thrStart[slots] >= PASS) throw new Error('models too large for the flat evaluator');
    slotOf[feature] = slots++;
    thrStart[slots] = end;
  }
  if (2 * slots > 0xffff) throw new Error('models too large for the flat evaluator');
  const merged = { slotOf, thrStart: thrStart.slice(0, slots + 1), thr: thr.slice(0, end), missing: missingRanks(slots) };
  return forests.map((f) => {
    // per threshold of f, its node code in the merged layout (rank slot of its feature, position among its thresholds)
    const code = new Int32Array(f.thr.length);
    for (let feature = 0; feature < nFeatures; feature++) {
      const s = f.slotOf[feature];
      if (s < 0) continue;
      const S = slotOf[feature];
      for (let j = f.thrStart[s], k = thrStart[S]; j < f.thrStart[s + 1]; j++) {
        while (thr[k] < f.thr[j]) k++; // both sorted: k only moves on
        code[j] = ((2 * S) << 16) | (k - thrStart[S]);
      }
    }
    const node = new Int32Array(f.node.length);
    for (let i = 0; i < node.length; i++) {
      const q = f.node[i];
      node[i] = (q & 0xffff) === PASS ? q : code[f.thrStart[q >>> 17] + (q & 0xffff)] | (q & 0x10000);
    }
    return { ...f, node, ...merged };
  });
}

interface Header {
  /** modelFingerprint() of the JSON model file this forest was flattened from. */
  source: string;
  /** The model's own fields (everything but its trees), as ml.ts reads them from the JSON. */
  model: Record<string, unknown>;
  /** LAYOUT of the writer: a file of another layout is stale. */
  layout: number;
  depths: number[];
  memberStart: number[];
  lengths: number[];
}

/** Bumped when the file's layout changes (2: per-member depths). */
const LAYOUT = 2;

const ARRAYS = ['node', 'leaf', 'slotOf', 'thrStart', 'thr'] as const;

function checkEndianness(): void {
  if (endianness() !== 'LE') throw new Error('model forest files are little-endian: this machine is not');
}

export function encodeForest(f: Forest, source: string, model: Record<string, unknown>): Buffer {
  checkEndianness();
  const header: Header = { source, model, layout: LAYOUT, depths: f.depths, memberStart: f.memberStart, lengths: ARRAYS.map((k) => f[k].length) };
  const text = Buffer.from(JSON.stringify(header) + '\n');
  const pad = Buffer.alloc((4 - (text.length % 4)) % 4);
  return gzipSync(Buffer.concat([text, pad, ...ARRAYS.map((k) => Buffer.from(f[k].buffer, f[k].byteOffset, f[k].byteLength))]), { level: 9 });
}

/** A forest file, gzipped (as shipped) or inflated (the build's copy in dist/models/); null when of another layout. */
export function decodeForest(file: Buffer): { forest: Forest; source: string; model: Record<string, unknown> } | null {
  checkEndianness();
  // One output chunk of the size the gzip trailer gives (ISIZE): half the time of gathering 16 KB chunks and
  // concatenating them, and the arrays can be viewed where they are.
  const gzipped = file[0] === 0x1f && file[1] === 0x8b;
  const buf = gzipped ? gunzipSync(file, { chunkSize: file.readUInt32LE(file.length - 4) + 1024 }) : file;
  const eol = buf.indexOf(10);
  const header = JSON.parse(buf.toString('utf8', 0, eol)) as Header;
  if (header.layout !== LAYOUT) return null;
  const start = eol + 1 + ((4 - ((eol + 1) % 4)) % 4);
  // the arrays viewed in place when aligned, else in one aligned copy
  const inPlace = (buf.byteOffset + start) % 4 === 0;
  const body = (inPlace ? buf.buffer : buf.buffer.slice(buf.byteOffset + start, buf.byteOffset + buf.length)) as ArrayBuffer;
  let at = inPlace ? buf.byteOffset + start : 0;
  const end = at + buf.length - start;
  const view = <T>(Type: new (b: ArrayBuffer, offset: number, length: number) => T, length: number): T => {
    const v = new Type(body, at, length);
    at += 4 * length;
    return v;
  };
  const [nNode, nLeaf, nSlotOf, nThrStart, nThr] = header.lengths;
  const forest: Forest = {
    depths: header.depths,
    memberStart: header.memberStart,
    ...memberOffsets(header.depths, header.memberStart),
    node: view(Int32Array, nNode),
    leaf: view(Float32Array, nLeaf),
    slotOf: view(Int32Array, nSlotOf),
    thrStart: view(Int32Array, nThrStart),
    thr: view(Float32Array, nThr),
    missing: missingRanks(nThrStart - 1),
  };
  if (at !== end) throw new Error('corrupt model forest file');
  return { forest, source: header.source, model: header.model };
}
