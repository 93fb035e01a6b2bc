// The local predictor: a SMILES (or a parsed molecule) in, the v1 prediction result (spec part 2.5) out.
// Synchronous and OpenChemLib-only (no RDKit/InChI), so `chem predict` starts fast and batches stream.
// The methods and their keys are methods.ts's, the model points model-points.ts's, many SMILES at once batch.ts's.
import * as OCL from 'openchemlib';
import { MAX_DIGITS, roundSignificant } from '../../api/precision.js';
import type { PredictionResult, PropertyMap } from '../../api/types.js';
import type { PredictOptions } from '../../api/backend.js';
import { masses, parseSmiles, readSmiles, type Molecule } from '../../chem/molecule.js';
import { LeanMolecule, leanMolecule } from '../../chem/smiles/lean.js';
import { molGraph, type MolGraph } from '../../chem/molgraph.js';
import { crippen, crippenTypes } from './crippen.js';
import { gseLog10Solubility, leeKeslerOmega } from './derived.js';
import { jobackCp, jobackEstimate, jobackGroupCounts, jobackViscosity } from './joback.js';
import { mcgowanVolume } from './mcgowan.js';
import type { FeatureInputs } from './features.js';
import { rowOf, type FlatRow } from './flat.js';
import { addEstimates, ESTIMATE_GRID, ESTIMATE_INPUTS, ESTIMATE_KEYS } from './estimates.js';
import { checkPredictOptions, CPG_GRID, DVISC_GRID, INFO, point, PREDICTED_KEYS, withEstimateInputs } from './methods.js';
import { modelPoints } from './model-points.js';
import { runStaged, type Staged } from './staged.js';
import { assignGroups, countsRecord } from '../../chem/unifac-groups.js';

const LABELS = OCL.Molecule.cAtomLabel;

/** Descriptors (mw, Crippen MR) to MAX_DIGITS significant digits, without float noise such as 337.53999999999996. */
const round = (v: number) => roundSignificant(v, MAX_DIGITS);

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
export function read(smiles: string): Molecule | LeanMolecule {
  const s = smiles.trim();
  return leanMolecule(readSmiles(s)) ?? parseSmiles(s, { stereo: false });
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

export const stageMolecules = (mols: readonly (Molecule | LeanMolecule)[], opts: LocalPredictOptions): Staged<PredictionResult[]> =>
  stagePoints(mols, opts, false, result, withInfo);

/**
 * The flat rows of predictMolecules(): the first point of each property, so a model whose point follows its
 * baseline's (Model.first false) walks its trees only for the molecules without a baseline point.
 */
export const flatRows = (mols: readonly (Molecule | LeanMolecule)[], opts: PredictOptions): Staged<FlatRow[]> =>
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
        ...unifacDescriptors(g),
        mol_atom: elements,
        mol_nha: nHeavy,
      },
    },
  };
}

/** The UNIFAC and modified UNIFAC (Dortmund) subgroups (number → count), each only where every heavy atom is covered. */
function unifacDescriptors(g: MolGraph): { unifac?: Record<string, number>; dortmund?: Record<string, number> } {
  const out: { unifac?: Record<string, number>; dortmund?: Record<string, number> } = {};
  for (const m of ['unifac', 'dortmund'] as const) {
    const a = assignGroups(g, m);
    if (a.ok) out[m] = countsRecord(a.counts);
  }
  return out;
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

