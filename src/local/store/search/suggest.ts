// "Did you mean": names within a small edit distance of a query that matched nothing. The distance
// is optimal string alignment (insert, delete, substitute, swap two neighbours: "benzne" → benzene
// is 1, "acetnoe" → acetone is 1). The search index stores each name's length and letter mask;
// NameList holds them in memory and hands over only names of a close length whose letters could be
// that few edits away; the distance of those is computed here and abandoned as soon as a row of the
// table exceeds the bound.

/** Three rows of the distance table, reused: a misspelling compares the query with thousands of names. */
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)] as const;

/** Edit distance of a and b, or `max + 1` as soon as it must exceed `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  if (rows[0].length <= n) rows = [new Int32Array(n + 1), new Int32Array(n + 1), new Int32Array(n + 1)];
  let [prev2, prev, cur] = rows;
  for (let j = 0; j <= n; j++) prev[j] = j;
  const over = max + 1;
  // Only the band |i - j| <= max can hold distances within max; the cells just outside it read as over.
  for (let i = 1; i <= a.length; i++) {
    const ai = a.charCodeAt(i - 1);
    const aBefore = i > 1 ? a.charCodeAt(i - 2) : -1;
    const lo = Math.max(1, i - max);
    const hi = Math.min(n, i + max);
    cur[lo - 1] = lo === 1 ? i : over;
    let rowMin = cur[lo - 1]!;
    for (let j = lo; j <= hi; j++) {
      const bj = b.charCodeAt(j - 1);
      let d = prev[j]! + 1;
      if (cur[j - 1]! + 1 < d) d = cur[j - 1]! + 1;
      const sub = prev[j - 1]! + (ai === bj ? 0 : 1);
      if (sub < d) d = sub;
      if (j > 1 && aBefore === bj && ai === b.charCodeAt(j - 2) && prev2[j - 2]! + 1 < d) d = prev2[j - 2]! + 1;
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (hi < n) cur[hi + 1] = over;
    if (rowMin > max) return over;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return Math.min(prev[n]!, over);
}

/** How many edits a query of this length may be away from a suggestion. */
function maxEdits(length: number): number {
  return length <= 4 ? 1 : length <= 8 ? 2 : 3;
}

/** A bit per letter (hashed into 31 bits): one edit changes at most two bits of the mask. */
export function letterMask(s: string): number {
  let m = 0;
  for (let i = 0; i < s.length; i++) m |= 1 << (s.charCodeAt(i) % 31);
  return m;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** False when names with these letter masks must be more than `max` edits apart. */
export function masksWithin(a: number, b: number, max: number): boolean {
  return popcount(a ^ b) <= 2 * max;
}

export interface NameCandidate {
  norm: string;
  /** The compound's rank: lower = more data. */
  ord: number;
  /** 1 for the compound's main name. */
  main: number;
}

/**
 * Up to `limit` candidates closest to `norm`, one per compound: fewest edits, then main names
 * before synonyms, then the better-documented compound (lower ord), then the name.
 */
export function closest(candidates: Iterable<NameCandidate>, norm: string, limit = 5): NameCandidate[] {
  return nearest(candidates, norm, limit).map((h) => h.c);
}

/** closest() with each candidate's edit distance `d` from `norm`. */
export function nearest(candidates: Iterable<NameCandidate>, norm: string, limit = 5): { c: NameCandidate; d: number }[] {
  const max = maxEdits(norm.length);
  const hits: { c: NameCandidate; d: number }[] = [];
  for (const c of candidates) {
    if (c.norm === norm) continue;
    const d = editDistance(norm, c.norm, max);
    if (d <= max) hits.push({ c, d });
  }
  hits.sort((a, b) => a.d - b.d || b.c.main - a.c.main || a.c.ord - b.c.ord || (a.c.norm < b.c.norm ? -1 : 1));
  const out: { c: NameCandidate; d: number }[] = [];
  const seen = new Set<number>();
  for (const h of hits) {
    if (seen.has(h.c.ord)) continue;
    seen.add(h.c.ord);
    out.push(h);
    if (out.length === limit) break;
  }
  return out;
}

/** A NameList as search_name_list stores it (typed arrays little-endian, as every machine chem runs on). */
export interface NameListRow {
  text: string;
  offset: Buffer;
  ords: Buffer;
  main: Buffer;
  masks: Buffer;
  starts: Buffer;
}

/**
 * Every name of the index in memory, grouped by length, read on the first suggestion an engine
 * makes (~270 000 names): a misspelling then scans the masks of the names of a close length in a
 * fraction of a millisecond, where asking SQLite to call a mask function per row took ~10 ms. The
 * names are one string and typed arrays (~8 MB), not an object per name (~30 MB), so the garbage
 * collector has next to nothing to trace in them.
 */
export class NameList {
  private constructor(
    /** Every name, concatenated; name i is text[offset[i]] to text[offset[i + 1]]. */
    private readonly text: string,
    private readonly offset: Int32Array,
    private readonly ords: Int32Array,
    private readonly main: Uint8Array,
    private readonly masks: Int32Array,
    /** Index of the first name of each length (and one past the longest). */
    private readonly startOfLength: Int32Array,
  ) {}

  /** The list as stored (search_name_list, index-tables.ts): the text and the arrays as little-endian blobs. */
  toRow(): NameListRow {
    const blob = (a: Int32Array | Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
    return { text: this.text, offset: blob(this.offset), ords: blob(this.ords), main: blob(this.main), masks: blob(this.masks), starts: blob(this.startOfLength) };
  }

  /** From its stored row: a string and five copies (~8 MB in all), where reading the ~270 000 rows took ~400 ms. */
  static fromRow(r: NameListRow): NameList {
    const ints = (b: Buffer) => new Int32Array(Uint8Array.from(b).buffer); // copied: a blob's bytes need not be 4-aligned
    return new NameList(r.text, ints(r.offset), ints(r.ords), Uint8Array.from(r.main), ints(r.masks), ints(r.starts));
  }

  /** From rows ordered by length. */
  static of(rows: Iterable<NameCandidate & { len: number; mask: number }>): NameList {
    const norms: string[] = [];
    const offset = [0];
    const ords: number[] = [];
    const main: number[] = [];
    const masks: number[] = [];
    const starts: number[] = [0];
    for (const r of rows) {
      while (starts.length <= r.len) starts.push(norms.length);
      norms.push(r.norm);
      offset.push(offset[offset.length - 1]! + r.norm.length);
      ords.push(r.ord);
      main.push(r.main);
      masks.push(r.mask);
    }
    starts.push(norms.length);
    return new NameList(norms.join(''), Int32Array.from(offset), Int32Array.from(ords), Uint8Array.from(main), Int32Array.from(masks), Int32Array.from(starts));
  }

  /** The names whose length and letters allow them to be within `maxEdits` of `norm`. */
  *near(norm: string): Iterable<NameCandidate> {
    const max = maxEdits(norm.length);
    const mask = letterMask(norm);
    const last = this.startOfLength.length - 1;
    const from = this.startOfLength[Math.min(last, Math.max(0, norm.length - max))]!;
    const to = this.startOfLength[Math.min(last, norm.length + max + 1)]!;
    for (let i = from; i < to; i++) {
      if (masksWithin(this.masks[i]!, mask, max)) yield { norm: this.text.slice(this.offset[i], this.offset[i + 1]), ord: this.ords[i]!, main: this.main[i]! };
    }
  }
}
