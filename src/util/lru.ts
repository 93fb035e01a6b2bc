// A small least-recently-used cache: a Map's insertion order is its recency (a hit is re-inserted), so
// the first key is the one to drop. For results that are costly to compute and asked for again
// (record drawings, thumbnails, structure searches).

export class Lru<K, V> {
  private readonly map = new Map<K, V>();

  constructor(readonly size: number) {}

  /** The value kept for `key`, now the most recent; undefined when none is kept. */
  get(key: K): V | undefined {
    if (!this.map.has(key)) return undefined;
    const v = this.map.get(key)!;
    this.map.delete(key);
    this.map.set(key, v);
    return v;
  }

  /** Keeps `value` as the most recent, dropping the least recently used beyond `size`. */
  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.size) this.map.delete(this.map.keys().next().value!);
  }

  delete(key: K): void {
    this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }
}
