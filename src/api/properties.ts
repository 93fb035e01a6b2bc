// The property registry: the single source of truth for property keys, symbols and units.
// Units follow the v1 spec where it names them (K, kPa, kJ/mol, eV, ml/mol, Pa×s) and the hosted
// service's records where it does not (vc in m³/kmol, heat capacities in J/(mol×K)).

export type Dependence = 'T' | 'P';

export interface PropertyDef {
  key: string;
  desc: string;
  /** Symbol; may contain HTML markup as in the v1 `info` block. */
  sym: string;
  /** Absent for dimensionless properties. */
  unit?: string;
  /** Empty for fixed properties; `T` (and `P`) for condition-dependent ones. */
  dep: Dependence[];
}

const def = (key: string, desc: string, sym: string, unit: string | undefined, dep: Dependence[] = []): PropertyDef =>
  unit === undefined ? { key, desc, sym, dep } : { key, desc, sym, unit, dep };

export const PROPERTIES: readonly PropertyDef[] = [
  def('tf', 'Normal melting (fusion) point', 'T<sub>fus</sub>', 'K'),
  def('tb', 'Normal boiling point temperature', 'T<sub>boil</sub>', 'K'),
  def('tc', 'Critical temperature', 'T<sub>c</sub>', 'K'),
  def('pc', 'Critical pressure', 'P<sub>c</sub>', 'kPa'),
  def('vc', 'Critical volume', 'V<sub>c</sub>', 'm³/kmol'),
  def('af', 'Acentric factor', 'ω', undefined),
  def('hf', 'Enthalpy of formation at standard conditions (gas)', 'Δ<sub>f</sub>H°<sub>gas</sub>', 'kJ/mol'),
  def('gf', 'Standard Gibbs free energy of formation (gas)', 'Δ<sub>f</sub>G°', 'kJ/mol'),
  def('hvap', 'Enthalpy of vaporization at the normal boiling point', 'Δ<sub>vap</sub>H°', 'kJ/mol'),
  def('hvapt', 'Enthalpy of vaporization at a given temperature', 'Δ<sub>vap</sub>H', 'kJ/mol', ['T']),
  def('hfus', 'Enthalpy of fusion at standard conditions', 'Δ<sub>fus</sub>H°', 'kJ/mol'),
  def('ie', 'Ionization energy', 'IE', 'eV'),
  def('log10ws', 'Log10 of water solubility in mol/l', 'log<sub>10</sub>WS', undefined),
  def('logp', 'Octanol/water partition coefficient', 'log<sub>oct/wat</sub>', undefined),
  def('mcvol', "McGowan's characteristic volume", 'McVol', 'ml/mol'),
  def('dvisc', 'Dynamic viscosity', 'η', 'Pa×s', ['T', 'P']),
  def('cpg', 'Ideal gas heat capacity', 'C<sub>p,gas</sub>', 'J/(mol×K)', ['T']),
  def('cps', 'Solid phase heat capacity', 'C<sub>p,solid</sub>', 'J/(mol×K)', ['T']),
  def('chs', 'Standard solid enthalpy of combustion', 'Δ<sub>c</sub>H°<sub>solid</sub>', 'kJ/mol'),
  def('gr', 'Radius of gyration', 'R<sub>G</sub>', 'Å'),
];

const BY_KEY = new Map(PROPERTIES.map((p) => [p.key, p]));

export const PROPERTY_KEYS: readonly string[] = PROPERTIES.map((p) => p.key);

export function property(key: string): PropertyDef | undefined {
  return BY_KEY.get(key);
}

/** True when the property's data points carry a temperature (`tpdep_props` / `tdep`). */
export function isTDependent(key: string): boolean {
  return (BY_KEY.get(key)?.dep.length ?? 0) > 0;
}

/** The symbol without HTML markup, for terminals and CSV headers. */
export function plainSymbol(p: PropertyDef): string {
  return p.sym.replace(/<sub>(.*?)<\/sub>/g, '$1').replace(/<[^>]+>/g, '');
}
