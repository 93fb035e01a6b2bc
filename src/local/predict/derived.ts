// Properties derived from other predictions, each named by its correlation and its inputs.

/**
 * Acentric factor from Tb, Tc (K) and Pc (kPa): B. I. Lee, M. G. Kesler, AIChE J. 21 (1975) 510-527, with Pc in atm.
 */
export function leeKeslerOmega(tb: number, tc: number, pcKPa: number): number {
  const t = tb / tc;
  const t6 = t ** 6;
  const lnT = Math.log(t);
  return (
    (-Math.log(pcKPa / 101.325) - 5.92714 + 6.09648 / t + 1.28862 * lnT - 0.169347 * t6) /
    (15.2518 - 15.6875 / t - 13.4721 * lnT + 0.43577 * t6)
  );
}

/**
 * log10 of the water solubility in mol/l by the general solubility equation, Y. Ran, S. H. Yalkowsky,
 * J. Chem. Inf. Comput. Sci. 41 (2001) 354-357: log S = 0.5 − 0.01 (mp − 25 °C) − log P, where the melting
 * term is 0 for liquids (mp ≤ 25 °C).
 */
export function gseLog10Solubility(logp: number, tfK: number): number {
  const mpC = tfK - 273.15;
  return 0.5 - 0.01 * Math.max(mpC - 25, 0) - logp;
}
