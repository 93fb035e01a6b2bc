import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../src/server/limiter.js';

// Expected values worked out by hand from the spec's policy: burst 30, refill 2 tokens per second.
describe('RateLimiter (token bucket, burst 30, 2/s)', () => {
  const clock = () => {
    let t = 1_000_000;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  };

  it('counts down from 29 and refuses the 31st request with Retry-After 1', () => {
    const c = clock();
    const rl = new RateLimiter({ now: c.now });
    for (let i = 1; i <= 30; i++) {
      const d = rl.take('a');
      expect(d.allowed).toBe(true);
      expect(d.headers['RateLimit-Remaining']).toBe(String(30 - i));
      expect(d.headers['RateLimit-Limit']).toBe('30');
      expect(d.headers['RateLimit-Policy']).toBe('30;w=15');
      // seconds until full: i tokens missing at 2/s
      expect(d.headers['RateLimit-Reset']).toBe(String(Math.ceil(i / 2)));
    }
    const refused = rl.take('a');
    expect(refused.allowed).toBe(false);
    expect(refused.headers['Retry-After']).toBe('1'); // one token takes 0.5 s, rounded up
    expect(refused.headers['RateLimit-Remaining']).toBe('0');
    expect(refused.headers['RateLimit-Reset']).toBe('15');
  });

  it('keeps clients apart', () => {
    const c = clock();
    const rl = new RateLimiter({ now: c.now });
    for (let i = 0; i < 31; i++) rl.take('a');
    expect(rl.take('a').allowed).toBe(false);
    const b = rl.take('b');
    expect(b.allowed).toBe(true);
    expect(b.headers['RateLimit-Remaining']).toBe('29');
  });

  it('refills 2 tokens per second up to the burst', () => {
    const c = clock();
    const rl = new RateLimiter({ now: c.now });
    for (let i = 0; i < 30; i++) rl.take('a');
    c.advance(499);
    expect(rl.take('a').allowed).toBe(false); // 0.998 tokens
    c.advance(1);
    expect(rl.take('a').allowed).toBe(true); // 1.000 token
    c.advance(10_000); // +20 tokens
    expect(rl.take('a').headers['RateLimit-Remaining']).toBe('19');
    c.advance(3_600_000);
    expect(rl.take('a').headers['RateLimit-Remaining']).toBe('29'); // capped at 30, minus this one
  });

  it('gives Retry-After in whole seconds for a slower policy', () => {
    const c = clock();
    const rl = new RateLimiter({ now: c.now, burst: 2, perSecond: 0.25 });
    rl.take('a');
    rl.take('a');
    expect(rl.take('a').headers['Retry-After']).toBe('4'); // 1 token at 0.25/s
    c.advance(1000);
    expect(rl.take('a').headers['Retry-After']).toBe('3'); // 0.75 token missing
  });

  it('forgets idle buckets when the table is full, not active ones', () => {
    const c = clock();
    const rl = new RateLimiter({ now: c.now, maxBuckets: 2 });
    rl.take('a');
    rl.take('b');
    c.advance(400); // a and b: 29.8 tokens, not full
    rl.take('c'); // sweep finds nothing to drop
    expect(rl.take('a').headers['RateLimit-Remaining']).toBe('28');
    c.advance(60_000); // everyone full again
    rl.take('d'); // sweep drops the full buckets
    expect(rl.take('a').headers['RateLimit-Remaining']).toBe('29');
  });
});
