// One flat row per prediction, for CSV and batch tables: stable columns whatever the molecule.
//   mw (g/mol), mr (Crippen molar refractivity), the fixed properties in registry order, then for each
//   temperature the T-dependent ones as `<key>@<T>K`; values in registry units, absent when not predicted.
// Pure data, so worker threads can build rows and send them instead of whole results.
import { isTDependent } from '../../api/properties.js';
import type { PredictionResult, PropertyMap } from '../../api/types.js';

export type FlatRow = Record<string, number | undefined>;

export interface FlatColumn {
  key: string;
  /** The registry property behind the column (none for mw and mr). */
  property?: string;
}

const tKey = (key: string, t: number) => `${key}@${t}K`;

export function flatColumns(keys: readonly string[], temperatures: readonly number[]): FlatColumn[] {
  const tKeys = keys.filter((k) => isTDependent(k));
  return [
    { key: 'mw' },
    { key: 'mr' },
    ...keys.filter((k) => !isTDependent(k)).map((k) => ({ key: k, property: k })),
    ...temperatures.flatMap((t) => tKeys.map((k) => ({ key: tKey(k, t), property: k }))),
  ];
}

export function flatRow(r: PredictionResult): FlatRow {
  const { fixed, tdep, descr } = r.properties;
  return rowOf(descr.mol_mw as number, (descr.crippen as Record<string, number> | undefined)?.mr, fixed, tdep);
}

/** The row of a result's descriptors and points (the predictor builds rows from these without the whole result). */
export function rowOf(mw: number | undefined, mr: number | undefined, fixed: PropertyMap, tdep: PropertyMap): FlatRow {
  const row: FlatRow = { mw, mr };
  for (const [k, points] of Object.entries(fixed)) row[k] = points[0]?.v;
  for (const [k, points] of Object.entries(tdep)) for (const p of points) if (p.t !== undefined) row[tKey(k, p.t)] = p.v;
  return row;
}
