// The models of mixture parameter sets: equation form and parameter units, one place for all of
// them. The database stores mixtures without `src`, forms, units and the files' default references;
// `withForms` adds them when a mixture is read, so the texts are not repeated in 110 000 rows.
// Index 1 is components[0], 2 is components[1] (components are sorted by compound id). Conventions, checked against the files and
// CalebBell/thermo (interaction_parameters.py, activity models, Henry_converter):
// - NRTL (ChemSep, DECHEMA VLE at 1 atm): key "i j" holds b_ij = A_ij/R with A_ij in cal/mol and
//   R = 1.98720 cal/(mol·K) (ethanol/water: A_12 = -57.9601 cal/mol -> b_12 = -29.1667 K), and
//   tau_ij = b_ij/T, G_ij = exp(-alpha·tau_ij); alpha is symmetric.
// - UNIQUAC (ChemSep): tau_ij = exp(b_ij/T), b_ij = -(u_ij - u_jj)/R in K.
// - Wilson (ChemSep): Lambda_ij = exp(a_ij + b_ij/T); a_ij = ln(V_j/V_i) (acetone/water:
//   a = -1.408, ln(18.07/73.5) = -1.403), b_ij = -(lambda_ij - lambda_ii)/R in K.
// - PR kij: symmetric (k_12 = k_21), van der Waals one-fluid mixing a_12 = (1 - k_12)·sqrt(a_1·a_2).
// - Henry: thermo's "SI" scale, H = p_solute/x_solute at infinite dilution, in Pa, with
//   ln(H/Pa) = A + B/T + C·ln(T/K) + D·T + E/T² + F·T²; coefficients that are zero are left out.
//   Sander's H^cp (mol/(m³·Pa)) was converted by thermo with water's molar density 55344.59 mol/m³,
//   so B = -d(ln H^cp)/d(1/T) (CO2: B = -2357 K, Sander's 2400 K) and the constant-only file gives
//   A at Sander's reference temperature 298.15 K.
import type { Mixture, ParameterSet } from '../../../api/types.js';
import { MIXTURE_SOURCES, type StoredSet } from './mixtures-sources.js';
import { THERMO_FILES } from './mixtures-thermo.js';

/** A mixture as stored: no `src` (rebuilt from the sets' `s`), `r` only where it is not the file's. */
export type StoredMixture = Pick<Mixture, 'id' | 'name' | 'kind' | 'components' | 'other_names' | 's' | 'r'> & {
  params: StoredSet[];
};

export interface ModelDef {
  form: string;
  units: Record<string, string>;
}

const HENRY_UNITS: Record<string, string> = { A: 'ln(Pa)', B: 'K', D: '1/K', E: 'K²', F: '1/K²' };

export const MODELS: Readonly<Record<string, ModelDef>> = {
  NRTL: {
    form:
      'NRTL: tau_ij = b_ij/T, G_ij = exp(-alpha_12·tau_ij); ' +
      'ln gamma_1 = x2²·[tau_21·(G_21/(x1 + x2·G_21))² + tau_12·G_12/(x2 + x1·G_12)²], and 1<->2 for gamma_2',
    units: { b_12: 'K', b_21: 'K' },
  },
  UNIQUAC: {
    form: 'UNIQUAC: tau_ij = exp(b_ij/T) in the residual term; r and q are the pure-component volume and area parameters',
    units: { b_12: 'K', b_21: 'K' },
  },
  Wilson: {
    form: 'Wilson: Lambda_ij = exp(a_ij + b_ij/T); ln gamma_1 = -ln(x1 + Lambda_12·x2) + x2·[Lambda_12/(x1 + Lambda_12·x2) - Lambda_21/(x2 + Lambda_21·x1)]',
    units: { b_12: 'K', b_21: 'K' },
  },
  'PR kij': {
    form: 'Peng-Robinson binary interaction parameter, symmetric: a_12 = (1 - k_12)·sqrt(a_1·a_2)',
    units: {},
  },
  'E-PPR78 kij': {
    form: 'Peng-Robinson kij from the E-PPR78 group contribution, symmetric: a_12 = (1 - k_12)·sqrt(a_1·a_2), at t',
    units: {},
  },
  Henry: {
    form:
      'Henry constant of the solute in the solvent, H = p_solute/x_solute at infinite dilution: ' +
      'ln(H/Pa) = A + B/T + C·ln(T/K) + D·T + E/T² + F·T² (absent coefficients are zero; without B..F, H is the value at t)',
    units: HENRY_UNITS,
  },
};

/** The reference every set of a file carries unless its row names its own (a DECHEMA page). */
function defaultRef(p: StoredSet): string | undefined {
  return THERMO_FILES.find((f) => f.s === p.s && f.model === p.model)?.r;
}

/** A stored set with the text of its model and its reference. */
export function withForm(p: StoredSet): ParameterSet {
  const m = MODELS[p.model];
  if (!m) throw new Error(`unknown mixture model ${p.model}`);
  const units = Object.fromEntries(Object.entries(m.units).filter(([k]) => k in p.params));
  const { model, params, s, r, ...rest } = p;
  return { model, form: m.form, units, params, s, r: r ?? defaultRef(p), ...rest };
}

/** The API record of a stored mixture: forms, units, references and `src`. */
export function withForms(mix: StoredMixture): Mixture {
  const { params, ...rest } = mix;
  const keys = [...new Set([...params.map((p) => p.s), ...(mix.s ? [mix.s] : [])])].sort();
  return { ...rest, src: Object.fromEntries(keys.map((k) => [k, MIXTURE_SOURCES[k]!])), params: params.map(withForm) };
}

/** The stored form of a set: the file's default reference left out. */
export function compactSet(p: StoredSet): StoredSet {
  if (p.r !== defaultRef(p)) return p;
  const { r: _r, ...rest } = p;
  return rest;
}
