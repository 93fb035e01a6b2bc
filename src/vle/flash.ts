// Flash solvers for N components against the fugacity interface (fugacity.ts), written once for
// φ–φ (Peng–Robinson) and γ–φ (modified Raoult): the tangent-plane stability test (Michelsen, Fluid
// Phase Equilib. 9 (1982) 1), the isothermal flash into any number of phases by successive
// substitution on the phase fractions of Michelsen's Q function (Fluid Phase Equilib. 98 (1994) 1;
// with two phases it is Rachford–Rice), accelerated by the dominant eigenvalue (Michelsen 1982b),
// and bubble and dew points as the pressure or temperature where the incipient phase's tangent-plane
// sum is 1. A solver that does not converge throws: no split is ever made up.
import { notFound, type ChemError } from '../api/errors.js';
import type { FlashPhase } from '../api/flash.js';
import type { Fugacity, Kind } from './fugacity.js';

export type { FlashPhase };

export interface FlashState {
  t: number;
  p: number;
  phases: FlashPhase[];
}

/** Convergence: the largest change of any ln φ between iterations. */
const TOL = 1e-11;
const MAX_SS = 3000;

export function noConvergence(what: string): ChemError {
  return notFound(`${what} did not converge: no answer is given rather than an unconverged split`);
}

const sum = (v: readonly number[]) => v.reduce((s, x) => s + x, 0);
const normalised = (v: readonly number[]) => {
  const s = sum(v);
  return v.map((x) => x / s);
};
const distance = (a: readonly number[], b: readonly number[]) => a.reduce((s, x, i) => s + Math.abs(x - b[i]!), 0);

/**
 * The phase fractions β_k ≥ 0 minimising Michelsen's Q = Σ β_k − Σ z_i ln Σ_k β_k/φ_ik for fixed
 * fugacity coefficients (convex): Newton's method on the phases present, a phase leaving at β = 0 and
 * entering where its gradient is negative. With two phases this is the Rachford–Rice equation.
 */
export function phaseFractions(z: readonly number[], lnPhi: readonly number[][], start: readonly number[]): number[] {
  const m = lnPhi.length;
  if (m === 2) return rachfordRice(z, lnPhi[1]!.map((l, i) => Math.exp(l - lnPhi[0]![i]!)));
  const n = z.length;
  const e = lnPhi.map((row) => row.map((l) => Math.exp(-l)));
  let beta = start.slice();
  const E = new Array<number>(n);
  const Q = (b: readonly number[]) => {
    let q = sum(b);
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (let k = 0; k < m; k++) s += b[k]! * e[k]![i]!;
      E[i] = s;
      q -= z[i]! * Math.log(s);
    }
    return q;
  };
  let q = Q(beta);
  for (let iter = 0; iter < 200; iter++) {
    const g = new Array<number>(m).fill(1);
    const H = Array.from({ length: m }, () => new Array<number>(m).fill(0));
    for (let i = 0; i < n; i++) {
      const w = z[i]! / (E[i]! * E[i]!);
      for (let k = 0; k < m; k++) {
        g[k] -= (z[i]! * e[k]![i]!) / E[i]!;
        for (let l = 0; l < m; l++) H[k]![l] += w * e[k]![i]! * e[l]![i]!;
      }
    }
    const active = beta.map((b, k) => b > 0 || g[k]! < 0);
    if (beta.every((b, k) => (b > 0 ? Math.abs(g[k]!) < 1e-13 : g[k]! >= -1e-13))) break;
    const idx = active.flatMap((a, k) => (a ? [k] : []));
    const step = solve(idx.map((k) => idx.map((l) => H[k]![l]!)), idx.map((k) => -g[k]!));
    if (!step) break;
    let alpha = 1;
    idx.forEach((k, j) => {
      if (beta[k]! + step[j]! < 0) alpha = Math.min(alpha, -beta[k]! / step[j]!);
    });
    let next = beta.slice();
    for (let tries = 0; tries < 60; tries++) {
      next = beta.slice();
      idx.forEach((k, j) => (next[k] = Math.max(0, beta[k]! + alpha * step[j]!)));
      const qn = Q(next);
      if (qn <= q + 1e-15 * Math.abs(q)) {
        q = qn;
        break;
      }
      alpha /= 2;
      if (tries === 59) return beta; // no descent left: at the minimum to rounding
    }
    const moved = Math.max(...next.map((b, k) => Math.abs(b - beta[k]!)));
    beta = next;
    Q(beta);
    if (moved < 1e-15) break;
  }
  return beta;
}

