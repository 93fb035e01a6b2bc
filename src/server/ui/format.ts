// Numbers and units of the web page: the CLI's own unit conversions (cli/units.ts) and rounding rules
// (api/precision.ts), served to the browser compiled (routes.ts: this module and the two it imports, from
// dist/), so the page shows exactly what the CLI shows. Plain functions without the DOM.
import { MAX_DIGITS, formatWithUncertainty, pointText } from '../../api/precision.js';
import { CONVERSIONS, SPEC_UNITS, displayUnit, type Conversion, type UnitPrefs } from '../../units/display.js';

type Dimension = keyof UnitPrefs;
const NAMES: Record<Dimension, string> = { temp: 'Temperature', pressure: 'Pressure', energy: 'Energy' };

/** Each dimension's name and choices (their labels), for the page's unit pickers. */
export const UNITS = Object.fromEntries(
  (Object.keys(CONVERSIONS) as Dimension[]).map((dim) => [
    dim,
    { name: NAMES[dim], choices: Object.fromEntries(Object.entries(CONVERSIONS[dim]).map(([k, c]) => [k, { label: c.unit }])) },
  ]),
) as Record<Dimension, { name: string; choices: Record<string, { label: string }> }>;

/** A conversion as the page uses it: the CLI's, with its unit as `label`. */
export type PageConversion = Conversion & { label: string };

/** Choices as stored (a JSON object), each checked; anything unknown falls back to the spec units. */
export function readUnits(text: string | null): UnitPrefs {
  let stored: Record<string, unknown> = {};
  try {
    stored = JSON.parse(text || '{}') || {};
  } catch {
    // not JSON: the defaults
  }
  const out: Record<string, string> = { ...SPEC_UNITS };
  for (const dim of Object.keys(UNITS) as Dimension[]) if (typeof stored[dim] === 'string' && Object.hasOwn(UNITS[dim].choices, stored[dim])) out[dim] = stored[dim];
  return out as unknown as UnitPrefs;
}

/** The conversion of values in registry unit `unit` under the choices `units` (identity for other units). */
export function conversionOf(unit: string, units: UnitPrefs): PageConversion {
  const c = displayUnit(unit, units);
  return { ...c, label: c.unit };
}

/** A value as sent, without the digits binary arithmetic may have added (278.66499999999996 → 278.665). */
export const clean = (v: number) => Number(v.toPrecision(MAX_DIGITS));

/** A property's value in unit `c`, keeping the digits its source wrote (precision.ts convertKeepingDigits). */
export const convertValue = (v: number, c: Conversion) => c.convert(clean(v));

/** A state a value holds at (a point's temperature, a range) in unit `c`, exact (300 K → 26.85 °C). */
export const convertState = (v: number, c: Conversion) => c.state(clean(v));

/** A model value with its uncertainty: e to 2 significant digits, v to the place of e's second digit. */
export const withUncertainty = formatWithUncertainty;

/** A point's value in unit `c`: `v ± e` for a calculated one with an uncertainty, else the value keeping its digits (precision.ts pointText). */
export const pointValue = (p: { v: number; e?: number }, c: Conversion, calculated: boolean) => pointText({ v: clean(p.v), e: p.e && p.e > 0 ? p.e : undefined, calc: calculated }, c, String);
