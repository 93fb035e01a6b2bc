// On-disk cache of GET responses. A file is named by the SHA-256 of the request URL (base URL +
// path + query, which never hold the API key) and holds that URL, the time it was stored and the
// body. Writes go to a temporary file renamed into place, so a reader never sees half a file.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { realClock, type Clock } from './rate-limit.js';

interface Entry {
  url: string;
  /** Milliseconds since the epoch. */
  stored: number;
  body: string;
}

export class DiskCache {
  constructor(
    readonly dir: string,
    private readonly clock: Clock = realClock,
  ) {}

  private file(url: string): string {
    return join(this.dir, createHash('sha256').update(url).digest('hex') + '.json');
  }

  /** The body stored for `url` if younger than `ttlSeconds`; unreadable entries count as misses. */
  async get(url: string, ttlSeconds: number): Promise<{ body: string; age: number } | undefined> {
    try {
      const e = JSON.parse(await readFile(this.file(url), 'utf8')) as Entry;
      const age = (this.clock.now() - e.stored) / 1000;
      if (e.url !== url || typeof e.body !== 'string' || !(age >= 0 && age < ttlSeconds)) return undefined;
      return { body: e.body, age };
    } catch {
      return undefined;
    }
  }

  async set(url: string, body: string): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const target = this.file(url);
    const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    const entry: Entry = { url, stored: this.clock.now(), body };
    try {
      await writeFile(tmp, JSON.stringify(entry), { mode: 0o600 });
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
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
