// The tree walk of the flat layout (forest.ts) as a small WebAssembly function, tree by tree over a block of
// molecules (the tree stays in cache), WAYS molecules at once (independent walks hide the loads' latency): about
// 40 % less time than the same loop in JavaScript. One module instance per thread; its memory holds the block's
// sums and the addresses of its rank rows, then the rank rows of each ranking and every loaded forest's nodes and
// leaves.
//
// sum(node, leaf, trees, depth, rows, n, sums): for each of `trees` consecutive trees, for each molecule b < n,
// sums[b] += the leaf its walk reaches, in float32 (f32.add rounds exactly as Math.fround(a + b)). node, leaf,
// rows and sums are byte offsets into the memory, rows[b] the byte offset of molecule b's rank row; a step is
// i ← 2i + 1 + (k < rank), with q = node[i], k = q & 0xffff, rank = row_b[q >>> 16].
import type { Forest } from './forest.js';

/** Node's WebAssembly global, as far as used here (the project's TypeScript libs do not declare it). */
declare const WebAssembly: {
  Memory: new (d: { initial: number }) => WasmMemory;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (m: object, imports: object) => { exports: Record<string, unknown> };
};
interface WasmMemory {
  buffer: ArrayBuffer;
  grow(pages: number): number;
}

// ---- a minimal WebAssembly encoder: just what sum() needs ----
const I32 = 0x7f;
const op = {
  block: 0x02, loop: 0x03, br: 0x0c, brIf: 0x0d, end: 0x0b, get: 0x20, set: 0x21, tee: 0x22,
  i32Load: 0x28, f32Load: 0x2a, i32Const: 0x41, i32Eqz: 0x45, i32LtU: 0x49, i32Add: 0x6a, i32Sub: 0x6b,
  i32Mul: 0x6c, i32And: 0x71, i32GeU: 0x4f, f32Store: 0x38, i32Shl: 0x74, i32ShrU: 0x76, f32Add: 0x92,
} as const;
const leb = (v: number): number[] => {
  // signed LEB128 (i32.const); also right for the small unsigned counts and indices used here
  const out: number[] = [];
  for (;;) {
    const b = v & 0x7f;
    v >>= 7;
    if ((v === 0 && !(b & 0x40)) || (v === -1 && b & 0x40)) return [...out, b];
    out.push(b | 0x80);
  }
};
const section = (id: number, body: number[]) => [id, ...leb(body.length), ...body];
const vec = (items: number[][]) => [...leb(items.length), ...items.flat()];
const name = (s: string) => vec([...s].map((c) => [c.charCodeAt(0)]));

// parameters (node, leaf, trees, depth, rows, n, sums), then i32 locals
const [NODE, LEAF, TREES, DEPTH, ROWS, N, SUMS] = [0, 1, 2, 3, 4, 5, 6];
const [INNER, NSTEP, LSTEP, D, Q, B] = [7, 8, 9, 10, 11, 12];
/** Molecules walked at once (independent walks hide the loads' latency). */
export const WAYS = 8;
const I = Array.from({ length: WAYS }, (_, k) => 13 + k);
const R = Array.from({ length: WAYS }, (_, k) => 13 + WAYS + k);
const LOCALS = 6 + 2 * WAYS;
const get = (l: number) => [op.get, l];
const set = (l: number) => [op.set, l];
const c = (v: number) => [op.i32Const, ...leb(v)];

/** One step of walk k: i ← 2i + 1 + (k < rank), q = the node at byte node + 4i, rank = the i32 at r + 4 × (q >>> 16). */
const step = (k: number) => [
  ...get(I[k]), ...c(1), op.i32Shl, ...c(1), op.i32Add,
  ...get(NODE), ...get(I[k]), ...c(2), op.i32Shl, op.i32Add, op.i32Load, 2, 0, ...set(Q),
  ...get(Q), ...c(0xffff), op.i32And,
  ...get(R[k]), ...get(Q), ...c(16), op.i32ShrU, ...c(2), op.i32Shl, op.i32Add, op.i32Load, 2, 0,
  op.i32Sub, ...c(31), op.i32ShrU, op.i32Add, ...set(I[k]),
];
/** sums[b + k] += the leaf walk k reached (i counts from the tree's first node). */
const addLeaf = (k: number) => [
  ...get(SUMS), ...get(B), op.i32Add, // address of sums[b + k] (B is b × 4; the store's offset adds 4k)
  ...get(SUMS), ...get(B), op.i32Add, op.f32Load, 2, 4 * k,
  ...get(LEAF), ...get(I[k]), ...get(INNER), op.i32Sub, ...c(2), op.i32Shl, op.i32Add, op.f32Load, 2, 0,
  op.f32Add, op.f32Store, 2, 4 * k,
];

