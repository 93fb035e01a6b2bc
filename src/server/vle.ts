// Beyond v1: the phase equilibria of chem vle and chem lle under the same keys, limits and caching
// as /api/v1. GET /vle answers the body `chem vle --json` prints; GET /vle/plot draws its Txy (or
// Pxy) diagram with the azeotrope (and a three-phase line) marked, as SVG in the display units of the
// query (the mixture page shows it). GET /lle answers `chem lle --json`, GET /lle/plot its binodal.
import type { FastifyInstance } from 'fastify';
import { ChemError } from '../api/errors.js';
import type { Backend } from '../api/backend.js';
import { displayUnit } from '../units/display.js';
import { Lru } from '../util/lru.js';
import type { VleRequest, VleResult } from '../vle/types.js';
import type { LleRequest } from '../vle/lle-diagram.js';
import { components, numbers, param, pressure, temperature, temperatures, type Query } from './query.js';
import { svgReply, unitsOf } from './ui/routes.js';

/** The query of GET /vle: c1, c2 (id, CAS or name), p (kPa, or with a unit: 1atm) or t (K, or 60C), x (comma list), model, dew (400 when one is malformed; other keys are not read). */
function vleRequest(q: Query): VleRequest {
  const dew = param(q, 'dew');
  if (dew !== undefined && dew !== 'true' && dew !== 'false') throw new ChemError(400, 'invalid dew: true or false');
  const x = numbers(q, 'x', 'mole fractions in [0, 1]');
  return { ...components(q), p: pressure(q, 'p'), t: temperature(q, 't'), x, model: param(q, 'model') as VleRequest['model'], dew: dew === 'true' };
}

/** The query of GET /lle: c1, c2, t (K or with units, comma list), model (400 when one is malformed). */
function lleRequest(q: Query): LleRequest {
  return { ...components(q), t: temperatures(q, 't'), model: param(q, 'model') as LleRequest['model'] };
}

/** `call` runs the work within the server's concurrency and time limits. */
export function registerVle(app: FastifyInstance, backend: Backend, apiPrefix: string, call: <T>(work: () => Promise<T>) => Promise<T>): void {
  // The diagrams computed last, by request: the mixture page asks for a pair's SVG and its JSON (the
  // azeotrope) at once, and the second is answered by the first's computation. A failure is not kept.
  const kept = new Lru<string, Promise<VleResult>>(32);
  const diagram = (request: VleRequest): Promise<VleResult> => {
    const key = JSON.stringify(request);
    const done = kept.get(key);
    if (done) return done;
    const p = import('../vle/vle-answer.js').then(({ vleAnswer }) => vleAnswer(backend, request));
    kept.set(key, p);
    p.catch(() => kept.delete(key));
    return p;
  };

  app.get(`${apiPrefix}/vle`, async (req) => {
    const request = vleRequest(req.query as Record<string, unknown>);
    return call(() => diagram(request));
  });

  app.get(`${apiPrefix}/vle/plot`, async (req, reply) => {
    const query = req.query as Record<string, unknown>;
    const units = unitsOf(query);
    const request = vleRequest(query);
    const [{ vleSeries }, { chartSvg }] = await Promise.all([import('../plot/vle.js'), import('../plot/chart.js')]);
    const svg = await call(async () => {
      const r = await diagram(request);
      const [txy] = vleSeries(r, displayUnit(r.p !== undefined ? 'K' : 'kPa', units));
      return chartSvg(`${r.components[0].name} / ${r.components[1].name}`, [txy!]);
    });
    return svgReply(reply, svg);
  });

  app.get(`${apiPrefix}/lle`, async (req) => {
    const request = lleRequest(req.query as Record<string, unknown>);
    const { lleDiagram } = await import('../vle/lle-diagram.js');
    return call(() => lleDiagram(backend, request));
  });

  app.get(`${apiPrefix}/lle/plot`, async (req, reply) => {
    const query = req.query as Record<string, unknown>;
    const units = unitsOf(query);
    const request = lleRequest(query);
    const [{ lleDiagram }, { lleSeries }, { chartSvg }] = await Promise.all([import('../vle/lle-diagram.js'), import('../plot/vle.js'), import('../plot/chart.js')]);
    const svg = await call(async () => {
      const r = await lleDiagram(backend, { ...request, binodal: true });
      return chartSvg(`${r.components[0].name} / ${r.components[1].name}`, [lleSeries(r, displayUnit('K', units))]);
    });
    return svgReply(reply, svg);
  });
}
