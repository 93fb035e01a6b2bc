import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { atomCounts, canonicalSmiles, hillFormula, masses, parseMolfile, parseSmiles } from '../../src/chem/molecule.js';
import { molfile2d, molfile3d } from '../../src/chem/molfile.js';
import { structureIdentifiers } from '../../src/chem/identity.js';
import { pngDataUri } from '../../src/chem/drawing.js';
import { ChemError } from '../../src/api/errors.js';
import { readTsv } from '../helpers.js';
import { METHODS_DIR, readMethodsFile } from '../fixtures/examples.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/chem/${name}`, import.meta.url), 'utf8');

describe('structure toolkit on published identifiers', () => {
  for (const row of readTsv(fixture('known.tsv'))) {
    it(row.name!, async () => {
      const mol = parseSmiles(row.smiles!);
      expect(hillFormula(mol)).toBe(row.formula);
      expect(masses(mol).mw).toBeCloseTo(Number(row.mw), 1);
      expect((await structureIdentifiers('smiles', row.smiles!)).inchikey).toBe(row.inchikey);
    });
  }

  it('canonical SMILES is the same for different writings of one structure', () => {
    expect(canonicalSmiles(parseSmiles('OCC'))).toBe(canonicalSmiles(parseSmiles('C(O)C')));
    expect(canonicalSmiles(parseSmiles('C1=CC=CC=C1'))).toBe(canonicalSmiles(parseSmiles('c1ccccc1')));
  });
});

describe.skipIf(!METHODS_DIR)('structure toolkit on the 50 reference molecules', () => {
  const rows = METHODS_DIR ? readTsv(readMethodsFile('predict_examples.tsv')) : [];
  for (const row of rows) {
    it(`${row.name} ${row.input_smiles}`, async () => {
      const mol = parseSmiles(row.input_smiles!);
      expect(hillFormula(mol)).toBe(row.formula);
      expect(masses(mol).mw).toBeCloseTo(Number(row.mw), 2);
      expect(masses(mol).monoisotopic).toBeCloseTo(Number(row.mw_monoisotopic), 3);
      expect(atomCounts(mol)).toEqual({ atoms: Number(row.n_atoms), heavy: Number(row.n_heavy) });
      const ids = await structureIdentifiers('smiles', row.input_smiles!);
      expect(ids.inchikey).toBe(row.inchikey);
      expect(ids.inchi).toBe(row.inchi);
    });
  }
});

describe('bracket atoms OpenChemLib alone reads wrongly', () => {
  // SMILES: a bracket atom has the hydrogens it writes, none when it writes none (OpenChemLib alone gives [Al] three,
  // and [HH] none). Molar masses from the IUPAC standard atomic weights (Al 26.982, H 1.008, D 2.014, Cl 35.45, Li 6.94).
  for (const [smiles, formula, mw] of [
    ['[HH]', 'H2', 2.016],
    ['[2HH]', 'H2', 3.022],
    ['[Al]', 'Al', 26.98],
    ['[AlH3]', 'H3Al', 30.01],
    ['Cl[Al](Cl)Cl', 'AlCl3', 133.34],
    ['[Li+].[AlH4-]', 'H4AlLi', 37.95],
    ['C[Al](C)C', 'C3H9Al', 72.09],
  ] as const) {
    it(`${smiles} is ${formula}`, () => {
      const mol = parseSmiles(smiles);
      expect(hillFormula(mol)).toBe(formula);
      expect(masses(mol).mw).toBeCloseTo(mw, 1);
      expect(canonicalSmiles(parseSmiles(canonicalSmiles(mol)))).toBe(canonicalSmiles(mol));
    });
  }
});

describe('invalid structures', () => {
  it.each(['C1CC(', 'CX', 'C(C', '', 'c1cccc1', 'C[C@H](N'])('SMILES %j is a 404 with the parser message', (s) => {
    try {
      parseSmiles(s);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ChemError);
      expect((e as ChemError).status).toBe(404);
      expect((e as ChemError).message).toMatch(/SMILES/);
    }
  });

  it('a truncated molfile is rejected', () => {
    expect(() => parseMolfile(fixture('broken.mol'))).toThrow(ChemError);
    expect(() => parseMolfile('not a molfile')).toThrow(/V2000 or V3000/);
  });
});

describe('molfiles and drawings', () => {
  it('reads V2000 and V3000 molfiles', async () => {
    for (const f of ['ethanol.mol', 'ethanol-v3000.mol']) {
      expect(hillFormula(parseMolfile(fixture(f)))).toBe('C2H6O');
      expect((await structureIdentifiers('molfile', fixture(f))).inchikey).toBe('LFQSCWFLJHTTHZ-UHFFFAOYSA-N');
    }
  });

  it('writes 2D and 3D molfiles that read back as the same structure', () => {
    const mol = parseSmiles('CC(=O)O');
    const m2 = molfile2d(mol);
    const m3 = molfile3d(mol)!;
    expect(m2).toMatch(/V2000/);
    expect(canonicalSmiles(parseMolfile(m2))).toBe(canonicalSmiles(mol));
    // The conformer carries explicit hydrogens and non-zero z coordinates.
    expect(hillFormula(parseMolfile(m3))).toBe('C2H4O2');
    const z = m3.split('\n').slice(4, 12).map((l) => Number(l.slice(20, 30)));
    expect(z.some((v) => Math.abs(v) > 0.1)).toBe(true);
  });

  it('draws a PNG data URI', async () => {
    const uri = await pngDataUri('c1ccccc1O');
    expect(uri).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(uri.split(',')[1]!, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(300); // IHDR width
  });
});
