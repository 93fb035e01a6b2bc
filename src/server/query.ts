// Query parameters of the beyond-v1 routes (/vle, /lle, /state), read once into typed values: a
// parameter given twice or empty is 400, as a malformed number is.
import { ChemError } from '../api/errors.js';
import { quote } from './errors.js';

export type Query = Record<string, unknown>;

/** A parameter given once and not empty, or undefined when absent. */
export function param(q: Query, k: string): string | undefined {
  const v = q[k];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v.trim() === '') throw new ChemError(400, `invalid ${k}: give it once, not empty`);
  return v;
}

/** Comma-separated numbers, or undefined when absent; `what` says what they are in the 400 for one that is not a number. */
export function numbers(q: Query, k: string, what: string): number[] | undefined {
  return param(q, k)
    ?.split(',')
    .map((v) => {
      const n = Number(v.trim());
      if (v.trim() === '' || !Number.isFinite(n)) throw new ChemError(400, `invalid ${k} ${quote(v)}: expected ${what}, comma-separated`);
      return n;
    });
}

/** Both components of a binary, c1 and c2. */
export function components(q: Query): { c1: string; c2: string } {
  const [c1, c2] = [param(q, 'c1'), param(q, 'c2')];
  if (!c1 || !c2) throw new ChemError(400, 'give both components: c1 and c2 (compound id, CAS or name)');
  return { c1, c2 };
}
