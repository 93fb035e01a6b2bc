// State shared by replicas of `chem serve`, kept in Redis (or Valkey): the rate-limit buckets and,
// optionally, the SHA-256 digests of the API keys. One connection (node-redis) per process, no
// offline queue: while Redis is unreachable every command fails at once instead of piling up, and
// the limiter answers as configured (--redis-failure). State changes are logged once, not per request.
import { createHash } from 'node:crypto';
import { createClient, ErrorReply, type RedisClientType } from 'redis';
import { ChemError } from '../api/errors.js';
import { decide, DEFAULT_POLICY, RateLimiter, type Decision, type Limiter, type Policy } from './limiter.js';

export type RedisFailure = 'open' | 'closed';

/** The set holding the hex SHA-256 digests of the API keys (`--redis-keys`). */
const KEYS_SET = 'chem:keys';
const BUCKET_PREFIX = 'chem:rl:';
/** A command not answered within this time counts as Redis being unreachable, ms. */
const COMMAND_TIMEOUT_MS = 500;

export interface Log {
  info(msg: string): void;
  warn(msg: string): void;
}

/** The URL without its password, for logs. */
function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '****';
    return u.toString();
  } catch {
    return '(invalid URL)';
  }
}

/** One Redis connection with a reachable/unreachable state, logged when it changes. */
export class RedisLink {
  private readonly client: RedisClientType;
  private readonly commands: RedisClientType;
  private up: boolean | undefined;

  constructor(
    readonly url: string,
    private readonly log: Log,
    /** What failing requests get while Redis is unreachable, for the log line. */
    private readonly consequence = '',
  ) {
    this.client = createClient({
      url,
      disableOfflineQueue: true,
      socket: { connectTimeout: 2000, reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 2000) },
    }) as RedisClientType;
    this.commands = this.client.withCommandOptions({ timeout: COMMAND_TIMEOUT_MS }) as unknown as RedisClientType;
    this.client.on('error', (err: Error) => this.state(false, err));
    this.client.on('ready', () => this.state(true));
  }

  /** Starts connecting; resolves once connected or after the first failure (retries go on). */
  async connect(): Promise<void> {
    await this.client.connect().catch((err: Error) => this.state(false, err));
  }

  /** Sends one command; a failure marks Redis unreachable and is rethrown. */
  async send<T>(args: string[]): Promise<T> {
    try {
      const reply = (await this.commands.sendCommand(args)) as T;
      this.state(true);
      return reply;
    } catch (err) {
      // An error reply (NOSCRIPT, a bad script) comes from a Redis that answers: not an outage.
      if (!(err instanceof ErrorReply)) this.state(false, err as Error);
      throw err;
    }
  }

  async ping(): Promise<void> {
    await this.send(['PING']);
  }

  async close(): Promise<void> {
    this.client.removeAllListeners('error');
    if (this.client.isOpen) await this.client.close();
    else this.client.destroy();
  }

  private state(up: boolean, err?: Error): void {
    if (up === this.up) return;
    const first = this.up === undefined;
    this.up = up;
    if (up) this.log.info(`redis ${redactUrl(this.url)}: ${first ? 'connected' : 'reachable again'}`);
    else this.log.warn(`redis ${redactUrl(this.url)}: unreachable (${err?.message || err?.name || 'error'})${this.consequence ? `: ${this.consequence}` : ''}`);
  }
}

// The bucket of KEYS[1] (fields t: tokens, at: microseconds), refilled at ARGV[2] tokens/s up to
// ARGV[1] since the last request, then one token taken if there is one. The clock is Redis's TIME,
// so replicas whose clocks disagree still share one time line. The key expires once the bucket
// would be full again: forgetting a full bucket changes nothing. Returns {allowed, tokens left}.
const TAKE = `
local burst = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local b = redis.call('HMGET', KEYS[1], 't', 'at')
local tokens = tonumber(b[1])
if tokens == nil then
  tokens = burst
else
  tokens = math.min(burst, tokens + math.max(0, now - tonumber(b[2])) / 1000000 * rate)
end
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
local left = string.format('%.6f', tokens)
redis.call('HSET', KEYS[1], 't', left, 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / rate * 1000) + 1000)
return {allowed, left}
`;
const TAKE_SHA = createHash('sha1').update(TAKE).digest('hex');

/** Token buckets in Redis, one Lua script call per request; same policy and headers as RateLimiter. */
export class RedisLimiter implements Limiter {
  readonly burst: number;
  readonly perSecond: number;
  /** `open`: while Redis is unreachable each replica limits on its own. */
  private readonly fallback: RateLimiter | null;

  constructor(
    private readonly link: RedisLink,
    failure: RedisFailure,
    policy: Partial<Policy> = {},
  ) {
    this.burst = policy.burst ?? DEFAULT_POLICY.burst;
    this.perSecond = policy.perSecond ?? DEFAULT_POLICY.perSecond;
    this.fallback = failure === 'open' ? new RateLimiter({ burst: this.burst, perSecond: this.perSecond }) : null;
  }

  async take(client: string): Promise<Decision> {
    let reply: [number, string];
    try {
      const args = ['1', BUCKET_PREFIX + client, String(this.burst), String(this.perSecond)];
      reply = await this.link.send<[number, string]>(['EVALSHA', TAKE_SHA, ...args]).catch((err: Error) => {
        // First use on this Redis (or after SCRIPT FLUSH / a restart): send the script itself.
        if (/^NOSCRIPT/.test(err.message)) return this.link.send<[number, string]>(['EVAL', TAKE, ...args]);
        throw err;
      });
    } catch {
      if (this.fallback) return this.fallback.take(client);
      throw new ChemError(503, 'rate limiter unavailable, try again later');
    }
    return decide(this, Number(reply[1]), reply[0] === 1);
  }
}

/** The key digests in Redis (hex SHA-256, 64 characters); anything else in the set is ignored. */
export async function redisKeyDigests(link: RedisLink): Promise<string[]> {
  const members = await link.send<string[]>(['SMEMBERS', KEYS_SET]);
  return members.filter((m) => /^[0-9a-f]{64}$/.test(m));
}
