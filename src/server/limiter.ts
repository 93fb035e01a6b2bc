// Per-client token bucket (spec part 8: burst 30, then 120 per minute) and the headers it reports.
//
// Header form: the IETF draft "RateLimit header fields for HTTP" in its draft-06 shape
// (draft-ietf-httpapi-ratelimit-headers-06, the form most clients and proxies read), on EVERY
// response of the API:
//   RateLimit-Limit: 30          the burst (bucket capacity)
//   RateLimit-Remaining: 17      whole requests left in the bucket after this one
//   RateLimit-Reset: 7           seconds until the bucket is full again (Remaining back to Limit)
//   RateLimit-Policy: 30;w=15    quota 30 per 15-second window, i.e. the sustained 2 requests/s
// and, on a 429 only, `Retry-After: <integer seconds>` until the next request is allowed.

export interface LimiterOptions {
  /** Bucket capacity: requests allowed at once. */
  burst?: number;
  /** Refill, tokens per second. */
  perSecond?: number;
  /** Clock in milliseconds; injectable for tests. */
  now?: () => number;
  /** Buckets kept before full (idle) ones are dropped, so memory stays bounded. */
  maxBuckets?: number;
}

export interface Decision {
  allowed: boolean;
  /** Response headers to send (the RateLimit fields, plus Retry-After when refused). */
  headers: Record<string, string>;
  /** Seconds until a request is allowed again (0 when allowed). */
  retryAfter: number;
}

/** What the server asks of a rate limiter: in-process (RateLimiter) or shared (RedisLimiter). */
export interface Limiter {
  /** Takes one token from the bucket of `client` (an opaque id: a key hash or an address). */
  take(client: string): Decision | Promise<Decision>;
}

/** The policy of a bucket: capacity and refill. */
export interface Policy {
  burst: number;
  perSecond: number;
}

/** Spec part 8: a burst of 30, then 2 requests/s (120 per minute). */
export const DEFAULT_POLICY: Policy = { burst: 30, perSecond: 2 };

/** The answer and headers for a bucket left holding `tokens` after the request (the one rule for every limiter). */
export function decide({ burst, perSecond }: Policy, tokens: number, allowed: boolean): Decision {
  const retryAfter = allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / perSecond));
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(burst),
    'RateLimit-Remaining': String(Math.floor(tokens)),
    'RateLimit-Reset': String(Math.ceil((burst - tokens) / perSecond)),
    'RateLimit-Policy': `${burst};w=${Math.ceil(burst / perSecond)}`,
  };
  if (!allowed) headers['Retry-After'] = String(retryAfter);
  return { allowed, headers, retryAfter };
}

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter implements Limiter {
  readonly burst: number;
  readonly perSecond: number;
  private readonly now: () => number;
  private readonly maxBuckets: number;
  private readonly buckets = new Map<string, Bucket>();

  constructor(opts: LimiterOptions = {}) {
    this.burst = opts.burst ?? DEFAULT_POLICY.burst;
    this.perSecond = opts.perSecond ?? DEFAULT_POLICY.perSecond;
    this.now = opts.now ?? Date.now;
    this.maxBuckets = opts.maxBuckets ?? 100_000;
  }

  take(client: string): Decision {
    const now = this.now();
    let bucket = this.buckets.get(client);
    if (!bucket) {
      if (this.buckets.size >= this.maxBuckets) this.sweep(now);
      bucket = { tokens: this.burst, at: now };
      this.buckets.set(client, bucket);
    } else {
      bucket.tokens = this.level(bucket, now);
      bucket.at = now;
    }
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    return decide(this, bucket.tokens, allowed);
  }

  private level(bucket: Bucket, now: number): number {
    const elapsed = Math.max(0, now - bucket.at) / 1000; // a clock going backwards refills nothing
    return Math.min(this.burst, bucket.tokens + elapsed * this.perSecond);
  }

  /** Drops buckets that have refilled completely: forgetting them changes nothing. */
  private sweep(now: number): void {
    for (const [client, bucket] of this.buckets) {
      if (this.level(bucket, now) >= this.burst) this.buckets.delete(client);
    }
  }
}
