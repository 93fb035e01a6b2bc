// The 3D molfiles of records (embed.ts) against numbers from outside the code: typical bond lengths
// of organic compounds (CRC Handbook of Chemistry and Physics, "Bond lengths in crystalline
// organic compounds", after Allen et al. 1987), ideal bond angles, Bondi's van der Waals radii, and
// RDKit's reading of the stereo configuration from the 3D coordinates.
import { describe, expect, it } from 'vitest';
import * as OCL from 'openchemlib';
import { atomCounts, parseMolfile, parseSmiles } from '../../src/chem/molecule.js';
import { laidOut, molfile3d } from '../../src/chem/molfile.js';
import { embed3d } from '../../src/chem/embed.js';
import { loadRDKit } from '../../src/chem/inchi.js';

/** Element symbol, carbon with its hybridisation when not sp3. */
const label = (m: OCL.Molecule, a: number) => (m.getAtomicNo(a) === 6 && (m.getAtomPi(a) || m.isAromaticAtom(a)) ? (m.getAtomPi(a) === 2 ? 'Csp' : 'Csp2') : m.getAtomLabel(a));

/** Bond class (element labels in alphabetical order, "-" single, "=" double, "#" triple, ":" aromatic) → typical length, Å. */
const TYPICAL: Record<string, number> = {
  'C-C': 1.53, 'C-Csp2': 1.51, 'Csp2-Csp2': 1.47, 'Csp2=Csp2': 1.34, 'Csp#Csp': 1.2, 'Csp2:Csp2': 1.39, 'C-H': 1.09, 'Csp2-H': 1.08, 'C-O': 1.43, 'Csp2=O': 1.21, 'C-N': 1.47, 'Csp#N': 1.14,
  'Csp2:N': 1.34, 'H-O': 0.97, 'H-N': 1.01, 'C-Cl': 1.77, 'C-F': 1.35, 'C-S': 1.82, 'C-Br': 1.94,
  // sulfone and sulfonamide S=O, sulfonate ester S–O, phosphate P=O and P–O(C), nitro N=O and N–O⁻ (charge-separated)
  'O=S': 1.436, 'O-S': 1.577, 'O=P': 1.449, 'O-P': 1.558, 'N=O': 1.218, 'N-O': 1.218,
};
/** Bondi 1964. */
const VDW: Record<string, number> = { H: 1.2, C: 1.7, N: 1.55, O: 1.52, F: 1.47, S: 1.8, Cl: 1.75, Br: 1.85, Na: 2.27 };

const SAMPLES = [
  'CC(C)Cc1ccc(cc1)[C@@H](C)C(=O)O', // (S)-ibuprofen
  'CN1C=NC2=C1C(=O)N(C(=O)N2C)C', // caffeine
  'C[C@H](CCCC(C)C)[C@H]1CC[C@@H]2[C@@]1(CC[C@H]3[C@H]2CC=C4[C@@]3(CC[C@@H](C4)O)C)C', // cholesterol
  'OC[C@H]1O[C@H](O)[C@H](O)[C@@H](O)[C@@H]1O', // beta-D-glucose
  'C/C=C/C(=O)O', // crotonic acid (E)
  'C/C=C\\Cl', // (Z)-1-chloropropene
  'CC(C)(C)C', // neopentane
  'C#CC#N', // cyanoacetylene
  'FC(F)(F)c1ccc(Br)cc1S', // a halogenated thiophenol
  'C[N+](C)(C)CC(=O)[O-].[Na+].[Cl-]', // betaine with a salt
  'COP(=O)(OC)OC', // trimethyl phosphate
  'COS(C)(=O)=O', // methyl methanesulfonate
  'CS(N)(=O)=O', // methanesulfonamide
  'c1ccccc1[N+](=O)[O-]', // nitrobenzene
];

function coordinates(molfile: string) {
  const m = parseMolfile(molfile);
  m.ensureHelperArrays(OCL.Molecule.cHelperRings);
  const d = (i: number, j: number) => Math.hypot(m.getAtomX(i) - m.getAtomX(j), m.getAtomY(i) - m.getAtomY(j), m.getAtomZ(i) - m.getAtomZ(j));
  return { m, d };
}

function angle(m: OCL.Molecule, a: number, c: number, b: number): number {
  const u = [m.getAtomX(a) - m.getAtomX(c), m.getAtomY(a) - m.getAtomY(c), m.getAtomZ(a) - m.getAtomZ(c)];
  const v = [m.getAtomX(b) - m.getAtomX(c), m.getAtomY(b) - m.getAtomY(c), m.getAtomZ(b) - m.getAtomZ(c)];
  const dot = u[0]! * v[0]! + u[1]! * v[1]! + u[2]! * v[2]!;
  return (Math.acos(dot / Math.hypot(...u) / Math.hypot(...v)) * 180) / Math.PI;
}

