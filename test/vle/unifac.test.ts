// UNIFAC and modified UNIFAC (Dortmund) against CalebBell/thermo's UNIFAC.from_subgroups (version 0 with the
// published original table, version 1 with the published 2016 Dortmund table): ethanol (DDBST's groups CH3, CH2,
// OH = subgroups 1, 2, 14) with water (16), the worked values of ../shared/methods/README.md (UNIFAC section). The
// interaction parameters between main groups 1 (CH2), 5 (OH) and 7 (H2O) are the published tables' (Hansen et al.
// 1991; Constantinescu & Gmehling 2016), written out here.
import { describe, expect, it } from 'vitest';
import { subgroups } from '../../src/chem/unifac-groups.js';
import { missingInteractions, unifac, type InteractionTable } from '../../src/vle/unifac.js';
import { implausible } from '../../src/vle/diagram.js';

const ORIGINAL: InteractionTable = {
  name: 'UNIFAC',
  abc: new Map([
    ['1 5', [986.5, 0, 0]],
    ['5 1', [156.4, 0, 0]],
    ['1 7', [1318, 0, 0]],
    ['7 1', [300, 0, 0]],
    ['5 7', [353.5, 0, 0]],
    ['7 5', [-229.1, 0, 0]],
  ]),
};
const DORTMUND: InteractionTable = {
  name: 'modified UNIFAC (Dortmund)',
  abc: new Map([
    ['1 5', [2777, -4.674, 0.001551]],
    ['1 7', [1391.3, -3.6156, 0.001144]],
    ['5 1', [1606, -4.746, 0.0009181]],
    ['5 7', [-801.9, 3.824, -0.007514]],
    ['7 1', [-17.253, 0.8389, 0.0009021]],
    ['7 5', [1460, -8.673, 0.01641]],
  ]),
};
const ETHANOL = new Map([[1, 1], [2, 1], [14, 1]]);
const WATER = new Map([[16, 1]]);

// T, x_ethanol, γ ethanol and γ water (original), γ ethanol and γ water (Dortmund)
const THERMO: [number, number, number, number, number, number][] = [
  [300, 0.1, 3.43218392, 1.039147853, 3.056956491, 1.023487978],
  [300, 0.5, 1.205096807, 1.496347003, 1.253398419, 1.442292141],
  [300, 0.9, 1.008852411, 2.227064718, 1.006559191, 2.316810706],
  [350, 0.1, 3.39300689, 1.035750758, 3.258220422, 1.02851396],
  [350, 0.5, 1.231016081, 1.485575212, 1.241824095, 1.47499223],
  [350, 0.9, 1.009220275, 2.329781655, 1.006038218, 2.31419939],
];

describe('UNIFAC (thermo, ethanol/water)', () => {
  const u = subgroups('unifac');
  const d = subgroups('dortmund');
  const original = unifac([ETHANOL, WATER], (id) => u.get(id)!, ORIGINAL, 'original');
  const dortmund = unifac([ETHANOL, WATER], (id) => d.get(id)!, DORTMUND, 'dortmund');
  it.each(THERMO)('%d K, x1 = %d', (T, x1, o1, o2, d1, d2) => {
    const [a, b] = original([x1, 1 - x1], T).map(Math.exp);
    expect(a).toBeCloseTo(o1, 7);
    expect(b).toBeCloseTo(o2, 7);
    const [c, e] = dortmund([x1, 1 - x1], T).map(Math.exp);
    expect(c).toBeCloseTo(d1, 7);
    expect(e).toBeCloseTo(d2, 7);
  });

  it('a main-group pair the table lacks is named, never taken as zero', () => {
    const partial: InteractionTable = { name: 'partial', abc: new Map([...ORIGINAL.abc].filter(([k]) => k !== '7 5')) };
    expect(missingInteractions([1, 5, 7], partial)).toEqual([[5, 7]]);
    expect(() => unifac([ETHANOL, WATER], (id) => u.get(id)!, partial, 'original')).toThrow(/main groups 5\/7/);
  });
});

describe('a group model\'s γ∞ far below any organic mixture\'s is said', () => {
  // thermo's UNIFAC.from_subgroups(version=1, DOUFIP2016) for 2,3-dimethylbenzothiophene (1×CH3, 4×ACH, 1×AC,
  // 1×ACCH3, 1×AC2S) in 3-butene-1,2-diol: γ1∞ = 0.0 at 470 K, γ2∞ 8.9e-5 (x = 0.5); acetone in chloroform ~0.4
  const comps = [{ id: 'a', compound: 'A', type: 'C' }, { id: 'b', compound: 'B', type: 'C' }] as unknown as Parameters<typeof implausible>[1];
  it('0 at 469.66 K: a notice naming the compound and T; 0.4: none', () => {
    const notes = implausible({ gamma1: 0, t1: 469.66, gamma2: 0.4, t2: 334.3 }, comps, 'modified UNIFAC (Dortmund)');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/modified UNIFAC \(Dortmund\) gives A an infinite-dilution activity coefficient of 0 at 469\.66 K: .*not to be trusted/);
    expect(implausible({ gamma1: 0.4, t1: 334.3, gamma2: 0.3, t2: 329.2 }, comps, 'x')).toEqual([]);
  });
});
