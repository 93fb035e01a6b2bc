// chem state on the local backend: the compound a text names, its stored correlations and record
// points (tdep/curves.ts), and its constants for the phase rule, evaluated by tdep/state.ts. A
// structure the database does not hold answers from the predictor's T-dependent estimates, each
// `calc` (after any measured or correlated value by construction: there is none).
import { notFound, type ChemError } from '../api/errors.js';
import type { Compound, DataPoint, PropertyMap, SourceDescriptor, State, StateResult } from '../api/types.js';
import { joinedTo, type PsatEstimate } from '../tdep/psat-estimate.js';
import type { Backend, StateQuery } from '../api/backend.js';
import type { Store } from './store/store.js';
import { Lru } from '../util/lru.js';
import { resolveHeld } from '../lookup/resolve.js';
import { Curves } from '../tdep/curves.js';
import { GAS_SOURCES, type Constants } from '../tdep/phase.js';
import { needsPsatEstimate, PHASE_KEYS, statesOf } from '../tdep/state.js';

/** What a state needs of the local backend: the v1 lookups (names, predictions) and its store. */
export type StateBackend = Backend & { store(): Promise<Store> };

/** Compounds whose curves were read last, and the ids of the texts resolved last: a batch asks for the same compound at many temperatures. */
const cache = new Lru<string, { record: Compound; curves: Curves; constants: Constants; anchors: PropertyMap }>(64);
const named = new Lru<string, { id: string | undefined }>(64);

export async function localState(backend: StateBackend, text: string, query: StateQuery): Promise<StateResult> {
  const chose: string[] = [];
  let held = named.get(text);
  if (!held) named.set(text, (held = { id: await resolveHeld(backend, text, { onNotice: (n) => chose.push(n) }) }));
  const id = held.id;
  if (id === undefined) return predictedState(backend, text, query);
  const { record, curves, constants, anchors } = await curvesOf(backend, id);
  const raw = needsPsatEstimate(curves, query) ? await psatEstimate(record, anchors, chose) : undefined;
  const estimate = raw && joinedTo(raw, curves.ranked('pvap'), anchors.tb?.[0]?.v);
  const { states, notices } = statesOf(curves, constants, query, estimate);
  notices.unshift(...chose);
  const src = { ...(record.src ?? {}) };
  if (record.smiles) await fillEstimates(record.smiles, anchors, states, query, notices, src, new Set(curves.keys()));
  if (estimate) {
    const { predictorSource } = await import('./predict/methods.js');
    src[estimate.s] ??= predictorSource(estimate.s);
  }
  // a phase is an answer of its own (ice at -20 °C), even without a property of that phase
  if (!states.some((s) => Object.keys(s.props).length || s.phase)) throw nothingAt(record, notices);
  return { compound: { cid: record.id, name: record.compound, cas: record.cas ?? '' }, states, notices, src: sourcesOf(states, src) };
}

async function curvesOf(backend: StateBackend, id: string) {
  const hit = cache.get(id);
  if (hit) return hit;
  const store = await backend.store();
  const { fullRecord } = await import('./record.js');
  const record = await fullRecord(store, id, { files: false, predictions: false });
  const first = (key: string) => {
    const p = record.fixed_props?.[key]?.[0];
    return p && !p.calc ? { v: p.v, s: p.s } : undefined;
  };
  const constants: Constants = { tf: first('tf'), tb: first('tb'), tc: first('tc'), pc: first('pc'), af: first('af'), mw: record.mw };
  const curves = new Curves({ correlations: store.correlations(record.id), points: record.tpdep_props ?? {} });
  const { anchorsOf } = await import('./predict/vapour-pressure.js');
  const entry = { record, curves, constants, anchors: anchorsOf(record) };
  cache.set(id, entry);
  return entry;
}

/**
 * The vapour pressure estimated for a record where its stored ones do not answer: from its structure through its
 * measured constants, or from those alone without a structure; a failure is a notice.
 */
async function psatEstimate(record: Compound, anchors: PropertyMap, notices: string[]): Promise<PsatEstimate | undefined> {
  const { estimatePsat } = await import('./predict/vapour-pressure.js');
  try {
    return await estimatePsat(record.smiles || undefined, anchors);
  } catch (err) {
    notices.push(`no vapour-pressure estimate: ${(err as Error).message}`);
    return undefined;
  }
}

