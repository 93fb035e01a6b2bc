// On-disk cache of GET responses. An entry is named by its cache key, the SHA-256 of the request:
// method, URL (base URL + path + query, which never hold the API key) and a hash of the API key
// (never the key itself), like gh's cache. So an answer fetched with one key is never served to
// another (a wrong key goes to the server and gets its 403), and when the server refuses a key
// (401/403: wrong or revoked) every entry stored under that key is dropped. A file holds the URL,
// the key hash, the time it was stored, the body and the server's ETag. An expired entry with an
// ETag is not thrown away: the client revalidates it (If-None-Match) and a 304 makes it fresh again.
// Writes go to a temporary file renamed into place, so a reader never sees half a file.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { realClock, type Clock } from './rate-limit.js';

/** The request a cached answer belongs to. */
export interface CacheRequest {
  method: string;
  url: string;
  /** The API key sent with the request, if any; only its hash is used or stored. */
  apiKey?: string;
}

interface Entry {
  url: string;
  /** keyHash of the API key the answer was fetched with ('' without a key). */
  auth: string;
  /** Milliseconds since the epoch. */
  stored: number;
  body: string;
  etag?: string;
}

/** How the client's lookups ended, for the server's metrics: fresh hit, revalidated (304), fetched. */
export const cacheCounts = { hit: 0, revalidated: 0, miss: 0 };

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Hash of an API key as it appears in cache keys and entries ('' without a key). */
export function keyHash(apiKey: string | undefined): string {
  return apiKey ? sha256(`chem-api-key\0${apiKey}`) : '';
}

/** The cache key of a request: hash(method, URL, hash of the key). */
export function cacheKey(req: CacheRequest): string {
  return sha256(`${req.method}\0${req.url}\0${keyHash(req.apiKey)}`);
}

/** Whether an entry `age` seconds old is within its lifetime (a clock gone backwards: not). */
export const fresh = (age: number, ttlSeconds: number) => age >= 0 && age < ttlSeconds;

export class DiskCache {
  constructor(
    readonly dir: string,
    private readonly clock: Clock = realClock,
  ) {}

  private file(req: CacheRequest): string {
    return join(this.dir, cacheKey(req) + '.json');
  }

  /** The entry stored for `req`, whatever its age (seconds); unreadable entries count as absent. */
  async lookup(req: CacheRequest): Promise<{ body: string; age: number; etag?: string } | undefined> {
    try {
      const e = JSON.parse(await readFile(this.file(req), 'utf8')) as Entry;
      if (e.url !== req.url || e.auth !== keyHash(req.apiKey) || typeof e.body !== 'string' || typeof e.stored !== 'number') return undefined;
      return { body: e.body, age: (this.clock.now() - e.stored) / 1000, etag: typeof e.etag === 'string' ? e.etag : undefined };
    } catch {
      return undefined;
    }
  }

  /** The entry stored for `req` if younger than `ttlSeconds`. */
  async get(req: CacheRequest, ttlSeconds: number): Promise<{ body: string; age: number; etag?: string } | undefined> {
    const e = await this.lookup(req);
    return e && fresh(e.age, ttlSeconds) ? e : undefined;
  }

  async set(req: CacheRequest, body: string, etag?: string): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const target = this.file(req);
    const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    const entry: Entry = { url: req.url, auth: keyHash(req.apiKey), stored: this.clock.now(), body, ...(etag ? { etag } : {}) };
    try {
      await writeFile(tmp, JSON.stringify(entry), { mode: 0o600 });
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  /** Drops every entry fetched with `apiKey` (the server refused it). Returns how many went. */
  async forgetKey(apiKey: string | undefined): Promise<number> {
    const auth = keyHash(apiKey);
    let names: string[];
    try {
      names = (await readdir(this.dir)).filter((n) => /^[0-9a-f]{64}\.json$/.test(n));
    } catch {
      return 0;
    }
    let n = 0;
    for (const name of names) {
      const path = join(this.dir, name);
      try {
        if ((JSON.parse(await readFile(path, 'utf8')) as Entry).auth !== auth) continue;
      } catch {
        // unreadable: it would be a miss anyway
      }
      await rm(path, { force: true });
      n++;
    }
    return n;
  }

  /** Removes every cache entry (and stray temporary files). Returns how many files went. */
  static async clear(dir: string): Promise<number> {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return 0;
    }
    const ours = names.filter((n) => /^[0-9a-f]{64}\.json(\.[0-9a-f]+\.tmp)?$/.test(n));
    await Promise.all(ours.map((n) => rm(join(dir, n), { force: true })));
    return ours.length;
  }
}
