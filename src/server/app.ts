// The v1 API over HTTP (spec part 4) on fastify, serving whatever a Backend answers. Every API
// request goes through one onRequest hook: rate limit (per key, or per address for requests without
// a valid key), then the key check, then the URL length; the handlers validate path values and call
// the backend. Bodies are exactly the backend's objects; errors are ErrorBody (see errors.ts).
// Every 200 carries a weak ETag and `Cache-Control: private`; a matching If-None-Match gets 304
// (after the same checks, so it is authenticated and counted). Routes marked `config: { open: true }`
// (health, readiness, metrics: ops.ts) skip the hook. One JSON log line per request (pino).
import { createHash, randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Backend } from '../api/backend.js';
import { ChemError } from '../api/errors.js';
import { CONVERT_FORMATS, type ConvertFormat } from '../api/types.js';
import { checkMixtureIdForm } from '../api/ids.js';
import { resolveCompound } from '../lookup/resolve.js';
import { classify, errorBody, oneLine, quote } from './errors.js';
import { bearer, type KeyStore } from './keys.js';
import { RateLimiter, type Decision, type Limiter } from './limiter.js';
import { Metrics } from './metrics.js';
import { registerOps, type ReadyChecks } from './ops.js';
import { registerUi } from './ui/routes.js';
import { registerVle } from './vle.js';
import { registerState } from './state.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Served without key, rate limit, ETag or Cache-Control. */
    open?: boolean;
  }
  interface FastifyRequest {
    /** Rate-limit bucket of the request: `key:<digest prefix>` or `ip:<address>`. */
    client: string;
  }
}

export const API_PREFIX = '/api/v1';

export interface ServerOptions {
  backend: Backend;
  /** Valid keys; null serves without authentication (the CLI allows it on loopback only). */
  keys: KeyStore | null;
  /** Default: an in-process RateLimiter with the spec's policy. */
  limiter?: Limiter;
  /** Request lines and internal errors go here (JSON lines); default: no log. */
  logger?: FastifyBaseLogger;
  /**
   * What identifies the answers (the database build and the program version): the same id and
   * request give the same answer, so the ETag is known before the backend is asked. Without it
   * the ETag is a hash of the body.
   */
  buildId?: () => string | undefined;
  /** Cache-Control max-age of a 200, seconds. */
  maxAge?: number;
  /** Checks /readyz runs (database open, Redis reachable); each rejects when not ready. */
  ready?: ReadyChecks;
  /** Token for /metrics from other than loopback clients; without it, loopback only. */
  metricsToken?: string;
  /** Proxies whose X-Forwarded-For is believed (addresses or CIDR ranges); default none. */
  trustProxy?: string[];
  /** Longest request target accepted, in characters (longer: 414). */
  maxUrlLength?: number;
  /** Time a backend call may take before the request fails with 503. */
  requestTimeoutMs?: number;
  /** Backend calls in progress at once; beyond it requests fail fast with 503. */
  maxConcurrent?: number;
}

const PAGE = /^[1-9]\d{0,8}$/;
const REQUEST_ID = /^[\w.:-]{1,64}$/;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChemError(503, `request took longer than ${ms / 1000} s, try again later`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** A weak entity tag over the given parts: equal parts, equivalent answers. */
const entityTag = (...parts: string[]) => `W/"${createHash('sha256').update(parts.join('\0')).digest('base64url').slice(0, 27)}"`;

/**
 * Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 13.1.2). `*` is not
 * honoured: with a build id the 304 comes before the backend says whether the resource exists.
 */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === opaque);
}

