// Edit distances worked by hand, and suggestions over a small list of names.
import { describe, expect, it } from 'vitest';
import { editDistance, suggest, type NameEntry } from '../../src/local/store/search/suggest.js';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and adjacent swaps', () => {
    expect(editDistance('benzne', 'benzene', 3)).toBe(1); // insert e
    expect(editDistance('etanol', 'ethanol', 3)).toBe(1); // insert h
    expect(editDistance('etanol', 'methanol', 3)).toBe(2); // insert m, h
    expect(editDistance('acetnoe', 'acetone', 3)).toBe(1); // swap "no" → "on"
    expect(editDistance('kitten', 'sitting', 5)).toBe(3);
    expect(editDistance('abc', 'abc', 0)).toBe(0);
  });

  it('stops at the bound', () => {
    expect(editDistance('benzene', 'chloroform', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});

describe('suggest', () => {
  const names: NameEntry[] = [
    { norm: 'benzene', name: 'Benzene', weight: 50 },
    { norm: 'acetone', name: 'Acetone', weight: 40 },
    { norm: 'ethanol', name: 'Ethanol', weight: 60 },
    { norm: 'methanol', name: 'Methanol', weight: 55 },
    { norm: 'ethanal', name: 'Ethanal', weight: 10 },
    { norm: 'benzine', name: 'Benzine', weight: 1 },
  ];

  it('offers the closest names, better-known first among equals', () => {
    expect(suggest('benzne', names)[0]).toBe('Benzene');
    expect(suggest('acetne', names)).toEqual(['Acetone']);
    expect(suggest('etanol', names)).toEqual(['Ethanol', 'Methanol', 'Ethanal']);
    expect(suggest('benzne', names)).toEqual(['Benzene', 'Benzine']);
  });

  it('one suggestion per compound, its closest name', () => {
    const withSynonym = [...names.map((n) => ({ ...n, compound: n.norm })), { norm: 'athanol', name: 'Äthanol', weight: 60, compound: 'ethanol' }];
    expect(suggest('etanol', withSynonym)).toEqual(['Ethanol', 'Methanol', 'Ethanal']);
    expect(suggest('atanol', withSynonym)[0]).toBe('Äthanol');
  });

  it('nothing close → nothing', () => {
    expect(suggest('zzzzzz', names)).toEqual([]);
  });
});
