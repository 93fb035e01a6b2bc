// Corresponding-states methods: temperature-dependent liquid properties from a compound's constants (Tb, Tc, Pc,
// ω, Vc, ΔHvap at Tb, the ideal-gas Cp). Pure functions in SI-ish registry units (K, kPa, J/mol, m³/kmol), each
// with its reference, so that an equation registry can take them as they are. The predictor (estimates.ts) feeds
// them the model family's constants; docs/predict.md gives the measured errors that chose them.

import { rackett } from '../../tdep/equations.js';
import { R } from '../../units/registry.js';

export { R };
/** One standard atmosphere, kPa. */
export const P_ATM = 101.325;

// --- vapour pressure (kPa) ---

// Lee/Kesler, AIChE J. 21 (1975) 510; Poling, Prausnitz & O'Connell 5th ed. eq. 7-4.1: ln Pr = f0(Tr) + ω f1(Tr).
export const lkF0 = (tr: number) => 5.92714 - 6.09648 / tr - 1.28862 * Math.log(tr) + 0.169347 * tr ** 6;
export const lkF1 = (tr: number) => 15.2518 - 15.6875 / tr - 13.4721 * Math.log(tr) + 0.43577 * tr ** 6;
/** d f0/d Tr and d f1/d Tr of Lee–Kesler. */
const lkF0d = (tr: number) => 6.09648 / (tr * tr) - 1.28862 / tr + 6 * 0.169347 * tr ** 5;
const lkF1d = (tr: number) => 15.6875 / (tr * tr) - 13.4721 / tr + 6 * 0.43577 * tr ** 5;

/** Lee–Kesler vapour pressure, kPa (Tc K, Pc kPa); Lee/Kesler (1975), PPO 5th ed. eq. 7-4.1. */
export function leeKeslerPsat(t: number, tc: number, pc: number, omega: number): number {
  const tr = t / tc;
  return pc * Math.exp(lkF0(tr) + omega * lkF1(tr));
}

// Ambrose/Walton, Pure Appl. Chem. 61 (1989) 1395; PPO 5th ed. eq. 7-4.2: ln Pr = f0 + ω f1 + ω² f2, τ = 1 − Tr.
const awF = (tr: number): [number, number, number] => {
  const tau = 1 - tr;
  const t15 = tau * Math.sqrt(tau);
  const t25 = tau * t15;
  const t5 = t25 * t25;
  return [
    (-5.97616 * tau + 1.29874 * t15 - 0.60394 * t25 - 1.06841 * t5) / tr,
    (-5.03365 * tau + 1.11505 * t15 - 5.41217 * t25 - 7.46628 * t5) / tr,
    (-0.64771 * tau + 2.41539 * t15 - 4.26979 * t25 + 3.25259 * t5) / tr,
  ];
};

/** Ambrose–Walton vapour pressure, kPa (T < Tc); Ambrose/Walton (1989), PPO 5th ed. eq. 7-4.2. */
export function ambroseWaltonPsat(t: number, tc: number, pc: number, omega: number): number {
  const [f0, f1, f2] = awF(Math.min(t / tc, 1));
  return pc * Math.exp(f0 + omega * (f1 + omega * f2));
}

/**
 * Haggenmacher's ΔZ of vaporization, √(1 − Pr/Tr³) (Haggenmacher, J. Am. Chem. Soc. 68 (1946) 1633; PPO 5th ed. eq. 7-2.5).
 */
export const haggenmacherDz = (tr: number, pr: number) => Math.sqrt(Math.max(1 - pr / tr ** 3, 0.05));

/**
 * The acentric factor that gives the Lee–Kesler curve through Tc the slope d ln P/dT = ΔHvap/(R T² ΔZ) at Tb
 * (Clausius–Clapeyron with Haggenmacher's ΔZ; ΔHvap J/mol, Pc kPa for ΔZ). PPO 5th ed. eqs. 7-2.1, 7-4.1.
 */
export function leeKeslerOmegaFromSlope(tb: number, tc: number, pc: number, hvap: number): number {
  const trb = tb / tc;
  const dz = haggenmacherDz(trb, P_ATM / pc);
  return ((hvap * tc) / (R * tb * tb * dz) - lkF0d(trb)) / lkF1d(trb);
}

/**
 * Lee–Kesler anchored at the normal boiling point: the Lee–Kesler curve of Tc and acentric factor ω that passes through
 * (Tb, 101.325 kPa), its Pc the one that puts it there (so the predicted Tb is exact whatever Pc's error). kPa.
 * Lee/Kesler (1975) with Pc = 1 atm / exp(f0(Tbr) + ω f1(Tbr)).
 */
export function anchoredLeeKeslerPsat(t: number, tb: number, tc: number, omega: number): number {
  const trb = tb / tc;
  const tr = t / tc;
  return P_ATM * Math.exp(lkF0(tr) - lkF0(trb) + omega * (lkF1(tr) - lkF1(trb)));
}

