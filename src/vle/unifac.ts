// UNIFAC activity coefficients of N components from their groups (Fredenslund, Jones & Prausnitz, AIChE J. 21
// (1975) 1086): ln γ_i = ln γ_i^C + ln γ_i^R.
// - Combinatorial (original and UNIFAC-LLE): 1 − V_i + ln V_i − 5 q_i (1 − V_i/F_i + ln(V_i/F_i)), V_i = r_i/Σ x_j r_j,
//   F_i = q_i/Σ x_j q_j; modified UNIFAC (Dortmund; Weidlich & Gmehling, Ind. Eng. Chem. Res. 26 (1987) 1372) takes
//   V'_i = r_i^(3/4)/Σ x_j r_j^(3/4) for the first two terms.
// - Residual: Σ_k ν_k^(i) (ln Γ_k − ln Γ_k^(i)), ln Γ_k = Q_k (1 − ln Σ_m θ_m Ψ_mk − Σ_m θ_m Ψ_km / Σ_n θ_n Ψ_nm),
//   Ψ_mn = exp(−(a_mn + b_mn T + c_mn T²)/T) between the main groups of m and n (original: b = c = 0).
// An interaction the table does not hold is never taken as zero: `missingInteractions` names them, and the caller
// takes another table or refuses.
import type { Activity } from './activity-models.js';

/** A subgroup as the model reads it: main group, R and Q. */
export interface GroupParams {
  main: number;
  r: number;
  q: number;
}

/** One table of main-group interaction parameters: a (K), b (−), c (1/K) by "m n". */
export interface InteractionTable {
  /** e.g. "modified UNIFAC (Dortmund) 2.0". */
  name: string;
  abc: ReadonlyMap<string, readonly [number, number, number]>;
}

export type Combinatorial = 'original' | 'dortmund';

/** The pairs of distinct main groups of these subgroups that the table has no parameters for (either direction). */
export function missingInteractions(mains: Iterable<number>, table: InteractionTable): [number, number][] {
  const ms = [...new Set(mains)].sort((a, b) => a - b);
  const out: [number, number][] = [];
  for (const m of ms) for (const n of ms) if (m < n && !(table.abc.has(`${m} ${n}`) && table.abc.has(`${n} ${m}`))) out.push([m, n]);
  return out;
}

/**
 * The UNIFAC model of components given by their subgroup counts (subgroup → ν), with the subgroups' parameters and
 * an interaction table that holds every pair of their main groups (missingInteractions empty; else it throws).
 */
export function unifac(components: readonly ReadonlyMap<number, number>[], groups: (id: number) => GroupParams, table: InteractionTable, combinatorial: Combinatorial): Activity {
  const ids = [...new Set(components.flatMap((c) => [...c.keys()]))].sort((a, b) => a - b);
  const G = ids.length;
  const N = components.length;
  const P = ids.map(groups);
  const missing = missingInteractions(P.map((p) => p.main), table);
  if (missing.length) throw new Error(`${table.name} has no interaction parameters for main groups ${missing.map((p) => p.join('/')).join(', ')}`);
  // ν[i][k], and the pure components' r, q
  const nu = components.map((c) => ids.map((id) => c.get(id) ?? 0));
  const r = nu.map((v) => v.reduce((s, n, k) => s + n * P[k]!.r, 0));
  const q = nu.map((v) => v.reduce((s, n, k) => s + n * P[k]!.q, 0));
  const r34 = r.map((x) => (combinatorial === 'dortmund' ? x ** 0.75 : x));
  const Q = P.map((p) => p.q);
  const abc = P.map((pm) => P.map((pn) => (pm.main === pn.main ? ([0, 0, 0] as const) : table.abc.get(`${pm.main} ${pn.main}`)!)));

  // Ψ and the pure components' ln Γ_k^(i) at the last T (a diagram's bubble points and stability tests ask for few T)
  let lastT = NaN;
  const psi = Array.from({ length: G }, () => new Float64Array(G));
  const pureLnGamma = Array.from({ length: N }, () => new Float64Array(G));
  const X = new Float64Array(G);
  const theta = new Float64Array(G);
  const S = new Float64Array(G);

  /** ln Γ_k of the group mixture of mole numbers X (into out). */
  const lnGammaGroups = (X: Float64Array, out: Float64Array) => {
    let sum = 0;
    for (let k = 0; k < G; k++) sum += Q[k]! * X[k]!;
    for (let k = 0; k < G; k++) theta[k] = (Q[k]! * X[k]!) / sum;
    // S_k = Σ_m θ_m Ψ_mk
    for (let k = 0; k < G; k++) {
      let s = 0;
      for (let m = 0; m < G; m++) s += theta[m]! * psi[m]![k]!;
      S[k] = s;
    }
    for (let k = 0; k < G; k++) {
      let t = 0;
      for (let m = 0; m < G; m++) t += (theta[m]! * psi[k]![m]!) / S[m]!;
      out[k] = Q[k]! * (1 - Math.log(S[k]!) - t);
    }
  };

  const atT = (T: number) => {
    if (T === lastT) return;
    for (let m = 0; m < G; m++) for (let n = 0; n < G; n++) psi[m]![n] = Math.exp(-(abc[m]![n]![0] + abc[m]![n]![1] * T + abc[m]![n]![2] * T * T) / T);
    for (let i = 0; i < N; i++) {
      for (let k = 0; k < G; k++) X[k] = nu[i]![k]!;
      lnGammaGroups(X, pureLnGamma[i]!);
    }
    lastT = T;
  };

  const mix = new Float64Array(G);
  return (x, T) => {
    atT(T);
    let rx = 0;
    let r34x = 0;
    let qx = 0;
    for (let i = 0; i < N; i++) {
      rx += x[i]! * r[i]!;
      r34x += x[i]! * r34[i]!;
      qx += x[i]! * q[i]!;
    }
    for (let k = 0; k < G; k++) {
      let s = 0;
      for (let i = 0; i < N; i++) s += x[i]! * nu[i]![k]!;
      X[k] = s;
    }
    lnGammaGroups(X, mix);
    const out = new Array<number>(N);
    for (let i = 0; i < N; i++) {
      const V = r[i]! / rx;
      const F = q[i]! / qx;
      const V34 = r34[i]! / r34x;
      let res = 0;
      for (let k = 0; k < G; k++) if (nu[i]![k]) res += nu[i]![k]! * (mix[k]! - pureLnGamma[i]![k]!);
      out[i] = 1 - V34 + Math.log(V34) - 5 * q[i]! * (1 - V / F + Math.log(V / F)) + res;
    }
    return out;
  };
}