export function buildServer(opts: ServerOptions): FastifyInstance {
  const { backend, keys } = opts;
  const buildId = opts.buildId ?? (() => undefined);
  const limiter = opts.limiter ?? new RateLimiter();
  const maxUrlLength = opts.maxUrlLength ?? 4096;
  const timeoutMs = opts.requestTimeoutMs ?? 30_000;
  const maxConcurrent = opts.maxConcurrent ?? 64;
  const cacheControl = `private, max-age=${opts.maxAge ?? 3600}`;
  const metrics = new Metrics();
  let inFlight = 0;

  const fail = (reply: FastifyReply, status: number, message: string) => reply.code(status).send(errorBody(status, message));

  // The path only: the query string could hold anything a client pasted; the key is in a header.
  const pathOf = (req: FastifyRequest) => oneLine(req.url.split('?', 1)[0]!, 200);
  const finished = (req: FastifyRequest, reply: FastifyReply) => {
    const status = reply.statusCode;
    metrics.observe(req.routeOptions.url ?? 'unmatched', status, reply.elapsedTime / 1000);
    req.log.info({ method: req.method, path: pathOf(req), status, ms: Math.round(reply.elapsedTime * 10) / 10, client: req.client || undefined }, 'request');
  };

  /** Rate limit, key and URL checks; sends the refusal, or calls `next` when the request may go on. */
  const admit = (req: FastifyRequest, reply: FastifyReply, next: () => void): void => {
    const key = bearer(req.headers.authorization);
    const keyId = keys && key ? keys.check(key) : null;
    req.client = keyId ? `key:${keyId}` : `ip:${req.ip}`;
    const decided = (decision: Decision) => {
      reply.headers(decision.headers);
      if (!decision.allowed) fail(reply, 429, `rate limit exceeded: retry in ${decision.retryAfter} s`);
      else if (keys && !keyId) fail(reply, 403, key ? 'invalid API key' : 'missing API key: send the header "Authorization: Bearer <key>"');
      else if (req.url.length > maxUrlLength) fail(reply, 414, `request target longer than ${maxUrlLength} characters`);
      else next();
    };
    const unavailable = (err: unknown) => {
      reply.header('Retry-After', '1');
      const { status, message } = classify(err);
      fail(reply, status === 503 ? 503 : 500, message);
    };
    try {
      const decision = limiter.take(req.client);
      if (decision instanceof Promise) decision.then(decided, unavailable);
      else decided(decision);
    } catch (err) {
      unavailable(err);
    }
  };

  const app = Fastify({
    loggerInstance: opts.logger,
    logController: new LogController({ disableRequestLogging: true }), // one line per request, written when answered (finished)
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    trustProxy: opts.trustProxy?.length ? opts.trustProxy : false,
    // Errors the router raises before any hook runs (a malformed %-escape in the path); no
    // onResponse hook runs for these, hence the log line on the socket's finish.
    frameworkErrors: (err, req, reply) => {
      reply.raw.once('finish', () => finished(req, reply));
      admit(req, reply, () => fail(reply, 400, classify(err).message));
    },
    routerOptions: { maxParamLength: maxUrlLength, ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    requestTimeout: timeoutMs, // time allowed to receive the request itself
    bodyLimit: 1024, // every endpoint is GET
    return503OnClosing: true,
  });
  app.decorateRequest('client', '');

  // Callback-style hooks: they run on every request, and skip a promise per hook.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('X-Request-Id', req.id);
    if (req.routeOptions.config.open) done();
    else admit(req, reply, done);
  });

  // With a build id, a matching If-None-Match is answered before the backend is asked.
  app.addHook('preHandler', (req, reply, done) => {
    const given = req.headers['if-none-match'];
    const id = given ? buildId() : undefined; // the tag is hashed only when there is one to compare
    if (id && !req.routeOptions.config.open && matches(given, entityTag(id, req.url))) {
      reply.code(304).send();
    } else done();
  });

  app.addHook('onResponse', (req, reply, done) => {
    finished(req, reply);
    done();
  });

  // Graceful shutdown: requests in progress finish, and their keep-alive connections close after
  // the answer instead of holding close() open until the keep-alive timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    if (closing) reply.header('Connection', 'close');
    const status = reply.statusCode;
    if ((status === 200 || status === 304) && !req.routeOptions.config.open) {
      const id = buildId();
      const etag = id ? entityTag(id, req.url) : status === 200 ? entityTag(String(payload)) : undefined;
      if (etag) reply.header('ETag', etag);
      reply.header('Cache-Control', cacheControl);
      if (status === 200 && !id && etag && matches(req.headers['if-none-match'], etag)) {
        reply.code(304);
        return done(null, '');
      }
    }
    done(null, payload);
  });

  app.setErrorHandler((err, req, reply) => {
    const { status, message, internal } = classify(err);
    if (internal) req.log.error({ path: pathOf(req), error: oneLine(err instanceof Error ? err.message : String(err)) }, 'internal error');
    if (status === 503) reply.header('Retry-After', '1');
    return fail(reply, status, message);
  });

  app.setNotFoundHandler((req, reply) => fail(reply, 404, `no such endpoint: ${req.method} ${quote(req.url.split('?', 1)[0]!)}`));

  registerOps(app, { metrics, ready: opts.ready ?? {}, metricsToken: opts.metricsToken });

  /** Runs a backend call within the concurrency and time limits. */
  const call = <T>(work: () => Promise<T>): Promise<T> => {
    if (inFlight >= maxConcurrent) throw new ChemError(503, 'server busy, try again later');
    inFlight++;
    const p = work();
    // The slot is held until the backend really finishes, even after a timeout answered the client.
    p.finally(() => inFlight--).catch(() => {});
    return withTimeout(p, timeoutMs);
  };

  type Req = FastifyRequest<{ Params: Record<string, string>; Querystring: Record<string, unknown> }>;

  app.get(`${API_PREFIX}/search`, async (req: Req) => {
    const { q, p } = req.query;
    if (typeof q !== 'string' || q.trim() === '') throw new ChemError(500, 'invalid search request: give the query as one parameter q');
    // Spec 4.6 / part 7: an invalid search request is a 500 (the client reads it as a usage error).
    if (p !== undefined && (typeof p !== 'string' || !PAGE.test(p))) {
      throw new ChemError(500, 'invalid search request: p must be a whole number from 1');
    }
    return call(() => backend.search(q, p === undefined ? undefined : Number(p))).catch((err: unknown) => {
      if (err instanceof ChemError && err.status === 400) throw new ChemError(500, `invalid search request: ${err.message}`);
      throw err;
    });
  });

  // A compound is named as in the CLI (resolve.ts): an id as it is (whether the backend holds it is its
  // answer, 404, whichever id scheme it uses), a CAS number, InChIKey, SMILES or name through the search.
  // A word several records share answers with the one chosen, the choice in its notices.
  app.get(`${API_PREFIX}/cid/:cid`, async (req: Req) =>
    call(async () => {
      const notices: string[] = [];
      const res = await backend.compound(await resolveCompound(backend, req.params.cid!, { onNotice: (m) => notices.push(m) }));
      return notices.length ? { ...res, comp: { ...res.comp, notices: [...notices, ...(res.comp.notices ?? [])] } } : res;
    }),
  );

  app.get(`${API_PREFIX}/cid/:cid/mixtures`, async (req: Req) => call(async () => backend.mixtures(await resolveCompound(backend, req.params.cid!))));

  app.get(`${API_PREFIX}/mid/:mid`, async (req: Req) => {
    const mid = req.params.mid!;
    checkMixtureIdForm(mid);
    return call(() => backend.mixture(mid));
  });

  // Wildcards, so that a value with a slash (SMILES bonds, InChI layers) also works when a client
  // forgot to percent-encode it; encodeURIComponent is the documented way.
  app.get(`${API_PREFIX}/convert/:fromfmt/*`, async (req: Req) => {
    const from = req.params.fromfmt!;
    const value = req.params['*']!;
    if (!(CONVERT_FORMATS as readonly string[]).includes(from)) {
      throw new ChemError(404, `cannot convert from ${quote(from)}: formats are ${CONVERT_FORMATS.join(', ')}`);
    }
    if (value === '') throw new ChemError(404, 'no compound given to convert');
    return call(() => backend.convert(from as ConvertFormat, value, { strict: true }));
  });

  app.get(`${API_PREFIX}/predict/*`, async (req: Req) => {
    const smiles = req.params['*']!;
    if (smiles === '') throw new ChemError(404, 'no SMILES given to predict from');
    // ?t=298.15,350: temperatures (K) added to the T-dependent properties' grids (the estimates at a temperature)
    const t = req.query.t;
    if (t === undefined || t === '') return call(() => backend.predict(smiles));
    const temperatures = String(t).split(',').map((x) => Number(x.trim()));
    for (const x of temperatures) if (!Number.isFinite(x) || x <= 0 || temperatures.length > 20) throw new ChemError(400, `invalid t ${quote(String(t))}: expected up to 20 comma-separated positive temperatures in K`);
    return call(() => backend.predict(smiles, { temperatures }));
  });

  registerVle(app, backend, API_PREFIX, call);
  registerState(app, backend, API_PREFIX, call);
  registerUi(app, backend, API_PREFIX, call);

  return app;
}
