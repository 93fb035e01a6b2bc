// Routes for operating the server, outside the v1 API and without its key and rate limit:
//   GET /healthz  liveness: the process answers
//   GET /readyz   readiness: every check passes (database open, Redis reachable), else 503
//   GET /metrics  Prometheus text; open to loopback clients (not relayed by a proxy), from
//                 elsewhere only with `Authorization: Bearer <metrics token>` (never an API key)
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLoopback } from '../util/loopback.js';
import { errorBody } from './errors.js';
import { bearer, digest } from './keys.js';
import type { Metrics } from './metrics.js';

/** Named readiness checks; each rejects (or times out) when not ready. */
export type ReadyChecks = Record<string, () => Promise<unknown>>;

const CHECK_TIMEOUT_MS = 1000;

export interface OpsOptions {
  metrics: Metrics;
  ready: ReadyChecks;
  metricsToken?: string;
}

async function passes(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS)));
  try {
    return await Promise.race([check().then(() => true, () => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

export function registerOps(app: FastifyInstance, { metrics, ready, metricsToken }: OpsOptions): void {
  const open = { config: { open: true } };
  const token = metricsToken ? digest(metricsToken) : null;

  /** Loopback clients reaching the server directly (a proxy on the same host adds X-Forwarded-For), or the token. */
  const mayReadMetrics = (req: FastifyRequest): boolean => {
    if (isLoopback(req.ip) && !req.headers['x-forwarded-for'] && !req.headers.forwarded) return true;
    const given = bearer(req.headers.authorization);
    return !!(token && given && timingSafeEqual(digest(given), token));
  };

  app.get('/healthz', open, async () => ({ status: 'ok' }));

  app.get('/readyz', open, async (_req, reply) => {
    const names = Object.keys(ready);
    const results = await Promise.all(names.map((n) => passes(ready[n]!)));
    const checks = Object.fromEntries(names.map((n, i) => [n, results[i] ? 'ok' : 'failing']));
    const ok = results.every(Boolean);
    reply.code(ok ? 200 : 503);
    if (!ok) reply.header('Retry-After', '1');
    return { status: ok ? 'ready' : 'not ready', checks };
  });

  app.get('/metrics', open, async (req, reply) => {
    if (!mayReadMetrics(req)) {
      return reply.code(403).send(errorBody(403, token ? 'metrics need the metrics token' : 'metrics are served to loopback clients only'));
    }
    reply.type(metrics.contentType);
    return metrics.text();
  });
}
