// Temperatures and pressures as people write them (`25C`, `298.15`, `77 °F`, `1atm`, `70kPa`, `1 bar`),
// read once at the edge (the CLI's flags, the server's query) into K and kPa. The factors are exact by
// definition (cli/units.ts); 1 mmHg = 133.322387415 Pa, 1 Torr = 101325/760 Pa.
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

/** Kelvins of a temperature with an optional unit (K, C or °C, F or °F; K without one); > 0 K. */
export function parseTemperature(text: string): number {
  const [v, unit] = split(text, 'temperature', 'K, C, F');
  const to = TEMPERATURE[unit || 'k'];
  if (!to) throw usageError(`"${text}": unknown temperature unit "${unit}" (K, C, F)`);
  // the shift is exact in decimal: 25 °C is 298.15 K, not 298.15000000000003
  const T = Math.round(to(v) * 1e9) / 1e9;
  if (!(T > 0)) throw usageError(`"${text}" is not a temperature above absolute zero`);
  return T;
}

/** Kilopascals of a pressure with an optional unit (Pa, kPa, MPa, bar, mbar, atm, psi, mmHg, Torr; kPa without one); > 0. */
export function parsePressure(text: string): number {
  const [v, unit] = split(text, 'pressure', 'Pa, kPa, MPa, bar, atm, psi, mmHg');
  const f = PRESSURE[unit || 'kpa'];
  if (f === undefined) throw usageError(`"${text}": unknown pressure unit "${unit}" (Pa, kPa, MPa, bar, mbar, atm, psi, mmHg, Torr)`);
  const P = Number((v * f).toPrecision(12));
  if (!(P > 0)) throw usageError(`"${text}" is not a pressure above zero`);
  return P;
}

/** Comma-separated temperatures. */
export const parseTemperatures = (text: string): number[] => {
  const items = text.split(',').map((s) => s.trim()).filter(Boolean);
  if (!items.length) throw usageError('expected temperatures, e.g. 25C or 298.15,350');
  return items.map(parseTemperature);
};