function module(): Uint8Array {
  const code = [
    ...vec([[...leb(LOCALS), I32]]),
    ...c(1), ...get(DEPTH), op.i32Shl, ...c(1), op.i32Sub, ...set(INNER),
    ...get(INNER), ...c(2), op.i32Shl, ...set(NSTEP),
    ...get(INNER), ...c(1), op.i32Add, ...c(2), op.i32Shl, ...set(LSTEP),
    // for each tree
    op.block, 0x40, op.loop, 0x40,
    ...get(TREES), op.i32Eqz, op.brIf, 1,
    // for each group of WAYS molecules
    ...c(0), ...set(B),
    op.block, 0x40, op.loop, 0x40,
    ...get(B), ...get(N), ...c(2), op.i32Shl, op.i32GeU, op.brIf, 1,
    ...I.flatMap((_, k) => [
      ...c(0), ...set(I[k]),
      // their rank rows: rows[b + k]
      ...get(ROWS), ...get(B), op.i32Add, op.i32Load, 2, 4 * k, ...set(R[k]),
    ]),
    ...get(DEPTH), ...set(D),
    op.loop, 0x40,
    ...I.flatMap((_, k) => step(k)),
    ...get(D), ...c(1), op.i32Sub, op.tee, D, op.brIf, 0,
    op.end,
    ...I.flatMap((_, k) => addLeaf(k)),
    ...get(B), ...c(4 * WAYS), op.i32Add, ...set(B),
    op.br, 0,
    op.end, op.end,
    // next tree
    ...get(NODE), ...get(NSTEP), op.i32Add, ...set(NODE),
    ...get(LEAF), ...get(LSTEP), op.i32Add, ...set(LEAF),
    ...get(TREES), ...c(1), op.i32Sub, ...set(TREES),
    op.br, 0,
    op.end, op.end,
    op.end,
  ];
  return Uint8Array.from([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, vec([[0x60, ...vec([[I32], [I32], [I32], [I32], [I32], [I32], [I32]]), ...vec([])]])), // (i32 ×7) → ()
    ...section(2, vec([[...name('m'), ...name('memory'), 0x02, 0x00, ...leb(1)]])), // imports m.memory (min 1 page)
    ...section(3, vec([[0]])), // one function, of that type
    ...section(7, vec([[...name('sum'), 0x00, 0]])), // exported as sum
    ...section(10, vec([[...leb(code.length), ...code]])),
  ]);
}

let compiled: object | undefined;

/** Molecules per pass over the trees (a multiple of WAYS): their ranks stay in cache while each tree is walked for all. */
export const BLOCK = 32;

/** Rank rows of one ranking (see ml.ts): BLOCK rows of `missing.length` words, all missing at first. */
export interface RankRows {
  /** Byte offset of row 0. */
  at: number;
  /** View of the rows (renewed when the memory grows). */
  rows: Int32Array;
  /**
   * Per row, the present() features of the molecule whose ranks it holds (the only words that differ from
   * `missing`), so the next molecule's ranks are written over those alone instead of over the whole row.
   */
  last: (Int32Array | undefined)[];
}

/**
 * Forests copied into one WebAssembly memory (each once) and walked by sum() for up to BLOCK molecules at a time,
 * over rank rows placed in the same memory. The memory holds the sums and the row addresses of a walk, then the
 * rank rows and forests as they come.
 */
export class Walker {
  private readonly memory: WasmMemory;
  private readonly sum: (node: number, leaf: number, trees: number, depth: number, rows: number, n: number, sums: number) => void;
  private readonly placed = new Map<Forest, { node: number; leaf: number }>();
  private readonly rankRows = new Map<Int32Array, RankRows>();
  private used = 8 * BLOCK;
  /** Views of the sums and of the rank row addresses, rowAt[b] for molecule b (renewed when the memory grows). */
  sums!: Float32Array;
  rowAt!: Int32Array;

  constructor() {
    this.memory = new WebAssembly.Memory({ initial: 1 });
    compiled ??= new WebAssembly.Module(module());
    this.sum = new WebAssembly.Instance(compiled, { m: { memory: this.memory } }).exports.sum as Walker['sum'];
    this.views();
  }

  private views(): void {
    this.sums = new Float32Array(this.memory.buffer, 0, BLOCK);
    this.rowAt = new Int32Array(this.memory.buffer, 4 * BLOCK, BLOCK);
    for (const [missing, r] of this.rankRows) r.rows = new Int32Array(this.memory.buffer, r.at, BLOCK * missing.length);
  }

  /** `bytes` more of the memory, at the returned offset. */
  private take(bytes: number): number {
    const at = this.used;
    this.used += bytes;
    const have = this.memory.buffer.byteLength;
    if (this.used > have) {
      this.memory.grow(Math.ceil((this.used - have) / 65536));
      this.views();
    }
    return at;
  }

  /** The rank rows of the ranking whose missing ranks are `missing` (made on first use). */
  rows(missing: Int32Array): RankRows {
    let r = this.rankRows.get(missing);
    if (!r) {
      const at = this.take(4 * BLOCK * missing.length);
      const rows = new Int32Array(this.memory.buffer, at, BLOCK * missing.length);
      for (let b = 0; b < BLOCK; b++) rows.set(missing, b * missing.length);
      this.rankRows.set(missing, (r = { at, rows, last: new Array<undefined>(BLOCK) }));
    }
    return r;
  }

  /** Copies forest f into the memory unless it is there already. */
  place(f: Forest): void {
    if (this.placed.has(f)) return;
    const node = this.take(4 * f.node.length);
    const leaf = this.take(4 * f.leaf.length);
    new Int32Array(this.memory.buffer, node, f.node.length).set(f.node);
    new Float32Array(this.memory.buffer, leaf, f.leaf.length).set(f.leaf);
    this.placed.set(f, { node, leaf });
  }

  /**
   * sums[b] += the leaves that the trees of member k of the placed forest f reach for the ranks in row rowAt[b],
   * tree by tree in float32, for b < n (a multiple of WAYS).
   */
  walk(f: Forest, k: number, n: number): void {
    const depth = f.depths[k];
    const [from, to] = [f.memberStart[k], f.memberStart[k + 1]];
    if (!depth) {
      // single leaves: nothing to walk (the depth loop of sum() takes at least one step)
      for (let t = 0; t < to - from; t++) for (let b = 0; b < n; b++) this.sums[b] += f.leaf[f.leafStart[k] + t];
      return;
    }
    const at = this.placed.get(f)!;
    this.sum(at.node + 4 * f.nodeStart[k], at.leaf + 4 * f.leafStart[k], to - from, depth, 4 * BLOCK, n, 0);
  }
}
