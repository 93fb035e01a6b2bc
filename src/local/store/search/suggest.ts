// "Did you mean": names within a small edit distance of a query that matched nothing. The distance
// is optimal string alignment (insert, delete, substitute, swap two neighbours: "benzne" → benzene
// is 1, "acetnoe" → acetone is 1), computed only for names of a close length and abandoned as soon
// as a row exceeds the bound, so a scan over every name stays in the low milliseconds.

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

export interface NameEntry {
  /** Normalised name (see normalizeText). */
  norm: string;
  /** The name as written, offered as the suggestion. */
  name: string;
  /** Amount of data of its compound: among equally close names, the better-known compound first. */
  weight: number;
  /** Its compound: one suggestion per compound, its closest name. */
  compound?: string;
}

/** Up to `limit` names closest to `norm` (one per compound), closest first, then by weight, then by name. */
export function suggest(norm: string, names: Iterable<NameEntry>, limit = 5): string[] {
  const max = maxEdits(norm.length);
  const hits: { d: number; e: NameEntry }[] = [];
  for (const e of names) {
    if (e.norm === norm) continue;
    const d = editDistance(norm, e.norm, max);
    if (d <= max) hits.push({ d, e });
  }
  hits.sort((x, y) => x.d - y.d || y.e.weight - x.e.weight || (x.e.norm < y.e.norm ? -1 : x.e.norm > y.e.norm ? 1 : 0));
  const out: string[] = [];
  const seen = new Set<string>();
  for (const { e } of hits) {
    if (seen.has(e.norm) || (e.compound && seen.has(e.compound))) continue;
    seen.add(e.norm);
    if (e.compound) seen.add(e.compound);
    out.push(e.name);
    if (out.length === limit) break;
  }
  return out;
}
