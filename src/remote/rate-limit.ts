// Client-side rate limiting: a token bucket matching the service's per-key limit (burst 30, then
// 2 per second, spec part 8), shared by every request of the process, lowered by the server's
// RateLimit headers and paused by a 429's Retry-After.

/** Time source; tests inject a virtual one so a 1 000-request batch does not take 8 real minutes. */
export interface Clock {
  /** Milliseconds. */
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface RateLimitInfo {
  limit?: number;
  remaining?: number;
  /** Seconds until the quota resets. */
  reset?: number;
}

export class TokenBucket {
  /** May go negative: each reservation waiting for a token is a unit of debt. */
  private tokens: number;
  private updated: number;
  /** Bumped by pause(); a waiter whose reservation predates the pause reserves again. */
  private epoch = 0;

  /**
   * `marginMs` is added to every wait: the server's bucket starts when the first request arrives,
   * which on a fresh (TLS) connection is later than a warm connection delivers the next ones, so a
   * client exactly on the server's schedule would be refused now and then. It delays paced
   * requests, not the rate.
   */
  constructor(
    private capacity = 30,
    private readonly perSecond = 2,
    private readonly clock: Clock = realClock,
    private readonly marginMs = 250,
  ) {
    this.tokens = capacity;
    this.updated = clock.now();
  }

  private refill(): void {
    const now = this.clock.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.updated) / 1000) * this.perSecond);
    this.updated = now;
  }

  /** Waits for a token. Returns the milliseconds waited; `onWait` hears of a wait before it starts. */
  async take(onWait?: (ms: number) => void): Promise<number> {
    const start = this.clock.now();
    for (;;) {
      this.refill();
      this.tokens -= 1;
      const epoch = this.epoch;
      const wait = this.tokens >= 0 ? 0 : (-this.tokens / this.perSecond) * 1000 + this.marginMs;
      if (wait <= 0) return this.clock.now() - start;
      onWait?.(wait);
      await this.clock.sleep(wait);
      if (epoch === this.epoch) return this.clock.now() - start;
    }
  }

  /**
   * The server said it is out of budget for `seconds`: one token comes free when the pause ends.
   * Waiters reserve again when they wake, so their earlier reservations are dropped here.
   */
  pause(seconds: number): void {
    this.refill();
    this.tokens = 1 - seconds * this.perSecond;
    this.epoch++;
  }

  /**
   * Corrects the bucket with the server's view. Only ever lowers it: responses arrive out of order
   * and the server has not yet counted the requests still in flight.
   */
  observe(info: RateLimitInfo): void {
    this.refill();
    if (info.limit !== undefined && info.limit > 0 && info.limit < this.capacity) this.capacity = info.limit;
    if (info.remaining !== undefined && info.remaining < this.tokens) this.tokens = info.remaining;
  }

  /** Tokens available now (tests, debug). */
  available(): number {
    this.refill();
    return this.tokens;
  }
}

/** One bucket per service (base URL) for the whole process, so concurrent commands share it. */
const shared = new Map<string, TokenBucket>();
export function sharedBucket(baseUrl: string): TokenBucket {
  let b = shared.get(baseUrl);
  if (!b) shared.set(baseUrl, (b = new TokenBucket()));
  return b;
}

type HeaderValue = string | string[] | undefined;
const first = (v: HeaderValue): string | undefined => (Array.isArray(v) ? v[0] : v);
const num = (v: string | undefined): number | undefined => {
  if (v === undefined) return undefined;
  const n = Number(v.trim());
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

/**
 * The RateLimit headers in the forms in use: separate `RateLimit-Limit/-Remaining/-Reset`
 * (draft-ietf-httpapi-ratelimit-headers up to -06), combined `RateLimit: limit=30, remaining=29,
 * reset=1`, and the structured `RateLimit: "default";r=29;t=1` with `RateLimit-Policy: ...;q=30`.
 */
export function parseRateLimit(headers: Record<string, HeaderValue>): RateLimitInfo | undefined {
  const info: RateLimitInfo = {
    limit: num(first(headers['ratelimit-limit'])?.split(/[,;]/)[0]),
    remaining: num(first(headers['ratelimit-remaining'])),
    reset: num(first(headers['ratelimit-reset'])),
  };
  const params = (v: string | undefined): Record<string, string> =>
    Object.fromEntries(
      (v ?? '')
        .split(/[,;]/)
        .map((p) => p.trim().split('='))
        .filter((kv) => kv.length === 2)
        .map(([k, val]) => [k!.trim().toLowerCase(), val!.trim().replace(/^"|"$/g, '')]),
    );
  const combined = params(first(headers['ratelimit']));
  const policy = params(first(headers['ratelimit-policy']));
  info.limit ??= num(combined.limit) ?? num(policy.q);
  info.remaining ??= num(combined.remaining) ?? num(combined.r);
  info.reset ??= num(combined.reset) ?? num(combined.t);
  return info.limit === undefined && info.remaining === undefined && info.reset === undefined ? undefined : info;
}

/** Retry-After as seconds: a number of seconds or an HTTP date. */
export function parseRetryAfter(value: HeaderValue, nowMs: number): number | undefined {
  const v = first(value)?.trim();
  if (!v) return undefined;
  if (/^\d+(\.\d+)?$/.test(v)) return Number(v);
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : Math.max(0, (t - nowMs) / 1000);
}
