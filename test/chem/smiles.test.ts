// The lean SMILES reader (chem/smiles.ts) reads a SMILES exactly as OpenChemLib's parser does, or declines and
// leaves it to OpenChemLib. Checked on the fixture's hand-picked SMILES (every molecule the reader takes must equal
// OpenChemLib's in every value the predictor reads, and predict the same), and, opt-in, on a file of SMILES named
// by CHEM_SMILES_CHECK (e.g. the database's distinct SMILES, one per line).
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import type { MolView } from '../../src/local/chem/aromaticity.js';
import { masses, parseSmiles } from '../../src/local/chem/molecule.js';
import { LeanMolecule, readSmiles } from '../../src/local/chem/smiles.js';
import { predictMolecules } from '../../src/local/predict/index.js';
import { molGraph } from '../../src/local/predict/molgraph.js';

const fixture = readFileSync(new URL('../fixtures/chem/smiles.smi', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'));

/** Every value the aromaticity model and the SMARTS graph read, in OpenChemLib's order. */
function view(m: MolView): string {
  m.ensureHelperArrays(7);
  const atoms = [];
  for (let a = 0; a < m.getAtoms(); a++) {
    const conn = [];
    for (let i = 0; i < m.getConnAtoms(a); i++) conn.push([m.getConnAtom(a, i), m.getConnBond(a, i), m.getConnBondOrder(a, i)]);
    atoms.push([m.getAtomicNo(a), m.getAtomCharge(a), m.getAtomMass(a), m.getAtomRadical(a), m.getAllHydrogens(a), m.isRingAtom(a), conn]);
  }
  const bonds = [];
  for (let b = 0; b < m.getAllBonds(); b++) bonds.push([m.getBondAtom(0, b), m.getBondAtom(1, b), m.getBondOrder(b), m.isRingBond(b)]);
  const rings = [];
  const set = m.getRingSet();
  for (let r = 0; r < set.getSize(); r++) if (set.getRingSize(r) <= 7) rings.push([[...set.getRingAtoms(r)], [...set.getRingBonds(r)]]);
  return JSON.stringify({ atoms, bonds, rings, n: m.getAtoms(), nb: m.getBonds() });
}

const graphJson = (m: MolView) => JSON.stringify(molGraph(m), (_k, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as Uint8Array) : v));

/** The lean molecule of `s` checked against OpenChemLib's; undefined when the reader declines. */
function check(s: string): LeanMolecule | undefined {
  const lean = readSmiles(s);
  if (!lean) return undefined;
  const ocl = parseSmiles(s, { stereo: false }); // throws if OpenChemLib rejects what the reader took
  expect(view(lean), s).toBe(view(ocl));
  expect(lean.relativeWeight(), s).toBe(masses(ocl).mw);
  expect(graphJson(lean), s).toBe(graphJson(ocl));
  return lean;
}

describe('readSmiles', () => {
  it('reads the fixture as OpenChemLib does, or leaves it to OpenChemLib', () => {
    const read = fixture.filter((s) => check(s));
    expect(read.length).toBeGreaterThan(300);
    // the common forms are read
    for (const s of ['CCO', 'c1ccccc1', 'O=c1cc[nH]cc1', '[O-][n+]1ccccc1', 'C[C@H](N)C(=O)O', 'F/C=C/F', '[Na+].[Cl-]', 'C%12CC%12', 'c1ccc2c(c1)[nH]c1ccccc12', 'O=[N+]([O-])c1ccccc1', '[CH3]', 'c1cc[c]cc1', '[O]', '[Pb]', '[U+2]']) {
      expect(read, s).toContain(s);
    }
    // hydrogen and isotope atoms, '*', pentavalent nitrogen, aromatic rings joined by a ring bond outside them
    // (OpenChemLib's large-ring search), non-metals past Ba, syntax errors: OpenChemLib's
    for (const s of ['[2H]O[2H]', '[H][H]', '[13CH4]', '*C', 'CN(=O)=O', 'c1ccc2c(c1)Cc1ccccc12', '[Rn]', 'C1CC', 'c1cccc1', 'C(C', 'C11']) {
      expect(read, s).not.toContain(s);
    }
  });

  it('predicts the same from both molecules', () => {
    const smiles = fixture.filter((s) => readSmiles(s));
    const lean = predictMolecules(smiles.map((s) => readSmiles(s)!));
    const ocl = predictMolecules(smiles.map((s) => parseSmiles(s, { stereo: false })));
    smiles.forEach((s, i) => expect(JSON.stringify(lean[i]), s).toBe(JSON.stringify(ocl[i])));
  });

  const file = process.env.CHEM_SMILES_CHECK;
  it.skipIf(!file || !existsSync(file))('reads every SMILES of CHEM_SMILES_CHECK as OpenChemLib does', () => {
    const lines = readFileSync(file!, 'utf8').split('\n').filter(Boolean);
    let read = 0;
    for (const s of lines) if (check(s)) read++;
    console.log(`${file}: ${read} of ${lines.length} read by the lean reader, ${lines.length - read} left to OpenChemLib`);
  }, 600_000);
});
