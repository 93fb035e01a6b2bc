// A Txy or Pxy diagram of two compounds from what a backend serves: the components (by id, CAS or
// name, resolve.ts), the pair's mixture record (its NRTL, UNIQUAC or Wilson set) and
// each component's vapour-pressure correlations (the backend's stored ones, ranked as chem state ranks them).
// Shared by `chem vle` and the server's GET /api/v1/vle.
import { notFound, usageError } from '../api/errors.js';
import type { Compound, Mixture, ParameterSet } from '../api/types.js';
import type { Backend } from '../api/backend.js';
import { resolveCompound, type ResolveOptions } from '../lookup/resolve.js';
import { roundResult } from './digits.js';
import type { VlePoint, VleRequest, VleResult } from './types.js';
import { binary, ideal, isGroupModel, lnGammaOf, MODELS, RECORD_MODEL, type GroupModelName, type LnGamma, type ModelName, type RQ } from './activity.js';
import { countsRecord, type GroupCounts } from '../chem/unifac-groups.js';
import { groupActivity, groupRule, type GroupActivity } from './group-models.js';
import type { PsatCurve } from '../tdep/curve-text.js';
import { vapourPressures } from './vapour-pressure.js';
import { mixtureIdFor } from '../api/ids.js';
import { azeotrope, bubbleP, bubbleT, dewP, dewT, isPoint, pureBoilingT, type Azeotrope, type Outcome } from './solve.js';
import { Psat, type System } from './system.js';

export const DEFAULT_X = Array.from({ length: 21 }, (_, i) => i / 20);
/** Highest (and lowest) condition accepted: beyond any vapour-pressure correlation of the store. */
const P_MAX = 1e6;
const T_MAX = 1e4;

export function checkRequest(r: VleRequest): void {
  if (r.p !== undefined && r.t !== undefined) throw usageError('give --p (isobaric Txy) or --t (isothermal Pxy), not both');
  if (r.p !== undefined && !(r.p > 0 && r.p <= P_MAX)) throw usageError(`invalid pressure ${r.p}: expected kPa in (0, ${P_MAX}]`);
  if (r.t !== undefined && !(r.t > 0 && r.t <= T_MAX)) throw usageError(`invalid temperature ${r.t}: expected K in (0, ${T_MAX}]`);
  for (const x of r.x ?? []) if (!(x >= 0 && x <= 1)) throw usageError(`invalid mole fraction ${x}: x must lie in [0, 1]`);
  if (r.model && r.model !== 'pr' && !MODELS.includes(r.model)) throw usageError(`unknown model "${r.model}": expected ${MODELS.join(', ')} or pr`);
}

/** The record of the compound a user's word names (resolve.ts). */
async function resolve(backend: Backend, word: string, opts: ResolveOptions): Promise<Compound> {
  return (await backend.compound(await resolveCompound(backend, word, opts), { files: false, predictions: false })).comp;
}

/** A salt (several ions) has no vapour pressure of its own. */
function isSalt(c: Compound): boolean {
  return (c.smiles ?? '').includes('.') && /[+-]/.test(c.smiles ?? '');
}

/** The pair's binary mixture record, or undefined when none holds both. */
export async function pairMixture(backend: Backend, a: Compound, b: Compound): Promise<Mixture | undefined> {
  const { mixtures } = await backend.mixtures(a.id);
  const m = mixtures.find((m) => m.kind === 'binary' && m.components.some((c) => c.cid === b.id));
  return m && (await backend.mixture(m.id)).mix;
}

/** The models of a record, in the order the default takes them. */
const EVALUATED: Exclude<ModelName, GroupModelName>[] = ['nrtl', 'uniquac', 'wilson'];

/** A component's UNIQUAC r and q (its first points), or undefined. */
export function rqOf(c: Compound): RQ | undefined {
  const r = c.fixed_props?.uniquac_r?.[0]?.v;
  const q = c.fixed_props?.uniquac_q?.[0]?.v;
  return r !== undefined && q !== undefined ? { r, q } : undefined;
}

/**
 * The activity model: the one asked for, else the first of EVALUATED the record has a set of (UNIQUAC
 * only where both components have r and q). 404 naming what the record holds.
 */
