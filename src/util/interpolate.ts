// Interpolation linear in 1/T: the Clausius–Clapeyron form of a vapour pressure (ln P against 1/T is nearly a
// straight line), used between measured points, across gaps between correlations and to join an estimate to them.

/** y at T on the straight line in 1/T through (t0, y0) and (t1, y1) (beyond them, extended). */
export function linearInInverseT(T: number, t0: number, y0: number, t1: number, y1: number): number {
  return y0 + ((y1 - y0) * (1 / T - 1 / t0)) / (1 / t1 - 1 / t0);
}

/** P at T with ln P linear in 1/T through (t0, p0) and (t1, p1). */
export const logInInverseT = (T: number, t0: number, p0: number, t1: number, p1: number): number => Math.exp(linearInInverseT(T, t0, Math.log(p0), t1, Math.log(p1)));
