// The query string of GET /api/v1/flash, written by the remote backend and read by the server from
// one description so the two cannot drift: c (a component, repeated in order: names may hold
// commas), z (comma-separated), t and p (with units, as chem flash takes them: 220K, 3MPa; K and kPa
// without), vf (0 or 1), model. A malformed parameter is 400.
import { ChemError } from '../api/errors.js';
import { parsePressure, parseTemperature } from '../units/quantities.js';
import { FLASH_MODELS, type FlashModel, type FlashRequest } from './mixture-flash.js';

const enc = encodeURIComponent;

/** The query string of a request (without the '?'). */
export function flashQuery(r: FlashRequest): string {
  const parts = r.components.map((c) => `c=${enc(c)}`);
  parts.push(`z=${r.z.join(',')}`);
  if (r.t !== undefined) parts.push(`t=${r.t}`);
  if (r.p !== undefined) parts.push(`p=${r.p}`);
  if (r.vf !== undefined) parts.push(`vf=${r.vf}`);
  if (r.model) parts.push(`model=${r.model}`);
  return parts.join('&');
}

/** A parameter given at most once, not empty. */
function one(q: Record<string, unknown>, k: string): string | undefined {
  const v = q[k];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v.trim() === '') throw new ChemError(400, `invalid ${k}: give it once, not empty`);
  return v;
}

/** The request a parsed query string holds (fastify gives a repeated key as an array). */
export function flashRequest(q: Record<string, unknown>): FlashRequest {
  const c = q.c === undefined ? [] : Array.isArray(q.c) ? q.c : [q.c];
  if (c.some((x) => typeof x !== 'string' || !x.trim())) throw new ChemError(400, 'invalid c: each component a compound id, CAS or name');
  if (c.length < 2) throw new ChemError(400, 'give the components as c, once each in order (c=methane&c=ethane)');
  const zText = one(q, 'z');
  if (!zText) throw new ChemError(400, 'give the feed mole fractions as z, comma-separated');
  const z = zText.split(',').map((v) => {
    const n = Number(v.trim());
    if (!v.trim() || !Number.isFinite(n)) throw new ChemError(400, `invalid z "${v}": expected mole fractions, comma-separated`);
    return n;
  });
  const r: FlashRequest = { components: c as string[], z };
  const t = one(q, 't');
  const p = one(q, 'p');
  const vf = one(q, 'vf');
  const model = one(q, 'model');
  if (t !== undefined) r.t = parseTemperature(t);
  if (p !== undefined) r.p = parsePressure(p);
  if (vf !== undefined) {
    if (vf !== '0' && vf !== '1') throw new ChemError(400, `invalid vf "${vf}": 0 (bubble point) or 1 (dew point)`);
    r.vf = Number(vf);
  }
  if (model !== undefined) {
    if (!FLASH_MODELS.includes(model as FlashModel)) throw new ChemError(400, `invalid model "${model}": expected ${FLASH_MODELS.join(', ')}`);
    r.model = model as FlashModel;
  }
  return r;
}
