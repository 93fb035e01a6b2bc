// The HTTP side of the remote backend: one undici pool per service, the Bearer key, the shared
// token bucket, retries (429 after Retry-After; 500/502/503/504 and network errors with exponential
// backoff and jitter), timeouts, the response cache and the mapping of every failure to a ChemError.
import { Pool } from 'undici';
import { ChemError } from '../api/errors.js';
import { isLoopback } from '../util/loopback.js';
import { cacheCounts, fresh, type DiskCache } from './cache.js';
import { ShapeError } from './check.js';
import { parseRateLimit, parseRetryAfter, realClock, TokenBucket, type Clock, type RateLimitInfo } from './rate-limit.js';

export const KEY_MESSAGE = 'API key missing or invalid — set it with `chem config set api-key` or CHEM_API_KEY';

export interface ClientOptions {
  /** e.g. `https://www.chemeo.com/api/v1` (no trailing slash). */
  baseUrl: string;
  apiKey?: string;
  /** Allow sending the key over plain http to a non-loopback host. */
  insecure?: boolean;
  /** Shared rate limiter; default: a fresh one with the spec's limits. */
  bucket?: TokenBucket;
  cache?: DiskCache;
  clock?: Clock;
  /** Source of jitter, [0, 1). */
  random?: () => number;
  /** Retries after 500/502/503/504 or a network error (default 4). */
  retries?: number;
  /** Retries after 429 (default 8). */
  rateLimitRetries?: number;
  /** Longest Retry-After honoured, seconds (default 60); a longer one fails with 429 at once. */
  maxRetryAfter?: number;
  /** First backoff delay and its cap, ms (default 500 and 8 000). */
  backoffBase?: number;
  backoffCap?: number;
  /** Timeouts, ms (defaults 10 000, 30 000, 30 000). */
  connectTimeout?: number;
  headersTimeout?: number;
  bodyTimeout?: number;
  /** Debug log line (method, URL, status, time, RateLimit values). */
  log?: (message: string) => void;
  /** Told before every wait longer than zero: seconds and why. */
  onWait?: (seconds: number, reason: string) => void;
}

export interface GetOptions<T> {
  /** Cache lifetime in seconds. */
  ttl: number;
  /** What was asked for, for the not-found message ("compound 1-2-3"). */
  what: string;
  check: (body: unknown) => T;
}

const MAX_BODY = 64 * 1024 * 1024;
/** Wait before the one retry of a refused connection (a server restarting), ms. */
const REFUSED_RETRY_MS = 250;
const RETRY_STATUS = new Set([500, 502, 503, 504]);

/** A server's text, made fit for a one-line message: tags dropped, whitespace folded, key removed. */
export function snippet(text: string, secret?: string, max = 120): string {
  let s = text.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  if (secret) s = s.split(secret).join('****');
  return s.length > max ? s.slice(0, max - 1) + '…' : s;
}

/** Our dialect's error message (`{"error": {"status", "message"}}`), if the body is one. */
function dialectMessage(text: string): string | undefined {
  try {
    const m = (JSON.parse(text) as { error?: { message?: unknown } })?.error?.message;
    return typeof m === 'string' && m ? m : undefined;
  } catch {
    return undefined;
  }
}

/** Network errors with a readable name; `fatal` ones are not worth retrying, `refused` ones once, quickly. */
function describeNetworkError(err: unknown): { text: string; fatal: boolean; refused: boolean } {
  const e = err as { code?: string; message?: string; cause?: { code?: string } };
  const code = e?.code ?? e?.cause?.code ?? '';
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset',
    UND_ERR_SOCKET: 'connection closed by the server',
    UND_ERR_CONNECT_TIMEOUT: 'timed out connecting',
    UND_ERR_HEADERS_TIMEOUT: 'timed out waiting for the response',
    UND_ERR_BODY_TIMEOUT: 'timed out reading the response',
    UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'response cut short',
    ENOTFOUND: 'host not found',
    EAI_AGAIN: 'name lookup failed',
  };
  const fatal = code === 'ENOTFOUND' || /CERT|TLS|SSL|SELF_SIGNED/i.test(code);
  return { text: known[code] ?? (e?.message || code || String(err)), fatal, refused: code === 'ECONNREFUSED' };
}

export class RemoteClient {
  private readonly url: URL;
  private readonly prefix: string;
  private pool?: Pool;
  private readonly bucket: TokenBucket;
  private readonly clock: Clock;
  private readonly o: Required<Pick<ClientOptions, 'retries' | 'rateLimitRetries' | 'maxRetryAfter' | 'backoffBase' | 'backoffCap' | 'connectTimeout' | 'headersTimeout' | 'bodyTimeout'>>;

