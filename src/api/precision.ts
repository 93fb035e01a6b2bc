// How many digits a number is worth. A value keeps the precision its source wrote through unit
// conversions and medians; a model's value is rounded to its uncertainty; a group-contribution
// estimate to the digits its method supports. Binary floating point adds digits of its own
// (278.66499999999996, 184.559293916): these rules keep them out of every output and of the database.
//
// - A converted value: exact through a shift (78 °C → 351.15 K), else the fewest significant digits
//   that convert back to the value as written (5370 J/mol → 5.37 kJ/mol, 25.2 cal → 105.4 J,
//   351.37 K → 172.8 °F; convertKeepingDigits). Shown in °C, a kelvin value keeps its own decimals
//   (347 K → 74 °C, 351.15 K → 78 °C; shiftForDisplay): the shift's decimals are no digits of the value.
// - A median of an even count: the mean of the two middle values, with the decimals of the less
//   precise of them (184.55 and 184.5686 → 184.56).
// - A stored value: at most MAX_DIGITS significant digits (no table measures more; longer numbers
//   are an equation's output, such as the Helmholtz EOS tables' 184.568587832 K).
// - A model value: e to 2 significant digits, v to the place of e's second digit (353.643 ± 33.7 → 354 ± 34).
// - A group-contribution estimate: the digits of its method's tables and worked examples, 5 significant
//   digits (Joback's 337.54 K, 48.025 bar, 29.018 kJ/mol), a logarithm (Crippen logP, the GSE's log10 WS)
//   4 decimals as Crippen's atom contributions. These are the method's arithmetic, not its accuracy
//   (Joback's Tb errs by 12 K on average): the model family's points carry an uncertainty for that.
// - An uncertainty shown in other units (`pointText`): converted as the difference it is, a model's
//   then as above, a measured one's to 3 significant digits (the conversion's float noise dropped).

import type { DataPoint } from './types.js';

/** Significant digits a stored value keeps at most. */
export const MAX_DIGITS = 8;
/** Significant digits of a group-contribution estimate (Joback, McGowan, Lee-Kesler). */
export const ESTIMATE_DIGITS = 5;
/** Decimals of a group-contribution estimate of a logarithm (logp, log10ws). */
export const LOG_DECIMALS = 4;

/** 10 ** k for k <= 22 (all exact): a product or quotient with one is correctly rounded. */
const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);

/** `v` rounded to `d` decimals (d < 0: to tens, hundreds…), with the shortest decimal text. */
export function roundDecimals(v: number, d: number): number {
  if (!Number.isFinite(v) || v === 0) return v;
  if (d > 22 || d < -22) return d > 0 ? v : 0;
  if (d > 0 && Math.abs(v) * POW10[d]! >= 2 ** 53) return v; // already finer than a double holds
  // integer / 10^d and integer × 10^d are correctly rounded: no 0.30000000000000004
  return d >= 0 ? Math.round(v * POW10[d]!) / POW10[d]! : Math.round(v / POW10[-d]!) * POW10[-d]!;
}

/** `v` to `n` significant digits. */
export function roundSignificant(v: number, n: number): number {
  if (!Number.isFinite(v) || v === 0) return v;
  const d = n - 1 - Math.floor(Math.log10(Math.abs(v)));
  return Math.abs(d) > 22 ? Number(v.toPrecision(n)) : roundDecimals(v, d); // 1.6e-31 kPa: beyond exact powers of ten
}

/** Decimals of a number as JavaScript writes it (shortest round trip): 184.55 → 2, 5370 → 0, 1.5e-7 → 8. */
export function decimals(v: number): number {
  const [mant, exp] = String(Math.abs(v)).split('e');
  const frac = mant!.split('.')[1]?.length ?? 0;
  return Math.max(0, frac - Number(exp ?? 0));
}

/** Significant digits of a number as JavaScript writes it (a whole number's trailing zeros count: 5370 → 4). */
export function significantDigits(v: number): number {
  const mant = String(Math.abs(v)).split('e')[0]!.replace('.', '').replace(/^0+/, '');
  return mant.length;
}

/**
 * `to(v)` rounded to the fewest significant digits that `back` turns into `v` within less than half of
 * its last written digit (so the value reads back as `v`; 351.3 K would read back as 78.15 °C, not
 * 78.2 °C), and to no more than MAX_DIGITS (4.2238068 K is -268.92619 °C, not -268.9261932).
 */
