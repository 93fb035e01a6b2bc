// One ranking of a property's values, used by every answer that takes one value (records, search
// summaries, chem state, vle, lle, flash, plots): a record's [0] is what every command takes.
// docs/records.md ("Which value comes first") is SOURCE_RANKING.
import type { DataPoint } from './types.js';

/** A calculated point of the chem-ml model family. */
export const isModel = (p: DataPoint) => !!p.calc && p.s.startsWith('chem-ml');

/**
 * Which source's value a client should take, best first: the order of a property's points after
 * the outlier and calculated classes (see `orderPoints`). Sources not listed follow the listed ones,
 * by key. The "Which value comes first" table of docs/records.md is this one.
 */
export const SOURCE_RANKING: readonly (readonly [key: string, why: string])[] = [
  // critically evaluated data
  ['iupac', 'IUPAC critical evaluation of measured critical properties'],
  ['heos', 'reference equations of state (critical point, Tb, ω of the fluids they cover)'],
  ['atct', 'Active Thermochemical Tables: thermochemical network with stated uncertainties'],
  ['janaf', 'NIST-JANAF evaluated thermochemical tables'],
  ['trc', 'TRC evaluated gas-phase thermodynamic tables'],
  ['dippr', 'DIPPR 801 evaluated constants'],
  ['chemsep', 'ChemSep databank, evaluated constants and correlations'],
  ['mulero', 'Mulero, Cachadiña & Parra 2012 critical review of surface tension'],
  ['zabransky', 'Zabransky et al. 1996 critical review, recommended liquid heat capacities'],
  ['staveley', 'Staveley, Lobo & Calado 1981 review of triple points'],
  ['critprop', 'CritProp: measured values compiled from the literature, per reference'],
  // edited handbooks and reviews
  ['crc', 'CRC Handbook of Chemistry and Physics'],
  ['webbook', 'NIST Chemistry WebBook'],
  ['poling', "Poling, Prausnitz & O'Connell databank"],
  ['vdi', 'VDI Heat Atlas'],
  ['perry', "Perry's Handbook"],
  ['api-tdb', 'API Technical Data Book'],
  ['mathews', 'Mathews 1972 review (inorganic critical properties)'],
  ['passut', 'Passut & Danner 1973'],
  ['jasper', 'Jasper 1972 surface tensions (Lange’s Handbook)'],
  ['mcgarry', 'McGarry 1983 Wagner constants (fitted over the whole liquid range: before the Antoine fits)'],
  ['landolt', 'Landolt-Börnstein Antoine constants'],
  ['alcock', 'Alcock, Itkin & Horrigan 1984 vapour pressures of the elements'],
  ['iec', 'IEC 60079-20-1 flammability data'],
  ['nfpa', 'NFPA 497 flammability data'],
  ['serat', 'Serat et al. 2017 measured flash points (DIPPR)'],
  ['ipcc', 'IPCC AR6 global warming potentials'],
  ['odp', 'US EPA / WMO ozone depletion potentials'],
  ['cccbdb', 'NIST CCCBDB experimental dipole moments'],
  ['muller', 'Müller, Mokrushina & Arlt 2012 dipole moments'],
  // broad compilations, some values estimated or fitted by the compiler
  ['psrk', 'PSRK parameter tables'],
  ['yaws', 'Yaws handbook compilation'],
  ['bell2018', 'Bell, Satyro & Lemmon 2018 (values of a parameter fit)'],
  ['gharagheizi', 'Gharagheizi et al. 2013 enthalpy of vaporization collection'],
  ['alibakhshi', 'Alibakhshi 2017 one-coefficient ΔHvap fits'],
  ['costald', 'COSTALD parameters (fitted)'],
  ['somayajulu2013', 'Somayajulu surface-tension fits, revised 2013'],
  ['somayajulu', 'Somayajulu 1988 surface-tension fits'],
  ['hsp-ruben', 'Hansen parameter collection (Díaz de los Ríos & Murcia Belmonte)'],
  ['hspipy', 'HSPiPy Hansen parameter collection'],
  ['schrier', 'Wolfram Data Repository Hansen parameters'],
  ['alshehri', 'Alshehri et al. 2022 Hansen parameters'],
  // large experimental collections, merged by script or crowd-sourced
  ['physprop', 'EPI Suite PhysProp'],
  ['syrres', 'Syrres KOWWIN experimental logKow'],
  ['aqsoldb', 'AqSolDB curated solubility'],
  ['bradley', 'Bradley Double Plus Good melting points'],
  ['huuskonen', 'Huuskonen solubility set'],
  ['esol', 'ESOL (Delaney) solubility set'],
  ['opennotebook', 'Open Notebook melting points'],
  ['wikidata', 'Wikidata'],
  // calculated (calc: true, after every measured value anyway): statistical models, then group contributions
  ['chem-ml', "chem's own model family (chem-ml-<version>[-beta]), validated in models/REPORT.md"],
  ['opera', 'OPERA QSAR models'],
  ['psi4', 'Psi4 MP2 computations (dipoles, radii of gyration)'],
  ['wilson-jasperson', 'Wilson-Jasperson group contributions'],
  ['fedors', 'Fedors group contributions'],
  ['omega-psat', 'acentric factor from a vapour-pressure model'],
  ['crippen', 'Wildman-Crippen logP'],
  ['mcgowan', 'McGowan volume'],
  ['joback', 'Joback/Reid group contributions'],
  ['lee-kesler-joback', 'Lee-Kesler ω on Joback values'],
  ['gse-crippen-joback', 'general solubility equation on Crippen and Joback values'],
];

const RANK = new Map(SOURCE_RANKING.map(([key], i) => [key, i]));

/** 0 measured, 1 measured outlier, 2 calculated, 3 calculated outlier. */
const pointClass = (p: DataPoint) => (p.calc ? 2 : 0) + (p.o ? 1 : 0);

/**
 * The order of one property's points: the recommended point first. Measured non-outliers, then
 * measured outliers, then calculated values; within each, by SOURCE_RANKING (unlisted sources
 * after the listed ones, by key), then by temperature (one source's curve stays together, in T
 * order), then as given. With `follows`, the source of the baseline the predictor put before its model's point
 * (the model does not beat that baseline on the scaffold folds), the model point ranks just after that
 * source, as in `chem predict`.
 */
export function orderPoints(points: readonly DataPoint[], follows?: string): DataPoint[] {
  const bySource = (s: string) => RANK.get(s) ?? RANK.get(s.replace(/-\d.*$/, '')) ?? RANK.size; // chem-ml-1.0 → chem-ml
  const rank = (p: DataPoint) => (follows !== undefined && isModel(p) ? bySource(follows) + 0.5 : bySource(p.s));
  return points
    .map((p, i) => ({ p, i }))
    .sort((a, b) =>
      pointClass(a.p) - pointClass(b.p) ||
      rank(a.p) - rank(b.p) ||
      (a.p.s < b.p.s ? -1 : a.p.s > b.p.s ? 1 : 0) ||
      (a.p.t ?? 0) - (b.p.t ?? 0) ||
      a.i - b.i,
    )
    .map(({ p }) => p);
}