export function chooseModel(mix: Mixture | undefined, asked: Exclude<ModelName, GroupModelName> | undefined, comps: [Compound, Compound], swap: boolean): { model: ModelName; set?: ParameterSet; lnGamma: LnGamma } {
  if (asked === 'ideal') return { model: 'ideal', lnGamma: ideal };
  const sets = mix?.params ?? [];
  const has = [...new Set(sets.map((p) => p.model))];
  const what = mix ? `the record ${mix.id} holds ${has.join(', ') || 'no parameter set'}` : 'there is no mixture record for the pair';
  const rq = comps.map(rqOf);
  for (const model of asked ? [asked] : EVALUATED) {
    const set = sets.find((p) => p.model === RECORD_MODEL[model]);
    if (!set) continue;
    const lnGamma = lnGammaOf(model, set, swap, rq[0] && rq[1] ? [rq[0], rq[1]] : undefined);
    if (lnGamma) return { model, set, lnGamma };
    if (asked) {
      const without = comps.filter((_, i) => !rq[i]).map((c) => c.compound).join(' and ');
      throw notFound(`UNIQUAC needs the r and q of ${without}, which the database does not hold; use --model nrtl, wilson or ideal (${what})`);
    }
  }
  const wanted = asked ? RECORD_MODEL[asked] : 'NRTL, UNIQUAC or Wilson';
  throw notFound(`no ${wanted} parameters for ${comps[0].compound} / ${comps[1].compound}: ${what}; --model ideal computes Raoult's law`);
}

/** The components' records and the pair's mixture record, where the caller has read them already (vle-answer.ts). */
export interface Known {
  comps: [Compound, Compound];
  mix: Mixture | undefined;
}

