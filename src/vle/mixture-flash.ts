// The flash of a feed of N named compounds: the one entry point of chem flash, GET /api/v1/flash and
// the MCP tool (`flashMixture`: a typed request in, the JSON object out). Two of T, P and the vapour
// fraction fix the state: T and P an isothermal flash, vf 0 or 1 with T or P a bubble or dew point.
// The model: Peng–Robinson (φ–φ) or modified Raoult's law with an activity model (γ–φ), chosen by
// the default rule where none is asked for (defaultModel).
import { roundDecimals, roundSignificant } from '../api/precision.js';
import { notFound, usageError } from '../api/errors.js';
import type { Compound } from '../api/types.js';
import { FLASH_MODELS, type FlashModel, type FlashRequest, type FlashResult } from '../api/flash.js';
import type { Backend } from '../api/backend.js';
import type { ResolveOptions } from '../lookup/resolve.js';
import { nrtlFromPairs, uniquacFromPairs, wilsonFromPairs, idealN, type Activity, type RQ } from './activity-models.js';
import { rqOf, splitNotice } from './diagram.js';
import { vapourPressures } from './vapour-pressure.js';
import { isGroupModel, RECORD_MODEL } from './activity.js';
import { groupActivity, groupRule } from './group-models.js';
import { saturation, tpFlash, type FlashState } from './flash.js';
import { prFugacity, raoultFugacity, type Fugacity } from './fugacity.js';
import { activityPairs, components, kijMatrix, pairs, prByDefault, prComponents, type Pair } from './mixture.js';
import { Psat } from './system.js';
import { splitBubble } from './split-bubble.js';

export { FLASH_MODELS, type FlashModel, type FlashRequest, type FlashResult };

const NAMES: Record<FlashModel, string> = { pr: 'PR', ...RECORD_MODEL };

/** The request checked, its fractions normalised (usage errors: exit 2). */
export function checkFlash(r: FlashRequest): FlashRequest & { z: number[] } {
  const n = r.components.length;
  if (n < 2 || n > 20) throw usageError(`a flash takes 2 to 20 components, not ${n}`);
  const given = (['t', 'p', 'vf'] as const).filter((k) => r[k] !== undefined);
  if (given.length !== 2) throw usageError(`give exactly two of T (--t), P (--p) and the vapour fraction (--vf) (${given.length ? `got ${given.map((k) => `${k}`).join(', ')}` : 'got none'})`);
  if (r.t !== undefined && !(r.t > 0 && r.t <= 1e4)) throw usageError(`invalid temperature ${r.t} K: expected a value in (0, 10000]`);
  if (r.p !== undefined && !(r.p > 0 && r.p <= 1e6)) throw usageError(`invalid pressure ${r.p} kPa: expected a value in (0, 1e6]`);
  if (r.vf !== undefined && r.vf !== 0 && r.vf !== 1) throw usageError(`--vf ${r.vf}: a vapour fraction of 0 (bubble point) or 1 (dew point)`);
  if (r.model !== undefined && !FLASH_MODELS.includes(r.model)) throw usageError(`unknown model "${r.model}": expected ${FLASH_MODELS.join(', ')}`);
  if (r.z.length !== n) throw usageError(`--z has ${r.z.length} mole fraction${r.z.length === 1 ? '' : 's'} for ${n} components`);
  if (r.z.some((v) => !Number.isFinite(v) || v < 0)) throw usageError(`--z: mole fractions must be numbers ≥ 0 (got ${r.z.join(', ')})`);
  const s = r.z.reduce((a, b) => a + b, 0);
  if (!(Math.abs(s - 1) <= 0.01)) throw usageError(`--z sums to ${roundSignificant(s, 6)}: mole fractions must sum to 1 (within 1 %, then normalised)`);
  if (r.z.filter((v) => v > 0).length < 2) throw usageError('--z: a flash needs at least two components present (x > 0)');
  return { ...r, z: r.z.map((v) => v / s) };
}

/**
 * The default rule: PR where a component is above its critical temperature at T, where P ≥ 1 MPa, or
 * where every pair has kij and none an activity set; else the activity model with pair sets for
 * every pair (NRTL, then UNIQUAC, then Wilson). Returns the model and why.
 */
