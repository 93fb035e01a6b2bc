// Peng–Robinson for N components (Peng & Robinson, Ind. Eng. Chem. Fundam. 15 (1976) 59), as
// CalebBell/thermo's PRMIX: κ = 0.37464 + 1.54226 ω − 0.26992 ω² for every ω, van der Waals one-fluid
// mixing a = ΣΣ x_i x_j (1 − k_ij) √(a_i a_j), b = Σ x_i b_i. Fugacity coefficients of a phase, its
// compressibility root (the gas's largest, the liquid's smallest, or the one of least Gibbs energy)
// and its density. T in K, P in kPa (the registry's units), volumes in m³/mol.
import { R } from '../units/registry.js';
import { cubicRoots } from '../tdep/phase.js';

/** Ωa and Ωb to full precision (tdep/phase.ts's, the roots of their cubic as thermo takes them). */
const OMEGA_A = 0.4572355289213822;
const OMEGA_B = 0.07779607390388846;
const SQRT2 = Math.SQRT2;

export interface PrComponent {
  /** K */
  tc: number;
  /** kPa */
  pc: number;
  omega: number;
  /** g/mol */
  mw: number;
}

/** Which root a phase takes: the gas's (largest), the liquid's (smallest above b), or the one of least Gibbs energy. */
export type Root = 'gas' | 'liquid' | 'stable';

export interface PrPhase {
  Z: number;
  /** ln φ_i */
  lnPhi: number[];
  /** m³/mol */
  v: number;
  /** True when the cubic had three roots above B (a liquid and a gas root both exist). */
  three: boolean;
  /** Whether the root taken is the liquid-like one (the smallest of three, or V < 1.75 b with one). */
  liquidLike: boolean;
}

/** The largest real root of the PR cubic in Z and the smallest above B (equal with one root), polished by Newton. */
function zRoots(A: number, B: number): [number, number] {
  const c2 = -(1 - B);
  const c1 = A - 3 * B * B - 2 * B;
  const c0 = -(A * B - B * B - B * B * B);
  const polish = (z: number) => {
    for (let i = 0; i < 3; i++) {
      const f = ((z + c2) * z + c1) * z + c0;
      const d = (3 * z + 2 * c2) * z + c1;
      if (d === 0) break;
      const dz = f / d;
      z -= dz;
      if (Math.abs(dz) < 1e-15 * Math.abs(z)) break;
    }
    return z;
  };
  const roots = cubicRoots(c2, c1, c0).map(polish).filter((z) => z > B);
  if (!roots.length) return [NaN, NaN];
  return [Math.max(...roots), Math.min(...roots)];
}

export class PengRobinson {
  readonly n: number;
  readonly b: number[];
  private readonly ac: number[];
  private readonly kappa: number[];
  private readonly oneMinusK: number[][];
  private T = NaN;
  private aij: number[][] = [];

  constructor(
    readonly components: readonly PrComponent[],
    kij: readonly (readonly number[])[],
  ) {
    this.n = components.length;
    // a_c = Ωa R² Tc² / Pc, b = Ωb R Tc / Pc with Pc in Pa
    this.ac = components.map((c) => (OMEGA_A * R * R * c.tc * c.tc) / (c.pc * 1000));
    this.b = components.map((c) => (OMEGA_B * R * c.tc) / (c.pc * 1000));
    this.kappa = components.map((c) => 0.37464 + 1.54226 * c.omega - 0.26992 * c.omega * c.omega);
    this.oneMinusK = kij.map((row) => row.map((k) => 1 - k));
  }

  /** a_ij(T) = (1 − k_ij) √(a_i a_j), cached for the last temperature. */
  private at(T: number): number[][] {
    if (T !== this.T) {
      const sa = this.components.map((c, i) => {
        const s = 1 + this.kappa[i]! * (1 - Math.sqrt(T / c.tc));
        return Math.sqrt(this.ac[i]! * s * s);
      });
      this.aij = sa.map((si, i) => sa.map((sj, j) => this.oneMinusK[i]![j]! * si * sj));
      this.T = T;
    }
    return this.aij;
  }

  /** The phase of composition x at T (K) and P (kPa), on the root `root` asks for. */
  phase(x: readonly number[], T: number, P: number, root: Root): PrPhase {
    const aij = this.at(T);
    const n = this.n;
    const sumA = new Array<number>(n).fill(0);
    let a = 0;
    let b = 0;
    for (let i = 0; i < n; i++) {
      let s = 0;
      const row = aij[i]!;
      for (let j = 0; j < n; j++) s += x[j]! * row[j]!;
      sumA[i] = s;
      a += x[i]! * s;
      b += x[i]! * this.b[i]!;
    }
    const RT = R * T;
    const Pa = P * 1000;
    const A = (a * Pa) / (RT * RT);
    const B = (b * Pa) / RT;
    const [zg, zl] = zRoots(A, B);
    const three = zg !== zl;
    // G_res/RT of a root, for the root of least Gibbs energy
    const gres = (Z: number) => Z - 1 - Math.log(Z - B) - (A / (2 * SQRT2 * B)) * Math.log((Z + (1 + SQRT2) * B) / (Z + (1 - SQRT2) * B));
    const Z = root === 'gas' ? zg : root === 'liquid' ? zl : three && gres(zl) < gres(zg) ? zl : zg;
    const logTerm = Math.log((Z + (1 + SQRT2) * B) / (Z + (1 - SQRT2) * B));
    const c = A / (2 * SQRT2 * B);
    const lnZB = Math.log(Z - B);
    const lnPhi = new Array<number>(n);
    for (let i = 0; i < n; i++) {
      const bi = this.b[i]! / b;
      lnPhi[i] = bi * (Z - 1) - lnZB - c * ((2 * sumA[i]!) / a - bi) * logTerm;
    }
    const v = (Z * RT) / Pa;
    return { Z, lnPhi, v, three, liquidLike: three ? Z === zl : v < 1.75 * b };
  }

  /** kg/m³ of a phase of composition x with molar volume v (m³/mol). */
  density(x: readonly number[], v: number): number {
    let mw = 0;
    for (let i = 0; i < this.n; i++) mw += x[i]! * this.components[i]!.mw;
    return mw / 1000 / v;
  }
}
