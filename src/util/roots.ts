// Roots of one unknown: Brent's bracketed method, and a bracket grown from a guess (or found by a
// scan) before it. Shared by the bubble and dew points (solve.ts) and the three-phase points (heterogeneous.ts).
/**
 * Brent's method (Brent 1973, as Numerical Recipes' zbrent) on f over [a, b] with f(a)·f(b) ≤ 0:
 * inverse quadratic interpolation, falling back to bisection, so it never leaves the bracket.
 */
export function brent(f: (x: number) => number, a: number, b: number, tol = 1e-10, fa = f(a), fb = f(b)): number {
  if (fa === 0) return a;
  if (fb === 0) return b;
  if (!(fa * fb < 0)) return NaN;
  let c = b;
  let fc = fb;
  let d = b - a;
  let e = d;
  for (let i = 0; i < 100; i++) {
    if ((fb > 0 && fc > 0) || (fb < 0 && fc < 0)) {
      c = a;
      fc = fa;
      e = d = b - a;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      a = b;
      b = c;
      c = a;
      fa = fb;
      fb = fc;
      fc = fa;
    }
    const tol1 = 2 * Number.EPSILON * Math.abs(b) + 0.5 * tol;
    const xm = 0.5 * (c - b);
    if (Math.abs(xm) <= tol1 || fb === 0) return b;
    if (Math.abs(e) >= tol1 && Math.abs(fa) > Math.abs(fb)) {
      const s = fb / fa;
      let p: number;
      let q: number;
      if (a === c) {
        p = 2 * xm * s;
        q = 1 - s;
      } else {
        const qa = fa / fc;
        const r = fb / fc;
        p = s * (2 * xm * qa * (qa - r) - (b - a) * (r - 1));
        q = (qa - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      p = Math.abs(p);
      if (2 * p < Math.min(3 * xm * q - Math.abs(tol1 * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = xm;
        e = d;
      }
    } else {
      d = xm;
      e = d;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tol1 ? d : xm > 0 ? tol1 : -tol1;
    fb = f(b);
  }
  return b;
}

/**
 * A root of f near `guess` inside [lo, hi]: steps outward from the guess (growing) until f changes
 * sign, then Brent. NaN when f keeps its sign (or is undefined) over the whole interval.
 */
export function bracketed(f: (x: number) => number, guess: number, lo: number, hi: number, tol: number): number {
  const a = Math.min(Math.max(guess, lo), hi);
  const fa = f(a);
  if (!Number.isFinite(fa)) return scanned(f, lo, hi, tol);
  if (fa === 0) return a;
  // f rises with T for a bubble point and falls for a dew point: step toward the sign change, either way
  const step = Math.max((hi - lo) / 200, 0.5);
  for (const dir of [1, -1]) {
    let x = a;
    let fx = fa;
    let s = step;
    while (dir > 0 ? x < hi : x > lo) {
      const y = dir > 0 ? Math.min(x + s, hi) : Math.max(x - s, lo);
      const fy = f(y);
      if (!Number.isFinite(fy)) break;
      if (fx * fy <= 0) return brent(f, Math.min(x, y), Math.max(x, y), tol, dir > 0 ? fx : fy, dir > 0 ? fy : fx);
      x = y;
      fx = fy;
      s *= 1.6;
    }
  }
  return NaN;
}

/** A root of f over [lo, hi] by a scan for the first change of sign between defined values (the guess fell in a gap between correlations). */
export function scanned(f: (x: number) => number, lo: number, hi: number, tol: number): number {
  let x0 = NaN;
  let f0 = NaN;
  for (let i = 0; i <= 100; i++) {
    const x = lo + ((hi - lo) * i) / 100;
    const fx = f(x);
    if (Number.isFinite(fx) && Number.isFinite(f0) && f0 * fx <= 0) return brent(f, x0, x, tol, f0, fx);
    [x0, f0] = [x, fx];
  }
  return NaN;
}
