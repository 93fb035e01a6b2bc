// API keys: a file with one key per line (blank lines and `#` comments ignored). Keys are held only
// as SHA-256 digests and compared with timingSafeEqual, so neither the comparison time nor a heap
// dump gives a key away; the digest prefix used as rate-limit bucket id is not the key either.
// Besides the file's keys, the store can hold digests read from elsewhere (Redis, shared by
// replicas), replaced as a whole on each read.
import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ChemError } from '../api/errors.js';

/** SHA-256 of a key (or token), as held and compared. */
export const digest = (key: string) => createHash('sha256').update(key, 'utf8').digest();

/** The token of an `Authorization: Bearer <token>` header, null without one. */
export function bearer(header: string | undefined): string | null {
  const m = header ? /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header) : null;
  return m ? m[1]! : null;
}

export function parseKeys(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/#.*/, '').trim())
    .filter((line) => line.length > 0);
}

export class KeyStore {
  private digests: Buffer[] = [];
  private shared: Buffer[] = [];

  constructor(keys: string[] = []) {
    this.set(keys);
  }

  /** Reads a key file; throws a ChemError (the caller keeps the old keys on a failed reload). */
  static fromFile(path: string): KeyStore {
    const store = new KeyStore();
    store.load(path);
    return store;
  }

  load(path: string): number {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (err) {
      throw new ChemError(400, `cannot read the key file ${path}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
    }
    const keys = parseKeys(text);
    if (keys.length === 0) throw new ChemError(400, `the key file ${path} holds no key`);
    this.set(keys);
    return keys.length;
  }

  /** Replaces the digests read from elsewhere (hex SHA-256 of the keys). */
  setShared(hexDigests: string[]): void {
    this.shared = [...new Set(hexDigests)].map((h) => Buffer.from(h, 'hex'));
  }

  get size(): number {
    return this.digests.length + this.shared.length;
  }

  /**
   * The client id of a valid key (a digest prefix, used for its rate-limit bucket), else null.
   * Every stored digest is compared, so the time does not depend on which key matched.
   */
  check(key: string): string | null {
    const d = digest(key);
    let found: Buffer | null = null;
    for (const stored of this.digests) {
      if (timingSafeEqual(stored, d)) found = stored;
    }
    for (const stored of this.shared) {
      if (timingSafeEqual(stored, d)) found = stored;
    }
    return found ? found.toString('hex', 0, 12) : null;
  }

  private set(keys: string[]): void {
    this.digests = [...new Set(keys)].map(digest);
  }
}
