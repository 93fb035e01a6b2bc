// Response checking: a server's JSON is checked against the v1 contract (src/api/types.ts) before
// the CLI touches it. Required fields must be there with the right type; optional fields are checked
// when present and not null; unknown fields are kept (the service "may return further fields").
import type {
  CompoundResponse,
  ConversionResult,
  CorrelationList,
  MixtureList,
  MixtureResponse,
  PredictionResult,
  SearchResult,
  StateResult,
} from '../api/types.js';
import type { FlashResult } from '../vle/mixture-flash.js';

/** Thrown with the path of the first field that does not fit; the client turns it into a ChemError. */
export class ShapeError extends Error {}

type Kind = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';
type Obj = Record<string, unknown>;

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function is(v: unknown, kind: Kind): boolean {
  const k = kindOf(v);
  return k === kind || (kind === 'number' && k === 'integer');
}

function expect(v: unknown, kind: Kind, path: string): void {
  if (v === undefined) throw new ShapeError(`${path} is missing`);
  if (!is(v, kind)) throw new ShapeError(`${path} should be ${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}, got ${kindOf(v)}`);
}

function object(v: unknown, path: string): Obj {
  expect(v, 'object', path);
  return v as Obj;
}

function array(v: unknown, path: string): unknown[] {
  expect(v, 'array', path);
  return v as unknown[];
}

function fields(o: Obj, path: string, required: Record<string, Kind>, optional: Record<string, Kind> = {}): void {
  for (const [k, kind] of Object.entries(required)) expect(o[k], kind, `${path}.${k}`);
  for (const [k, kind] of Object.entries(optional)) if (o[k] !== undefined && o[k] !== null) expect(o[k], kind, `${path}.${k}`);
}

function nullable(v: unknown, kind: Kind, path: string): void {
  if (v !== null) expect(v, kind, path);
}

function propertyMap(v: unknown, path: string): void {
  for (const [key, points] of Object.entries(object(v, path))) {
    array(points, `${path}.${key}`).forEach((p, i) => fields(object(p, `${path}.${key}[${i}]`), `${path}.${key}[${i}]`, { v: 'number', s: 'string' }, { t: 'number', e: 'number', calc: 'boolean' }));
  }
}

function compound(v: unknown, path: string): void {
  const c = object(v, path);
  fields(c, path, { id: 'string', compound: 'string' }, {
    rev: 'integer', cas: 'string', inchi: 'string', inchikey: 'string', formula: 'string', type: 'string',
    mw: 'number', smiles: 'string', drawing: 'string', other_names: 'array', src: 'object', descr: 'object',
    has_outliers: 'boolean', log: 'array', mol2d: 'string', mol3d: 'string', mtime: 'number',
  });
  for (const k of ['fixed_props', 'tpdep_props'] as const) if (c[k] !== undefined && c[k] !== null) propertyMap(c[k], `${path}.${k}`);
}

export function checkSearch(v: unknown): SearchResult {
  const r = object(v, 'body');
  array(r.comps, 'body.comps').forEach((c, i) => compound(c, `body.comps[${i}]`));
  nullable(r.next_page, 'integer', 'body.next_page');
  nullable(r.prev_page, 'integer', 'body.prev_page');
  fields(r, 'body', { total: 'integer', query: 'string', search_time: 'number' });
  const range = array(r.range, 'body.range');
  if (range.length !== 2 || !range.every((x) => is(x, 'integer'))) throw new ShapeError('body.range should be two integers');
  if (r.suggestions !== undefined) nullable(r.suggestions, 'array', 'body.suggestions');
  return r as unknown as SearchResult;
}

export function checkCompound(v: unknown): CompoundResponse {
  compound(object(v, 'body').comp, 'body.comp');
  return v as CompoundResponse;
}

export function checkConversion(v: unknown): ConversionResult {
  fields(object(v, 'body'), 'body', { cid: 'string', inchi: 'string', inchikey: 'string', name: 'string', smiles: 'string' }, { structure_from_name: 'string' });
  return v as ConversionResult;
}

