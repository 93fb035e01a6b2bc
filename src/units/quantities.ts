// Temperatures and pressures as people write them (`25C`, `298.15`, `77 °F`, `1atm`, `70kPa`, `1 bar`),
// read once at the edge (the CLI's flags, the server's query) into K and kPa. The factors are exact by
// definition (units/display.ts); 1 mmHg = 133.322387415 Pa, 1 Torr = 101325/760 Pa.
import { usageError } from '../api/errors.js';

const TEMPERATURE: Record<string, (v: number) => number> = {
  k: (v) => v,
  c: (v) => v + 273.15,
  '°c': (v) => v + 273.15,
  f: (v) => ((v + 459.67) * 5) / 9,
  '°f': (v) => ((v + 459.67) * 5) / 9,
};

/** kPa per unit. */
const PRESSURE: Record<string, number> = {
  pa: 1e-3,
  kpa: 1,
  mpa: 1000,
  bar: 100,
  mbar: 0.1,
  atm: 101.325,
  psi: 6.894757293168361,
  mmhg: 0.133322387415,
  torr: 101.325 / 760,
};

const QUANTITY = /^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)\s*([\u00b0a-z]*)\s*$/i;

function split(text: string, what: string, units: string): [number, string] {
  const m = QUANTITY.exec(text);
  if (!m) throw usageError(`"${text}" is not a ${what}: expected a number with an optional unit (${units})`);
  return [Number(m[1]), m[2]!.toLowerCase()];
}

/** Kilopascals of a pressure in any unit of PRESSURE; kelvins of a temperature in any unit of TEMPERATURE. */
const DIMENSIONS = {
  K: { what: 'temperature', list: 'K, C, F', units: TEMPERATURE, base: 'k' },
  kPa: { what: 'pressure', list: 'Pa, kPa, MPa, bar, mbar, atm, psi, mmHg, Torr', units: Object.fromEntries(Object.entries(PRESSURE).map(([u, f]) => [u, (v: number) => v * f])), base: 'kpa' },
} as const;

/** A quantity as written: its number and the conversion of a number in its unit to `unit` (K or kPa). */
export interface Written {
  /** The number as written, in the written unit. */
  value: number;
  /** A number in the written unit expressed in K or kPa (exact in decimal where the factor allows). */
  to: (v: number) => number;
}

/** The number and unit of a temperature (unit 'K') or pressure ('kPa') with an optional unit; no range check. */
export function readQuantity(text: string, unit: 'K' | 'kPa'): Written {
  const d = DIMENSIONS[unit];
  const [value, u] = split(text, d.what, d.list);
  const f = (d.units as Record<string, (v: number) => number>)[u || d.base];
  if (!f) throw usageError(`"${text}": unknown ${d.what} unit "${u}" (${d.list})`);
  // 25 °C is 298.15 K, not 298.15000000000003
  return { value, to: (v) => Number(f(v).toPrecision(12)) };
}

/** Kelvins of a temperature with an optional unit (K, C or °C, F or °F; K without one); > 0 K. */
export function parseTemperature(text: string): number {
  const { value, to } = readQuantity(text, 'K');
  const T = to(value);
  if (!(T > 0)) throw usageError(`"${text}" is not a temperature above absolute zero`);
  return T;
}

/** Kilopascals of a pressure with an optional unit (Pa, kPa, MPa, bar, mbar, atm, psi, mmHg, Torr; kPa without one); > 0. */
export function parsePressure(text: string): number {
  const { value, to } = readQuantity(text, 'kPa');
  const P = to(value);
  if (!(P > 0)) throw usageError(`"${text}" is not a pressure above zero`);
  return P;
}

/** Comma-separated temperatures. */
export const parseTemperatures = (text: string): number[] => {
  const items = text.split(',').map((s) => s.trim()).filter(Boolean);
  if (!items.length) throw usageError('expected temperatures, e.g. 25C or 298.15,350');
  return items.map(parseTemperature);
};
