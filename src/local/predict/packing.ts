// A chunk's model walk and its values as a few arrays that pass between threads (pool.ts, worker.ts) handed over, not
// copied. Apart from pool.ts so that the walker thread loads only the models' code (ml.ts), not the predictor's.
import type { Values, WalkJob } from './ml.js';

/**
 * A walk job as a walker thread receives it: each list of arrays in one array (and where each starts), so that a
 * chunk's walk is four buffers handed over, not copied (rather than hundreds), and its feature vectors, the bulk of
 * it, one buffer that the walker can hand back (worker.ts).
 */
export interface PackedWalk {
  keys: string[];
  lists: { [K in 'xs' | 'have' | 'inside' | 'envs']: { data: WalkJob[K][number]; start: Int32Array } };
}

/**
 * The arrays in one, and where each starts. `whole`: when they are views that fill their buffer in order (the
 * feature vectors of a chunk, index.ts), that buffer itself; the caller gives it up.
 */
function pack<T extends Float32Array | Int32Array | Uint8Array | Uint32Array>(arrays: readonly T[], Type: { new (n: number): T; new (b: ArrayBuffer): T; BYTES_PER_ELEMENT: number }, whole = false) {
  const start = new Int32Array(arrays.length + 1);
  arrays.forEach((a, i) => (start[i + 1] = start[i] + a.length));
  const buffer = arrays[0]?.buffer as ArrayBuffer | undefined;
  if (whole && buffer && buffer.byteLength === start[arrays.length] * Type.BYTES_PER_ELEMENT && arrays.every((a, i) => a.buffer === buffer && a.byteOffset === start[i] * a.BYTES_PER_ELEMENT)) {
    return { data: new Type(buffer), start };
  }
  const data = new Type(start[arrays.length]);
  arrays.forEach((a, i) => data.set(a, start[i]));
  return { data, start };
}

const unpack = <T extends Float32Array | Int32Array | Uint8Array | Uint32Array>({ data, start }: { data: T; start: Int32Array }) =>
  Array.from({ length: start.length - 1 }, (_, i) => data.subarray(start[i], start[i + 1]) as T);

export const packWalk = (w: WalkJob): PackedWalk => ({
  keys: w.keys,
  lists: { xs: pack(w.xs, Float32Array, true), have: pack(w.have, Int32Array), inside: pack(w.inside, Uint8Array), envs: pack(w.envs, Uint32Array) },
});
export const unpackWalk = ({ keys, lists }: PackedWalk): WalkJob => ({ keys, xs: unpack(lists.xs), have: unpack(lists.have), inside: unpack(lists.inside), envs: unpack(lists.envs) });
export const packedBuffers = ({ lists }: PackedWalk) => Object.values(lists).map((l) => l.data.buffer as ArrayBuffer);

/** The values of a walk as one array (v then e of each model), and back. */
export function packValues(values: Values[]): Float64Array {
  const n = values[0]?.v.length ?? 0;
  const out = new Float64Array(2 * n * values.length);
  values.forEach(({ v, e }, j) => (out.set(v, 2 * j * n), out.set(e, (2 * j + 1) * n)));
  return out;
}
export const unpackValues = (packed: Float64Array, models: number): Values[] => {
  const n = packed.length / (2 * models);
  return Array.from({ length: models }, (_, j) => ({ v: packed.subarray(2 * j * n, (2 * j + 1) * n), e: packed.subarray((2 * j + 1) * n, (2 * j + 2) * n) }));
};

