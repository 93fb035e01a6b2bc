// Display units for tables and CSV. JSON keeps the registry's units (spec units) unless the user
// asks for --convert-json. Factors are exact by definition:
//   °C = K − 273.15; °F = K × 9/5 − 459.67
//   1 bar = 100 kPa; 1 atm = 101.325 kPa; 1 psi = 6.894757293168361 kPa (0.45359237 kg × 9.80665 m/s² / 0.0254² m²); 1 MPa = 1000 kPa
//   1 kcal (thermochemical) = 4.184 kJ
import { convertKeepingDigits, shiftForDisplay } from '../api/precision.js';

/** The display units one may choose (the settings `temp`, `pressure`, `energy`; the page's query). */
export const UNIT_CHOICES = {
  temp: ['K', 'C', 'F'],
  pressure: ['kPa', 'bar', 'atm', 'psi', 'MPa'],
  energy: ['kJ/mol', 'kcal/mol'],
} as const;

export type UnitPrefs = { [K in keyof typeof UNIT_CHOICES]: (typeof UNIT_CHOICES)[K][number] };

export const SPEC_UNITS: UnitPrefs = { temp: 'K', pressure: 'kPa', energy: 'kJ/mol' };

export interface Conversion {
  unit: string;
  /** A property's value in this unit, to the digits the stored value was written with (precision.ts). */
  convert: (v: number) => number;
  /**
   * A state a value holds at (a point's temperature, a grid, a range), exact: 300 K is 26.85 °C, where a
   * property's 300 K (± 0.5 K as written) is 27 °C (shiftForDisplay). The same as convert but for °C.
   */
  state: (v: number) => number;
}

/** A conversion whose result keeps the digits of its input: `to` there, `back` the inverse. */
const conversion = (unit: string, to: (v: number) => number, back: (v: number) => number): Conversion => {
  const convert = (v: number) => convertKeepingDigits(v, to, back);
  return { unit, convert, state: convert };
};
const IDENTITY = (v: number) => v;
const same = (unit: string): Conversion => ({ unit, convert: IDENTITY, state: IDENTITY });

const TEMP: Record<UnitPrefs['temp'], Conversion> = {
  K: same('K'),
  C: { ...conversion('°C', (v) => v - 273.15, (v) => v + 273.15), convert: (v) => shiftForDisplay(v, -273.15) },
  F: conversion('°F', (v) => (v * 9) / 5 - 459.67, (v) => ((v + 459.67) * 5) / 9),
};

const PRESSURE: Record<UnitPrefs['pressure'], Conversion> = {
  kPa: same('kPa'),
  bar: conversion('bar', (v) => v / 100, (v) => v * 100),
  atm: conversion('atm', (v) => v / 101.325, (v) => v * 101.325),
  psi: conversion('psi', (v) => v / 6.894757293168361, (v) => v * 6.894757293168361),
  MPa: conversion('MPa', (v) => v / 1000, (v) => v * 1000),
};

const ENERGY: Record<UnitPrefs['energy'], Conversion> = {
  'kJ/mol': same('kJ/mol'),
  'kcal/mol': conversion('kcal/mol', (v) => v / 4.184, (v) => v * 4.184),
};

/** Every choice of each dimension (the web page lists them). */
export const CONVERSIONS = { temp: TEMP, pressure: PRESSURE, energy: ENERGY } as const;

/** How a value stored in `unit` (a registry unit) is shown under the user's preferences. */
export function displayUnit(unit: string | undefined, prefs: UnitPrefs): Conversion {
  if (unit === 'K') return TEMP[prefs.temp];
  if (unit === 'kPa') return PRESSURE[prefs.pressure];
  if (unit === 'kJ/mol') return ENERGY[prefs.energy];
  return same(unit ?? '');
}
