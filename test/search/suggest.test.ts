// Edit distances worked by hand, and the closest names over a small list.
import { describe, expect, it } from 'vitest';
import { closest, editDistance, letterMask, masksWithin } from '../../src/local/store/search/suggest.js';

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

describe('letter masks', () => {
  it('one edit changes at most two bits, so the mask test never drops a close name', () => {
    const pairs = [['benzne', 'benzene', 1], ['acetne', 'acetone', 1], ['etanol', 'methanol', 2], ['kitten', 'sitting', 3]] as const;
    for (const [a, b, d] of pairs) expect(masksWithin(letterMask(a), letterMask(b), d)).toBe(true);
    // "abc" and "xyz" share no letter: six bits differ, more than two edits can explain.
    expect(masksWithin(letterMask('abc'), letterMask('xyz'), 2)).toBe(false);
  });
});

describe('closest', () => {
  // [normalised name, compound rank, main name?]: a lower rank is a compound with more data.
  const rows: [string, number, number][] = [
    ['benzene', 2, 1],
    ['benzen', 2, 0], // a synonym of benzene
    ['acetone', 4, 1],
    ['acetene', 1, 0], // an old synonym of ethylene, a compound with more data than acetone
    ['ethanol', 1, 1],
    ['athanol', 1, 0], // a second name of ethanol
    ['methanol', 3, 1],
    ['ethanal', 9, 1],
    ['benzine', 20, 1],
    ['chloroform', 5, 1],
  ];
  const names = (q: string) => closest(rows.map(([norm, ord, main]) => ({ norm, ord, main })), q).map((c) => c.norm);

  it('offers the closest names, better-documented compounds first among equals', () => {
    expect(names('benzne')).toEqual(['benzene', 'benzine']);
    expect(names('etanol')).toEqual(['ethanol', 'methanol', 'ethanal']);
  });

  it('among equally close names, main names first, then the better-documented compound', () => {
    expect(names('acetne')).toEqual(['acetone', 'acetene']);
  });

  it('one suggestion per compound: its closest name', () => {
    expect(names('atanol')).toEqual(['athanol']); // not also ethanol (2 edits), the same compound
  });

  it('nothing close → nothing; an exact name is not its own suggestion', () => {
    expect(names('zzzzzz')).toEqual([]);
    expect(names('chloroform')).toEqual([]);
  });
});
