// Flag values become typed values once, at the edge: these are commander argument parsers
// (`.argParser()`), so a command's run function only ever sees numbers and lists. A bad value is
// commander's one line on stderr ("option '--page <n>' argument 'x' is invalid. …"), exit 2.
import { InvalidArgumentError } from 'commander';
import { property } from '../api/properties.js';
import { parsePressure, parseTemperature, parseTemperatures } from '../units/quantities.js';

/** A flag's value read by a parser of units/quantities.ts (its message becomes commander's one line, exit 2). */
export const flag =
  <T>(parse: (s: string) => T) =>
  (s: string): T => {
    try {
      return parse(s);
    } catch (err) {
      throw new InvalidArgumentError((err as Error).message);
    }
  };

/** A comma-separated list, blanks dropped. */
export function list(s: string): string[] {
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

/** A whole number >= `min`. */
export function wholeNumber(min: number, what = `a whole number >= ${min}`) {
  return (s: string): number => {
    const n = Number(s);
    if (!/^\s*\d+\s*$/.test(s) || n < min) throw new InvalidArgumentError(`expected ${what}`);
    return n;
  };
}

/** A whole number in [min, max]. */
export function wholeNumberIn(min: number, max: number) {
  const atLeast = wholeNumber(min);
  return (s: string): number => {
    const n = atLeast(s);
    if (n > max) throw new InvalidArgumentError(`expected ${min}..${max}`);
    return n;
  };
}

/** Temperatures in K, comma-separated, each with an optional unit (298.15, 25C, 77F). */
export const temperatures = flag(parseTemperatures);
/** A temperature in K, with an optional unit. */
export const temperature = flag(parseTemperature);
/** A pressure in kPa, with an optional unit (101.325, 1atm, 2MPa). */
export const pressure = flag(parsePressure);

/**
 * Mole fractions, comma-separated (`example` in the message of an empty list); `unit`: each in [0, 1] (a feed's
 * fractions are checked against the components, and normalised, by the request).
 */
export function moleFractions(example: string, unit = true) {
  return (s: string): number[] => {
    const items = list(s);
    if (!items.length) throw new InvalidArgumentError(`expected mole fractions, e.g. ${example}`);
    return items.map((x) => {
      const v = Number(x);
      if (!Number.isFinite(v)) throw new InvalidArgumentError(`"${x}" is not a number`);
      if (unit && (v < 0 || v > 1)) throw new InvalidArgumentError(`"${x}" is not a mole fraction in [0, 1]`);
      return v;
    });
  };
}

/** Property keys of the registry, comma-separated. */
export function propertyKeys(s: string): string[] {
  const keys = list(s);
  if (!keys.length) throw new InvalidArgumentError('expected property keys, e.g. tb,tc');
  for (const k of keys) if (!property(k)) throw new InvalidArgumentError(`unknown property key "${k}"`);
  return keys;
}

/** Column names, comma-separated (checked against the command's columns by the output layer). */
export function fieldList(s: string): string[] {
  const fields = list(s);
  if (!fields.length) throw new InvalidArgumentError('expected column names, e.g. id,compound,tb');
  return fields;
}
