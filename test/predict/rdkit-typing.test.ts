// Atom typing against RDKit, the reference implementation of Wildman–Crippen: RDKit's own Crippen logP and MR
// (get_descriptors) and aromatic atoms (get_json), computed here by @rdkit/rdkit (wasm) on hand-written SMILES
// (test/fixtures/predict/typing.smi: heteroaromatics with exocyclic C=O/C=S, fused systems, charged atoms,
// isotopic and explicit hydrogens, non-aromatic look-alikes). With CHEM_TYPING_DB set to a database, its
// structures are compared too (every 20th; the agreement rate is printed and must reach 99.5 %).
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseSmiles } from '../../src/chem/molecule.js';
import { crippen } from '../../src/local/predict/crippen.js';
import { molGraph } from '../../src/chem/molgraph.js';

interface RDMol {
  get_descriptors(): string;
  get_json(): string;
  delete(): void;
}
let rdkit: { get_mol(s: string): RDMol | null };

beforeAll(async () => {
  const init = (await import('@rdkit/rdkit')).default as unknown as () => Promise<typeof rdkit>;
  rdkit = await init();
}, 60_000);

interface Typing {
  logp: number;
  mr: number;
  /** Aromatic atoms, by index among the atoms that are not plain hydrogens (the same order in both toolkits). */
  aromatic: string;
}

function rdkitTyping(smiles: string): Typing | undefined {
  const mol = rdkit.get_mol(smiles);
  if (!mol) return undefined;
  try {
    const d = JSON.parse(mol.get_descriptors()) as { CrippenClogP: number; CrippenMR: number };
    const ext = (JSON.parse(mol.get_json()) as { molecules: { extensions?: { aromaticAtoms?: number[] }[] }[] }).molecules[0].extensions;
    return { logp: d.CrippenClogP, mr: d.CrippenMR, aromatic: (ext?.[0]?.aromaticAtoms ?? []).join(' ') };
  } finally {
    mol.delete();
  }
}

function chemTyping(smiles: string): Typing {
  const g = molGraph(parseSmiles(smiles));
  const { logp, mr } = crippen(g);
  const aromatic: number[] = [];
  for (let a = 0; a < g.heavy; a++) if (g.aromatic[a]) aromatic.push(a);
  return { logp, mr, aromatic: aromatic.join(' ') };
}

/** Differences, as one line per molecule, rounded as RDKit's descriptors are compared in practice (4 decimals). */
function differences(smiles: readonly string[]): { compared: number; diffs: string[] } {
  const diffs: string[] = [];
  let compared = 0;
  for (const s of smiles) {
    const want = rdkitTyping(s);
    if (!want) continue;
    let got: Typing;
    try {
      got = chemTyping(s);
    } catch {
      continue; // not parsed by OpenChemLib: the predictor rejects it, nothing to type
    }
    compared++;
    const same = Math.abs(got.logp - want.logp) < 5e-5 && Math.abs(got.mr - want.mr) < 5e-4 && got.aromatic === want.aromatic;
    if (!same) diffs.push(`${s}: logP ${got.logp.toFixed(4)} vs ${want.logp.toFixed(4)}, MR ${got.mr.toFixed(3)} vs ${want.mr.toFixed(3)}, aromatic [${got.aromatic}] vs [${want.aromatic}]`);
  }
  return { compared, diffs };
}

/** Known differences, each with its cause; the test fails when one disappears too (then delete it here). */
const KNOWN: Record<string, string> = {};

const fixture = readFileSync(new URL('../fixtures/predict/typing.smi', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'));

describe('Crippen typing and aromaticity agree with RDKit', () => {
  it('on the published examples (caffeine, 2-pyridone, coumarin, heavy water)', () => {
    // RDKit's values, also quoted in the Crippen literature's RDKit comparisons
    const cases: [string, number][] = [
      ['Cn1cnc2c1c(=O)n(C)c(=O)n2C', -1.0293],
      ['O=c1cccc[nH]1', 0.3749],
      ['O=c1ccc2ccccc2o1', 1.793],
      ['[2H]O[2H]', -0.8247],
    ];
    for (const [s, logp] of cases) expect(chemTyping(s).logp, s).toBeCloseTo(logp, 4);
  });

  it(`on every molecule of the fixture (${fixture.length})`, () => {
    const { compared, diffs } = differences(fixture);
    expect(compared).toBeGreaterThan(fixture.length * 0.95);
    expect(diffs.map((d) => d.slice(0, d.indexOf(': ')))).toEqual(Object.keys(KNOWN).filter((s) => fixture.includes(s)));
  });

  const db = process.env.CHEM_TYPING_DB;
  it.skipIf(!db)('on the structures of a database (CHEM_TYPING_DB), at least 99.5 %', () => {
    const conn = new Database(db!, { readonly: true });
    const all = (conn.prepare('SELECT DISTINCT smiles FROM compounds WHERE smiles IS NOT NULL ORDER BY smiles').all() as { smiles: string }[]).map((r) => r.smiles);
    conn.close();
    const { compared, diffs } = differences(all.filter((_, i) => i % 20 === 0));
    console.log(`RDKit agreement: ${compared - diffs.length}/${compared} (${((100 * (compared - diffs.length)) / compared).toFixed(2)} %)\n${diffs.slice(0, 20).join('\n')}`);
    expect((compared - diffs.length) / compared).toBeGreaterThanOrEqual(0.995);
  }, 600_000);
});
