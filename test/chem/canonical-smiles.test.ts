// The SMILES chem prints is RDKit's canonical SMILES, as Python's Chem.MolToSmiles(Chem.MolFromSmiles(s)) writes
// it: for a structure not in the database (chem convert smiles), and as the database build stores it (records,
// search results). The expected column of the fixture was generated once by Debian's RDKit (its header says how);
// when that RDKit is installed, the fixture itself is checked against it too.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { structureIdentifiers } from '../../src/chem/identity.js';
import { computeInThread } from '../../src/local/store/structures.js';
import { runChem } from '../helpers.js';

const PYTHON = process.env.CHEM_PYTHON ?? '/usr/bin/python3';
const hasRdkit = spawnSync(PYTHON, ['-c', 'import rdkit'], { stdio: 'ignore' }).status === 0;

const rows = readFileSync(new URL('../fixtures/chem/canonical-smiles.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .slice(1)
  .map((l) => {
    const [name, input, rdkit] = l.split('\t') as [string, string, string];
    return { name, input, rdkit };
  });

describe("RDKit's canonical SMILES", () => {
  it('the fixture holds ~30 structures, metals, salts and stereo among them', () => {
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(rows.some((r) => r.rdkit.includes('@'))).toBe(true);
    expect(rows.some((r) => r.rdkit.includes('.'))).toBe(true);
  });

  it.skipIf(!hasRdkit)("the fixture's expected column is Python RDKit's output", () => {
    const script = 'import sys\nfrom rdkit import Chem\nfor s in sys.stdin.read().split():\n    print(Chem.MolToSmiles(Chem.MolFromSmiles(s)))';
    const r = spawnSync(PYTHON, ['-c', script], { input: rows.map((x) => x.input).join('\n'), encoding: 'utf8' });
    expect(r.stdout.trim().split('\n')).toEqual(rows.map((x) => x.rdkit));
  });

  it('is the SMILES of a structure not in the database', async () => {
    const got = await Promise.all(rows.map(async (r) => (await structureIdentifiers('smiles', r.input)).smiles));
    expect(got).toEqual(rows.map((r) => r.rdkit));
  });

  it('is the SMILES the database build stores (and prints)', async () => {
    const got = await computeInThread(rows.map((r) => ({ smiles: r.input })));
    expect(got.map((r) => r?.smiles)).toEqual(rows.map((r) => r.rdkit));
    // OpenChemLib's canonical SMILES stays beside it: the key SMILES lookups match
    expect(got.filter((r) => r?.key).length).toBe(rows.length);
  });

  it('is what chem convert smiles prints without a database', async () => {
    const caffeine = rows.find((r) => r.name === 'caffeine')!;
    const r = await runChem(['convert', 'smiles', caffeine.input, '--db', '/nonexistent/chem.db', '--json']);
    expect((JSON.parse(r.stdout) as { smiles: string }).smiles).toBe('Cn1c(=O)c2c(ncn2C)n(C)c1=O');
  });
});
