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
  /** Plausible range in the registry unit: the store refuses values outside as unit or entry errors. */
  range?: [number, number];
  /** Zero is refused too (a quantity that cannot vanish). */
  positive?: boolean;
}

type Limits = Pick<PropertyDef, 'range' | 'positive'>;

const def = (key: string, desc: string, sym: string, unit: string | undefined, dep: Dependence[] = [], limits: Limits = {}): PropertyDef => ({
  key,
  desc,
  sym,
  ...(unit === undefined ? {} : { unit }),
  dep,
  ...limits,
});
/** Positive, at most `hi`. */
const pos = (hi: number): Limits => ({ range: [0, hi], positive: true });
const within = (lo: number, hi: number): Limits => ({ range: [lo, hi] });

export const PROPERTIES: readonly PropertyDef[] = [
  def('tf', 'Normal melting (fusion) point', 'T<sub>fus</sub>', 'K', [], pos(5000)),
  def('tb', 'Normal boiling point temperature', 'T<sub>boil</sub>', 'K', [], pos(6000)),
  def('tc', 'Critical temperature', 'T<sub>c</sub>', 'K', [], pos(10000)),
  def('pc', 'Critical pressure', 'P<sub>c</sub>', 'kPa', [], pos(1e6)),
  def('vc', 'Critical volume', 'V<sub>c</sub>', 'm³/kmol', [], pos(50)),
  def('af', 'Acentric factor', 'ω', undefined, [], within(-1.5, 5)),
  def('hf', 'Enthalpy of formation at standard conditions (gas)', 'Δ<sub>f</sub>H°<sub>gas</sub>', 'kJ/mol', [], within(-20000, 20000)),
  def('gf', 'Standard Gibbs free energy of formation (gas)', 'Δ<sub>f</sub>G°', 'kJ/mol', [], within(-20000, 20000)),
  def('hvap', 'Enthalpy of vaporization at the normal boiling point', 'Δ<sub>vap</sub>H°', 'kJ/mol', [], pos(2000)),
  def('hvapt', 'Enthalpy of vaporization at a given temperature', 'Δ<sub>vap</sub>H', 'kJ/mol', ['T'], pos(2000)),
  def('hfus', 'Enthalpy of fusion at standard conditions', 'Δ<sub>fus</sub>H°', 'kJ/mol', [], pos(1000)),
  def('ie', 'Ionization energy', 'IE', 'eV'),
  def('log10ws', 'Log10 of water solubility in mol/l', 'log<sub>10</sub>WS', undefined, [], within(-20, 3)),
  def('logp', 'Octanol/water partition coefficient', 'log<sub>oct/wat</sub>', undefined, [], within(-15, 20)),
  def('mcvol', "McGowan's characteristic volume", 'McVol', 'ml/mol'),
  def('dvisc', 'Dynamic viscosity', 'η', 'Pa×s', ['T', 'P'], pos(1e6)),
  def('cpg', 'Ideal gas heat capacity', 'C<sub>p,gas</sub>', 'J/(mol×K)', ['T'], pos(10000)),
  def('cps', 'Solid phase heat capacity', 'C<sub>p,solid</sub>', 'J/(mol×K)', ['T'], pos(10000)),
  def('chs', 'Standard solid enthalpy of combustion', 'Δ<sub>c</sub>H°<sub>solid</sub>', 'kJ/mol'),
  def('gr', 'Radius of gyration', 'R<sub>G</sub>', 'Å', [], pos(100)),
  def('zc', 'Critical compressibility factor', 'Z<sub>c</sub>', undefined, [], pos(1)),
  def('zra', 'Rackett parameter', 'Z<sub>RA</sub>', undefined, [], pos(1)),
  def('pvap', 'Vapor pressure', 'P<sub>vap</sub>', 'kPa', ['T'], pos(1e6)),
  def('psub', 'Sublimation pressure', 'P<sub>sub</sub>', 'kPa', ['T'], pos(1e5)),
  def('rhol', 'Saturated liquid density', 'ρ<sub>liquid</sub>', 'kg/m³', ['T'], pos(30000)),
  def('rhog', 'Gas density (chem state: Peng–Robinson or ideal gas)', 'ρ<sub>gas</sub>', 'kg/m³', ['T', 'P'], pos(30000)),
  def('rhos', 'Solid density near room temperature', 'ρ<sub>solid</sub>', 'kg/m³', [], pos(30000)),
  def('srf', 'Surface tension', 'σ', 'N/m', ['T'], pos(3)),
  def('cpl', 'Liquid heat capacity', 'C<sub>p,liquid</sub>', 'J/(mol×K)', ['T'], pos(10000)),
  def('tcondl', 'Liquid thermal conductivity', 'λ<sub>liquid</sub>', 'W/(m×K)', ['T'], pos(500)),
  def('tcondg', 'Gas thermal conductivity at low pressure', 'λ<sub>gas</sub>', 'W/(m×K)', ['T'], pos(10)),
  def('rfi', 'Refractive index (sodium D line)', 'n<sub>D</sub>', undefined, ['T'], within(1, 4)),
  def('epsr', 'Relative permittivity of the liquid', 'ε<sub>r</sub>', undefined, ['T'], within(1, 1000)),
  def('dm', 'Dipole moment', 'μ', 'debye', [], within(0, 20)),
  def('hansen_d', 'Hansen solubility parameter, dispersion', 'δ<sub>D</sub>', 'MPa^0.5', [], within(0, 60)),
  def('hansen_p', 'Hansen solubility parameter, polar', 'δ<sub>P</sub>', 'MPa^0.5', [], within(0, 60)),
  def('hansen_h', 'Hansen solubility parameter, hydrogen bonding', 'δ<sub>H</sub>', 'MPa^0.5', [], within(0, 60)),
  def('tt', 'Triple point temperature', 'T<sub>t</sub>', 'K', [], pos(5000)),
  def('pt', 'Triple point pressure', 'P<sub>t</sub>', 'kPa', [], pos(1e5)),
  def('tflash', 'Flash point', 'T<sub>flash</sub>', 'K', [], pos(1500)),
  def('tautoign', 'Autoignition temperature', 'T<sub>autoign</sub>', 'K', [], pos(2000)),
  def('lfl', 'Lower flammability limit in air (volume fraction)', 'LFL', undefined, [], pos(1)),
  def('ufl', 'Upper flammability limit in air (volume fraction)', 'UFL', undefined, [], pos(1)),
  def('gwp20', 'Global warming potential over 20 years (mass basis, CO₂ = 1)', 'GWP<sub>20</sub>', undefined, [], within(0, 1e6)),
  def('gwp100', 'Global warming potential over 100 years (mass basis, CO₂ = 1)', 'GWP<sub>100</sub>', undefined, [], within(0, 1e6)),
  def('gwp500', 'Global warming potential over 500 years (mass basis, CO₂ = 1)', 'GWP<sub>500</sub>', undefined, [], within(0, 1e6)),
  def('odp', 'Ozone depletion potential (CFC-11 = 1)', 'ODP', undefined, [], within(0, 100)),
  def('uniquac_r', 'UNIQUAC volume parameter (relative van der Waals volume)', 'r', undefined, [], pos(100)),
  def('uniquac_q', 'UNIQUAC surface-area parameter (relative van der Waals area)', 'q', undefined, [], pos(100)),
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