// --- saturated liquid density ---

/** Rackett / Yamada–Gunn saturated liquid molar volume, m³/kmol (Pc kPa): (R Tc/Pc) Z^(1 + (1 − Tr)^(2/7)); Rackett, J. Chem. Eng. Data 15 (1970) 514. */
export const rackettVolume = (t: number, tc: number, pc: number, z: number) => rackett(t, tc, pc, z, R);

/** Yamada–Gunn's Rackett parameter from ω: 0.29056 − 0.08775 ω; Yamada/Gunn, J. Chem. Eng. Data 18 (1973) 234. */
export const yamadaGunnZra = (omega: number) => 0.29056 - 0.08775 * omega;

/**
 * Rackett's volume scaled through one known volume (v0 at t0): V = v0 Z^((1 − Tr)^(2/7) − (1 − Tr0)^(2/7)); PPO 5th ed.
 * eq. 4-11.1 form (Spencer/Danner's reference-point Rackett).
 */
export const rackettFrom = (t: number, tc: number, z: number, t0: number, v0: number) => v0 * z ** ((1 - t / tc) ** (2 / 7) - (1 - t0 / tc) ** (2 / 7));

/** Tyn–Calus molar volume at the normal boiling point, m³/kmol from Vc in m³/kmol: 0.285 Vc^1.048 (cm³/mol); Tyn/Calus, Processing 21 (1975) 16; PPO 5th ed. eq. 4-12.3. */
export const tynCalusVb = (vc: number) => (0.285 * (vc * 1000) ** 1.048) / 1000;

// --- enthalpy of vaporization (J/mol) ---

/** Watson: ΔHvap(T) = ΔHvap(T0) ((1 − Tr)/(1 − Tr0))^0.38; Watson, Ind. Eng. Chem. 35 (1943) 398; PPO 5th ed. eq. 7-12.1. */
export const watson = (t: number, tc: number, h0: number, t0: number, n = 0.38) => h0 * ((1 - t / tc) / (1 - t0 / tc)) ** n;

// --- liquid heat capacity (J/(mol×K)) ---

/** Rowlinson–Bondi: Cp,l = Cp,g + R (1.45 + 0.45/(1 − Tr) + 0.25 ω (17.11 + 25.2 (1 − Tr)^⅓/Tr + 1.742/(1 − Tr))); PPO 5th ed. eq. 6-6.3. */
export function rowlinsonBondi(t: number, tc: number, omega: number, cpg: number): number {
  const tr = t / tc;
  const x = 1 - tr;
  return cpg + R * (1.45 + 0.45 / x + 0.25 * omega * (17.11 + (25.2 * Math.cbrt(x)) / tr + 1.742 / x));
}

// --- surface tension (N/m) ---

/** Brock–Bird: σ = Pc^⅔ Tc^⅓ Q (1 − Tr)^(11/9) mN/m (Pc bar), Q = 0.1196 (1 + Tbr ln(Pc/1.01325)/(1 − Tbr)) − 0.279; Brock/Bird, AIChE J. 1 (1955) 174; PPO 5th ed. eq. 12-3.4. */
export function brockBird(t: number, tb: number, tc: number, pc: number): number {
  const pcBar = pc / 100;
  const tbr = tb / tc;
  const q = 0.1196 * (1 + (tbr * Math.log(pcBar / 1.01325)) / (1 - tbr)) - 0.279;
  return pcBar ** (2 / 3) * Math.cbrt(tc) * q * (1 - t / tc) ** (11 / 9) * 1e-3;
}

/** Sastri–Rao (non-alcohols, non-acids): σ = 0.158 Pc^0.5 Tb^−1.5 Tc^1.85 ((1 − Tr)/(1 − Tbr))^(11/9) mN/m (Pc bar); Sastri/Rao, Chem. Eng. J. 59 (1995) 181; PPO 5th ed. eq. 12-3.12. */
export function sastriRao(t: number, tb: number, tc: number, pc: number, k = 0.158, x = 0.5, y = -1.5, z = 1.85, m = 11 / 9): number {
  return k * (pc / 100) ** x * tb ** y * tc ** z * ((1 - t / tc) / (1 - tb / tc)) ** m * 1e-3;
}

// --- liquid thermal conductivity (W/(m×K)) ---

/** Sato–Riedel: λ = 1.1053/√M (3 + 20 (1 − Tr)^⅔)/(3 + 20 (1 − Tbr)^⅔); PPO 3rd ed. eq. 10-9.3 (Reid, Prausnitz & Sherwood 1977). */
export function satoRiedel(t: number, mw: number, tb: number, tc: number): number {
  return ((1.1053 / Math.sqrt(mw)) * (3 + 20 * Math.max(1 - t / tc, 0) ** (2 / 3))) / (3 + 20 * (1 - tb / tc) ** (2 / 3));
}
