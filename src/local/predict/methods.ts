// The local predictor's methods: each property's method and reference, the keys it predicts, its
// default temperature grids, the `info` entries of a result, and the check of a prediction's options.
import { ChemError } from '../../api/errors.js';
import { PROPERTIES, property } from '../../api/properties.js';
import { roundEstimate } from '../../api/precision.js';
import type { DataPoint, PropertyInfo } from '../../api/types.js';
import type { PredictOptions } from '../../api/backend.js';
import type { Model } from './ml.js';
import { ESTIMATE_INPUTS, ESTIMATE_KEYS, ESTIMATE_METHODS } from './estimates.js';

interface Method {
  s: string;
  r: string;
  /** Link to the method's paper, for `info.more`. */
  more: string;
}

/** Source keys (`s`) and references (`r`); derived values name their correlation and inputs. */
export const METHODS = {
  joback: { s: 'joback', r: 'Joback/Reid (1987)', more: 'https://doi.org/10.1080/00986448708960487' },
  crippen: { s: 'crippen', r: 'Wildman/Crippen (1999)', more: 'https://doi.org/10.1021/ci990307l' },
  mcgowan: { s: 'mcgowan', r: 'Abraham/McGowan (1987)', more: 'https://doi.org/10.1007/BF02311772' },
  leeKesler: {
    s: 'lee-kesler-joback',
    r: 'Lee/Kesler (1975) on Joback Tb, Tc, Pc',
    more: 'https://doi.org/10.1002/aic.690210313',
  },
  gse: {
    s: 'gse-crippen-joback',
    r: 'GSE, Ran/Yalkowsky (2001) on Crippen logP, Joback Tm',
    more: 'https://doi.org/10.1021/ci000338c',
  },
} as const satisfies Record<string, Method>;

export const METHOD_OF: Record<string, Method> = {
  tf: METHODS.joback,
  tb: METHODS.joback,
  tc: METHODS.joback,
  pc: METHODS.joback,
  vc: METHODS.joback,
  af: METHODS.leeKesler,
  hf: METHODS.joback,
  gf: METHODS.joback,
  hvap: METHODS.joback,
  hfus: METHODS.joback,
  log10ws: METHODS.gse,
  logp: METHODS.crippen,
  mcvol: METHODS.mcgowan,
  dvisc: METHODS.joback,
  cpg: METHODS.joback,
  ...Object.fromEntries(ESTIMATE_KEYS.map((k) => [k, ESTIMATE_METHODS[k]!])),
};

/** The `src` entry (spec 2.1) of a predictor's source key, for records that carry predicted points. */
export function predictorSource(s: string): { db: string; url: string } {
  const m = Object.values(METHODS).find((x) => x.s === s);
  if (m) return { db: `${m.r}, calculated`, url: m.more };
  if (s.startsWith('chem-ml-')) return { db: `${s}: chem's model family (gradient-boosted trees trained on measured data, validated in models/REPORT.md), calculated`, url: '' };
  // a corresponding-states estimate: `method(inputs)`, e.g. lee-kesler-anchored(chem-ml-1.1-beta)
  const est = /^([a-z-]+)\((.+)\)$/.exec(s);
  const method = est && Object.values(ESTIMATE_METHODS).find((x) => x.s === est[1]);
  if (est && method) return { db: `${method.r}, on the constants of ${est[2]!.split('+').join(' and ')}, calculated`, url: method.more };
  return { db: s, url: '' };
}

/** Keys of the chem-ml model family (ml.ts); a model point comes first when its model beats the baseline (Model.first), else second. */
export const MODEL_KEYS: readonly string[] = ['tb', 'tf', 'tc', 'pc', 'vc', 'af', 'hf', 'gf', 'hvap', 'hfus', 'log10ws', 'logp'];

/** Reference (`r`) of a model's points. */
export const modelReference = (m: Model) =>
  `${m.family} ${m.version}${m.beta ? ' beta' : ''} ${m.key.endsWith('-direct') ? 'direct model' : 'model'}, ${m.trainedOn} measured values${m.per ? `, built on its ${m.per.key} model` : ''}`;

/**
 * Every key the local predictor knows (`allprops`), in registry order, the corresponding-states estimates last (their
 * CSV columns follow dvisc@<T>K and cpg@<T>K, which kept their places).
 */
export const PREDICTED_KEYS: readonly string[] = [
  ...PROPERTIES.map((p) => p.key).filter((k) => k in METHOD_OF && !ESTIMATE_KEYS.includes(k)),
  ...PROPERTIES.map((p) => p.key).filter((k) => ESTIMATE_KEYS.includes(k)),
];

// Default temperature grids (K). cpg: Joback's Cp polynomial was fitted on 298-1000 K, so 298.15 K, 300 K and
// every 100 K to 1000 K. dvisc: Joback's viscosity is a liquid correlation, so the points of a fixed grid
// (250-500 K, with 273.15, 298.15, 300, 323.15 and 373.15 K) that lie in the molecule's own estimated liquid
// range, Joback Tm <= T <= Joback Tb. Explicit `temperatures` are added to both grids, unfiltered.
export const CPG_GRID: readonly number[] = [298.15, 300, 400, 500, 600, 700, 800, 900, 1000];
export const DVISC_GRID: readonly number[] = [250, 273.15, 298.15, 300, 323.15, 350, 373.15, 400, 450, 500];


/** `info` entries from the registry, built once; each result gets its own copies. */
export const INFO: Record<string, PropertyInfo> = Object.fromEntries(
  PROPERTIES.filter((p) => p.key in METHOD_OF).map((p) => {
    const i: PropertyInfo = { desc: p.desc, sym: p.sym };
    if (p.unit !== undefined) i.unit = p.unit;
    if (p.dep.length) i.dep = [...p.dep];
    i.more = METHOD_OF[p.key].more;
    return [p.key, i];
  }),
);

/** A point of a group-contribution method, to the digits the method supports (precision.ts). */
export function point(key: string, v: number, t?: number): DataPoint {
  const m = METHOD_OF[key];
  return t === undefined ? { u: key, s: m.s, v: roundEstimate(key, v), calc: true, r: m.r } : { u: key, s: m.s, t, v: roundEstimate(key, v), calc: true, r: m.r };
}

/** The wanted keys and, when an estimate at a temperature is wanted, the constants it is computed from. */
export function withEstimateInputs(wanted: Set<string>): Set<string> {
  return ESTIMATE_KEYS.some((k) => wanted.has(k)) ? new Set([...wanted, ...ESTIMATE_INPUTS]) : wanted;
}

/** Validates the options (400 on a bad temperature or key) and returns the keys to predict. */
export function checkPredictOptions(opts: PredictOptions): Set<string> {
  for (const t of opts.temperatures ?? []) {
    if (!Number.isFinite(t) || t <= 0) throw new ChemError(400, `invalid temperature ${t}: expected a positive number of kelvins`);
  }
  for (const k of opts.props ?? []) {
    if (!PREDICTED_KEYS.includes(k)) {
      const known = property(k) ? 'is not predicted locally' : 'is not a property key';
      throw new ChemError(400, `"${k}" ${known}; the predictor knows ${PREDICTED_KEYS.join(', ')}`);
    }
  }
  return new Set(opts.props ?? PREDICTED_KEYS);
}