export async function vleDiagram(backend: Backend, req: VleRequest, opts: ResolveOptions = {}, known?: Known): Promise<VleResult> {
  checkRequest(req);
  if (req.model === 'pr') throw usageError('Peng–Robinson diagrams are pr-diagram.ts\'s (vle-answer.ts chooses)');
  const comps = known?.comps ?? ([await resolve(backend, req.c1, opts), await resolve(backend, req.c2, opts)] as [Compound, Compound]);
  if (comps[0].id === comps[1].id) throw usageError(`"${req.c1}" and "${req.c2}" are the same compound (${comps[0].compound}, ${comps[0].id})`);
  const notes: string[] = [];
  for (const c of comps) if (isSalt(c)) throw notFound(`${c.compound} (${c.id}) is a salt: it has no vapour pressure of its own`);
  const noPsat = (c: Compound) => notFound(`${c.compound} (${c.id}) has no vapour-pressure correlation in the database and chem cannot estimate one from its structure`);
  const ranked = await vapourPressures(backend, comps, req.t === undefined ? { p: req.p ?? 101.325 } : { t: req.t }, notes, noPsat);
  const mix = req.model === 'ideal' || isGroupModel(req.model) ? undefined : known ? known.mix : await pairMixture(backend, comps[0], comps[1]);
  const swap = !!mix && mix.components[0]!.cid !== comps[0].id;
  const { model, set, lnGamma, notes: modelNotes, groups } = await chooseActivity(backend, mix, req.model, comps, swap);
  notes.push(...modelNotes);
  const psat = ranked.map((r, i) => new Psat(comps[i]!.compound, r.map((x) => x.curve))) as [Psat, Psat];
  const system: System = { model, lnGamma, psat };

  const isobaric = req.t === undefined;
  const p = req.p ?? 101.325;
  const xs = req.x ?? DEFAULT_X;
  let guess: number | undefined;
  const outcomes: Outcome[] = xs.map((x) => {
    const o = isobaric ? (req.dew ? dewT(system, x, p, guess) : bubbleT(system, x, p, guess)) : req.dew ? dewP(system, x, req.t!) : bubbleP(system, x, req.t!);
    if (isPoint(o)) guess = o.t;
    return o;
  });
  const az: Azeotrope | null = azeotrope(system, isobaric ? { p } : { t: req.t! });

  const points = outcomes.map((o): VlePoint => {
    if (isPoint(o) && o.liquids) {
      const [a, b] = o.liquids.lnGamma.map((g) => g.map(Math.exp) as [number, number]) as [[number, number], [number, number]];
      return { x1: o.x1, y1: o.y1, ...(isobaric ? { t: o.t } : { p: o.p }), gamma1: null, gamma2: null, x1_liquids: o.liquids.x1, gamma_liquids: [a, b], phases: 3 };
    }
    if (isPoint(o)) return isobaric ? { x1: o.x1, y1: o.y1, t: o.t, gamma1: o.gamma1, gamma2: o.gamma2 } : { x1: o.x1, y1: o.y1, p: o.p, gamma1: o.gamma1, gamma2: o.gamma2 };
    const base = { x1: o.x1 ?? null, y1: o.y1 ?? null };
    return { ...base, ...(isobaric ? { t: null } : { p: null }), gamma1: null, gamma2: null, note: o.note, ...(o.split ? { liquids: 2 as const } : {}) };
  });
  // the correlations behind the answers (the brackets tried others on the way)
  const temps = isobaric ? [...outcomes.map((o) => o.t), az?.t] : [req.t!];
  const used = psat.map((ps) => new Set(temps.flatMap((T) => (T === undefined ? [] : [ps.curveAt(T)])))) as [Set<PsatCurve | undefined>, Set<PsatCurve | undefined>];
  const inf = gammaInf(system, isobaric ? { p } : { t: req.t! });
  if (groups) notes.push(...implausible(inf.gamma_inf, comps, RECORD_MODEL[model]));
  const result: VleResult = {
    components: comps.map((c) => ({ cid: c.id, name: c.compound, cas: c.cas ?? '' })) as VleResult['components'],
    model: RECORD_MODEL[model],
    ...(isobaric ? { p } : { t: req.t! }),
    kind: req.dew ? 'dew' : 'bubble',
    points,
    azeotrope: az && {
      x1: az.x1,
      ...(az.heterogeneous ? { y1: az.y1 } : {}),
      ...(isobaric ? { t: az.t } : { p: az.p }),
      ...(az.heterogeneous ? { heterogeneous: true, x1_liquids: az.liquids?.x1 } : {}),
    },
    ...inf,
    sources: {
      parameters: groups
        ? { mid: mixtureIdFor(`groups:${model}`), s: 'thermo-unifac', groups: comps.map((c, i) => ({ cid: c.id, subgroups: countsRecord(groups[i]!) })) }
        : set && mix
          ? {
              mid: mix.id,
              s: set.s,
              ...(set.r ? { r: set.r } : {}),
              ...(mix.src[set.s]?.db ? { db: mix.src[set.s]!.db } : {}),
              // UNIQUAC's pure-component parameters and their source
              ...(model === 'uniquac' ? { rq: comps.map((c) => ({ cid: c.id, ...rqOf(c)!, s: c.fixed_props!.uniquac_r![0]!.s })) } : {}),
            }
          : null,
      psat: comps.flatMap((c, i) =>
        ranked[i]!
          .filter((r) => used[i]!.has(r.curve))
          .map((r) => ({ cid: c.id, name: c.compound, s: r.s, equation: r.curve.equation, tmin: r.curve.tmin, tmax: r.curve.tmax, ...(r.r ? { r: r.r } : {}), ...(r.e !== undefined ? { calc: true as const, e: r.e } : {}) })),
      ),
    },
  };
  const split = points.some((p) => p.phases === 3 || p.liquids === 2) || !!az?.heterogeneous;
  if (split && set && vleFitted(set)) notes.push(splitNotice(RECORD_MODEL[model]));
  if (az && isobaric) notes.push(...marginal(az, psat, p));
  if (notes.length) result.notes = notes;
  return roundResult(result);
}

/** True for a parameter set regressed from vapour-liquid equilibrium data (ChemSep's, from DECHEMA's VLE Data Collection). */
export function vleFitted(set: ParameterSet): boolean {
  return /Vapor-Liquid Equilibrium|VLE/i.test(`${set.r ?? ''}`) || set.s === 'chemsep-ipd';
}