/**
 * Rachford–Rice for phases 0 and 1 with K_i = x_0i/x_1i = φ_1i/φ_0i: the fraction β of phase 0 from
 * Σ z_i (K_i − 1)/(1 + β (K_i − 1)) = 0 (Newton kept inside the bracket, else bisection), clipped to
 * [0, 1] where the root lies outside (one phase). Returns [β, 1 − β].
 */
export function rachfordRice(z: readonly number[], K: readonly number[]): number[] {
  const n = z.length;
  const g = (b: number) => {
    let f = 0;
    let d = 0;
    for (let i = 0; i < n; i++) {
      const k1 = K[i]! - 1;
      const t = 1 / (1 + b * k1);
      f += z[i]! * k1 * t;
      d -= z[i]! * k1 * k1 * t * t;
    }
    return [f, d] as const;
  };
  if (g(0)[0] <= 0) return [0, 1];
  if (g(1)[0] >= 0) return [1, 0];
  // the poles 1/(1 − K) bound the root: β in (1/(1 − Kmax), 1/(1 − Kmin)) ∩ [0, 1]
  let lo = 0;
  let hi = 1;
  let b = 0.5;
  for (let iter = 0; iter < 100; iter++) {
    const [f, d] = g(b);
    if (f > 0) lo = b;
    else hi = b;
    let next = b - f / d;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - b) < 1e-15 || hi - lo < 1e-15) return [next, 1 - next];
    b = next;
  }
  return [b, 1 - b];
}

/** Gaussian elimination with partial pivoting; undefined for a singular matrix. */
function solve(A: number[][], b: number[]): number[] | undefined {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r]![c]!) > Math.abs(M[p]![c]!)) p = r;
    if (!(Math.abs(M[p]![c]!) > 1e-300)) return undefined;
    [M[c], M[p]] = [M[p]!, M[c]!];
    for (let r = c + 1; r < n; r++) {
      const f = M[r]![c]! / M[c]![c]!;
      for (let k = c; k <= n; k++) M[r]![k] -= f * M[c]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = M[r]![n]!;
    for (let k = r + 1; k < n; k++) s -= M[r]![k]! * x[k]!;
    x[r] = s / M[r]![r]!;
  }
  return x;
}

/** A trial phase of the stability test: its composition, kind, and Σ W (> 1: the feed is unstable). */
export interface Trial {
  w: number[];
  kind: Kind;
  liquid: boolean;
  sumW: number;
}

/**
 * The tangent-plane test of the phase of composition z with ln φ `ref`: successive substitution on
 * ln W_i = ln z_i + ln φ_i(z) − ln φ_i(w) from each start; the trial of largest Σ W that is not the
 * feed itself, or undefined when every trial is trivial or has Σ W ≤ 1 (stable).
 */
export function stability(model: Fugacity, z: readonly number[], ref: readonly number[], T: number, P: number, starts: { w: number[]; kind: Kind }[]): Trial | undefined {
  const d = z.map((zi, i) => (zi > 0 ? Math.log(zi) + ref[i]! : -Infinity));
  let best: Trial | undefined;
  for (const s of starts) {
    const kind = model.eos ? 'stable' : s.kind;
    let lnW = s.w.map((w) => Math.log(w));
    let liquid = false;
    let prev: number[] | undefined;
    let converged = false;
    for (let iter = 0; iter < 400 && !converged; iter++) {
      const w = normalised(lnW.map(Math.exp));
      const ph = model.lnPhi(w, T, P, kind);
      liquid = ph.liquid;
      let next = d.map((di, i) => di - ph.lnPhi[i]!);
      const delta = next.map((v, i) => (Number.isFinite(v) ? v - lnW[i]! : 0));
      // dominant-eigenvalue acceleration every fifth step
      if (prev && iter % 5 === 4) {
        const lam = dot(delta, prev) / dot(prev, prev);
        if (lam > 0 && lam < 1) next = next.map((v, i) => v + (delta[i]! * lam) / (1 - lam));
      }
      prev = delta;
      converged = Math.max(...delta.map(Math.abs)) < 1e-10;
      lnW = next;
      if (lnW.some((v) => Number.isNaN(v))) break;
      if (distance(normalised(lnW.map(Math.exp)), z) < 1e-6) break; // the trivial solution
    }
    const W = lnW.map(Math.exp);
    const sumW = sum(W);
    const w = normalised(W);
    if (!Number.isFinite(sumW) || distance(w, z) < 1e-4) continue;
    if (sumW > 1 + 1e-8 && (!best || sumW > best.sumW)) best = { w, kind: s.kind, liquid, sumW };
  }
  return best;
}

