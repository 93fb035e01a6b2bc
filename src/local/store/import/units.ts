// Conversions from the units the source tables use to the registry units of src/api/properties.ts
// (pc kPa, vc m³/kmol, energies kJ/mol, dvisc Pa×s, heat capacities J/(mol×K), temperatures K).

/** Thermochemical calorie, J (Perry's tables use it). */
export const CALORIE = 4.184;
/** Molar gas constant, J/(mol×K) (CODATA 2018, exact). */
export const R = 8.314462618;

export const paToKPa = (v: number): number => v / 1000;
export const jPerMolToKJPerMol = (v: number): number => v / 1000;
export const jPerKmolToKJPerMol = (v: number): number => v / 1e6;
export const jPerKmolKToJPerMolK = (v: number): number => v / 1000;
export const m3PerMolToM3PerKmol = (v: number): number => v * 1000;
export const calPerMolKToJPerMolK = (v: number): number => v * CALORIE;
export const centipoiseToPaS = (v: number): number => v / 1000;
export const celsiusToK = (v: number): number => v + 273.15;