/** The properties the predictor estimates at a temperature (corresponding states on the model family's constants; Joback's cpg and dvisc). */
const ESTIMATED = ['pvap', 'rhol', 'hvapt', 'cpl', 'srf', 'tcondl', 'cpg', 'dvisc'];

/**
 * The estimates of the properties a state asks for (--prop, its phase's, else every estimated one) of which the
 * database holds no value at all (`held`: a property it holds elsewhere in T answers nothing outside its sources'
 * ranges, and says so): calc points, the only ones of their property.
 */
async function fillEstimates(smiles: string, anchors: PropertyMap, states: State[], query: StateQuery, notices: string[], src: Record<string, SourceDescriptor>, held: Set<string>): Promise<void> {
  const wanted = (s: State) => (query.props ?? (s.phase ? PHASE_KEYS[s.phase] : ESTIMATED)).filter((k) => ESTIMATED.includes(k) && !held.has(k) && !s.props[k]?.length);
  const asked = states.filter((s) => wanted(s).length);
  if (!asked.length) return;
  const props = [...new Set(asked.flatMap(wanted))];
  const { predict } = await import('./predict/index.js');
  const { predictorSource } = await import('./predict/methods.js');
  const { DEPENDS } = await import('./predict/estimates.js');
  let r;
  try {
    r = predict(smiles, { temperatures: asked.map((s) => s.t), grid: false, props, anchors });
  } catch (err) {
    notices.push(`estimates left out: ${(err as Error).message}`);
    return;
  }
  for (const s of asked) {
    const filled = wanted(s).filter((k) => {
      const at = (r.properties.tdep[k] ?? []).filter((p) => p.t === s.t);
      if (at.length) s.props[k] = at;
      for (const p of at) src[p.s] ??= predictorSource(p.s);
      return at.length > 0;
    });
    if (!filled.length) continue;
    const said = new Set(filled.map((k) => `${s.t} K: ${k}: no data`));
    const read = Object.keys(anchors).filter((a) => filled.some((k) => DEPENDS[k]?.includes(a)));
    const through = read.length ? ` through the record's measured ${read.join(', ')}` : '';
    notices.splice(0, notices.length, ...notices.filter((n) => !said.has(n)), `${s.t} K: ${filled.join(', ')} estimated from the structure${through} (calc): the database holds no value`);
  }
}

/** A structure without a record: the predictor's estimates at each T (no phase: no measured constants). */
async function predictedState(backend: StateBackend, smiles: string, query: StateQuery): Promise<StateResult> {
  const ts = query.t ?? [];
  if (!ts.length) throw notFound(`${smiles} is not in the database: a saturation temperature needs its measured vapour pressure`);
  const r = await backend.predict(smiles, { temperatures: ts, grid: false, props: query.props });
  const states: State[] = ts.map((t) => {
    const props: Record<string, DataPoint[]> = {};
    for (const [key, points] of Object.entries(r.properties.tdep)) {
      const at = points.filter((p) => p.t === t);
      if (at.length) props[key] = at;
    }
    return query.p === undefined ? { t, props } : { t, p: query.p, props };
  });
  const notices = ['not in the database: estimates from the structure alone (calc), no phase'];
  if (!states.some((s) => Object.keys(s.props).length)) throw notFound(`${smiles} is not in the database and no estimate covers ${ts.join(', ')} K`);
  const { predictorSource } = await import('./predict/methods.js');
  const known = Object.fromEntries(states.flatMap((s) => Object.values(s.props).flat().map((p) => [p.s, predictorSource(p.s)])));
  return { compound: { cid: '', name: '', cas: '' }, states, notices, src: sourcesOf(states, known) };
}

/** The source descriptors the states' points name. */
function sourcesOf(states: State[], known: Record<string, SourceDescriptor>): Record<string, SourceDescriptor> {
  const src: Record<string, SourceDescriptor> = {};
  for (const s of states) for (const ps of Object.values(s.props)) for (const p of ps) src[p.s] ??= known[p.s] ?? GAS_SOURCES[p.s] ?? { db: p.s, url: '' };
  return src;
}

/** 404 naming what the compound has and where: nothing of the query at any of its temperatures. */
function nothingAt(record: Compound, notices: string[]): ChemError {
  const why = notices.filter((n) => !n.endsWith('no data')).slice(0, 6);
  return notFound(`no property of ${record.compound} (${record.id}) at the conditions asked${why.length ? `: ${why.join('; ')}` : ''}`);
}
