// The full compound record of `chem cid` / GET /cid/{id}: the stored record plus what is computed
// when it is read (not stored, to keep builds fast and the database small): the PNG drawing, 2D and
// 3D molfiles, and the local predictor's values (calc: true) beside the measured ones, with their
// sources in `src` and the predictor's structural descriptors (joback groups, ...) in `descr`.
// A part that cannot be computed is left out ("") with a line in `notices`, never an error; the 3D
// molfile's work is bounded by the structure's size (molfile.ts MAX_3D_HEAVY_ATOMS). Last, `completeRecord` puts every property's
// recommended point first (`orderPoints`, by SOURCE_RANKING) and fills every field of spec 2.1, so
// clients can take `[0]` and read any field.
import { ChemError, usageError } from '../api/errors.js';
import { isCompoundId } from '../api/ids.js';
import type { Compound, DataPoint, PropertyMap } from '../api/types.js';
import { Lru } from '../util/lru.js';
import type { Molecule } from '../chem/molecule.js';
import type { Store } from './store/store.js';
import { isModel, orderPoints } from '../api/ranking.js';

function checkCompoundId(id: string): void {
  if (!isCompoundId(id)) throw usageError(`malformed compound id "${id}": expected digit groups with a check digit, like 27-471-9`);
}

export interface RecordOptions {
  /** false: no drawing, mol2d and mol3d (left ""), for outputs that show none of them. Default true. */
  files?: boolean;
  /** false: no predicted values (`chem vle` reads the stored correlations only). Default true. */
  predictions?: boolean;
}

export async function fullRecord(store: Store, id: string, opts: RecordOptions = {}): Promise<Compound> {
  checkCompoundId(id);
  // an id merged into another record answers as that record (read twice only then)
  let c = store.compound(id);
  const alias = c ? undefined : store.aliasOf(id);
  if (alias) c = store.compound(alias);
  if (!c) throw new ChemError(404, `no compound with id ${id} in the local database`);
  const notices: string[] = [];
  const files = opts.files ?? true;
  let follows: ReadonlyMap<string, string> | undefined;
  // OpenChemLib is loaded only for what needs a structure (a stored-only record skips it).
  if (c.smiles && (files || opts.predictions !== false)) {
    const chem = await import('../chem/molecule.js');
    let mol: Molecule | undefined;
    try {
      mol = chem.parseSmiles(c.smiles);
    } catch (err) {
      notices.push(`predictions left out: OpenChemLib cannot read the SMILES (${chem.parserMessage(err)})`);
    }
    if (files) {
      const f = await structureFiles(c.smiles, mol, chem);
      if (f.drawing) c.drawing = f.drawing;
      if (f.mol2d) c.mol2d = f.mol2d;
      if (f.mol3d) c.mol3d = f.mol3d;
      notices.push(...f.notices);
    }
    if (mol && opts.predictions !== false) follows = await addPredictions(c, mol, notices);
  }
  if (c.mw === undefined && c.formula) {
    const mw = (await import('../chem/molecule.js')).formulaWeight(c.formula);
    if (mw !== undefined) c.mw = Math.round(mw * 1e4) / 1e4;
  }
  if (alias) notices.unshift(mergedNotice(id, c));
  if (notices.length) c.notices = notices;
  return completeRecord(c, follows);
}

/** What `chem cid OLD-ID` says of a record merged into another. */
export const mergedNotice = (old: string, c: Compound) =>
  c.structure_name
    ? `${old} is now ${c.id}: its structure was read from its name, and a compound with a structure has its InChIKey's id`
    : `${old} is now ${c.id}: its structure, read from its name, is this compound's, so the records were merged`;

/** The drawing and molfiles of a structure, and why any is left out. */
interface StructureFiles {
  drawing?: string;
  mol2d?: string;
  mol3d?: string;
  notices: string[];
}

/**
 * Files of the structures read last (least recently used dropped first). They depend on the SMILES alone and are
 * most of a record's cost (~15 ms), so a record read again (a server's popular compounds) skips them. ~30 kB each.
 */
const filesCache = new Lru<string, StructureFiles>(500);

async function structureFiles(smiles: string, mol: Molecule | undefined, chem: typeof import('../chem/molecule.js')): Promise<StructureFiles> {
  const kept = filesCache.get(smiles);
  if (kept) return kept;
  const f: StructureFiles = { notices: [] };
  try {
    f.drawing = await (await import('../chem/drawing.js')).pngDataUri(smiles);
  } catch (err) {
    f.notices.push(`drawing left out: ${chem.parserMessage(err)}`);
  }
  const molfiles = await import('../chem/molfile.js');
  if (mol) addMolfiles(f, mol, chem.parserMessage, molfiles);
  else await rdkitMolfiles(f, smiles, chem.parserMessage, molfiles);
  filesCache.set(smiles, f);
  return f;
}