const dot = (a: readonly number[], b: readonly number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);

/** The stability test's starting trials: Wilson-like gas and liquid, and (a liquid that can split) each component nearly pure. */
export function trialStarts(model: Fugacity, z: readonly number[], T: number, P: number): { w: number[]; kind: Kind }[] {
  const K = model.kStart(T, P);
  const starts: { w: number[]; kind: Kind }[] = [
    { w: z.map((zi, i) => zi * K[i]!), kind: 'gas' },
    { w: z.map((zi, i) => zi / K[i]!), kind: 'liquid' },
  ];
  if (model.canSplit) for (let j = 0; j < z.length; j++) starts.push({ w: z.map((_, i) => (i === j ? 0.98 : 0.02 / (z.length - 1))), kind: 'liquid' });
  return starts.filter((s) => s.w.every((v) => Number.isFinite(v) && v >= 0) && sum(s.w) > 0);
}

interface Guess {
  kind: Kind;
  x: number[];
}

/**
 * Successive substitution on the phases' ln φ from guessed compositions: phase fractions by
 * phaseFractions, compositions x_ik = z_i/(φ_ik E_i), DEM acceleration every fifth step. Returns the
 * phases present (β > 0) with their kinds; throws when it does not converge.
 */
export function substitute(model: Fugacity, z: readonly number[], T: number, P: number, guesses: Guess[]): { kind: Kind; beta: number; x: number[]; liquid: boolean }[] {
  const m = guesses.length;
  let x = guesses.map((g) => g.x);
  let ln = x.map((xi, k) => model.lnPhi(xi, T, P, guesses[k]!.kind).lnPhi);
  let beta = new Array<number>(m).fill(1 / m);
  let prev: number[] | undefined;
  for (let iter = 0; iter < MAX_SS; iter++) {
    beta = phaseFractions(z, ln, beta);
    const e = ln.map((row) => row.map((l) => Math.exp(-l)));
    const E = z.map((_, i) => e.reduce((s, ek, k) => s + beta[k]! * ek[i]!, 0));
    x = e.map((ek) => normalised(z.map((zi, i) => (zi * ek[i]!) / E[i]!)));
    const fresh = x.map((xi, k) => model.lnPhi(xi, T, P, guesses[k]!.kind));
    let next = fresh.map((f) => f.lnPhi);
    const delta = next.flatMap((row, k) => row.map((v, i) => v - ln[k]![i]!));
    if (delta.some((v) => !Number.isFinite(v))) throw noConvergence(`the flash at ${T} K, ${P} kPa`);
    const err = Math.max(...delta.map(Math.abs));
    if (err < TOL) {
      const present = fresh.map((f, k) => ({ kind: guesses[k]!.kind, beta: beta[k]!, x: x[k]!, liquid: f.liquid })).filter((p) => p.beta > 1e-14);
      const total = sum(present.map((p) => p.beta));
      return present.map((p) => ({ ...p, beta: p.beta / total }));
    }
    if (prev && iter % 5 === 4) {
      const lam = dot(delta, prev) / dot(prev, prev);
      if (lam > 0 && lam < 1) {
        let j = 0;
        next = next.map((row) => row.map((v) => v + (delta[j++]! * lam) / (1 - lam)));
      }
    }
    prev = delta;
    ln = next;
  }
  throw noConvergence(`the flash at ${T} K, ${P} kPa`);
}

