// Differential test of the strict SMILES reader against RDKit (Debian's python3-rdkit, which .ci/run installs):
// the fixture's SMILES, each mutated once or twice by a seeded generator (a character deleted, inserted or
// replaced), are read by chem and by RDKit. chem must accept exactly what RDKit accepts for >= 98 % of them and,
// where both accept, give the molecular weight within 0.02 g/mol for >= 99.5 %. Skipped with a message without RDKit.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { masses, parseSmiles, readSmiles } from '../../src/chem/molecule.js';
import { leanMolecule } from '../../src/chem/smiles/lean.js';

const PYTHON = process.env.CHEM_PYTHON ?? '/usr/bin/python3';
const SCRIPT = fileURLToPath(new URL('./rdkit_weights.py', import.meta.url));
const hasRdkit = spawnSync(PYTHON, ['-c', 'import rdkit'], { stdio: 'ignore' }).status === 0;
if (!hasRdkit) console.log(`${PYTHON} has no rdkit (apt-get install python3-rdkit): the differential SMILES test is skipped`);

/** RDKit's molecular weight per SMILES, undefined where it rejects. */
export function rdkitWeights(smiles: string[]): (number | undefined)[] {
  const r = spawnSync(PYTHON, [SCRIPT], { input: smiles.join('\n') + '\n', encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout.trim().split('\n').map((l) => (l === 'reject' ? undefined : Number(l)));
}

/** chem's molecular weight as `chem predict` reads the SMILES, undefined where it rejects. */
function chemWeight(s: string): number | undefined {
  try {
    const lean = leanMolecule(readSmiles(s));
    return lean ? lean.relativeWeight() : masses(parseSmiles(s, { stereo: false })).mw;
  } catch {
    return undefined;
  }
}

/** Mulberry32: a small seeded generator, so every run mutates the same way. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const RADIOACTIVE = /\[\d*(Po|At|Rn|Fr|Ra|Ac|Th|Pa|U|Np|Pu|Am|Cm|Bk|Cf|Es|Fm|Md|No|Lr|Rf|Db|Sg|Bh|Hs|Mt|Ds|Rg|Cn|Tc|Pm)[^a-z]/;

const ALPHABET = 'CCCCNNOOSPFIclnosBr()()[]==#-+123456789@/\\.H%';

/** `s` with one or two characters deleted, inserted or replaced. */
export function mutate(s: string, next: () => number): string {
  const times = next() < 0.5 ? 1 : 2;
  for (let k = 0; k < times; k++) {
    const i = Math.floor(next() * (s.length + 1));
    const c = ALPHABET[Math.floor(next() * ALPHABET.length)];
    const op = next();
    if (op < 1 / 3 && s.length > 1) s = s.slice(0, i) + s.slice(i + 1);
    else if (op < 2 / 3) s = s.slice(0, i) + c + s.slice(i);
    else s = s.slice(0, i) + c + s.slice(i + 1);
  }
  return s;
}

describe.skipIf(!hasRdkit)('strict SMILES against RDKit', () => {
  it('accepts what RDKit accepts and weighs what it weighs, on mutated SMILES', () => {
    const base = readFileSync(new URL('../fixtures/chem/smiles.smi', import.meta.url), 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    const next = random(27);
    const smiles: string[] = [];
    for (let round = 0; round < 6; round++) for (const s of base) smiles.push(mutate(s, next));
    const ref = rdkitWeights(smiles);
    let agree = 0;
    let both = 0;
    let close = 0;
    const differ: string[] = [];
    smiles.forEach((s, i) => {
      const mine = chemWeight(s);
      if ((mine === undefined) === (ref[i] === undefined)) agree++;
      else differ.push(`${s} chem ${mine === undefined ? 'rejects' : 'accepts'}`);
      // elements past Bi have no standard atomic weight: OpenChemLib and RDKit take other isotopes (README)
      if (mine !== undefined && ref[i] !== undefined && !RADIOACTIVE.test(s)) {
        both++;
        if (Math.abs(mine - ref[i]!) <= 0.02) close++;
        else differ.push(`${s} chem ${mine.toFixed(3)} RDKit ${ref[i]}`);
      }
    });
    console.log(`${smiles.length} mutated SMILES: accept/reject agreement ${((100 * agree) / smiles.length).toFixed(2)} %; ` + `weight within 0.02 for ${close} of ${both} (${((100 * close) / both).toFixed(2)} %)\n  ${differ.slice(0, 40).join('\n  ')}`);
    expect(agree / smiles.length).toBeGreaterThanOrEqual(0.98);
    expect(close / both).toBeGreaterThanOrEqual(0.995);
  }, 120_000);
});
