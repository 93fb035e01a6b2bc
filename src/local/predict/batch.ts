// Predictions of many SMILES at once (the models walk their trees for many molecules far faster), as
// results or flat rows; an invalid SMILES gets its ChemError in its place; results as JSON bytes.
import { toChemError, type ChemError } from '../../api/errors.js';
import type { PredictionResult } from '../../api/types.js';
import type { PredictOptions } from '../../api/backend.js';
import type { Molecule } from '../../chem/molecule.js';
import type { LeanMolecule } from '../../chem/smiles/lean.js';
import type { FlatRow } from './flat.js';
import { checkPredictOptions } from './methods.js';
import { runStaged, type Staged } from './staged.js';
import { flatRows, read, stageMolecules } from './index.js';

/** Predictions for many SMILES at once (the models walk their trees for many molecules far faster); a ChemError replaces each invalid one. */
export function predictMany(smiles: readonly string[], opts: PredictOptions = {}): (PredictionResult | ChemError)[] {
  return runStaged(stageMany(smiles, opts));
}

export const stageMany = (smiles: readonly string[], opts: PredictOptions = {}): Staged<(PredictionResult | ChemError)[]> => many(smiles, opts, stageMolecules);

/** predictMany() as flat rows (flat.ts): what CSV and batch tables show, computed without the rest of each result. */
export function predictFlatRows(smiles: readonly string[], opts: PredictOptions = {}): (FlatRow | ChemError)[] {
  return runStaged(stageFlatRows(smiles, opts));
}

export const stageFlatRows = (smiles: readonly string[], opts: PredictOptions = {}): Staged<(FlatRow | ChemError)[]> => many(smiles, opts, flatRows);

/** `of` over the molecules of the valid SMILES; should it throw, each molecule alone, so that one fails alone. */
function many<T>(smiles: readonly string[], opts: PredictOptions, of: (mols: (Molecule | LeanMolecule)[], opts: PredictOptions) => Staged<T[]>): Staged<(T | ChemError)[]> {
  checkPredictOptions(opts);
  const out: (T | ChemError)[] = [];
  const mols: (Molecule | LeanMolecule)[] = [];
  const valid: string[] = [];
  const at: number[] = [];
  for (const s of smiles) {
    try {
      mols.push(read(s));
      valid.push(s);
      at.push(out.length);
      out.push(undefined as unknown as T); // filled below
    } catch (err) {
      out.push(toChemError(err));
    }
  }
  // read again, so that the molecules are not kept through a walk on another thread
  const alone = (): (T | ChemError)[] =>
    valid.map((s) => {
      try {
        return runStaged(of([read(s)], opts))[0];
      } catch (err) {
        return toChemError(err);
      }
    });
  const merged = (results: (T | ChemError)[]) => {
    results.forEach((r, i) => (out[at[i]] = r));
    return out;
  };
  let staged: Staged<T[]>;
  try {
    staged = of(mols, opts);
  } catch {
    return { finish: () => merged(alone()) };
  }
  return {
    walk: staged.walk,
    finish(values) {
      let results: (T | ChemError)[];
      try {
        results = staged.finish(values);
      } catch {
        results = alone();
      }
      return merged(results);
    },
  };
}

const infoBytes = new Map<string, Buffer>();

/**
 * JSON.stringify(r) of each result as UTF-8, in one buffer of their own (one transfer from a worker thread),
 * faster: the `info` block, the same for every molecule with the same properties, is serialised and encoded once
 * per set of keys, and never joined into one string with the rest: its non-Latin-1 symbols would make the whole
 * text a two-byte string, slow to join and to encode.
 */
export function resultsJson(rs: readonly PredictionResult[]): Uint8Array[] {
  const infos = rs.map((r) => {
    const keys = Object.keys(r.info).join();
    let info = infoBytes.get(keys);
    if (info === undefined) infoBytes.set(keys, (info = Buffer.from(JSON.stringify(r.info))));
    return info;
  });
  const properties = rs.map((r) => JSON.stringify(r.properties));
  const [head, middle, tail] = ['{"info":', ',"properties":', '}'];
  let size = 0;
  rs.forEach((_, i) => (size += head.length + infos[i].length + middle.length + Buffer.byteLength(properties[i]) + tail.length));
  const buf = Buffer.allocUnsafeSlow(size);
  let at = 0;
  return rs.map((_, i) => {
    const start = at;
    at += buf.write(head, at);
    at += infos[i].copy(buf, at);
    at += buf.write(middle, at);
    at += buf.write(properties[i], at);
    at += buf.write(tail, at);
    return buf.subarray(start, at);
  });
}