export function checkPrediction(v: unknown): PredictionResult {
  const r = object(v, 'body');
  for (const [k, info] of Object.entries(object(r.info, 'body.info'))) {
    fields(object(info, `body.info.${k}`), `body.info.${k}`, { desc: 'string', sym: 'string' }, { unit: 'string', more: 'string', dep: 'array' });
  }
  const p = object(r.properties, 'body.properties');
  propertyMap(p.tdep, 'body.properties.tdep');
  propertyMap(p.fixed, 'body.properties.fixed');
  fields(p, 'body.properties', { corr: 'object', pdep: 'object', descr: 'object' });
  if (!array(p.allprops, 'body.properties.allprops').every((k) => typeof k === 'string')) {
    throw new ShapeError('body.properties.allprops should hold strings');
  }
  return v as PredictionResult;
}

export function checkState(v: unknown): StateResult {
  const r = object(v, 'body');
  fields(object(r.compound, 'body.compound'), 'body.compound', { cid: 'string', name: 'string', cas: 'string' });
  array(r.states, 'body.states').forEach((s, i) => {
    const path = `body.states[${i}]`;
    fields(object(s, path), path, { t: 'number', props: 'object' }, { p: 'number', phase: 'string', saturation: 'boolean' });
    propertyMap((s as Obj).props, `${path}.props`);
  });
  if (!array(r.notices, 'body.notices').every((n) => typeof n === 'string')) throw new ShapeError('body.notices should hold strings');
  object(r.src, 'body.src');
  return v as StateResult;
}

export function checkFlash(v: unknown): FlashResult {
  const r = object(v, 'body');
  fields(r, 'body', { model: 'string', t: 'number', p: 'number', vf: 'number' });
  array(r.components, 'body.components').forEach((c, i) => fields(object(c, `body.components[${i}]`), `body.components[${i}]`, { cid: 'string', name: 'string', cas: 'string' }));
  if (!array(r.z, 'body.z').every((x) => typeof x === 'number')) throw new ShapeError('body.z should hold numbers');
  array(r.phases, 'body.phases').forEach((ph, i) => {
    const path = `body.phases[${i}]`;
    fields(object(ph, path), path, { phase: 'string', fraction: 'number', x: 'array' });
    nullable((ph as Obj).rho, 'number', `${path}.rho`);
  });
  if (!array(r.notices, 'body.notices').every((n) => typeof n === 'string')) throw new ShapeError('body.notices should hold strings');
  return v as FlashResult;
}

export function checkCorrelations(v: unknown): CorrelationList {
  const r = object(v, 'body');
  fields(r, 'body', { cid: 'string', correlations: 'array' });
  array(r.correlations, 'body.correlations').forEach((k, i) => {
    const path = `body.correlations[${i}]`;
    fields(object(k, path), path, { key: 'string', s: 'string', eq: 'string', coeffs: 'array', unit: 'string', tmin: 'number', tmax: 'number' }, { c: 'string', r: 'string', calc: 'boolean' });
    if (!array((k as Obj).coeffs, `${path}.coeffs`).every((x) => typeof x === 'number')) throw new ShapeError(`${path}.coeffs should hold numbers`);
  });
  return v as CorrelationList;
}

export function checkMixtureList(v: unknown): MixtureList {
  const r = object(v, 'body');
  fields(r, 'body', { cid: 'string' });
  array(r.mixtures, 'body.mixtures').forEach((m, i) => {
    const path = `body.mixtures[${i}]`;
    fields(object(m, path), path, { id: 'string', name: 'string', kind: 'string', components: 'array', models: 'array' });
  });
  return v as MixtureList;
}

export function checkMixture(v: unknown): MixtureResponse {
  const m = object(object(v, 'body').mix, 'body.mix');
  fields(m, 'body.mix', { id: 'string', name: 'string', kind: 'string', src: 'object' });
  array(m.components, 'body.mix.components').forEach((c, i) => fields(object(c, `body.mix.components[${i}]`), `body.mix.components[${i}]`, { cid: 'string', name: 'string' }));
  array(m.params, 'body.mix.params').forEach((p, i) => fields(object(p, `body.mix.params[${i}]`), `body.mix.params[${i}]`, { model: 'string', params: 'object', s: 'string' }));
  return v as MixtureResponse;
}