  constructor(private readonly options: ClientOptions) {
    try {
      this.url = new URL(options.baseUrl);
    } catch {
      throw new ChemError(400, `invalid base-url "${options.baseUrl}": expected an http(s) URL`);
    }
    if (this.url.protocol !== 'https:' && this.url.protocol !== 'http:') {
      throw new ChemError(400, `invalid base-url "${options.baseUrl}": expected an http(s) URL`);
    }
    this.prefix = this.url.pathname.replace(/\/+$/, '');
    this.clock = options.clock ?? realClock;
    this.bucket = options.bucket ?? new TokenBucket(30, 2, this.clock);
    this.o = {
      retries: options.retries ?? 4,
      rateLimitRetries: options.rateLimitRetries ?? 8,
      maxRetryAfter: options.maxRetryAfter ?? 60,
      backoffBase: options.backoffBase ?? 500,
      backoffCap: options.backoffCap ?? 8000,
      connectTimeout: options.connectTimeout ?? 10_000,
      headersTimeout: options.headersTimeout ?? 30_000,
      bodyTimeout: options.bodyTimeout ?? 30_000,
    };
  }

  /**
   * GET `path` (below the base URL, already percent-encoded), checked by `opts.check`. A fresh cache
   * entry answers at once; an expired one with an ETag is revalidated (If-None-Match, 304: kept).
   */
  async get<T>(path: string, opts: GetOptions<T>): Promise<T> {
    const full = this.url.origin + this.prefix + path;
    const { cache, log, apiKey } = this.options;
    const req = { method: 'GET', url: full, apiKey };
    let stale: { body: string; etag: string; value: T } | undefined;
    if (cache) {
      const hit = await cache.lookup(req);
      const value = hit && this.tryParse(hit.body, opts.check);
      if (hit && value !== undefined) {
        if (fresh(hit.age, opts.ttl)) {
          cacheCounts.hit++;
          log?.(`GET ${full} → cache hit (age ${Math.round(hit.age)} s)`);
          return value;
        }
        if (hit.etag) stale = { body: hit.body, etag: hit.etag, value };
      }
    }
    let answer: { body: string; etag?: string } | null;
    try {
      answer = await this.fetch(full, this.prefix + path, opts.what, stale?.etag);
    } catch (err) {
      // The key is wrong or revoked: nothing fetched with it is served from the cache any more.
      if (cache && err instanceof ChemError && err.status === 403) await cache.forgetKey(apiKey).catch(() => 0);
      throw err;
    }
    const store = (body: string, etag?: string) => cache?.set(req, body, etag).catch((err: Error) => log?.(`cache write failed: ${err.message}`));
    if (answer === null) {
      // 304: the stored answer is still the server's; it starts a new lifetime.
      cacheCounts.revalidated++;
      await store(stale!.body, stale!.etag);
      return stale!.value;
    }
    const value = this.parse(answer.body, full, opts.check);
    if (cache) cacheCounts.miss++;
    await store(answer.body, answer.etag);
    return value;
  }

  async close(): Promise<void> {
    await this.pool?.close();
    this.pool = undefined;
  }

  private headers(): Record<string, string> {
    const h: Record<string, string> = { accept: 'application/json', 'user-agent': 'chem-cli' };
    const key = this.options.apiKey;
    if (key) {
      if (this.url.protocol === 'http:' && !isLoopback(this.url.hostname) && !this.options.insecure) {
        throw new ChemError(400, `refusing to send the API key over plain http to ${this.url.host}: use https, or --insecure if you must`);
      }
      h.authorization = `Bearer ${key}`;
    }
    return h;
  }

  private getPool(): Pool {
    return (this.pool ??= new Pool(this.url.origin, {
      connections: 16,
      connect: { timeout: this.o.connectTimeout },
      headersTimeout: this.o.headersTimeout,
      bodyTimeout: this.o.bodyTimeout,
    }));
  }

  private wait(ms: number, reason: string): Promise<void> {
    this.options.onWait?.(ms / 1000, reason);
    return this.clock.sleep(ms);
  }

  /** Exponential backoff with "equal jitter": between half and all of base·2^(n-1), capped. */
  private backoff(retry: number): number {
    const d = Math.min(this.o.backoffCap, this.o.backoffBase * 2 ** (retry - 1));
    return d / 2 + (this.options.random ?? Math.random)() * (d / 2);
  }

