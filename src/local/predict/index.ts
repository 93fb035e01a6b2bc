// The local predictor: a SMILES (or a parsed molecule) in, the v1 prediction result (spec part 2.5) out.
// Synchronous and OpenChemLib-only (no RDKit/InChI), so `chem predict` starts fast and batches stream.
import * as OCL from 'openchemlib';
import { ChemError, toChemError } from '../../api/errors.js';
import { PROPERTIES, property } from '../../api/properties.js';
import { MAX_DIGITS, roundEstimate, roundSignificant, roundToUncertainty } from '../../api/precision.js';
import type { DataPoint, PredictionResult, PropertyInfo, PropertyMap } from '../../api/types.js';
import type { PredictOptions } from '../../api/backend.js';
import { masses, parseSmiles, readSmiles, type Molecule } from '../../chem/molecule.js';
import { LeanMolecule, leanMolecule } from '../../chem/smiles/lean.js';
import { crippen, crippenTypes } from './crippen.js';
import { gseLog10Solubility, leeKeslerOmega } from './derived.js';
import { jobackCp, jobackEstimate, jobackGroupCounts, jobackViscosity } from './joback.js';
import { mcgowanVolume } from './mcgowan.js';
import { lacksEstimate, loadModel, outsideDomain, sourceKey, walkModels, type Model, type Values, type WalkJob } from './ml.js';
import { domainFacts, moleculeFeatures, type FeatureInputs } from './features.js';
import { FEATURE_NAMES } from './layout.js';
import { rowOf, type FlatRow } from './flat.js';
import { molGraph, type MolGraph } from '../../chem/molgraph.js';
import { addEstimates, ESTIMATE_GRID, ESTIMATE_INPUTS, ESTIMATE_KEYS, ESTIMATE_METHODS } from './estimates.js';

const LABELS = OCL.Molecule.cAtomLabel;

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

