// N-component activity-coefficient models. The one interface every model meets (NRTL, UNIQUAC,
// Wilson from pair parameters; UNIFAC from groups, unifac.ts) is `Activity`: ln γ_i of every
// component at mole fractions x and temperature T. Pair parameters are matrices M[i][j] (the
// diagonal unused) built from a mixture record's binary sets (`pairMatrix`), in the records' own
// equations (mixtures-models.ts): tau_ij = a_ij + b_ij/T (NRTL), exp(a_ij + b_ij/T) (UNIQUAC's
// tau, Wilson's Lambda).
import type { ParameterSet } from '../api/types.js';

/**
 * ln γ_i (i = 0 … N−1) at mole fractions x (length N, Σ x = 1; a zero x_i gives the infinite-dilution
 * value) and T in K. Pure: the same x and T always give the same numbers; x is not modified.
 */
export type Activity = (x: readonly number[], T: number) => number[];

/** A square matrix of pair parameters, M[i][j] for components i ≠ j. */
export type Matrix = readonly (readonly number[])[];

/** A binary parameter set of components i and j: the set's `_12` is i→j, `_21` is j→i. */
export interface PairSet {
  i: number;
  j: number;
  set: ParameterSet;
}

/**
 * The N×N matrix of parameter `name` from the pairs' sets (`name_12` → M[i][j], `name_21` → M[j][i];
 * a symmetric parameter such as NRTL's alpha has only `name_12`). `fallback` fills a parameter a
 * set's form does not have (Wilson's a in a b-only set: 0); a pair with no set at all is an error
 * naming it: an absent interaction is never read as zero.
 */
export function pairMatrix(n: number, pairs: readonly PairSet[], name: string, fallback = 0, symmetric = false): number[][] {
  const M = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const seen = new Set<string>();
  for (const { i, j, set } of pairs) {
    const ij = set.params[`${name}_12`] ?? fallback;
    M[i]![j] = ij;
    M[j]![i] = symmetric ? ij : (set.params[`${name}_21`] ?? fallback);
    seen.add(`${Math.min(i, j)} ${Math.max(i, j)}`);
  }
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (!seen.has(`${i} ${j}`)) throw new Error(`no parameter set for components ${i} and ${j}`);
  return M;
}

/** NRTL (Renon & Prausnitz 1968): tau_ij = a_ij + b_ij/T, G_ij = exp(−alpha_ij·tau_ij). */
export function nrtlN(a: Matrix, b: Matrix, alpha: Matrix): Activity {
  const n = b.length;
  return (x, T) => {
    const tau = b.map((row, i) => row.map((bij, j) => (i === j ? 0 : a[i]![j]! + bij / T)));
    const G = tau.map((row, i) => row.map((t, j) => (i === j ? 1 : Math.exp(-alpha[i]![j]! * t))));
    // per column j: S_j = Σ_k x_k G_kj, C_j = Σ_k x_k tau_kj G_kj
    const S = new Array<number>(n).fill(0);
    const C = new Array<number>(n).fill(0);
    for (let j = 0; j < n; j++)
      for (let k = 0; k < n; k++) {
        S[j] += x[k]! * G[k]![j]!;
        C[j] += x[k]! * tau[k]![j]! * G[k]![j]!;
      }
    return x.map((_, i) => {
      let sum = C[i]! / S[i]!;
      for (let j = 0; j < n; j++) sum += ((x[j]! * G[i]![j]!) / S[j]!) * (tau[i]![j]! - C[j]! / S[j]!);
      return sum;
    });
  };
}

/** Wilson (1964): Lambda_ij = exp(a_ij + b_ij/T); ln γ_i = 1 − ln Σ_j x_j Λ_ij − Σ_k x_k Λ_ki / Σ_j x_j Λ_kj. */
export function wilsonN(a: Matrix, b: Matrix): Activity {
  const n = b.length;
  return (x, T) => {
    const L = b.map((row, i) => row.map((bij, j) => (i === j ? 1 : Math.exp(a[i]![j]! + bij / T))));
    const S = L.map((row) => row.reduce((s, l, j) => s + x[j]! * l, 0));
    return x.map((_, i) => {
      let sum = 0;
      for (let k = 0; k < n; k++) sum += (x[k]! * L[k]![i]!) / S[k]!;
      return 1 - Math.log(S[i]!) - sum;
    });
  };
}

/** The pure-component volume and area parameters of UNIQUAC (and UNIFAC's combinatorial part). */
export interface RQ {
  r: number;
  q: number;
}

/**
 * UNIQUAC's combinatorial part (Abrams & Prausnitz 1975, z = 10) of every component: Φ_i/x_i and
 * θ_i/Φ_i are written so that they stay finite at infinite dilution.
 */
export function uniquacCombinatorial(rq: readonly RQ[], x: readonly number[]): number[] {
  const l = rq.map((c) => 5 * (c.r - c.q) - (c.r - 1));
  let rx = 0;
  let qx = 0;
  let lx = 0;
  x.forEach((xi, i) => {
    rx += xi * rq[i]!.r;
    qx += xi * rq[i]!.q;
    lx += xi * l[i]!;
  });
  return rq.map((c, i) => {
    const phiX = c.r / rx; // Φ_i/x_i
    return Math.log(phiX) + 5 * c.q * Math.log(c.q / qx / phiX) + l[i]! - phiX * lx;
  });
}

/** UNIQUAC: the combinatorial part from r and q, the residual with tau_ij = exp(a_ij + b_ij/T). */
export function uniquacN(a: Matrix, b: Matrix, rq: readonly RQ[]): Activity {
  const n = b.length;
  return (x, T) => {
    const tau = b.map((row, i) => row.map((bij, j) => (i === j ? 1 : Math.exp(a[i]![j]! + bij / T))));
    const qx = x.reduce((s, xi, i) => s + xi * rq[i]!.q, 0);
    const th = x.map((xi, i) => (xi * rq[i]!.q) / qx);
    // S_j = Σ_k θ_k tau_kj
    const S = Array.from({ length: n }, (_, j) => th.reduce((s, t, k) => s + t * tau[k]![j]!, 0));
    const comb = uniquacCombinatorial(rq, x);
    return comb.map((c, i) => {
      let sum = 0;
      for (let j = 0; j < n; j++) sum += (th[j]! * tau[i]![j]!) / S[j]!;
      return c + rq[i]!.q * (1 - Math.log(S[i]!) - sum);
    });
  };
}

/** NRTL of N components from the pairs' ChemSep/DECHEMA sets (b_ij in K, alpha_12 symmetric, default 0.3). */
export function nrtlFromPairs(n: number, pairs: readonly PairSet[]): Activity {
  return nrtlN(pairMatrix(n, pairs, 'a'), pairMatrix(n, pairs, 'b'), pairMatrix(n, pairs, 'alpha', 0.3, true));
}

/** Wilson of N components from the pairs' sets (a_ij dimensionless, b_ij in K). */
export function wilsonFromPairs(n: number, pairs: readonly PairSet[]): Activity {
  return wilsonN(pairMatrix(n, pairs, 'a'), pairMatrix(n, pairs, 'b'));
}

/** UNIQUAC of N components from the pairs' sets (b_ij in K) and each component's r and q. */
export function uniquacFromPairs(pairs: readonly PairSet[], rq: readonly RQ[]): Activity {
  const n = rq.length;
  return uniquacN(pairMatrix(n, pairs, 'a'), pairMatrix(n, pairs, 'b'), rq);
}

/** The ideal solution: every ln γ is 0. */
export const idealN: Activity = (x) => x.map(() => 0);