  /** The body and ETag of a 200 response, null for a 304 to `ifNoneMatch`; everything else becomes a retry or a ChemError. */
  private async fetch(full: string, path: string, what: string, ifNoneMatch?: string): Promise<{ body: string; etag?: string } | null> {
    const headers = this.headers();
    if (ifNoneMatch) headers['if-none-match'] = ifNoneMatch;
    const { log } = this.options;
    const key = this.options.apiKey;
    let failures = 0;
    let refusals = 0;
    let limited = 0;
    let announced = false; // the wait after a 429 was already announced with its reason
    for (;;) {
      await this.bucket.take((ms) => announced || this.options.onWait?.(ms / 1000, 'client rate limit (2 requests/s)'));
      announced = false;
      const t0 = this.clock.now();
      let status: number;
      let text: string;
      let rl: RateLimitInfo | undefined;
      let retryAfter: number | undefined;
      let etag: string | undefined;
      try {
        const res = await this.getPool().request({ method: 'GET', path, headers });
        status = res.statusCode;
        etag = typeof res.headers.etag === 'string' ? res.headers.etag : undefined;
        rl = parseRateLimit(res.headers);
        retryAfter = parseRetryAfter(res.headers['retry-after'], this.clock.now());
        text = await readText(res.body);
      } catch (err) {
        if (err instanceof ChemError) throw err;
        const { text: why, fatal, refused } = describeNetworkError(err);
        log?.(`GET ${full} → ${why} (${Math.round(this.clock.now() - t0)} ms) authorization=[redacted]`);
        if (refused) {
          // Nothing listens there: no backoff, one quick retry, then one clear line.
          if (refusals++ === 0) {
            await this.clock.sleep(REFUSED_RETRY_MS);
            continue;
          }
          throw new ChemError(503, `cannot connect to ${this.url.host}: connection refused (is the service at ${this.url.origin + this.prefix} running? check base-url)`);
        }
        if (fatal || failures >= this.o.retries) {
          throw new ChemError(503, `cannot reach ${this.url.host}: ${snippet(why, key)}${failures ? ` (after ${failures + 1} attempts)` : ''}`);
        }
        failures++;
        await this.wait(this.backoff(failures), `${why}, retry ${failures}/${this.o.retries}`);
        continue;
      }
      const limits = rl ? ` ratelimit limit=${rl.limit ?? '-'} remaining=${rl.remaining ?? '-'} reset=${rl.reset ?? '-'}` : '';
      log?.(`GET ${full} → ${status} (${Math.round(this.clock.now() - t0)} ms)${limits} authorization=${key ? '[redacted]' : 'none'}`);
      if (rl) this.bucket.observe(rl);
      if (status === 200) return { body: text, etag };
      if (status === 304 && ifNoneMatch) return null;
      if (status === 429) {
        const wait = retryAfter ?? this.backoff(limited + 1) / 1000;
        if (wait > this.o.maxRetryAfter || limited >= this.o.rateLimitRetries) {
          throw new ChemError(429, `rate limit exceeded: the server asks to wait ${Math.ceil(wait)} s; try again later`, wait);
        }
        limited++;
        this.bucket.pause(wait);
        this.options.onWait?.(wait, 'server rate limit (HTTP 429)');
        announced = true;
        continue;
      }
      if (status === 500 && path.split('?', 1)[0]!.endsWith('/search')) {
        // Spec 4.6 / part 7: on /search, 500 means "request not valid": a usage error, not retried.
        const detail = dialectMessage(text) ?? snippet(text, key);
        throw new ChemError(400, `invalid search request${detail ? `: ${snippet(detail, key)}` : ''}`);
      }
      if (RETRY_STATUS.has(status) && failures < this.o.retries) {
        failures++;
        const asked = retryAfter !== undefined && retryAfter <= this.o.maxRetryAfter ? retryAfter * 1000 : 0;
        await this.wait(Math.max(this.backoff(failures), asked), `HTTP ${status}, retry ${failures}/${this.o.retries}`);
        continue;
      }
      throw this.statusError(status, text, what, failures);
    }
  }

  private statusError(status: number, text: string, what: string, failures: number): ChemError {
    const key = this.options.apiKey;
    const detail = dialectMessage(text) ?? snippet(text, key);
    const clean = detail ? snippet(detail, key) : '';
    const after = failures ? ` (after ${failures + 1} attempts)` : '';
    switch (status) {
      case 400:
      case 414:
      case 422:
        return new ChemError(400, clean || `bad request (HTTP ${status}) for ${what}`);
      case 401:
      case 403:
        return new ChemError(403, KEY_MESSAGE);
      case 404:
        return new ChemError(404, dialectMessage(text) ? clean : `not found: ${what}`);
      case 502:
      case 503:
      case 504:
        return new ChemError(503, `service unavailable (HTTP ${status})${clean ? `: ${clean}` : ''}${after}`);
      case 500:
        return new ChemError(500, `server error (HTTP 500)${clean ? `: ${clean}` : ''}${after}`);
      default:
        return new ChemError(500, `unexpected HTTP ${status} from ${this.url.host}${clean ? `: ${clean}` : ''}`);
    }
  }

  private parse<T>(body: string, full: string, check: (v: unknown) => T): T {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      const head = body.trimStart().slice(0, 200).toLowerCase();
      const kind = !body.trim()
        ? 'an empty response'
        : head.startsWith('<!doctype html') || head.startsWith('<html') || head.includes('<body')
          ? 'an HTML page'
          : /^[[{]/.test(head)
            ? 'truncated or malformed JSON'
            : 'a response that is not JSON';
      throw new ChemError(500, `invalid response from ${this.url.host}: ${kind} instead of JSON (GET ${full.slice(this.url.origin.length)})`);
    }
    try {
      return check(json);
    } catch (err) {
      if (err instanceof ShapeError) {
        throw new ChemError(500, `unexpected response from ${this.url.host}: ${err.message} (GET ${full.slice(this.url.origin.length)})`);
      }
      throw err;
    }
  }

  /** Parses a cached body; a broken entry is a miss. */
  private tryParse<T>(body: string, check: (v: unknown) => T): T | undefined {
    try {
      return check(JSON.parse(body));
    } catch {
      return undefined;
    }
  }
}

async function readText(body: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_BODY) throw new ChemError(500, `response larger than ${MAX_BODY >> 20} MB`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
