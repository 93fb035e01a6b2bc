// Records whose structure OpenChemLib cannot read from the SMILES (hexavalent silicon with charge -2,
// hypervalent chlorine, ferrocene's cyclopentadienides) get their molfiles from RDKit's 2D layout, and the
// 3D molfile embedded from it: every structured record has its drawing, mol2d and mol3d.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compoundIdFor } from '../../src/api/ids.js';
import { buildDatabase } from '../../src/local/store/build.js';
import { Store } from '../../src/local/store/store.js';
import { fullRecord } from '../../src/local/record.js';
import { parseSmiles } from '../../src/chem/molecule.js';

const MIRROR = fileURLToPath(new URL('../fixtures/store/mirror', import.meta.url));
const ETHANOL = compoundIdFor('LFQSCWFLJHTTHZ-UHFFFAOYSA-N');
let dir: string;
let store: Store;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'chem-rdkit-files-'));
  const dbPath = join(dir, 'chem.sqlite');
  await buildDatabase({ from: MIRROR, dbPath, threads: 1, steps: [], now: 1700000000 });
  store = Store.open(dbPath);
}, 60_000);
afterAll(() => {
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Atom lines (element, charge from M  CHG) and bonds of a V2000 molfile. */
function readMolfile(text: string) {
  const lines = text.split('\n');
  const [atoms, bonds] = [Number(lines[3]!.slice(0, 3)), Number(lines[3]!.slice(3, 6))];
  const elements = lines.slice(4, 4 + atoms).map((l) => l.slice(31, 34).trim());
  const zs = lines.slice(4, 4 + atoms).map((l) => Number(l.slice(40, 50)));
  const pairs = lines.slice(4 + atoms, 4 + atoms + bonds).map((l) => [Number(l.slice(0, 3)), Number(l.slice(3, 6))]);
  const charges: Record<string, number> = {};
  for (const l of lines.filter((l) => l.startsWith('M  CHG'))) {
    const f = l.slice(6).trim().split(/\s+/).map(Number);
    for (let i = 1; i < f.length; i += 2) charges[elements[f[i]! - 1]!] = f[i + 1]!;
  }
  return { elements, zs, pairs, charges };
}

describe('molfiles of structures OpenChemLib cannot read', () => {
  it('barium hexafluorosilicate: 2D and 3D molfiles with Si bonded to six F, Ba2+ and SiF6 2-', async () => {
    const smiles = '[Ba++].F[Si--](F)(F)(F)(F)F';
    expect(() => parseSmiles(smiles)).toThrow(/valence 6/);
    store.db.prepare('UPDATE compounds SET smiles = ? WHERE id = ?').run(smiles, ETHANOL);
    const c = await fullRecord(store, ETHANOL);
    expect(c.drawing).toMatch(/^data:image\/png;base64,/);
    for (const text of [c.mol2d!, c.mol3d!]) {
      const m = readMolfile(text);
      expect(m.elements.sort()).toEqual(['Ba', 'F', 'F', 'F', 'F', 'F', 'F', 'Si']);
      expect(m.charges).toEqual({ Ba: 2, Si: -2 });
      expect(m.pairs).toHaveLength(6);
    }
    expect(readMolfile(c.mol3d!).zs.some((z) => z !== 0)).toBe(true); // 3D coordinates
    expect(c.notices).toEqual([expect.stringMatching(/^predictions left out: OpenChemLib cannot read the SMILES/)]);
  });

  it('hypervalent chlorine (ClO3F) and ferrocene read unsanitized: every file there', async () => {
    for (const smiles of ['O=Cl(=O)(=O)F', 'OC(C(F)(F)F)(C(F)(F)F)c1ccc[c-]1.[c-]1ccc[c]1.[Fe+2]']) {
      store.db.prepare('UPDATE compounds SET smiles = ? WHERE id = ?').run(smiles, ETHANOL);
      const c = await fullRecord(store, ETHANOL);
      expect([!!c.drawing, !!c.mol2d, !!c.mol3d], smiles).toEqual([true, true, true]);
    }
  });
});
