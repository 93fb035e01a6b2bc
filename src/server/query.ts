// Query parameters of the beyond-v1 routes (/vle, /lle, /state), read once into typed values: a
// parameter given twice or empty is 400, as a malformed number is.
import { ChemError } from '../api/errors.js';
import { parsePressure, parseTemperature, parseTemperatures } from '../units/quantities.js';
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

/** A temperature in K (with an optional unit: 25C, 298.15), or undefined when absent; 400 when malformed. */
export const temperature = (q: Query, k: string): number | undefined => read(q, k, parseTemperature);
/** Temperatures in K, comma-separated, each with an optional unit. */
export const temperatures = (q: Query, k: string): number[] | undefined => read(q, k, parseTemperatures);
/** A pressure in kPa (with an optional unit: 1atm, 2MPa, 101.325). */
export const pressure = (q: Query, k: string): number | undefined => read(q, k, parsePressure);

/** A parameter read by a parser of units/quantities.ts, named in its 400. */
function read<T>(q: Query, k: string, parse: (s: string) => T): T | undefined {
  const v = param(q, k);
  if (v === undefined) return undefined;
  try {
    return parse(v);
  } catch (err) {
    throw new ChemError(400, `invalid ${k}: ${(err as Error).message}`);
  }
}

/** Both components of a binary, c1 and c2. */
export function components(q: Query): { c1: string; c2: string } {
  const [c1, c2] = [param(q, 'c1'), param(q, 'c2')];
  if (!c1 || !c2) throw new ChemError(400, 'give both components: c1 and c2 (compound id, CAS or name)');
  return { c1, c2 };
}