/** True when two phases have (nearly) the same composition: a trivial solution, not a split. */
const same = (a: readonly number[], b: readonly number[]) => distance(a, b) < 1e-6;

/**
 * The isothermal flash of feed z at T (K) and P (kPa): the feed's stability test, then the split the
 * test's trial starts; where the model's liquid can split, each liquid of the answer is tested in turn
 * and a further phase added (a second liquid beside the gas: three phases).
 */
export function tpFlash(model: Fugacity, z: readonly number[], T: number, P: number): FlashState {
  const feed = model.lnPhi(z, T, P, 'stable');
  const trial = stability(model, z, feed.lnPhi, T, P, trialStarts(model, z, T, P));
  if (!trial) return { t: T, p: P, phases: [{ phase: feed.liquid ? 'liquid' : 'gas', fraction: 1, x: z.slice() }] };
  const kindOf = (liquid: boolean): Kind => (liquid ? 'liquid' : 'gas');
  let guesses: Guess[] = [
    { kind: kindOf(feed.liquid), x: z.slice() },
    { kind: kindOf(trial.liquid), x: trial.w },
  ];
  // an EOS's two phases are its gas root and its liquid root (thermo's FlashVL)
  if (model.eos) guesses = [{ kind: 'gas', x: trial.liquid ? z.slice() : trial.w }, { kind: 'liquid', x: trial.liquid ? trial.w : z.slice() }];
  let phases = substitute(model, z, T, P, guesses);
  if (model.canSplit && phases.length < 3) {
    for (const ph of phases.filter((p) => p.liquid)) {
      const more = stability(model, ph.x, model.lnPhi(ph.x, T, P, 'liquid').lnPhi, T, P, trialStarts(model, ph.x, T, P));
      if (!more || phases.some((p) => same(p.x, more.w))) continue;
      phases = substitute(model, z, T, P, [...phases.map((p) => ({ kind: p.kind, x: p.x })), { kind: kindOf(more.liquid), x: more.w }]);
      break;
    }
  }
  if (phases.length > 1 && phases.every((p, k) => k === 0 || same(p.x, phases[0]!.x))) throw noConvergence(`the flash at ${T} K, ${P} kPa (the phases became identical)`);
  return { t: T, p: P, phases: labelled(phases) };
}

/** gas, liquid, liquid2: the liquids in order of their fraction. */
function labelled(phases: { beta: number; x: number[]; liquid: boolean; kind: Kind }[]): FlashPhase[] {
  const gas = phases.filter((p) => p.kind === 'gas' || (p.kind === 'stable' && !p.liquid));
  const liquids = phases.filter((p) => !gas.includes(p)).sort((a, b) => b.beta - a.beta);
  return [
    ...gas.map((p): FlashPhase => ({ phase: 'gas', fraction: p.beta, x: p.x })),
    ...liquids.map((p, i): FlashPhase => ({ phase: i ? 'liquid2' : 'liquid', fraction: p.beta, x: p.x })),
  ];
}

/** A bubble (vf 0) or dew (vf 1) point: the condition solved for and the incipient phase's composition. */
export interface Saturation {
  t: number;
  p: number;
  /** The incipient phase: the vapour of a bubble point, the liquid of a dew point. */
  incipient: number[];
  /** As a guess: how many times a solution was found spurious and restarted (at most 3). */
  restarts?: number;
}

/**
 * ln Σ W of the incipient phase (gas at a bubble point, liquid at a dew point) in equilibrium with
 * the feed z as the other phase, by successive substitution on its composition: 0 at the saturation
 * condition. NaN where the incipient phase collapses onto the feed (the trivial solution).
 */