/** The notice on a liquid split predicted by a VLE-fitted set. */
export function splitNotice(model: string): string {
  return `the liquid split is what these ${model} parameters predict: they were regressed from VLE data, and such sets predict splits some real mixtures do not have (hexane/ethanol, methanol/xylenes); check mutual solubilities against LLE data`;
}

export interface Chosen {
  model: ModelName;
  set?: ParameterSet;
  lnGamma: LnGamma;
  notes: string[];
  /** A group model's subgroups of each component. */
  groups?: GroupCounts[];
}

const fromGroups = (g: GroupActivity): Chosen => ({ model: g.model, lnGamma: binary(g.activity), notes: g.notes, groups: g.groups });

/**
 * The activity model: the one asked for; else a fitted set of the pair's record (chooseModel); else modified UNIFAC
 * (Dortmund, with the 2.0 rule); else original UNIFAC where Dortmund lacks a subgroup. The ideal solution only when asked.
 */
export async function chooseActivity(backend: Backend, mix: Mixture | undefined, asked: ModelName | undefined, comps: [Compound, Compound], swap: boolean): Promise<Chosen> {
  if (isGroupModel(asked)) return fromGroups(await groupActivity(backend, comps, asked));
  if (asked) return { ...chooseModel(mix, asked, comps, swap), notes: [] };
  if ((mix?.params ?? []).some((p) => EVALUATED.some((m) => RECORD_MODEL[m] === p.model))) {
    try {
      return { ...chooseModel(mix, undefined, comps, swap), notes: [] };
    } catch {
      // UNIQUAC only, without r and q: the group models
    }
  }
  return fromGroups(await groupRule(backend, comps));
}

/** γ1 at infinite dilution in component 2 (at 2's boiling point at p, or at t), and γ2 in 1. */
function gammaInf(s: System, at: { p: number } | { t: number }): Required<Pick<VleResult, 'gamma_inf'>> {
  const T = s.psat.map((ps) => ('p' in at ? pureBoilingT(ps, at.p) : at.t));
  const g1 = Number.isFinite(T[1]!) ? Math.exp(s.lnGamma(0, T[1]!)[0]) : NaN;
  const g2 = Number.isFinite(T[0]!) ? Math.exp(s.lnGamma(1, T[0]!)[1]) : NaN;
  const v = (x: number) => (Number.isFinite(x) ? x : null);
  return { gamma_inf: { gamma1: v(g1), t1: v(T[1]!), gamma2: v(g2), t2: v(T[0]!) } };
}

/** Below this an infinite-dilution coefficient of a group model is no chemistry but a table extrapolated. */
const GAMMA_INF_LOW = 1e-3;

/**
 * The notice on a γ∞ far below any organic mixture's (the strongest negative deviations, chloroform/acetone or
 * amine/acid, stay above ~0.05): a published table's a + bT + cT² taken beyond the temperatures it was fitted at.
 * thermo computes the same numbers silently.
 */
export function implausible(g: VleResult['gamma_inf'], comps: [Compound, Compound], model: string): string[] {
  if (!g) return [];
  const ends = [{ v: g.gamma1, t: g.t1, c: comps[0] }, { v: g.gamma2, t: g.t2, c: comps[1] }];
  return ends
    .filter((e) => e.v !== null && e.v < GAMMA_INF_LOW)
    .map((e) => `${model} gives ${e.c.compound} an infinite-dilution activity coefficient of ${Number(e.v!.toPrecision(2))} at ${Number(e.t!.toFixed(2))} K: its interaction parameters are taken far beyond the data they were fitted to; the answer is not to be trusted (compare another --model)`);
}

/** The notice on an azeotrope within 0.05 K of a pure component's boiling point. */
function marginal(az: Azeotrope, psat: [Psat, Psat], pKpa: number): string[] {
  return psat.flatMap((ps) => {
    const tb = pureBoilingT(ps, pKpa);
    return Math.abs(az.t - tb) < 0.05
      ? [`the azeotrope at ${az.t.toFixed(3)} K lies within 0.05 K of the boiling point of ${ps.name} (${tb.toFixed(3)} K): marginal, well inside the model's uncertainty; it may not exist`]
      : [];
  });
}
