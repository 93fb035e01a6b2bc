// "Did you mean": names within a small edit distance of a query that matched nothing. The distance
// is optimal string alignment (insert, delete, substitute, swap two neighbours: "benzne" → benzene
// is 1, "acetnoe" → acetone is 1). Names are held in memory grouped by length with a letter mask
// each, so a scan reads only names of a close length whose letters could be that few edits away,
// and abandons a name as soon as a row of the distance table exceeds the bound.

/** Edit distance of a and b, or `max + 1` as soon as it must exceed `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return Math.min(prev[n]!, max + 1);
}

/** How many edits a query of this length may be away from a suggestion. */
export function maxEdits(length: number): number {
  return length <= 4 ? 1 : length <= 8 ? 2 : 3;
}

/** Normalised names with their compound's rank (lower = more data), sorted by length. */
export interface NameList {
  norms: string[];
  ords: Int32Array;
  /** 1 for a compound's main name. */
  main: Uint8Array;
  masks: Int32Array;
  /** byLength[n] = index of the first name of length >= n. */
  byLength: Int32Array;
}

/** A bit per letter (hashed into 31 bits): one edit changes at most two bits of the mask. */
function letterMask(s: string): number {
  let m = 0;
  for (let i = 0; i < s.length; i++) m |= 1 << (s.charCodeAt(i) % 31);
  return m;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function nameList(rows: [norm: string, ord: number, main: number][]): NameList {
  const sorted = [...rows].sort((a, b) => a[0].length - b[0].length);
  const norms = sorted.map((r) => r[0]);
  const maxLen = norms.length ? norms[norms.length - 1]!.length : 0;
  const byLength = new Int32Array(maxLen + 2).fill(norms.length);
  for (let i = norms.length - 1; i >= 0; i--) byLength[norms[i]!.length] = i;
  for (let n = maxLen; n >= 0; n--) byLength[n] = Math.min(byLength[n]!, byLength[n + 1]!);
  return { norms, ords: Int32Array.from(sorted, (r) => r[1]), main: Uint8Array.from(sorted, (r) => r[2]), masks: Int32Array.from(norms, letterMask), byLength };
}

/**
 * Indices into `list` of up to `limit` names closest to `norm`, one per compound: fewest edits,
 * then main names before synonyms, then the better-documented compound (lower ord), then the name.
 */
export function closest(list: NameList, norm: string, limit = 5): number[] {
  const max = maxEdits(norm.length);
  const mask = letterMask(norm);
  const at = (len: number) => list.byLength[Math.min(Math.max(0, len), list.byLength.length - 1)]!;
  const hits: { i: number; d: number }[] = [];
  for (let i = at(norm.length - max), end = at(norm.length + max + 1); i < end; i++) {
    if (popcount(mask ^ list.masks[i]!) > 2 * max) continue;
    const name = list.norms[i]!;
    if (name === norm) continue;
    const d = editDistance(norm, name, max);
    if (d <= max) hits.push({ i, d });
  }
  hits.sort((a, b) => a.d - b.d || list.main[b.i]! - list.main[a.i]! || list.ords[a.i]! - list.ords[b.i]! || (list.norms[a.i]! < list.norms[b.i]! ? -1 : 1));
  const out: number[] = [];
  const seen = new Set<number>();
  for (const { i } of hits) {
    if (seen.has(list.ords[i]!)) continue;
    seen.add(list.ords[i]!);
    out.push(i);
    if (out.length === limit) break;
  }
  return out;
}
