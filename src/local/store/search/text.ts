// Name matching on the search index (index-tables.ts): the ranked compounds of a text query, as
// ords. The ranking is the exact names (main names, then synonyms), then the other names that start
// with the text, then the compounds whose names hold every word of it; each group in ord order.
// A broad word or prefix has thousands of hits (`acid`: 8 000): each part is read as one SQLite
// value (a word's or a broad prefix's ords as a stored blob, a narrower prefix's as one
// group_concat string), not one row per hit, and merged in typed arrays, so such a query costs a
// fraction of a millisecond.
import type { Statement } from 'better-sqlite3';
import type { DB } from '../schema.js';

/** The words of a normalised name: what a word match compares, at build time and at query time. */
export function wordsOf(norm: string): string[] {
  return norm.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Ascending ords as the blob search_words stores: little-endian 32-bit integers. */
export function ordsBlob(ords: ArrayLike<number>): Buffer {
  const b = Buffer.alloc(ords.length * 4);
  for (let i = 0; i < ords.length; i++) b.writeInt32LE(ords[i]!, i * 4);
  return b;
}

function blobOrds(b: Buffer): Int32Array {
  const bytes = b.byteOffset % 4 ? Uint8Array.prototype.slice.call(b) : b;
  return new Int32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
}

/** The integers of a comma-separated list (group_concat's output), in list order. */
export function parseInts(s: string | null): Int32Array {
  if (!s) return new Int32Array(0);
  let n = 1;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === 44) n++;
  const out = new Int32Array(n);
  let k = 0;
  let v = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 44) {
      out[k++] = v;
      v = 0;
    } else v = v * 10 + c - 48;
  }
  out[k] = v;
  return out;
}

/** The ords in both ascending lists. */
function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let n = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      out[n++] = a[i]!;
      i++;
      j++;
    }
  }
  return out.subarray(0, n);
}

/** How many names must start with a text for its compounds to be stored (search_prefixes). */
export const BROAD_PREFIX = 512;

/**
 * Every text that at least `min` of the names start with, from the names in SQLite's order (the
 * names sharing a prefix are a run of the list): each broad prefix one character longer at a time.
 */
export function broadPrefixes(sorted: string[], min: number): string[] {
  const out: string[] = [];
  const walk = (from: number, to: number, length: number): void => {
    for (let i = from; i < to; ) {
      if (sorted[i]!.length < length) {
        i++;
        continue;
      }
      const p = sorted[i]!.slice(0, length);
      let j = i + 1;
      while (j < to && sorted[j]!.startsWith(p)) j++;
      // A prefix ending inside a surrogate pair is not a text anyone types.
      if (j - i >= min && !/[\ud800-\udbff]$/.test(p)) {
        out.push(p);
        walk(i, j, length + 1);
      }
      i = j;
    }
  };
  walk(0, sorted.length, 1);
  return out;
}

export class TextMatcher {
  private readonly exact: Statement;
  private readonly prefix: Statement;
  private readonly broad: Statement;
  private readonly word: Statement;

  constructor(db: DB) {
    this.exact = db.prepare('SELECT ord, main FROM search_names WHERE norm = ?').raw();
    this.prefix = db.prepare('SELECT group_concat(ord) FROM search_names WHERE norm >= ? AND norm < ?').pluck();
    this.word = db.prepare('SELECT ords FROM search_words WHERE word = ?').pluck();
    this.broad = db.prepare('SELECT ords FROM search_prefixes WHERE prefix = ?').pluck();
  }

  /** The compounds matching a normalised text, best first. */
  ranked(norm: string): Int32Array {
    // Exact names: a compound's main name ranks it before another's synonym.
    const rows = this.exact.all(norm) as [number, number][];
    const exact = [...new Set([...rows.filter((r) => r[1]).map((r) => r[0]).sort((a, b) => a - b), ...rows.map((r) => r[0]).sort((a, b) => a - b)])];
    const stored = this.broad.get(norm) as Buffer | undefined;
    const prefix = stored ? blobOrds(stored) : parseInts(this.prefix.get(norm, norm + '\uffff') as string | null).sort();
    const words = this.wordHits(norm);
    const out = new Int32Array(exact.length + prefix.length + words.length);
    out.set(exact);
    let n = exact.length;
    // The prefix hits hold the exact ones; typed arrays are read within bounds only (a read past
    // the end leaves V8's fast path).
    for (let i = 0; i < prefix.length; i++) {
      const o = prefix[i]!;
      if ((i === 0 || o !== prefix[i - 1]) && !exact.includes(o)) out[n++] = o;
    }
    // Word hits that are not prefix hits: both lists ascending, one merge.
    for (let i = 0, j = 0; i < words.length; i++) {
      const o = words[i]!;
      while (j < prefix.length && prefix[j]! < o) j++;
      if (j === prefix.length || prefix[j] !== o) out[n++] = o;
    }
    return out.subarray(0, n);
  }

  /** The compounds whose names hold every word of the text, ascending (none for a text without words). */
  private wordHits(norm: string): Int32Array {
    const lists: Int32Array[] = [];
    for (const w of new Set(wordsOf(norm))) {
      const blob = this.word.get(w) as Buffer | undefined;
      if (!blob) return new Int32Array(0);
      lists.push(blobOrds(blob));
    }
    return lists.length ? lists.reduce(intersect) : new Int32Array(0);
  }
}
