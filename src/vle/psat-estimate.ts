// A vapour pressure for a compound the database has no correlation of: chem's structure-based estimate (the
// predictor's pvap points, calc, with their e), taken through one call so that a better estimate replaces it in one
// place. The points on a grid of temperatures become a curve, ln P linear in 1/T between them, used only inside
// the grid's range (where the estimate has points: below the predicted Tc).
import type { Compound, DataPoint } from '../api/types.js';
import type { Backend } from '../api/backend.js';
import type { PsatCurve } from '../tdep/curve-text.js';

/** Temperatures of the grid, K: 5 K apart from 100 to 1000 K. */
const GRID = Array.from({ length: 181 }, (_, i) => 100 + 5 * i);

export interface EstimatedPsat {
  curve: PsatCurve;
  /** The estimate's source key (method and inputs) and reference. */
  s: string;
  r?: string;
  /** The median of e/v over the grid: the estimate's relative uncertainty. */
  relE: number;
}

/** The structure-based vapour-pressure estimate of a compound, or undefined when chem cannot estimate one. */
export async function estimatedPsat(backend: Backend, c: Compound): Promise<EstimatedPsat | undefined> {
  if (!c.smiles) return undefined;
  let points: DataPoint[];
  try {
    const r = await backend.predict(c.smiles, { temperatures: GRID, grid: false, props: ['pvap'] });
    points = ((r.properties.tdep.pvap ?? []) as DataPoint[]).filter((p) => p.t !== undefined && p.v > 0);
  } catch {
    return undefined;
  }
  points.sort((a, b) => a.t! - b.t!);
  if (points.length < 3) return undefined;
  const invT = points.map((p) => 1 / p.t!);
  const lnP = points.map((p) => Math.log(p.v * 1000)); // kPa → Pa
  const tmin = points[0]!.t!;
  const tmax = points.at(-1)!.t!;
  const f = (T: number) => {
    const u = 1 / T;
    let i = invT.findIndex((v) => v <= u); // invT decreases with T
    if (i < 0) i = invT.length - 1;
    if (i === 0) i = 1;
    const w = (u - invT[i - 1]!) / (invT[i]! - invT[i - 1]!);
    return Math.exp(lnP[i - 1]! + w * (lnP[i]! - lnP[i - 1]!));
  };
  const rel = points.map((p) => (p.e ?? NaN) / p.v).filter(Number.isFinite).sort((a, b) => a - b);
  const curve: PsatCurve = { equation: 'structure-based estimate', coeffs: [], tmin, tmax, f };
  return { curve, s: points[0]!.s, r: points[0]!.r, relE: rel.length ? rel[rel.length >> 1]! : NaN };
}