export function convertKeepingDigits(v: number, to: (x: number) => number, back: (x: number) => number): number {
  const x = to(v);
  if (!Number.isFinite(x) || x === 0 || !Number.isFinite(v)) return x;
  // A shift (°C ↔ K) adds no uncertainty: exact, with the decimals of the value and of the shift (78 °C is 351.15 K).
  const shift = to(0);
  if (Math.abs(to(1) - shift - 1) < 1e-12) return roundSignificant(roundDecimals(x, Math.max(decimals(v), decimals(shift))), MAX_DIGITS);
  const tolerance = 0.49 * 10 ** -decimals(v);
  for (let n = 1; n < MAX_DIGITS; n++) {
    const r = roundSignificant(x, n);
    if (Math.abs(back(r) - v) <= tolerance) return r;
  }
  return roundSignificant(x, MAX_DIGITS);
}

/**
 * A value shown in a unit an exact shift away (K → °C): to the value's own decimals, as the shift moves the value,
 * not its uncertainty. 347 K (a model's 347 ± 10 K) is 74 °C, not 73.85 °C; a stored 351.15 K (78 °C as its source
 * wrote it) is 78 °C again. Not for storage: there convertKeepingDigits keeps the shift's decimals, so that 78 °C is
 * stored as 351.15 K and reads back exactly.
 */
export function shiftForDisplay(v: number, shift: number): number {
  return roundSignificant(roundDecimals(v + shift, decimals(v)), MAX_DIGITS);
}

/** The median; of an even count, with the decimals of the less precise middle value. */
export function median(xs: readonly number[]): number | undefined {
  if (!xs.length) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  if (s.length % 2) return s[m];
  const [a, b] = [s[m - 1]!, s[m]!];
  return roundDecimals((a + b) / 2, Math.min(decimals(a), decimals(b)));
}

/** A model's value and uncertainty: e to 2 significant digits, v to the place of e's second digit. */
export function roundToUncertainty(v: number, e: number): { v: number; e: number } {
  if (!Number.isFinite(e) || e <= 0) return { v: roundSignificant(v, ESTIMATE_DIGITS), e };
  const e2 = roundSignificant(e, 2);
  return { v: roundDecimals(v, 1 - Math.floor(Math.log10(e2))), e: e2 };
}

/** A group-contribution estimate of property `key` to the digits its method supports. */
export function roundEstimate(key: string, v: number): number {
  return key === 'logp' || key === 'log10ws' ? roundDecimals(v, LOG_DECIMALS) : roundSignificant(v, ESTIMATE_DIGITS);
}

/** A model's value and uncertainty as text, both to the place of e's second digit: "38.5 ± 1.0", "354 ± 34". */
export function formatWithUncertainty(v: number, e: number): string {
  if (!Number.isFinite(e) || e <= 0) return String(v);
  const e2 = roundSignificant(e, 2);
  const d = 1 - Math.floor(Math.log10(e2)); // below 0: to tens, hundreds (12345.6 ± 340 → 12350 ± 340)
  const fixed = (x: number) => (d > 0 ? roundDecimals(x, d).toFixed(d) : String(roundDecimals(x, d)));
  return `${fixed(v)} ± ${fixed(e2)}`;
}

/** Significant digits of a measured uncertainty converted to display units. */
const MEASURED_E_DIGITS = 3;

/**
 * A point's value as text in display units (`to.convert` converts a value to its digits, `to.state` exactly;
 * `number` writes one); with an uncertainty `v ± e`, e converted exactly as a difference (°C and K alike): a
 * model's value (calc) both to e's second digit, a measured one's v as `number` writes it and e to MEASURED_E_DIGITS.
 */
export function pointText(p: Pick<DataPoint, 'v' | 'e' | 'calc'>, to: { convert(x: number): number; state(x: number): number }, number: (x: number) => string): string {
  if (p.e === undefined) return number(to.convert(p.v));
  const e = to.state(p.v + p.e) - to.state(p.v);
  return p.calc ? formatWithUncertainty(to.state(p.v), e) : `${number(to.convert(p.v))} ± ${roundSignificant(e, MEASURED_E_DIGITS)}`;
}

/** Numbers shown in tables: 6 significant digits, no exponent for everyday magnitudes. */
export function tableNumber(v: unknown): string {
  if (v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v))) return '';
  if (typeof v !== 'number') return String(v);
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e-4 && a < 1e9) return String(Number(v.toPrecision(6)));
  return v.toExponential(4);
}
