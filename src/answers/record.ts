// A compound record as every front end answers it: `chem cid WORD`, the get_compound tool, and the parts of a
// record their short forms keep. Above the backends, below the commands that print it.
import type { Compound, CompoundResponse, DataPoint, PropertyMap } from '../api/types.js';
import type { Backend } from '../api/backend.js';
import { resolveCompound } from '../lookup/resolve.js';

/** The standard temperature (K): a T-dependent property is summarised by its value nearest it. */
export const T298 = 298.15;

/** The point of a T-dependent property nearest 298.15 K, the record's order breaking ties (the best source's). */
export function nearRoomTemperature(points: DataPoint[]): DataPoint {
  const best = points.filter((p) => !p.calc && !p.o);
  return (best.length ? best : points).reduce((a, p) => (Math.abs((p.t ?? 0) - T298) < Math.abs((a.t ?? 0) - T298) ? p : a));
}

export interface RecordOptions {
  /** Only these properties (and the sources their points name); no drawing or molfiles. */
  props?: string[];
  /** The drawing and molfiles (whole JSON documents); ignored with `props`. */
  files?: boolean;
  onNotice?: (message: string) => void;
}

/** The record a word names (resolve.ts), as `chem cid WORD --json [--prop KEYS]` prints it and the get_compound tool answers. */
export async function compoundRecord(backend: Backend, word: string, opts: RecordOptions = {}): Promise<CompoundResponse> {
  const res = await backend.compound(await resolveCompound(backend, word, { onNotice: opts.onNotice }), { files: !opts.props && opts.files !== false });
  return opts.props ? { comp: recordProps(res.comp, opts.props) } : res;
}

/** A record with only the properties `keys` and the sources their points name; the drawing and molfiles left out. */
export function recordProps(comp: Compound, keys: readonly string[]): Compound {
  const pick = (m: PropertyMap | undefined) => m && Object.fromEntries(Object.entries(m).filter(([k]) => keys.includes(k)));
  const [fixed_props, tpdep_props] = [pick(comp.fixed_props), pick(comp.tpdep_props)];
  const used = new Set([...Object.values(fixed_props ?? {}), ...Object.values(tpdep_props ?? {})].flat().map((p) => p.s));
  const { drawing: _drawing, mol2d: _mol2d, mol3d: _mol3d, ...rest } = comp;
  const src = comp.src && Object.fromEntries(Object.entries(comp.src).filter(([k]) => used.has(k)));
  return { ...rest, ...(src && { src }), ...(fixed_props && { fixed_props }), ...(tpdep_props && { tpdep_props }) };
}
