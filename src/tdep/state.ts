// The states `chem state` answers: a compound's properties at each temperature (and pressure), with
// the phase there; with a pressure and no temperature, the saturation temperature and the boiling
// liquid's properties. Pure: the compound's curves and constants come from a backend (local/state.ts).
import { notFound } from '../api/errors.js';
import { roundSignificant } from '../api/precision.js';
import type { State } from '../api/types.js';
import { CURVE_DIGITS, type Curves } from './curves.js';
import { boilingCriticalPsat, gasDensity, phaseAt, solveSaturation, type Constants, type Phase } from './phase.js';
import { estimatedPoint, estimatedSaturation, type PsatEstimate } from './psat-estimate.js';
import type { StateQuery } from '../api/backend.js';

/** The properties shown for a phase (a pressure given, no --prop). */
export const PHASE_KEYS: Readonly<Record<Phase, readonly string[]>> = {
  liquid: ['pvap', 'rhol', 'dvisc', 'cpl', 'srf', 'tcondl', 'hvapt', 'epsr', 'rfi'],
  gas: ['rhog', 'cpg', 'tcondg', 'pvap'],
  supercritical: ['rhog', 'cpg', 'tcondg'],
  solid: ['psub', 'cps'],
};

/**
 * Whether a query needs the estimated vapour pressure: the vapour pressure's ranked methods are the stored
 * correlations and points, then the estimate, which answers only where none of them covers T (a pure temperature
 * query asking for pvap, or telling the phase) or reaches P (a saturation temperature).
 */
export function needsPsatEstimate(curves: Curves, q: StateQuery): boolean {
  if (!curves.keys().includes('pvap')) return true;
  if (!q.t?.length) return q.p !== undefined && !saturation(curves, q.p);
  const asked = !q.props || q.props.includes('pvap') || q.p !== undefined;
  return asked && q.t.some((T) => !curves.at('pvap', T).points.length);
}

/**
 * The states of a query, and notices (properties without a value, how a phase was told). `estimate`: the vapour
 * pressure estimated from the compound's constants, the last of pvap's methods: it answers (calc, said in a
 * notice) where no stored correlation or point covers T, tells the phase there, and gives the saturation
 * temperature where no correlation reaches P.
 */
export function statesOf(curves: Curves, k: Constants, q: StateQuery, estimate?: PsatEstimate): { states: State[]; notices: string[] } {
  const notices: string[] = [];
  const est = estimate;
  if (q.t?.length) return { states: q.t.map((T) => stateAt(curves, k, T, q, notices, est)), notices };
  if (q.p === undefined) throw new Error('a state needs a temperature or a pressure');
  const sat = saturation(curves, q.p);
  const estimated = !sat && est ? estimatedSaturation(est, q.p) : undefined;
  if (!sat && !estimated) {
    const ranges = curves.ranges('pvap');
    throw notFound(
      ranges
        ? `no vapour-pressure correlation reaches ${q.p} kPa inside its range (${ranges})`
        : est
          ? `the estimated vapour pressure (${est.s}) does not reach ${q.p} kPa below its critical temperature ${roundSignificant(est.tmax, 4)} K`
          : 'no vapour pressure to solve for the saturation temperature',
    );
  }
  const t = sat?.t ?? estimated!.t;
  const state = stateAt(curves, k, t, { ...q, p: undefined }, notices);
  if (estimated) state.props.pvap = [estimatedPoint(est!, t)];
  const keys = q.props ?? PHASE_KEYS.liquid;
  state.props = Object.fromEntries(Object.entries(state.props).filter(([key]) => keys.includes(key)));
  const held = curves.ranges('pvap');
  notices.unshift(
    sat
      ? `saturation temperature at ${q.p} kPa from ${sat.s}'s ${sat.c}`
      : `saturation temperature at ${q.p} kPa estimated (calc): ${t} ± ${estimated!.e} K from ${est!.s}, ${est!.r}: ${held ? `no stored vapour pressure reaches ${q.p} kPa inside its range (${held})` : 'the database holds no vapour pressure of it'}`,
  );
  return { states: [{ t: state.t, p: q.p, phase: 'liquid', saturation: true, props: state.props }], notices };
}

function stateAt(curves: Curves, k: Constants, T: number, q: StateQuery, notices: string[], est?: PsatEstimate): State {
  const state: State = { t: T, props: {} };
  let keys: readonly string[] = q.props ?? curves.keys();
  if (q.p !== undefined) {
    state.p = q.p;
    let psat: number | undefined = curves.at('pvap', T).points[0]?.v;
    const inLiquidRange = (!k.tc || T < k.tc.v) && (!k.tf || T >= k.tf.v);
    if (psat === undefined && est && inLiquidRange && Number.isFinite(est.f(T))) {
      psat = est.f(T);
      const held = curves.ranges('pvap');
      notices.push(`${T} K: ${held ? `no stored vapour pressure covers T (${held})` : 'no vapour pressure in the database'}; liquid or gas told from the estimated one (${est.s})`);
    }
    if (psat === undefined && inLiquidRange) {
      psat = boilingCriticalPsat(T, k);
      if (psat !== undefined) notices.push(`${T} K: no vapour pressure covers T; liquid or gas told from the line through the normal boiling and critical points`);
    }
    const phase = phaseAt(T, q.p, k, psat);
    if (phase) {
      state.phase = phase;
      // above Tc there is no vapour pressure to show
      keys = q.props ?? PHASE_KEYS[phase].filter((key) => key !== 'pvap' || !k.tc || T < k.tc.v);
    } else notices.push(`${T} K: the phase cannot be told (no melting point, critical point or vapour pressure there)`);
  }
  for (const key of keys) {
    if (key === 'rhog') {
      const g = q.p === undefined ? undefined : gasDensity(T, q.p, k);
      if (g) state.props.rhog = [g];
      else if (q.props) notices.push(q.p === undefined ? 'rhog: needs a pressure' : 'rhog: no molar mass');
      continue;
    }
    const { points, why } = curves.at(key, T, q.extrapolate);
    if (points.length) state.props[key] = points;
    else if (key === 'pvap' && est && curves.ranges('pvap') && Number.isFinite(est.f(T)) && (!k.tc || T < k.tc.v)) {
      // a stored curve elsewhere in T: the estimate, the last of pvap's methods, answers here (local/state.ts fills
      // the estimates of a record with no stored value at all)
      state.props.pvap = [estimatedPoint(est, T)];
      notices.push(`${T} K: ${why}: pvap is chem's estimate there (calc, ${est.s})`);
    }
    // a property out of its sources' range is said only when asked for (--prop): it does not change the answer
    else if (why && q.props) notices.push(`${T} K: ${why}`);
  }
  return state;
}

/** The recommended vapour-pressure correlation whose range reaches P (Curves.ranked), and T where it equals P (6 significant digits). */
function saturation(curves: Curves, P: number): { t: number; s: string; c: string } | undefined {
  for (const c of curves.ranked('pvap')) {
    if (!(c.f(c.tmin) <= P && P <= c.f(c.tmax))) continue;
    const t = solveSaturation(c.f, P, c.tmin, c.tmax);
    if (t !== undefined) return { t: roundSignificant(t, CURVE_DIGITS), s: c.s, c: c.c ?? c.eq };
  }
  return undefined;
}