export function incipient(model: Fugacity, z: readonly number[], T: number, P: number, bubble: boolean, start: number[]): { f: number; w: number[] } {
  const ref = model.lnPhi(z, T, P, bubble ? 'liquid' : 'gas').lnPhi;
  let w = start;
  let S = NaN;
  let converged = false;
  for (let iter = 0; iter < 300 && !converged; iter++) {
    const ph = model.lnPhi(w, T, P, bubble ? 'gas' : 'liquid').lnPhi;
    const W = z.map((zi, i) => zi * Math.exp(ref[i]! - ph[i]!));
    S = sum(W);
    const next = W.map((v) => v / S);
    converged = distance(next, w) < 1e-13;
    w = next;
    if (!Number.isFinite(S)) return { f: NaN, w };
  }
  // unconverged (slow near the trivial solution) or collapsed onto the feed: no incipient phase here
  if (!converged || (model.eos && distance(w, z) < 1e-3)) return { f: NaN, w };
  return { f: Math.log(S), w };
}

/**
 * The bubble (vf 0) or dew (vf 1) point of feed z at a fixed T (solving P) or a fixed P (solving T):
 * the secant method on ln P (or 1/T) over ln Σ W = 0, the incipient composition carried from step
 * to step; from the model's K start unless a guess is given. Throws when it does not converge.
 */
export function saturation(model: Fugacity, z: readonly number[], fixed: { t: number } | { p: number }, vf: 0 | 1, guess?: Saturation): Saturation {
  const bubble = vf === 0;
  if (model.eos && z.filter((v) => v > 0).length === 1) return pureSaturation(model, z, fixed, guess);
  const what = `the ${bubble ? 'bubble' : 'dew'} point at ${'t' in fixed ? `${fixed.t} K` : `${fixed.p} kPa`}`;
  const byT = !('t' in fixed);
  const at = (u: number) => (byT ? { T: 1 / u, P: (fixed as { p: number }).p } : { T: (fixed as { t: number }).t, P: Math.exp(u) });
  const kw = (T: number, P: number) => model.kStart(T, P);
  const startW = (T: number, P: number) => {
    const K = kw(T, P);
    return normalised(z.map((zi, i) => (bubble ? zi * K[i]! : zi / K[i]!)));
  };
  let u0: number;
  if (guess) u0 = byT ? 1 / guess.t : Math.log(guess.p);
  else if (!byT) {
    const T = (fixed as { t: number }).t;
    const K1 = kw(T, 1);
    u0 = Math.log(bubble ? sum(z.map((zi, i) => zi * K1[i]!)) : 1 / sum(z.map((zi, i) => zi / K1[i]!)));
  } else u0 = 1 / kStartT(model, z, (fixed as { p: number }).p, bubble);
  if (!Number.isFinite(u0)) throw noConvergence(what);
  let w = guess?.incipient ?? startW(at(u0).T, at(u0).P);
  const F = (u: number) => {
    const { T, P } = at(u);
    const r = incipient(model, z, T, P, bubble, w);
    if (Number.isFinite(r.f)) w = r.w;
    return r.f;
  };
  let f0 = F(u0);
  // step back toward lower P / T until the incipient phase is not the feed itself
  for (let i = 0; i < 12 && !Number.isFinite(f0); i++) {
    u0 = byT ? u0 * 1.03 : u0 - 0.25;
    w = startW(at(u0).T, at(u0).P);
    f0 = F(u0);
  }
  if (!Number.isFinite(f0)) throw noConvergence(what);
  let u1 = u0 + (byT ? -1e-4 * u0 : 0.01) * (bubble ? 1 : -1) * Math.sign(f0 || 1);
  let f1 = F(u1);
  for (let iter = 0; iter < 100; iter++) {
    if (!Number.isFinite(f1)) {
      u1 = (u0 + u1) / 2;
      f1 = F(u1);
      continue;
    }
    if (Math.abs(f1) < 1e-12) break;
    let step = (-f1 * (u1 - u0)) / (f1 - f0);
    const cap = byT ? 0.05 * u1 : 0.5;
    if (!Number.isFinite(step)) throw noConvergence(what);
    step = Math.max(-cap, Math.min(cap, step));
    [u0, f0] = [u1, f1];
    u1 += step;
    f1 = F(u1);
    if (Math.abs(step) < (byT ? 1e-14 * u1 : 1e-13) && Number.isFinite(f1) && Math.abs(f1) < 1e-9) break;
    if (iter === 99) throw noConvergence(what);
  }
  const { T, P } = at(u1);
  const found = { t: T, p: P, incipient: w };
  // an EOS can settle on a stationary point next to the trivial one, short of the real boundary (near a
  // critical point): there the feed is still unstable, and the test's trial is the incipient phase to restart from
  if (model.eos && (guess?.restarts ?? 0) < 3) {
    const ref = model.lnPhi(z, T, P, bubble ? 'liquid' : 'gas').lnPhi;
    const other = stability(model, z, ref, T, P, trialStarts(model, z, T, P));
    if (other && other.sumW > 1 + 1e-7 && distance(other.w, w) > 1e-3) return saturation(model, z, fixed, vf, { ...found, incipient: other.w, restarts: (guess?.restarts ?? 0) + 1 });
  }
  return found;
}

