// A tool's arguments read into the typed options the CLI's commands take, once, at the edge. A bad
// argument is a ChemError(400) with one line naming it, which the server turns into an isError result.
// Temperatures and pressures read as the CLI's flags do (tdep/quantities.ts): a number in K or kPa, or
// a string with a unit ("25C", "1atm").
import { usageError } from '../api/errors.js';
import { property } from '../api/properties.js';
import { parsePressure, parseTemperature } from '../units/quantities.js';

export type Args = Record<string, unknown>;

/** The arguments of a call, checked to be an object whose keys the tool knows. */
export function argsOf(raw: unknown, known: readonly string[]): Args {
  if (raw === undefined) return {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw usageError('the arguments must be an object');
  for (const k of Object.keys(raw)) {
    if (!known.includes(k)) throw usageError(`unknown argument "${k}": expected ${known.join(', ')}`);
  }
  return raw as Args;
}

const kind = (v: unknown) => (Array.isArray(v) ? 'a list' : v === null ? 'null' : `a ${typeof v}`);

/** A non-blank string (trimmed). */
export function text(args: Args, key: string): string;
export function text(args: Args, key: string, optional: true): string | undefined;
export function text(args: Args, key: string, optional = false): string | undefined {
  const v = args[key];
  if (v === undefined && optional) return undefined;
  if (v === undefined) throw usageError(`give ${key}`);
  if (typeof v !== 'string') throw usageError(`${key} must be a string, not ${kind(v)}`);
  if (!v.trim()) throw usageError(`${key} is empty`);
  return v.trim();
}

/** One of `choices`. */
export function choice<T extends string>(args: Args, key: string, choices: readonly T[]): T | undefined {
  const v = args[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !(choices as readonly string[]).includes(v)) throw usageError(`${key} must be one of ${choices.join(', ')}`);
  return v as T;
}

export function bool(args: Args, key: string): boolean | undefined {
  const v = args[key];
  if (v !== undefined && typeof v !== 'boolean') throw usageError(`${key} must be true or false, not ${kind(v)}`);
  return v as boolean | undefined;
}

/** A whole number >= `min`. */
export function whole(args: Args, key: string, min: number): number | undefined {
  const v = args[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min) throw usageError(`${key} must be a whole number >= ${min}`);
  return v;
}

/** A list of strings (a single string is a list of one). */
export function texts(args: Args, key: string, min = 1): string[] | undefined {
  const v = args[key];
  if (v === undefined) return undefined;
  const items = typeof v === 'string' ? [v] : v;
  if (!Array.isArray(items) || items.some((x) => typeof x !== 'string' || !x.trim())) throw usageError(`${key} must be a list of non-empty strings`);
  if (items.length < min) throw usageError(`${key} must hold at least ${min}`);
  return items.map((x: string) => x.trim());
}

/** Property keys of the registry. */
export function propertyKeys(args: Args, key = 'props'): string[] | undefined {
  const keys = texts(args, key);
  for (const k of keys ?? []) if (!property(k)) throw usageError(`unknown property key "${k}"`);
  return keys;
}

/** Numbers (a single number is a list of one), each in [lo, hi]. */
export function numbers(args: Args, key: string, what: string, lo: number, hi: number): number[] | undefined {
  const v = args[key];
  if (v === undefined) return undefined;
  const items = Array.isArray(v) ? v : [v];
  if (!items.length) throw usageError(`${key} is an empty list`);
  for (const x of items) if (typeof x !== 'number' || !Number.isFinite(x) || x < lo || x > hi) throw usageError(`${key}: ${JSON.stringify(x)} is not ${what}`);
  return items as number[];
}

/** A quantity: a number in the default unit, or a string with a unit, read by `parse` (its message names the text). */
function quantity(v: unknown, key: string, what: string, unit: string, parse: (s: string) => number): number {
  if (typeof v === 'string') return parse(v);
  if (typeof v !== 'number' || !Number.isFinite(v)) throw usageError(`${key} must be ${what} in ${unit} (a number) or a string with a unit, not ${kind(v)}`);
  if (!(v > 0)) throw usageError(`${key} = ${v}: not ${what} above ${unit === 'K' ? 'absolute zero' : 'zero'}`);
  return v;
}

export const temperature = (args: Args, key: string): number | undefined => (args[key] === undefined ? undefined : quantity(args[key], key, 'a temperature', 'K', parseTemperature));

export const pressure = (args: Args, key: string): number | undefined => (args[key] === undefined ? undefined : quantity(args[key], key, 'a pressure', 'kPa', parsePressure));

/** Temperatures: one, or a list (numbers in K, strings with units; a string may list several: "25C,50C"). */
export function temperatures(args: Args, key: string): number[] | undefined {
  const v = args[key];
  if (v === undefined) return undefined;
  const items = (Array.isArray(v) ? v : [v]).flatMap((x) => (typeof x === 'string' ? x.split(',').filter((s) => s.trim()) : [x]));
  if (!items.length) throw usageError(`${key} is an empty list`);
  return items.map((x) => quantity(x, key, 'a temperature', 'K', parseTemperature));
}
