// The full compound record of `chem cid` / GET /cid/{id}: the stored record plus what is computed
// when it is read (not stored, to keep builds fast and the database small): the PNG drawing, 2D and
// 3D molfiles, and the local predictor's values (calc: true) beside the measured ones, with their
// sources in `src` and the predictor's structural descriptors (joback groups, ...) in `descr`.
import { ChemError, usageError } from '../../api/errors.js';
import { isCompoundId } from '../../api/ids.js';
import type { Compound, DataPoint, PropertyMap } from '../../api/types.js';
import type { Store } from './store.js';

export function checkCompoundId(id: string): void {
  if (!isCompoundId(id)) throw usageError(`malformed compound id "${id}": expected digit groups with a check digit, like 27-471-9`);
}

export async function fullRecord(store: Store, id: string): Promise<Compound> {
  checkCompoundId(id);
  const c = store.compound(id);
  if (!c) throw new ChemError(404, `no compound with id ${id} in the local database`);
  const chem = await import('../chem/molecule.js');
  let mol: import('../chem/molecule.js').Molecule | undefined;
  try {
    if (c.smiles) mol = chem.parseSmiles(c.smiles);
  } catch {
    // a structure only RDKit reads: the record is shown without drawing and predictions
  }
  if (!mol) return c;
  const { pngDataUri } = await import('../chem/drawing.js');
  c.drawing = await pngDataUri(mol);
  c.mol2d = chem.molfile2d(mol);
  const mol3d = chem.molfile3d(mol);
  if (mol3d) c.mol3d = mol3d;
  await addPredictions(c, mol);
  return c;
}

async function addPredictions(c: Compound, mol: import('../chem/molecule.js').Molecule): Promise<void> {
  const { predictMolecule, METHODS } = await import('../predict/index.js');
  let pred;
  try {
    pred = predictMolecule(mol);
  } catch {
    return; // molecules outside the predictor's groups keep their measured values only
  }
  const methods = new Map<string, { r: string; more: string }>(Object.values(METHODS).map((m) => [m.s, m]));
  const append = (target: PropertyMap, from: PropertyMap) => {
    for (const [key, points] of Object.entries(from)) {
      for (const p of points) {
        const { u: _u, ...point } = p;
        void _u;
        (target[key] ??= []).push({ ...point, calc: true } as DataPoint);
        const m = methods.get(p.s);
        c.src![p.s] ??= { db: m ? `${m.r}, calculated` : p.s, url: m?.more ?? '' };
      }
    }
  };
  append((c.fixed_props ??= {}), pred.properties.fixed);
  append((c.tpdep_props ??= {}), pred.properties.tdep);
  c.descr = pred.properties.descr;
}
