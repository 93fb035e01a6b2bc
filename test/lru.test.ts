// The least-recently-used cache of record drawings, thumbnails and structure searches (src/util/lru.ts).
import { describe, expect, it } from 'vitest';
import { Lru } from '../src/util/lru.js';

describe('Lru', () => {
  it('drops the least recently used key beyond its size; a hit or a new value makes a key the most recent', () => {
    const lru = new Lru<string, number | null>(2);
    lru.set('a', 1);
    lru.set('b', null); // a kept null is a value (a structure without a drawing)
    expect(lru.get('a')).toBe(1); // a is now more recent than b
    lru.set('c', 3);
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual([1, undefined, 3]);
    lru.set('a', 4); // order now c, a
    lru.set('d', 5);
    expect([lru.get('c'), lru.get('a'), lru.get('d')]).toEqual([undefined, 4, 5]);
    expect(new Lru<string, null>(1).get('x')).toBeUndefined();
    lru.set('b', null);
    expect(lru.get('b')).toBeNull();
    lru.clear();
    expect(lru.get('d')).toBeUndefined();
  });
});
