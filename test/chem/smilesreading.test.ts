// A sample of the NextMove SMILES reading benchmark (github.com/nextmovesoftware/smilesreading, BSD-2; the whole run
// is bench/smiles-reading.js): ChEMBL molecules as aromatic SMILES written by nine toolkits, each beside the
// benchmark's Kekulé SMILES of the molecule. The sample holds, per writer, the first short SMILES OpenChemLib's
// own parser misread (porphyrins, fused polysulfur rings, bracket aromatic atoms) and some drawn at random, all of
// which RDKit 2022.09 reads right: the strict reader must read each as the Kekulé SMILES, hydrogens included.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readStructure } from '../../src/chem/smiles/read.js';

const sample = readFileSync(new URL('../fixtures/chem/smilesreading-sample.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => l.split('\t'));

/** Element counts with hydrogens, by atomic number. */
function formula(s: string): string {
  const st = readStructure(s);
  const counts: number[] = [];
  let h = 0;
  st.g.z.forEach((z, a) => {
    counts[z] = (counts[z] ?? 0) + 1;
    h += st.h[a];
  });
  counts[1] = (counts[1] ?? 0) + h;
  return counts.map((n, z) => (n ? `${z}:${n}` : '')).join(' ');
}

describe('the NextMove SMILES reading benchmark (sample)', () => {
  it(`reads every aromatic SMILES as its Kekulé SMILES (${sample.length})`, () => {
    expect(sample.length).toBeGreaterThan(100);
    for (const [id, writer, aromatic, kekule] of sample) expect(formula(aromatic), `${writer} ${id} ${aromatic}`).toBe(formula(kekule));
  });
});