export function defaultModel(comps: readonly Compound[], found: readonly Pair[], r: FlashRequest): { model: FlashModel; why: string } {
  const pr = prByDefault(comps, found, r);
  if (pr) return { model: 'pr', why: pr };
  for (const m of ['nrtl', 'uniquac', 'wilson'] as const) {
    if (activityPairs(comps.length, found, comps, NAMES[m]) && (m !== 'uniquac' || comps.every(rqOf))) return { model: m, why: `every pair has ${NAMES[m]} parameters` };
  }
  return { model: 'dortmund', why: `no fitted activity model has parameters for every pair (none for ${missingPairs(comps, found)}): the group rule` };
}

function missingPairs(comps: readonly Compound[], found: readonly Pair[]): string {
  const out: string[] = [];
  for (let i = 0; i < comps.length; i++)
    for (let j = i + 1; j < comps.length; j++) {
      const p = found.find((q) => q.i === i && q.j === j);
      if (!p?.mix.params.some((s) => ['NRTL', 'UNIQUAC', 'Wilson'].includes(s.model))) out.push(`${comps[i]!.compound}/${comps[j]!.compound}`);
    }
  return out.join(', ');
}

/**
 * The activity model of N components: the pairs' sets of a fitted model (404 naming the pairs without one),
 * a group model by name, or (`dortmund` chosen by the default rule) the group rule of group-models.ts.
 */
async function activityOf(backend: Backend, model: Exclude<FlashModel, 'pr'>, comps: readonly Compound[], found: readonly Pair[], byRule: boolean, notices: string[]): Promise<{ activity: Activity; name: string }> {
  if (model === 'ideal') return { activity: idealN, name: 'ideal' };
  if (isGroupModel(model)) {
    const g = byRule ? await groupRule(backend, comps) : await groupActivity(backend, comps, model);
    notices.push(...g.notes);
    return { activity: g.activity, name: RECORD_MODEL[g.model] };
  }
  const sets = activityPairs(comps.length, found, comps, NAMES[model]);
  if (!sets) throw notFound(`no ${NAMES[model]} parameters for every pair: ${missingPairs(comps, found) || 'some pairs lack this model'}; try another --model`);
  if (model === 'nrtl') return { activity: nrtlFromPairs(comps.length, sets), name: 'NRTL' };
  if (model === 'wilson') return { activity: wilsonFromPairs(comps.length, sets), name: 'Wilson' };
  const rq = comps.map(rqOf);
  if (rq.some((x) => !x)) throw notFound(`UNIQUAC needs the r and q of ${comps.filter((c) => !rqOf(c)).map((c) => c.compound).join(', ')}, which the database does not hold`);
  return { activity: uniquacFromPairs(sets, rq as RQ[]), name: 'UNIQUAC' };
}

/**
 * Modified Raoult's law over the components' vapour pressures (vapour-pressure.ts: the stored correlations, then
 * the estimate where they do not cover the flash's T or boiling range at its P; 404 for one with neither).
 */
async function raoultOf(backend: Backend, comps: readonly Compound[], activity: Activity, canSplit: boolean, r: FlashRequest, notices: string[]): Promise<Fugacity> {
  const none = (c: Compound) => notFound(`${c.compound} (${c.id}) has no vapour-pressure correlation in the database and chem cannot estimate one: try --model pr`);
  const all = await vapourPressures(backend, comps, r.t !== undefined ? { t: r.t } : { p: r.p! }, notices, none);
  const parts = comps.map((c, i) => {
    const ps = new Psat(c.compound, all[i]!.map((x) => x.curve));
    return { psat: (T: number) => ps.at(T), mw: c.mw ?? NaN };
  });
  return raoultFugacity(parts, activity, canSplit);
}

/** The solved state: an isothermal flash, or a bubble/dew point with its incipient phase at fraction 0. */
function solve(model: Fugacity, z: number[], r: FlashRequest): FlashState {
  if (r.vf === undefined) return tpFlash(model, z, r.t!, r.p!);
  const fixed = r.t !== undefined ? { t: r.t } : { p: r.p! };
  const s = saturation(model, z, fixed, r.vf as 0 | 1);
  const bubble = r.vf === 0;
  const split = bubble ? splitBubble(model, z, fixed, s) : undefined;
  if (split) return split;
  return {
    t: s.t,
    p: s.p,
    phases: bubble
      ? [{ phase: 'gas', fraction: 0, x: s.incipient }, { phase: 'liquid', fraction: 1, x: z }]
      : [{ phase: 'gas', fraction: 1, x: z }, { phase: 'liquid', fraction: 0, x: s.incipient }],
  };
}

