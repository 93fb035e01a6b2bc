// The v1 API over HTTP (spec part 4) on fastify, serving whatever a Backend answers. Every request
// goes through one onRequest hook: rate limit (per key, or per address for requests without a
// valid key), then the key check, then the URL length; the handlers validate path values and call
// the backend. Bodies are exactly the backend's objects; errors are ErrorBody (see errors.ts).
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Backend } from '../backend.js';
import { ChemError } from '../api/errors.js';
import { CONVERT_FORMATS, type ConvertFormat } from '../api/types.js';
import { checkCompoundIdForm, checkMixtureIdForm } from '../api/ids.js';
import { classify, errorBody, oneLine, quote } from './errors.js';
import type { KeyStore } from './keys.js';
import { RateLimiter } from './limiter.js';

export const API_PREFIX = '/api/v1';

export interface ServerOptions {
  backend: Backend;
  /** Valid keys; null serves without authentication (the CLI allows it on loopback only). */
  keys: KeyStore | null;
  limiter?: RateLimiter;
  /** Receives one line per request (method, path, status, ms) and internal errors. */
  log?: (line: string) => void;
  /** Longest request target accepted, in characters (longer: 414). */
  maxUrlLength?: number;
  /** Time a backend call may take before the request fails with 503. */
  requestTimeoutMs?: number;
  /** Backend calls in progress at once; beyond it requests fail fast with 503. */
  maxConcurrent?: number;
}

const PAGE = /^[1-9]\d{0,8}$/;

function bearer(header: string | undefined): string | null {
  const m = header ? /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header) : null;
  return m ? m[1]! : null;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChemError(503, `request took longer than ${ms / 1000} s, try again later`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function buildServer(opts: ServerOptions): FastifyInstance {
  const { backend, keys } = opts;
  const limiter = opts.limiter ?? new RateLimiter();
  const log = opts.log ?? (() => {});
  const maxUrlLength = opts.maxUrlLength ?? 4096;
  const timeoutMs = opts.requestTimeoutMs ?? 30_000;
  const maxConcurrent = opts.maxConcurrent ?? 64;
  let inFlight = 0;

  const fail = (reply: FastifyReply, status: number, message: string) => reply.code(status).send(errorBody(status, message));

  // The path only: the query string could hold anything a client pasted; the key is in a header.
  const pathOf = (req: FastifyRequest) => oneLine(req.url.split('?', 1)[0]!, 200);
  const logRequest = (req: FastifyRequest, reply: FastifyReply) =>
    log(`${req.method} ${pathOf(req)} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms`);

  /** Rate limit, key and URL checks; sends the refusal and returns false when the request may not go on. */
  const admit = (req: FastifyRequest, reply: FastifyReply): boolean => {
    const key = bearer(req.headers.authorization);
    const keyId = keys && key ? keys.check(key) : null;
    const decision = limiter.take(keyId ? `key:${keyId}` : `ip:${req.ip}`);
    reply.headers(decision.headers);
    if (!decision.allowed) fail(reply, 429, `rate limit exceeded: retry in ${decision.retryAfter} s`);
    else if (keys && !keyId) fail(reply, 403, key ? 'invalid API key' : 'missing API key: send the header "Authorization: Bearer <key>"');
    else if (req.url.length > maxUrlLength) fail(reply, 414, `request target longer than ${maxUrlLength} characters`);
    else return true;
    return false;
  };

  const app = Fastify({
    logger: false,
    // Errors the router raises before any hook runs (a malformed %-escape in the path); no
    // onResponse hook runs for these either, hence the log line here.
    frameworkErrors: (err, req, reply) => {
      if (admit(req, reply)) fail(reply, 400, classify(err).message);
      logRequest(req, reply);
    },
    routerOptions: { maxParamLength: maxUrlLength, ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    requestTimeout: timeoutMs, // time allowed to receive the request itself
    bodyLimit: 1024, // every endpoint is GET
    return503OnClosing: true,
  });

  // Callback-style hooks: they run on every request, and skip a promise per hook.
  app.addHook('onRequest', (req, reply, done) => {
    if (admit(req, reply)) done();
  });

  app.addHook('onResponse', (req, reply, done) => {
    logRequest(req, reply);
    done();
  });

  // Graceful shutdown: requests in progress finish, and their keep-alive connections close after
  // the answer instead of holding close() open until the keep-alive timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('Connection', 'close');
    done(null, payload);
  });

  app.setErrorHandler((err, req, reply) => {
    const { status, message, internal } = classify(err);
    if (internal) log(`error: ${req.method} ${pathOf(req)}: ${oneLine(err instanceof Error ? err.message : String(err))}`);
    if (status === 503) reply.header('Retry-After', '1');
    return fail(reply, status, message);
  });

  app.setNotFoundHandler((req, reply) => fail(reply, 404, `no such endpoint: ${req.method} ${quote(req.url.split('?', 1)[0]!)}`));

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

  // Only the form is checked here (400 for what cannot be an id); whether the backend holds a
  // well-formed id is its answer (404), whichever id scheme it uses.
  const compoundId = (cid: string) => {
    checkCompoundIdForm(cid);
    return cid;
  };

  app.get(`${API_PREFIX}/cid/:cid`, async (req: Req) => {
    const cid = compoundId(req.params.cid!);
    return call(() => backend.compound(cid));
  });

  app.get(`${API_PREFIX}/cid/:cid/mixtures`, async (req: Req) => {
    const cid = compoundId(req.params.cid!);
    return call(() => backend.mixtures(cid));
  });

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
    return call(() => backend.predict(smiles));
  });

  return app;
}