const METHOD_OF: Record<string, Method> = {
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


/** Descriptors (mw, Crippen MR) to MAX_DIGITS significant digits, without float noise such as 337.53999999999996. */
const round = (v: number) => roundSignificant(v, MAX_DIGITS);

/** `info` entries from the registry, built once; each result gets its own copies. */
const INFO: Record<string, PropertyInfo> = Object.fromEntries(
  PROPERTIES.filter((p) => p.key in METHOD_OF).map((p) => {
    const i: PropertyInfo = { desc: p.desc, sym: p.sym };
    if (p.unit !== undefined) i.unit = p.unit;
    if (p.dep.length) i.dep = [...p.dep];
    i.more = METHOD_OF[p.key].more;
    return [p.key, i];
  }),
);

/** Options of the local predictor beyond the API's. */
export interface LocalPredictOptions extends PredictOptions {
  /**
   * A record's measured constants (tb tc pc af hvap, calc false) that the estimates at a temperature go through instead
   * of the predicted ones (chem state on a database compound); never from `chem predict`, which is structure-only.
   */
  anchors?: PropertyMap;
}

export function predict(smiles: string, opts: LocalPredictOptions = {}): PredictionResult {
  return predictMolecules([read(smiles)], opts)[0];
}

/** The lean molecule of the strict reading where it holds the structure, else OpenChemLib's; stereo does not change any predicted value. */
function read(smiles: string): Molecule | LeanMolecule {
  const s = smiles.trim();
  return leanMolecule(readSmiles(s)) ?? parseSmiles(s, { stereo: false });
}

/**
 * A prediction in two steps around the walk of the model trees, so that the walk can run on another thread
 * (pool.ts): `walk`, when some model is wanted, is its job; `finish` takes its values and returns the predictions.
 */
export interface Staged<T> {
  walk?: WalkJob;
  /** values: walkModels(walk) when there is a walk, or the error it failed with. */
  finish(values?: Values[] | Error): T;
}

/** A staged prediction done on this thread. */
export function runStaged<T>(s: Staged<T>): T {
  let values: Values[] | Error | undefined;
  try {
    values = s.walk && walkModels(s.walk);
  } catch (err) {
    values = err instanceof Error ? err : new Error(String(err));
  }
  return s.finish(values);
}

/** Predictions for many SMILES at once (the models walk their trees for many molecules far faster); a ChemError replaces each invalid one. */
export function predictMany(smiles: readonly string[], opts: PredictOptions = {}): (PredictionResult | ChemError)[] {
  return runStaged(stageMany(smiles, opts));
}

export const stageMany = (smiles: readonly string[], opts: PredictOptions = {}): Staged<(PredictionResult | ChemError)[]> => many(smiles, opts, stageMolecules);

/** predictMany() as flat rows (flat.ts): what CSV and batch tables show, computed without the rest of each result. */
export function predictFlatRows(smiles: readonly string[], opts: PredictOptions = {}): (FlatRow | ChemError)[] {
  return runStaged(stageFlatRows(smiles, opts));
}

export const stageFlatRows = (smiles: readonly string[], opts: PredictOptions = {}): Staged<(FlatRow | ChemError)[]> => many(smiles, opts, flatRows);

/** `of` over the molecules of the valid SMILES; should it throw, each molecule alone, so that one fails alone. */
function many<T>(smiles: readonly string[], opts: PredictOptions, of: (mols: (Molecule | LeanMolecule)[], opts: PredictOptions) => Staged<T[]>): Staged<(T | ChemError)[]> {
  checkPredictOptions(opts);
  const out: (T | ChemError)[] = [];
  const mols: (Molecule | LeanMolecule)[] = [];
  const valid: string[] = [];
  const at: number[] = [];
  for (const s of smiles) {
    try {
      mols.push(read(s));
      valid.push(s);
      at.push(out.length);
      out.push(undefined as unknown as T); // filled below
    } catch (err) {
      out.push(toChemError(err));
    }
  }
  // read again, so that the molecules are not kept through a walk on another thread
  const alone = (): (T | ChemError)[] =>
    valid.map((s) => {
      try {
        return runStaged(of([read(s)], opts))[0];
      } catch (err) {
        return toChemError(err);
      }
    });
  const merged = (results: (T | ChemError)[]) => {
    results.forEach((r, i) => (out[at[i]] = r));
    return out;
  };
  let staged: Staged<T[]>;
  try {
    staged = of(mols, opts);
  } catch {
    return { finish: () => merged(alone()) };
  }
  return {
    walk: staged.walk,
    finish(values) {
      let results: (T | ChemError)[];
      try {
        results = staged.finish(values);
      } catch {
        results = alone();
      }
      return merged(results);
    },
  };
}

const infoBytes = new Map<string, Buffer>();

/**
 * JSON.stringify(r) of each result as UTF-8, in one buffer of their own (one transfer from a worker thread),
 * faster: the `info` block, the same for every molecule with the same properties, is serialised and encoded once
 * per set of keys, and never joined into one string with the rest: its non-Latin-1 symbols would make the whole
 * text a two-byte string, slow to join and to encode.
 */
export function resultsJson(rs: readonly PredictionResult[]): Uint8Array[] {
  const infos = rs.map((r) => {
    const keys = Object.keys(r.info).join();
    let info = infoBytes.get(keys);
    if (info === undefined) infoBytes.set(keys, (info = Buffer.from(JSON.stringify(r.info))));
    return info;
  });
  const properties = rs.map((r) => JSON.stringify(r.properties));
  const [head, middle, tail] = ['{"info":', ',"properties":', '}'];
  let size = 0;
  rs.forEach((_, i) => (size += head.length + infos[i].length + middle.length + Buffer.byteLength(properties[i]) + tail.length));
  const buf = Buffer.allocUnsafeSlow(size);
  let at = 0;
  return rs.map((_, i) => {
    const start = at;
    at += buf.write(head, at);
    at += infos[i].copy(buf, at);
    at += buf.write(middle, at);
    at += buf.write(properties[i], at);
    at += buf.write(tail, at);
    return buf.subarray(start, at);
  });
}

export function predictMolecule(mol: Molecule | LeanMolecule, opts: PredictOptions = {}): PredictionResult {
  return predictMolecules([mol], opts)[0];
}

/** Everything the group-contribution methods and the features read from one molecule, computed once. */
export function analyse(mol: Molecule | LeanMolecule): FeatureInputs {
  const g = molGraph(mol);
  const crippenResult = crippen(g);
  const { counts, complete } = jobackGroupCounts(g);
  const elements = elementCounts(g);
  return {
    g,
    mw: mol instanceof LeanMolecule ? mol.relativeWeight() : masses(mol).mw,
    elements,
    crippen: crippenResult,
    jobackCounts: counts,
    jobackComplete: complete,
    joback: complete ? jobackEstimate(counts, g.n) : undefined,
    mcgowan: mcgowanVolume(elements, g.bonds),
  };
}

export function predictMolecules(mols: readonly (Molecule | LeanMolecule)[], opts: LocalPredictOptions = {}): PredictionResult[] {
  return runStaged(stageMolecules(mols, opts));
}

const stageMolecules = (mols: readonly (Molecule | LeanMolecule)[], opts: LocalPredictOptions): Staged<PredictionResult[]> =>
  stagePoints(mols, opts, false, result, withInfo);

/**
 * The flat rows of predictMolecules(): the first point of each property, so a model whose point follows its
 * baseline's (Model.first false) walks its trees only for the molecules without a baseline point.
 */
const flatRows = (mols: readonly (Molecule | LeanMolecule)[], opts: PredictOptions): Staged<FlatRow[]> =>
  stagePoints(
    mols,
    opts,
    true,
    (a, fixed, tdep) => ({ mw: round(a.mw), mr: round(a.crippen.mr), fixed, tdep }),
    ({ mw, mr, fixed, tdep }) => rowOf(mw, mr, fixed, tdep),
  );

/**
 * Each molecule's points, fixed and T-dependent, made into what the caller wants by `before`, from the molecule's
 * analysis before the model walk, and by `after` once the model points are in `fixed` (modelPoints' firstOnly):
 * the analyses are not kept through the walk, which may take a while on another thread.
 */
function stagePoints<P, T>(
  mols: readonly (Molecule | LeanMolecule)[],
  opts: LocalPredictOptions,
  firstOnly: boolean,
  before: (a: FeatureInputs, fixed: PropertyMap, tdep: PropertyMap) => P,
  after: (p: P) => T,
): Staged<T[]> {
  const wanted = checkPredictOptions(opts);
  // the estimates at a temperature (estimates.ts) read the first points of their input constants, wanted or not
  const estimating = ESTIMATE_KEYS.some((k) => wanted.has(k));
  const computed = withEstimateInputs(wanted);
  const parts = mols.map(analyse);
  const fixed = parts.map((a) => groupContributionPoints(a, computed));
  // the estimates read the af model's point (Rowlinson–Bondi; the vapour-pressure curve without a ΔHvap), which follows
  // its baseline's: computed for flat rows too, so that they equal the full results'
  const models = modelPoints(parts, computed, fixed, firstOnly && !estimating);
  const tdep = parts.map((a) => tdepPoints(a, wanted, opts));
  const inputs = estimating ? parts.map((a) => ({ mw: a.mw, cp: a.joback?.cp, mcvol: a.mcgowan, mr: a.crippen.mr })) : [];
  const made = parts.map((a, i) => before(a, fixed[i], tdep[i]));
  const temperatures = (opts.grid ?? true) ? withExtra(ESTIMATE_GRID, opts.temperatures ?? []) : (opts.temperatures ?? []);
  return {
    walk: models?.walk,
    finish(values) {
      if (values instanceof Error) throw values;
      if (models) models.put(values!); // a walk's values: runStaged(), or a walker thread's (pool.ts)
      if (estimating) {
        fixed.forEach((f, i) => {
          for (const [k, ps] of Object.entries(opts.anchors ?? {})) f[k] = [...ps, ...(f[k] ?? [])];
          addEstimates(tdep[i], f, inputs[i], temperatures, wanted);
          for (const k of ESTIMATE_INPUTS) if (!wanted.has(k)) delete f[k];
        });
      }
      return made.map(after);
    },
  };
}

function point(key: string, v: number, t?: number): DataPoint {
  const m = METHOD_OF[key];
  // to the digits the method supports (precision.ts)
  return t === undefined ? { u: key, s: m.s, v: roundEstimate(key, v), calc: true, r: m.r } : { u: key, s: m.s, t, v: roundEstimate(key, v), calc: true, r: m.r };
}

/** The fixed properties of the group-contribution methods and their derived ones. */
function groupContributionPoints(a: FeatureInputs, wanted: Set<string>): PropertyMap {
  const fixed: PropertyMap = {};
  const put = (key: string, v: number | undefined) => {
    if (v !== undefined && Number.isFinite(v) && wanted.has(key)) fixed[key] = [point(key, v)];
  };
  const e = a.joback ?? {};
  put('tf', e.tf);
  put('tb', e.tb);
  put('tc', e.tc);
  put('pc', e.pcBar === undefined ? undefined : e.pcBar * 100); // bar -> kPa
  put('vc', e.vcCm3 === undefined ? undefined : e.vcCm3 / 1000); // cm³/mol -> m³/kmol
  if (e.tb !== undefined && e.tc !== undefined && e.pcBar !== undefined) put('af', leeKeslerOmega(e.tb, e.tc, e.pcBar * 100));
  put('hf', e.hf);
  put('gf', e.gf);
  put('hvap', e.hvap);
  put('hfus', e.hfus);
  if (e.tf !== undefined) put('log10ws', gseLog10Solubility(a.crippen.logp, e.tf));
  put('logp', a.crippen.logp);
  put('mcvol', a.mcgowan);
  return fixed;
}

/** The T-dependent points: Joback's Cp and liquid viscosity on their grids and at the extra temperatures. */
function tdepPoints(a: FeatureInputs, wanted: Set<string>, opts: PredictOptions): PropertyMap {
  const tdep: PropertyMap = {};
  const put = (key: string, v: number, t: number) => {
    if (Number.isFinite(v)) (tdep[key] ??= []).push(point(key, v, t));
  };
  const { cp, visc, tf, tb } = a.joback ?? {};
  const extra = opts.temperatures ?? [];
  const grid = opts.grid ?? true;
  if (visc && wanted.has('dvisc')) {
    const liquid = grid ? DVISC_GRID.filter((t) => tf !== undefined && tb !== undefined && t >= tf && t <= tb) : [];
    for (const t of withExtra(liquid, extra)) put('dvisc', jobackViscosity(visc, a.mw, t), t);
  }
  if (cp && wanted.has('cpg')) for (const t of withExtra(grid ? CPG_GRID : [], extra)) put('cpg', jobackCp(cp, t), t);
  return tdep;
}

/**
 * The whole result: the fixed points (model points are put into the same map later), the T-dependent ones and the
 * descriptors; its `info` is filled by withInfo() once every point is in.
 */
function result(a: FeatureInputs, fixed: PropertyMap, tdep: PropertyMap): PredictionResult {
  const { g, mw, crippen: cr, elements } = a;
  let nHeavy = 0;
  for (let i = 0; i < g.heavy; i++) if (g.z[i] !== 1) nHeavy++;
  const jobackGroupKeys: Record<string, number> = Object.create(null); // as in elementCounts
  if (a.jobackComplete) for (const [group, n] of a.jobackCounts) jobackGroupKeys[group.key] = n;

  return {
    info: {},
    properties: {
      tdep,
      fixed,
      corr: {},
      pdep: {},
      allprops: [...PREDICTED_KEYS],
      descr: {
        mcgowan: { ...elements, bonds: g.bonds },
        mol_na: g.n,
        mol_mw: round(mw),
        crippen: Object.assign(crippenTypes(cr), { mr: round(cr.mr) }),
        joback: jobackGroupKeys,
        mol_atom: elements,
        mol_nha: nHeavy,
      },
    },
  };
}

/** The result with an `info` entry for each property it has points of. */
function withInfo(r: PredictionResult): PredictionResult {
  const { fixed, tdep } = r.properties;
  for (const key of PREDICTED_KEYS) {
    if (!fixed[key] && !tdep[key]) continue;
    const { desc, sym, unit, dep, more } = INFO[key];
    r.info[key] = unit === undefined ? { desc, sym, more } : dep ? { desc, sym, unit, dep: [...dep], more } : { desc, sym, unit, more };
  }
  return r;
}

/**
 * The walk of the wanted models' trees, and what puts each model's point into `fixed[key]` from its values: first
 * when the model beats its baseline (Model.first), else after the group-contribution point. Outside a model's
 * domain there is no model point; the reason goes into `c` of the group-contribution point. A molecule without
 * the estimate an offset model corrects has no such point either: the model's direct fallback (`<key>-direct`) gives
 * its only point. The features are computed only when some wanted key has a model, once per molecule; each model
 * walks its trees for all molecules in its domain at once. `firstOnly`: the caller reads the first point of each
 * property only (flat rows), so the point of a model that follows its baseline is computed only for the molecules
 * without a baseline point. A model built on another's (Model.per) has a point where that one has a value too; that
 * one is evaluated for it, wanted or not.
 */
function modelPoints(parts: FeatureInputs[], wanted: Set<string>, fixed: PropertyMap[], firstOnly = false): { walk: WalkJob; put(values: Values[]): void } | undefined {
  const models = wantedModels(wanted);
  if (!models.length || !parts.length) return undefined;
  // the vectors in one array: one allocation a chunk, and one buffer to hand to a walker thread (pool.ts)
  const width = FEATURE_NAMES.length;
  const vectors = new Float32Array(parts.length * width);
  const features = parts.map((a, i) => moleculeFeatures(a, vectors.subarray(i * width, (i + 1) * width)));
  const xs = features.map((f) => f.x);
  const have = features.map((f) => f.have);
  const facts = parts.map((a) => domainFacts(a.g));
  const why = models.map(({ m }) => xs.map((x, i) => outsideDomain(m, x, facts[i])));
  const baseOf = models.map(({ m }) => (m.per ? models.findIndex((e) => e.key === m.per!.key) : -1));
  models.forEach(({ m }, j) => {
    if (baseOf[j] >= 0) why[j] = why[j].map((w, i) => w ?? (why[baseOf[j]][i] && `${why[baseOf[j]][i]} (for the ${m.per!.key} it is built on)`));
    else if (m.per) why[j] = why[j].map((w) => w ?? `no ${m.per!.key} model`);
  });
  // the points to put (a helper puts none); evaluated: those, and the base model's values that a point is built on
  const inside = models.map(({ key, m, helper }, j) =>
    Uint8Array.from(xs, (_, i) => {
      // a point that would follow the baseline's, for a caller that reads the first point only: not computed
      if (!why[j][i]) return helper || (firstOnly && !m.first && fixed[i][key]) ? 0 : 1;
      if (fixed[i][key] && !helper) fixed[i][key][0].c = `no ${sourceKey(m)} value: ${why[j][i]}`;
      return 0;
    }),
  );
  const evaluated = inside.map((a) => a.slice());
  baseOf.forEach((k, j) => k >= 0 && inside[j].forEach((v, i) => v && (evaluated[k][i] = 1)));
  // Molecules without the estimate an offset model corrects: its direct fallback (loaded only when needed) serves
  // those in its own domain (it learnt from all compounds, large ones too, so its heavy-atom limit is higher).
  for (const { key, m, helper } of [...models]) {
    if (helper || !xs.some((x) => lacksEstimate(m, x))) continue;
    const direct = loadModel(`${key}-direct`);
    if (!direct) continue;
    models.push({ key, m: direct, direct: true });
    inside.push(Uint8Array.from(xs, (x, i) => (lacksEstimate(m, x) && !outsideDomain(direct, x, facts[i]) ? 1 : 0)));
    evaluated.push(inside.at(-1)!);
  }
  const walk = { keys: models.map(({ key, direct }) => (direct ? `${key}-direct` : key)), xs, have, inside: evaluated, envs: features.map((f) => f.envs) };
  const put = (values: Values[]) =>
    models.forEach(({ key, m, direct }, j) => {
      const [s, r] = [sourceKey(m), modelReference(m)];
      const { v, e } = values[j];
      // a model built on another's: its value (and, without an error member, its spread) × the other's value
      const base = m.per && !direct && baseOf[j] >= 0 ? values[baseOf[j]].v : undefined;
      for (let i = 0; i < fixed.length; i++) {
        if (!inside[j][i]) continue;
        const factor = base ? base[i] * m.per!.scale : 1;
        const rounded = roundToUncertainty(v[i] * factor, m.error ? e[i] : e[i] * factor); // v to e's second digit
        const p: DataPoint = { u: key, s, v: rounded.v, e: rounded.e, calc: true, r };
        if (direct) p.c = DIRECT_NOTE;
        const points = (fixed[i][key] ??= []);
        if (m.first) points.unshift(p);
        else points.push(p);
      }
    });
  return { walk, put };
}

/** A model of a walk: `direct`, a fallback (`<key>-direct`); `helper`, evaluated for a model built on it, no point of its own. */
type WalkedModel = { key: string; m: Model; direct: boolean; helper?: boolean };

/** The wanted properties' models, then those they are built on (Model.per) as helpers. */
function wantedModels(wanted: Set<string>): WalkedModel[] {
  const models: WalkedModel[] = MODEL_KEYS.filter((k) => wanted.has(k)).flatMap((key) => {
    const m = loadModel(key);
    return m ? [{ key, m, direct: false }] : [];
  });
  for (const { m } of [...models]) {
    const base = m.per && loadModel(m.per.key);
    if (base && !models.some((e) => e.key === base.key)) models.push({ key: base.key, m: base, direct: false, helper: true });
  }
  return models;
}

/** `c` of a direct fallback's point. */
export const DIRECT_NOTE = 'learnt directly: no group-contribution estimate to correct (larger errors)';

/** Atoms per element symbol, hydrogens included, in order of first appearance. */
function elementCounts(g: MolGraph): Record<string, number> {
  const counts: Record<string, number> = Object.create(null); // null prototype: key orders differ per molecule, a plain object would make a hidden class for each
  for (let a = 0; a < g.heavy; a++) {
    const sym = LABELS[g.z[a]];
    counts[sym] = (counts[sym] ?? 0) + 1;
  }
  if (g.n > g.heavy) counts.H = (counts.H ?? 0) + (g.n - g.heavy);
  return counts;
}

/** The grid plus the extra temperatures, sorted, without duplicates. */
function withExtra(grid: readonly number[], extra: readonly number[]): readonly number[] {
  if (!extra.length) return grid;
  if (!grid.length) return extra;
  return [...new Set([...grid, ...extra])].sort((a, b) => a - b);
}

/**
 * The models a walk of these options may need, by file name: the wanted properties' and those they are built on
 * (direct fallbacks are left out: few batches need them). A walker thread loads them while the first chunk is analysed.
 */
export const walkKeys = (opts: PredictOptions): string[] => wantedModels(withEstimateInputs(checkPredictOptions(opts))).map((e) => e.key);

/** The wanted keys and, when an estimate at a temperature is wanted, the constants it is computed from. */
function withEstimateInputs(wanted: Set<string>): Set<string> {
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