/** The temperature where Σ z K (bubble) or Σ z/K (dew) of the model's K start is 1, by bisection on ln over 20–5000 K. */
function kStartT(model: Fugacity, z: readonly number[], P: number, bubble: boolean): number {
  const g = (T: number) => {
    const K = model.kStart(T, P);
    return bubble ? Math.log(sum(z.map((zi, i) => zi * K[i]!))) : -Math.log(sum(z.map((zi, i) => zi / K[i]!)));
  };
  let lo = 20;
  let hi = 5000;
  if (!(g(lo) < 0 && g(hi) > 0)) {
    // a start outside every Psat range (γ–φ): the middle of where the model is defined
    for (let T = 100; T < 2000; T += 10) if (Number.isFinite(g(T))) return T;
    return NaN;
  }
  for (let i = 0; i < 80; i++) {
    const mid = Math.sqrt(lo * hi);
    if (g(mid) > 0) hi = mid;
    else lo = mid;
  }
  return Math.sqrt(lo * hi);
}

/**
 * The vapour pressure of a pure component by an EOS (z has one non-zero fraction), at T, or its
 * boiling temperature at P: P ← P·φ_L/φ_V from the model's K start (or a guess) while both roots
 * exist; no answer at or above the critical point, where they merge.
 */
function pureSaturation(model: Fugacity, z: readonly number[], fixed: { t: number } | { p: number }, guess?: Saturation): Saturation {
  const i = z.findIndex((v) => v > 0);
  const psat = (T: number, P0: number) => {
    let P = P0;
    for (let iter = 0; iter < 200; iter++) {
      const l = model.lnPhi(z, T, P, 'liquid');
      const g = model.lnPhi(z, T, P, 'gas');
      if (l.liquid === g.liquid) {
        // one root at this P: step toward where the other exists (below a liquid's, above a gas's)
        P *= l.liquid ? 0.9 : 1.1;
        continue;
      }
      const d = l.lnPhi[i]! - g.lnPhi[i]!;
      P *= Math.exp(d);
      if (Math.abs(d) < 1e-12) return P;
    }
    return NaN;
  };
  const kP = (T: number) => model.kStart(T, 1)[i]!; // Wilson's Psat: K = 1
  if ('t' in fixed) {
    const P = psat(fixed.t, guess?.p ?? kP(fixed.t));
    if (!Number.isFinite(P)) throw noConvergence(`the vapour pressure at ${fixed.t} K (at or above the critical point?)`);
    return { t: fixed.t, p: P, incipient: z.slice() };
  }
  let T = guess?.t ?? kStartT(model, z, fixed.p, true);
  let P = fixed.p;
  for (let iter = 0; iter < 100; iter++) {
    P = psat(T, P);
    if (!Number.isFinite(P)) break;
    const d = Math.log(P / fixed.p);
    // d ln P / d(1/T) from Wilson's slope: −5.373 (1 + ω) Tc, taken from the model's K start
    const slope = (Math.log(kP(T * 1.001)) - Math.log(kP(T))) / (1 / (T * 1.001) - 1 / T);
    T = 1 / (1 / T - d / slope);
    if (Math.abs(d) < 1e-12) return { t: T, p: fixed.p, incipient: z.slice() };
  }
  throw noConvergence(`the boiling temperature at ${fixed.p} kPa (at or above the critical point?)`);
}
