// UNIFAC and modified UNIFAC (Dortmund) subgroups from the structure, against DDBST's published assignments (as
// CalebBell/thermo's "DDBST UNIFAC assignments.tsv" lists them by InChIKey, written out here): every heavy atom
// covered once, the counts equal. A structure with atoms no subgroup covers fails naming them.
import { describe, expect, it } from 'vitest';
import { parseSmiles } from '../../src/chem/molecule.js';
import { molGraph } from '../../src/chem/molgraph.js';
import { assignGroups, countsRecord, groupsOfSmiles, type GroupModel } from '../../src/chem/unifac-groups.js';

// SMILES, DDBST original UNIFAC, DDBST modified UNIFAC (Dortmund)
const DDBST: [string, Record<string, number>, Record<string, number>][] = [
  ['CCO', { 1: 1, 2: 1, 14: 1 }, { 1: 1, 2: 1, 14: 1 }],
  ['CCOC(C)=O', { 1: 1, 2: 1, 21: 1 }, { 1: 1, 2: 1, 21: 1 }],
  ['CCOC(=O)C(C)(C)C', { 1: 4, 2: 1, 4: 1, 77: 1 }, { 1: 4, 2: 1, 4: 1, 77: 1 }],
  ['CN1CCCC1=O', { 85: 1 }, { 78: 3, 86: 1 }],
  ['C1COCO1', { 2: 1, 27: 2 }, { 83: 2 }],
  ['CCCCOCCO', { 1: 1, 2: 3, 100: 1 }, { 1: 1, 2: 4, 14: 1, 25: 1 }],
  ['C1CCOC1', { 2: 3, 27: 1 }, { 27: 1, 78: 2 }],
  ['CC(C)(C)O', { 1: 3, 4: 1, 14: 1 }, { 1: 3, 4: 1, 82: 1 }],
  ['Oc1ccccc1', { 9: 5, 17: 1 }, { 9: 5, 17: 1 }],
  ['ClCC(N)=O', { 44: 1, 94: 1 }, { 44: 1, 91: 1 }],
  ['OC1=CC(=O)OC2=CC=CC=C12', { 8: 1, 9: 4, 10: 2, 14: 1, 77: 1 }, { 8: 1, 9: 4, 10: 2, 77: 1, 82: 1 }],
  ['CCNC', { 1: 1, 2: 1, 31: 1 }, { 1: 1, 2: 1, 31: 1 }],
];

const counts = (smiles: string, m: GroupModel) => {
  const a = assignGroups(molGraph(parseSmiles(smiles, { stereo: false })), m);
  return a.ok ? countsRecord(a.counts) : a;
};

describe('UNIFAC groups (DDBST)', () => {
  it.each(DDBST)('%s', (smiles, u, d) => {
    expect(counts(smiles, 'unifac')).toEqual(Object.fromEntries(Object.entries(u).map(([k, v]) => [k, v])));
    expect(counts(smiles, 'dortmund')).toEqual(d);
  });

  it('a phosphate: one line naming the atoms no subgroup covers, exit 3', () => {
    let err: unknown;
    try {
      groupsOfSmiles('O=P(Oc1ccccc1)(Oc1ccccc1)Oc1ccccc1', 'unifac', 'triphenyl phosphate');
    } catch (e) {
      err = e;
    }
    expect((err as Error).message).toBe('triphenyl phosphate: no original UNIFAC subgroup covers: O (atoms 1, 3, 10, 17), P (atom 2)');
    expect((err as { exitCode: number }).exitCode).toBe(3);
  });
});
