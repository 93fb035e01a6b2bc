// The T grid on which a source table's correlation is sampled as the data points of a v1 record
// (the correlations themselves are src/tdep/equations.ts).

/** Standard temperature, K. */
export const T298 = 298.15;

/**
 * The grid a correlation is evaluated on: 5 evenly spaced points from Tmin to Tmax inclusive, plus
 * 298.15 K when it lies inside the range. Temperatures are rounded to 0.01 K.
 */
export function tGrid(tmin: number, tmax: number, n = 5): number[] {
  if (!(tmin > 0) || !(tmax >= tmin)) return [];
  const ts = new Set<number>();
  if (tmax === tmin) ts.add(round2(tmin));
  else for (let i = 0; i < n; i++) ts.add(round2(tmin + ((tmax - tmin) * i) / (n - 1)));
  if (tmin <= T298 && T298 <= tmax) ts.add(T298);
  return [...ts].sort((a, b) => a - b);
}

const round2 = (x: number) => Math.round(x * 100) / 100;
