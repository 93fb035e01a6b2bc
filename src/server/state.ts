// Beyond v1: GET /state and GET /cid/{cid}/correlations (below), a compound at temperatures and a pressure (chem state --json), under the
// same keys, limits and error bodies as /api/v1. Query: q (id, CAS, InChIKey, name or SMILES), t
// (comma-separated, with units: 25C, 298.15), p (with a unit: 1atm, 70kPa; kPa without), prop
// (comma-separated keys), extrapolate (true|false). A malformed parameter is 400.
import type { FastifyInstance } from 'fastify';
import { ChemError } from '../api/errors.js';
import { property } from '../api/properties.js';
import type { Backend } from '../api/backend.js';
import type { StateQuery } from '../api/backend.js';
import { resolveCompound } from '../lookup/resolve.js';
import { quote } from './errors.js';
import { param, pressure, temperatures, type Query } from './query.js';

/** The query's compound and conditions (400 for a malformed or repeated parameter). */
export function stateRequest(q: Query): { q: string; query: StateQuery } {
  const text = (k: string) => param(q, k);
  const compound = text('q');
  if (!compound) throw new ChemError(400, 'give the compound as q (id, CAS, InChIKey, name or SMILES)');
  const t = temperatures(q, 't');
  const p = pressure(q, 'p');
  if (t === undefined && p === undefined) throw new ChemError(400, 'give a temperature t, a pressure p, or both');
  const props = text('prop')?.split(',').map((k) => k.trim());
  for (const k of props ?? []) if (!property(k)) throw new ChemError(400, `unknown property key ${quote(k)}`);
  const extrapolate = text('extrapolate');
  if (extrapolate !== undefined && extrapolate !== 'true' && extrapolate !== 'false') throw new ChemError(400, 'invalid extrapolate: true or false');
  const query: StateQuery = {};
  if (t !== undefined) query.t = t;
  if (p !== undefined) query.p = p;
  if (props) query.props = props;
  if (extrapolate === 'true') query.extrapolate = true;
  return { q: compound, query };
}

/** `call` runs the work within the server's concurrency and time limits. */
export function registerState(app: FastifyInstance, backend: Backend, apiPrefix: string, call: <T>(work: () => Promise<T>) => Promise<T>): void {
  app.get(`${apiPrefix}/state`, async (req) => {
    const { q, query } = stateRequest(req.query as Record<string, unknown>);
    return call(() => backend.state(q, query));
  });
  // the correlations chem state evaluates, for chem vle over a remote backend; ?key= one property's
  app.get(`${apiPrefix}/cid/:cid/correlations`, async (req) => {
    const key = param(req.query as Query, 'key');
    if (key !== undefined && !property(key)) throw new ChemError(400, `unknown property key ${quote(key)}`);
    const cid = (req.params as { cid: string }).cid;
    return call(async () => backend.correlations(await resolveCompound(backend, cid), key));
  });
}
