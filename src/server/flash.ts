// Beyond v1: GET /flash, the equilibrium phases of a feed (chem flash --json), under the same keys,
// limits and error bodies as /api/v1. Query (vle/flash-query.ts): c repeated in order, z, two of t,
// p (with units) and vf, model. A malformed parameter is 400.
import type { FastifyInstance } from 'fastify';
import type { Backend } from '../api/backend.js';
import { flashRequest } from '../vle/flash-query.js';

/** `call` runs the work within the server's concurrency and time limits. */
export function registerFlash(app: FastifyInstance, backend: Backend, apiPrefix: string, call: <T>(work: () => Promise<T>) => Promise<T>): void {
  app.get(`${apiPrefix}/flash`, async (req) => {
    const request = flashRequest(req.query as Record<string, unknown>);
    return call(() => backend.flash(request));
  });
}
