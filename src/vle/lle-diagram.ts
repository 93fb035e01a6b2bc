// The liquid-liquid equilibrium of two compounds at given temperatures (`chem lle`, GET /api/v1/lle):
// the two coexisting liquids at each T from the pair's NRTL or UNIQUAC set (lle.ts), nothing where
// one liquid is stable; with `binodal`, the curve over a range of T and the critical solution
// temperatures where it closes.
import { notFound, usageError } from '../api/errors.js';
import { roundSignificant } from '../api/precision.js';
import type { Compound } from '../api/types.js';
import type { Backend } from '../api/backend.js';
import { resolveCompound } from '../lookup/resolve.js';
import { RECORD_MODEL, type LnGamma, type ModelName } from './activity.js';
import { chooseModel, pairMixture, rqOf, splitNotice, vleFitted } from './diagram.js';
import type { VleComponent, VleResult } from './types.js';
import { criticalPoints, liquidsAt, type Critical } from './lle.js';

export const LLE_MODELS = ['nrtl', 'uniquac'] as const;

export interface LleRequest {
  c1: string;
  c2: string;
  /** K; default 298.15. */
  t?: number[];
  model?: (typeof LLE_MODELS)[number];
  /** Also the binodal over min(t) − 50 … max(t) + 50 K and the critical solution temperatures there. */
  binodal?: boolean;
}

export interface LlePoint {
  /** K */
  t: number;
  /** x1 of the two liquids, the one poorer in component 1 first. */
  x1: [number, number];
  /** γ1 in each liquid, and γ2. */
  gamma1: [number, number];
  gamma2: [number, number];
}

export interface LleResult {
  components: [VleComponent, VleComponent];
  model: string;
  points: LlePoint[];
  /** The binodal (with `binodal`): the liquids at each T of the range where the liquid splits, and where it closes. */
  binodal?: { tmin: number; tmax: number; points: LlePoint[]; critical: { t: number; x1: number; kind: 'upper' | 'lower' }[] };
  sources: { parameters: VleResult['sources']['parameters'] };
  /** Notices: temperatures where one liquid is stable; a split predicted by a VLE-fitted set. */
  notes?: string[];
}

const T_MAX = 1e4;
/** Digits of the liquids and γ: the isoactivity residual is below 1e-11, the parameters have 4 to 7. */
const DIGITS = 6;

export function checkLle(r: LleRequest): void {
  for (const t of r.t ?? []) if (!(t > 0 && t <= T_MAX)) throw usageError(`invalid temperature ${t}: expected K in (0, ${T_MAX}]`);
  if (r.model && !LLE_MODELS.includes(r.model)) throw usageError(`unknown model "${r.model}": expected ${LLE_MODELS.join(' or ')} (Wilson and the ideal solution never split)`);
}

/** The point at T (rounded), or undefined where one liquid is stable. */
function pointAt(g: LnGamma, T: number, start?: [number, number]): LlePoint | undefined {
  const l = liquidsAt(g, T, start);
  if (!l) return undefined;
  const r = (v: number) => roundSignificant(v, DIGITS);
  const [a, b] = l.lnGamma.map(([g1, g2]) => [r(Math.exp(g1)), r(Math.exp(g2))] as const);
  return { t: T, x1: [r(l.x1[0]), r(l.x1[1])], gamma1: [a![0], b![0]], gamma2: [a![1], b![1]] };
}

/** The binodal over [lo, hi]: 61 temperatures, each started from its neighbour's liquids, and the critical points. */
function binodal(g: LnGamma, lo: number, hi: number): NonNullable<LleResult['binodal']> {
  const points: LlePoint[] = [];
  let last: [number, number] | undefined;
  for (let i = 0; i <= 60; i++) {
    const T = roundSignificant(lo + ((hi - lo) * i) / 60, 8);
    const p = pointAt(g, T, last);
    if (p) points.push(p);
    last = p?.x1;
  }
  const critical = criticalPoints(g, lo, hi).map((c: Critical) => ({ t: Number(c.t.toFixed(2)), x1: Number(c.x1.toFixed(3)), kind: c.kind }));
  return { tmin: lo, tmax: hi, points, critical };
}

export async function lleDiagram(backend: Backend, req: LleRequest): Promise<LleResult> {
  checkLle(req);
  const comp = async (w: string): Promise<Compound> => (await backend.compound(await resolveCompound(backend, w), { files: false, predictions: false })).comp;
  const comps = [await comp(req.c1), await comp(req.c2)] as [Compound, Compound];
  if (comps[0].id === comps[1].id) throw usageError(`"${req.c1}" and "${req.c2}" are the same compound (${comps[0].compound}, ${comps[0].id})`);
  const mix = await pairMixture(backend, comps[0], comps[1]);
  const swap = !!mix && mix.components[0]!.cid !== comps[0].id;
  let chosen: ReturnType<typeof chooseModel> | undefined;
  let error: unknown;
  for (const m of req.model ? [req.model] : LLE_MODELS) {
    try {
      chosen = chooseModel(mix, m as ModelName, comps, swap);
      break;
    } catch (e) {
      error ??= e;
    }
  }
  if (!chosen) {
    if (req.model) throw error;
    const has = [...new Set((mix?.params ?? []).map((p) => p.model))].join(', ') || 'no parameter set';
    throw notFound(`no NRTL or UNIQUAC parameters for ${comps[0].compound} / ${comps[1].compound}: ${mix ? `the record ${mix.id} holds ${has}` : 'there is no mixture record for the pair'} (Wilson and the ideal solution never split a liquid)`);
  }
  const { model, set, lnGamma } = chosen;
  const ts = req.t ?? [298.15];
  const notes: string[] = [];
  const points: LlePoint[] = [];
  for (const T of ts) {
    const p = pointAt(lnGamma, T);
    if (p) points.push(p);
    else notes.push(`${T} K: one liquid (${RECORD_MODEL[model]} predicts no split)`);
  }
  const result: LleResult = {
    components: comps.map((c) => ({ cid: c.id, name: c.compound, cas: c.cas ?? '' })) as LleResult['components'],
    model: RECORD_MODEL[model],
    points,
    sources: {
      parameters: set && mix ? { mid: mix.id, s: set.s, ...(set.r ? { r: set.r } : {}), ...(mix.src[set.s]?.db ? { db: mix.src[set.s]!.db } : {}), ...(model === 'uniquac' ? { rq: comps.map((c) => ({ cid: c.id, ...rqOf(c)!, s: c.fixed_props!.uniquac_r![0]!.s })) } : {}) } : null,
    },
  };
  if (req.binodal) {
    result.binodal = binodal(lnGamma, roundSignificant(Math.max(Math.min(...ts) - 50, 100), 8), roundSignificant(Math.max(...ts) + 50, 8));
  }
  if ((points.length || result.binodal?.points.length) && set && vleFitted(set)) notes.push(splitNotice(RECORD_MODEL[model]));
  if (notes.length) result.notes = notes;
  return result;
}
