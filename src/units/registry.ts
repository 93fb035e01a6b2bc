// Conversions from the units the source tables use to the registry units of src/api/properties.ts
// (pc kPa, vc m³/kmol, energies kJ/mol, dvisc Pa×s, heat capacities J/(mol×K), temperatures K).

/** Thermochemical calorie, J (Perry's tables use it). */
const CALORIE = 4.184;
/** Molar gas constant, J/(mol×K) (CODATA 2018, exact). */
export const R = 8.314462618;

/**
 * Units a table column may be declared in, each as [dimension, factor to the dimension's base unit];
 * `convert` turns a value from one into another of the same dimension (°C is the one offset unit).
 * The registry units of src/api/properties.ts are among them.
 */
const UNITS: Record<string, [string, number]> = {
  K: ['T', 1],
  Pa: ['P', 1], kPa: ['P', 1e3], bar: ['P', 1e5], MPa: ['P', 1e6],
  'kg/m³': ['rho', 1],
  'N/m': ['srf', 1], 'mN/m': ['srf', 1e-3],
  'W/(m×K)': ['k', 1],
  'J/(mol×K)': ['cp', 1], 'J/(kmol×K)': ['cp', 1e-3], 'cal/(mol×K)': ['cp', CALORIE],
  'J/mol': ['h', 1], 'kJ/mol': ['h', 1e3], 'J/kmol': ['h', 1e-3],
  'm³/kmol': ['vm', 1e-3], 'm³/mol': ['vm', 1],
  m: ['len', 1], 'Å': ['len', 1e-10],
  debye: ['dm', 1],
  'Pa^0.5': ['hsp', 1], 'MPa^0.5': ['hsp', 1e3],
  'Pa×s': ['visc', 1], cP: ['visc', 1e-3],
  '': ['1', 1],
};

/** `v` in unit `from` expressed in unit `to` (both of the same dimension; '' is dimensionless). */
export function convert(v: number, from: string, to: string): number {
  if (from === to) return v;
  if (from === '°C' && to === 'K') return v + 273.15;
  if (from === 'K' && to === '°C') return v - 273.15;
  const f = UNITS[from];
  const t = UNITS[to];
  if (!f || !t || f[0] !== t[0]) throw new Error(`cannot convert ${from || 'dimensionless'} to ${to || 'dimensionless'}`);
  return (v * f[1]) / t[1];
}
