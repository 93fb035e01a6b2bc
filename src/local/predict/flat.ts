// One flat row per prediction, for CSV and batch tables: stable columns whatever the molecule.
//   mw (g/mol), mr (Crippen molar refractivity), the fixed properties in registry order, then for each
//   temperature the T-dependent ones as `<key>@<T>K`; values in registry units, absent when not predicted.
// Pure data, so worker threads can build rows and send them instead of whole results.
import { isTDependent } from '../../api/properties.js';
import type { PredictionResult } from '../../api/types.js';

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
  const row: FlatRow = { mw: descr.mol_mw as number, mr: (descr.crippen as Record<string, number> | undefined)?.mr };
  for (const [k, points] of Object.entries(fixed)) row[k] = points[0]?.v;
  for (const [k, points] of Object.entries(tdep)) for (const p of points) if (p.t !== undefined) row[tKey(k, p.t)] = p.v;
  return row;
}