describe('3D molfiles', () => {
  const files = SAMPLES.map((s) => [s, molfile3d(parseSmiles(s))] as const);

  it('embeds every sample as a V2000 molfile with explicit hydrogens and depth', () => {
    for (const [s, f] of files) {
      expect(f, s).toMatch(/V2000/);
      const { m } = coordinates(f!);
      expect(m.getAllAtoms(), s).toBe(atomCounts(parseSmiles(s)).atoms);
      let depth = 0;
      for (let a = 0; a < m.getAllAtoms(); a++) depth = Math.max(depth, Math.abs(m.getAtomZ(a)));
      if (m.getAllAtoms() > 5) expect(depth, s).toBeGreaterThan(0.3);
    }
  });

  it('gives bonds their typical lengths (±0.06 Å)', () => {
    let checked = 0;
    for (const [s, f] of files) {
      const { m, d } = coordinates(f!);
      for (let b = 0; b < m.getAllBonds(); b++) {
        const [p, q] = [m.getBondAtom(0, b), m.getBondAtom(1, b)];
        // ring bonds between sp2 atoms that OpenChemLib does not call aromatic (caffeine's) are delocalised: no typical length
        if (m.isRingBond(b) && !m.isAromaticBond(b) && m.getAtomPi(p) && m.getAtomPi(q)) continue;
        const kind = m.isAromaticBond(b) ? ':' : ['', '-', '=', '#'][m.getBondOrder(b)];
        const key = [label(m, p), label(m, q)].sort().join(kind);
        if (TYPICAL[key] === undefined) continue;
        expect(Math.abs(d(p, q) - TYPICAL[key]!), `${s} ${key} ${d(p, q).toFixed(3)}`).toBeLessThanOrEqual(0.06);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('gives sp3, aromatic and sp atoms their ideal angles', () => {
    const at = (smiles: string, centre: (m: OCL.Molecule, a: number) => boolean, ideal: number, tolerance: number) => {
      const { m } = coordinates(molfile3d(parseSmiles(smiles))!);
      let n = 0;
      for (let c = 0; c < m.getAllAtoms(); c++) {
        if (!centre(m, c)) continue;
        for (let i = 0; i < m.getAllConnAtoms(c); i++) {
          for (let j = i + 1; j < m.getAllConnAtoms(c); j++) {
            expect(Math.abs(angle(m, m.getConnAtom(c, i), c, m.getConnAtom(c, j)) - ideal), smiles).toBeLessThanOrEqual(tolerance);
            n++;
          }
        }
      }
      expect(n).toBeGreaterThan(0);
    };
    at('CC(C)(C)C', (m, a) => m.getAtomicNo(a) === 6, 109.47, 3);
    at('c1ccccc1', (m, a) => m.getAtomicNo(a) === 6, 120, 2);
    at('CC#CC', (m, a) => m.getAtomPi(a) === 2, 180, 5);
    // phosphate P and sulfone S are tetrahedral (not flattened by their double bonds)
    at('COP(=O)(OC)OC', (m, a) => m.getAtomicNo(a) === 15, 109.47, 8);
    at('CS(C)(=O)=O', (m, a) => m.getAtomicNo(a) === 16, 109.47, 8);
  });
  it('gives a sulfoxide its S=O (1.497 Å, Allen et al.) and a pyramidal sulfur, however it is written', () => {
    for (const s of ['CS(C)=O', 'C[S+](C)[O-]']) {
      const { m, d } = coordinates(molfile3d(parseSmiles(s))!);
      const sulfur = [...Array(m.getAllAtoms()).keys()].find((a) => m.getAtomicNo(a) === 16)!;
      const [a, b, c] = [0, 1, 2].map((i) => m.getConnAtom(sulfur, i));
      const oxygen = [a, b, c].find((x) => m.getAtomicNo(x!) === 8)!;
      expect(Math.abs(d(sulfur, oxygen) - 1.497), s).toBeLessThanOrEqual(0.03);
      const sum = angle(m, a!, sulfur, b!) + angle(m, b!, sulfur, c!) + angle(m, a!, sulfur, c!);
      expect(sum, s).toBeLessThan(345); // flat would be 360
    }
  });

  it('leaves no clash: atoms more than three bonds apart stay beyond the sum of their van der Waals radii less 0.5 Å', () => {
    for (const [s, f] of files) {
      const { m, d } = coordinates(f!);
      for (let i = 0; i < m.getAllAtoms(); i++) {
        for (let j = i + 1; j < m.getAllAtoms(); j++) {
          const path = m.getPathLength(i, j);
          if (path !== -1 && path <= 3) continue;
          const contact = VDW[m.getAtomLabel(i)]! + VDW[m.getAtomLabel(j)]! - 0.5;
          expect(d(i, j), `${s}: ${m.getAtomLabel(i)}${i} ${m.getAtomLabel(j)}${j}`).toBeGreaterThanOrEqual(contact);
        }
      }
    }
  });

  it('keeps the stereo configuration: RDKit reads the same isomeric SMILES from the 3D coordinates', async () => {
    const R = (await loadRDKit()) as unknown as { get_mol(s: string): { get_smiles(): string; remove_hs_in_place(): void; delete(): void } | null };
    const canonical = (input: string) => {
      const mol = R.get_mol(input)!;
      try {
        mol.remove_hs_in_place();
        return mol.get_smiles();
      } finally {
        mol.delete();
      }
    };
    for (const [s, f] of files) expect(canonical(f!), s).toBe(canonical(s));
  });

  it('is reproducible and leaves the structure it is given unchanged', () => {
    const mol = parseSmiles(SAMPLES[2]!);
    const before = mol.getIDCode();
    expect(molfile3d(mol)).toBe(molfile3d(mol));
    expect(mol.getIDCode()).toBe(before);
    expect(embed3d(mol, laidOut(mol), 7)!.getAllAtoms()).toBe(74); // C27H46O
  });
});
