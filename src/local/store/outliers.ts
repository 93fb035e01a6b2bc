// Outlier flagging for measured values of a fixed property (T-dependent points are not comparable
// across temperatures and are never flagged; calculated values neither count nor get flagged).
//
// With n >= 3 measured values: robust z = 0.6745·(x − median)/MAD (Iglewicz & Hoaglin 1993), and a
// point is an outlier when |z| > 3.5. The MAD is floored at max(0.5 % of |median|, an absolute floor
// per property), so sources agreeing within about half a percent (or within the floor) never flag
// each other for differences of rounding: with the floor, a point must deviate by more than
// 3.5/0.6745 ≈ 5.2 floors from the median.

export const Z_THRESHOLD = 3.5;
export const MIN_POINTS = 3;
const REL_FLOOR = 0.005;
const ABS_FLOOR: Record<string, number> = { af: 0.01, logp: 0.1, log10ws: 0.1, hf: 1, gf: 1, hvap: 0.5, hfus: 0.2 };

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Indices of the outliers among `values` of property `key`. */
export function outlierIndices(key: string, values: number[]): number[] {
  if (values.length < MIN_POINTS) return [];
  const med = median(values);
  const mad = median(values.map((v) => Math.abs(v - med)));
  const scale = Math.max(mad, REL_FLOOR * Math.abs(med), ABS_FLOOR[key] ?? 0);
  if (scale === 0) return [];
  const out: number[] = [];
  values.forEach((v, i) => {
    if (Math.abs((0.6745 * (v - med)) / scale) > Z_THRESHOLD) out.push(i);
  });
  return out;
}