/** kg/m³ of the pure liquid at T: its recommended saturated-liquid density (chem state), NaN where none. */
async function liquidDensity(backend: Backend, c: Compound, T: number): Promise<number> {
  const r = await backend.state(c.id, { t: [T], props: ['rhol'] }).catch(() => undefined);
  return r?.states[0]?.props.rhol?.[0]?.v ?? NaN;
}

/** The phases' densities: PR's, or for γ–φ the ideal gas and the molar-volume-additive liquid (null with a notice where a component has no liquid density at T). */
async function densities(backend: Backend, comps: readonly Compound[], model: Fugacity, st: FlashState, notices: string[]): Promise<(number | null)[]> {
  if (model.eos) return st.phases.map((ph) => model.density(ph.x, st.t, st.p, ph.phase !== 'gas'));
  const needed = st.phases.some((ph) => ph.phase !== 'gas');
  const rho = needed ? await Promise.all(comps.map((c) => liquidDensity(backend, c, st.t))) : [];
  return st.phases.map((ph) => {
    if (ph.phase === 'gas') return model.density(ph.x, st.t, st.p, false);
    let v = 0;
    let mw = 0;
    ph.x.forEach((x, i) => {
      if (x > 0) v += (x * comps[i]!.mw!) / rho[i]!;
      mw += x * comps[i]!.mw!;
    });
    const d = mw / v;
    if (Number.isFinite(d)) return d;
    const none = comps.filter((_, i) => !Number.isFinite(rho[i]!)).map((c) => c.compound);
    notices.push(`${ph.phase} density left out: no liquid density of ${none.join(', ')} at ${roundSignificant(st.t, 6)} K`);
    return null;
  });
}

/** The flash a request asks for, as its JSON object. Throws a ChemError (usage, not found, no convergence). */
export async function flashMixture(backend: Backend, request: FlashRequest, opts: ResolveOptions = {}): Promise<FlashResult> {
  const r = checkFlash(request);
  const notices: string[] = [];
  const comps = await components(backend, r.components, { ...opts, onNotice: (m) => notices.push(m) });
  const found = await pairs(backend, comps);
  let chosen = r.model;
  const byRule = !chosen;
  if (!chosen) {
    const d = defaultModel(comps, found, r);
    chosen = d.model;
    notices.push(`model: ${d.model === 'dortmund' ? 'modified UNIFAC (Dortmund), else UNIFAC' : NAMES[chosen]} (${d.why})`);
  }
  let model: Fugacity;
  let name = NAMES[chosen];
  if (chosen === 'pr') {
    const prc = await prComponents(backend, comps, notices);
    model = prFugacity(prc, kijMatrix(comps, found, notices));
  } else {
    const a = await activityOf(backend, chosen, comps, found, byRule, notices);
    name = a.name;
    model = await raoultOf(backend, comps, a.activity, chosen !== 'wilson' && chosen !== 'ideal', r, notices);
  }
  const st = solve(model, r.z, r);
  if (['nrtl', 'uniquac'].includes(chosen) && st.phases.some((ph) => ph.phase === 'liquid2')) notices.push(splitNotice(NAMES[chosen]));
  const rho = await densities(backend, comps, model, st, notices);
  const fr = (v: number) => roundDecimals(v, 6);
  return {
    components: comps.map((c) => ({ cid: c.id, name: c.compound, cas: c.cas ?? '' })),
    model: name,
    t: roundSignificant(st.t, 7),
    p: roundSignificant(st.p, 6),
    z: r.z.map(fr),
    vf: fr(st.phases.find((ph) => ph.phase === 'gas')?.fraction ?? 0),
    phases: st.phases.map((ph, k) => ({ phase: ph.phase, fraction: fr(ph.fraction), x: ph.x.map(fr), rho: rho[k] == null ? null : roundSignificant(rho[k]!, 4) })),
    notices,
  };
}