/** A SMILES OpenChemLib cannot read (hypervalent, unusual charges): RDKit's 2D molfile, the 3D embedded from it. */
async function rdkitMolfiles(c: StructureFiles, smiles: string, message: (err: unknown) => string, files: typeof import('../chem/molfile.js')): Promise<void> {
  try {
    const read = await files.rdkitMolfile2d(smiles);
    if (!read) return void c.notices.push('mol2d and mol3d left out: RDKit cannot read the SMILES either');
    c.mol2d = read.mol2d;
    add3d(c, read.mol, read.mol, message, files);
  } catch (err) {
    c.notices.push(`mol2d and mol3d left out: ${message(err)}`);
  }
}

function addMolfiles(c: StructureFiles, mol: Molecule, message: (err: unknown) => string, files: typeof import('../chem/molfile.js')): void {
  let layout: Molecule;
  try {
    layout = files.laidOut(mol);
    c.mol2d = files.molfile2d(mol, layout);
  } catch (err) {
    c.notices.push(`mol2d and mol3d left out: ${message(err)}`);
    return;
  }
  add3d(c, mol, layout, message, files);
}

/** The 3D molfile embedded from a 2D layout, or why it is left out. */
function add3d(c: StructureFiles, mol: Molecule, layout: Molecule, message: (err: unknown) => string, files: typeof import('../chem/molfile.js')): void {
  const { notices } = c;
  if (files.tooLargeFor3d(mol)) {
    notices.push(`mol3d left out: over ${files.MAX_3D_HEAVY_ATOMS} heavy atoms`);
    return;
  }
  try {
    const mol3d = files.molfile3d(mol, layout);
    if (mol3d) c.mol3d = mol3d;
    else notices.push('mol3d left out: no 3D embedding reproduces its stereo configuration');
  } catch (err) {
    notices.push(`mol3d left out: ${message(err)}`);
  }
}

/**
 * Adds the predictor's values. Returns, for each property whose model point the predictor put after its
 * baseline's (the model does not beat it, Model.first), that baseline's source.
 */
async function addPredictions(c: Compound, mol: Molecule, notices: string[]): Promise<Map<string, string>> {
  const follows = new Map<string, string>();
  const { predictMolecule, predictorSource, PREDICTED_KEYS } = await import('./predict/index.js');
  const { ESTIMATE_KEYS } = await import('./predict/estimates.js');
  let pred;
  try {
    // not the estimates at a temperature (pvap, rhol, …): a record's measured curves answer better, and one calculated
    // point at 298.15 K beside them would only crowd its tables and plots (`chem predict --t` gives them)
    pred = predictMolecule(mol, { props: PREDICTED_KEYS.filter((k) => !ESTIMATE_KEYS.includes(k)) });
  } catch (err) {
    notices.push(`predictions left out: ${(await import('../chem/molecule.js')).parserMessage(err)}`);
    return follows;
  }
  const append = (target: PropertyMap, from: PropertyMap) => {
    for (const [key, points] of Object.entries(from)) {
      if (points[0] && !isModel(points[0]) && points.some(isModel)) follows.set(key, points[0].s);
      for (const p of points) {
        const { u: _u, ...point } = p;
        void _u;
        (target[key] ??= []).push({ ...point, calc: true } as DataPoint);
        c.src![p.s] ??= predictorSource(p.s);
      }
    }
  };
  append((c.fixed_props ??= {}), pred.properties.fixed);
  append((c.tpdep_props ??= {}), pred.properties.tdep);
  c.descr = pred.properties.descr;
  return follows;
}

/** Text fields of spec 2.1: "" when unknown, never absent. */
const TEXT_FIELDS = ['compound', 'cas', 'inchi', 'inchikey', 'formula', 'smiles', 'drawing', 'mol2d', 'mol3d', 'webbook_id'] as const;

/**
 * The record as clients read it: every property's points in `orderPoints` order, and every field
 * of spec 2.1 present (text "", lists [], maps {}); `mw` stays absent only when the formula is
 * unknown. Values added to the record before this call (stored, predicted) all take part; `follows`
 * is addPredictions' answer.
 */
function completeRecord(c: Compound, follows: ReadonlyMap<string, string> = new Map()): Compound {
  for (const map of [(c.fixed_props ??= {}), (c.tpdep_props ??= {})]) {
    for (const key of Object.keys(map)) map[key] = orderPoints(map[key]!, follows.get(key));
  }
  for (const f of TEXT_FIELDS) c[f] ??= '';
  c.rev ??= 1;
  c.other_names ??= [];
  c.other_cas ??= [];
  c.src ??= {};
  c.descr ??= {};
  c.has_outliers ??= false;
  c.log ??= [];
  return c;
}
