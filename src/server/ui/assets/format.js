// Numbers and units of the web page: the unit choices of the CLI (src/cli/units.ts, the same exact
// factors), a converted value keeping the digits its source wrote, and a model value as `v ± e`, by the
// rules of src/api/precision.ts (a test holds the two to the same results). Plain functions without the
// DOM, so the tests run them in Node as well as in the browser.

/** Each unit dimension: the registry unit it converts, and per choice its label, conversion, inverse and scale. */
export const UNITS = {
  temp: {
    name: 'Temperature',
    from: 'K',
    choices: {
      K: { label: 'K', to: (v) => v, back: (v) => v, scale: 1 },
      C: { label: '°C', to: (v) => v - 273.15, back: (v) => v + 273.15, scale: 1 },
      F: { label: '°F', to: (v) => (v * 9) / 5 - 459.67, back: (v) => ((v + 459.67) * 5) / 9, scale: 9 / 5 },
    },
  },
  pressure: {
    name: 'Pressure',
    from: 'kPa',
    choices: {
      kPa: { label: 'kPa', to: (v) => v, back: (v) => v, scale: 1 },
      bar: { label: 'bar', to: (v) => v / 100, back: (v) => v * 100, scale: 1 / 100 },
      atm: { label: 'atm', to: (v) => v / 101.325, back: (v) => v * 101.325, scale: 1 / 101.325 },
      psi: { label: 'psi', to: (v) => v / 6.894757293168361, back: (v) => v * 6.894757293168361, scale: 1 / 6.894757293168361 },
      MPa: { label: 'MPa', to: (v) => v / 1000, back: (v) => v * 1000, scale: 1 / 1000 },
    },
  },
  energy: {
    name: 'Energy',
    from: 'kJ/mol',
    choices: {
      'kJ/mol': { label: 'kJ/mol', to: (v) => v, back: (v) => v, scale: 1 },
      'kcal/mol': { label: 'kcal/mol', to: (v) => v / 4.184, back: (v) => v * 4.184, scale: 1 / 4.184 },
    },
  },
};

export const DEFAULT_UNITS = { temp: 'K', pressure: 'kPa', energy: 'kJ/mol' };

/** Choices as stored (a JSON object), each checked; anything unknown falls back to the default. */
export function readUnits(text) {
  let stored = {};
  try {
    stored = JSON.parse(text || '{}') || {};
  } catch {
    // not JSON: the defaults
  }
  const out = { ...DEFAULT_UNITS };
  for (const dim of Object.keys(UNITS)) if (Object.hasOwn(UNITS[dim].choices, stored[dim])) out[dim] = stored[dim];
  return out;
}

/** The conversion of values in registry unit `unit` under the choices `units` (identity for other units). */
export function conversionOf(unit, units) {
  for (const [dim, d] of Object.entries(UNITS)) if (d.from === unit) return d.choices[units[dim]];
  return { label: unit, to: (v) => v, back: (v) => v, scale: 1 };
}

/** Significant digits a value keeps at most (as stored). */
const MAX_DIGITS = 8;

/** `v` rounded to `d` decimals (negative: tens, hundreds), by an exact power of ten. */
export function roundDecimals(v, d) {
  if (!Number.isFinite(v) || v === 0) return v;
  if (d > 22 || d < -22) return d > 0 ? v : 0;
  if (d > 0 && Math.abs(v) * 10 ** d >= 2 ** 53) return v;
  return d >= 0 ? Math.round(v * 10 ** d) / 10 ** d : Math.round(v / 10 ** -d) * 10 ** -d;
}

export function roundSignificant(v, n) {
  if (!Number.isFinite(v) || v === 0) return v;
  const d = n - 1 - Math.floor(Math.log10(Math.abs(v)));
  return Math.abs(d) > 22 ? Number(v.toPrecision(n)) : roundDecimals(v, d);
}

/** Decimals of a number as JavaScript writes it: 351.44 → 2, 5370 → 0, 1.5e-7 → 8. */
export function decimals(v) {
  const [mant, exp] = String(Math.abs(v)).split('e');
  return Math.max(0, (mant.split('.')[1]?.length ?? 0) - Number(exp ?? 0));
}

/** Significant digits of a number as JavaScript writes it (a whole number's trailing zeros count: 5370 → 4). */
export function significantDigits(v) {
  return String(Math.abs(v)).split('e')[0].replace('.', '').replace(/^0+/, '').length;
}

/** A value as sent, without the digits binary arithmetic may have added (278.66499999999996 → 278.665). */
export const clean = (v) => Number(v.toPrecision(MAX_DIGITS));

/**
 * `c.to(v)` with the fewest significant digits that convert back to `v` within less than half of its last
 * written digit (351.44 K → 172.92 °F); through a shift (K → °C) with the value's own decimals, as the shift
 * moves the value, not its uncertainty (351.44 K → 78.29 °C, 347 K → 74 °C, 351.15 K → 78 °C); `exact`: a state
 * (convertState), with the shift's decimals too.
 */
export function convertValue(v, c, exact = false) {
  const x0 = clean(v);
  const x = c.to(x0);
  if (!Number.isFinite(x) || x === 0) return x;
  const shift = c.to(0);
  if (Math.abs(c.to(1) - shift - 1) < 1e-12) return roundSignificant(roundDecimals(x, exact ? Math.max(decimals(x0), decimals(shift)) : decimals(x0)), MAX_DIGITS);
  const tolerance = 0.49 * 10 ** -decimals(x0);
  for (let n = 1; n < MAX_DIGITS; n++) {
    const r = roundSignificant(x, n);
    if (Math.abs(c.back(r) - x0) <= tolerance) return r;
  }
  return roundSignificant(x, MAX_DIGITS);
}

/**
 * A state a value holds at (a point's temperature, a range) in unit c, exact: through a shift with the decimals of
 * the value and of the shift (300 K → 26.85 °C, where a property's 300 K is 27 °C); otherwise as convertValue.
 */
export const convertState = (v, c) => convertValue(v, c, true);

/** A model value with its uncertainty: e to 2 significant digits, v to the place of e's second digit (353.643 ± 33.7 → "354 ± 34"). */
export function withUncertainty(v, e) {
  if (!(e > 0) || !Number.isFinite(e)) return String(clean(v));
  const e2 = roundSignificant(e, 2);
  const d = 1 - Math.floor(Math.log10(e2));
  const fixed = (x) => (d > 0 ? roundDecimals(x, d).toFixed(d) : String(roundDecimals(x, d)));
  return `${fixed(v)} ± ${fixed(e2)}`;
}

/** A point's value in the chosen unit: `v ± e` for a calculated one with an uncertainty, else the value keeping its digits. */
export function pointValue(p, c, calculated) {
  if (calculated && p.e > 0) return withUncertainty(c.to(p.v), p.e * c.scale);
  if (!(p.e > 0)) return String(convertValue(p.v, c));
  // a source's uncertainty: a difference, scaled only, with its own significant digits
  const e = clean(p.e);
  return `${convertValue(p.v, c)} ± ${c.scale === 1 ? e : roundSignificant(e * c.scale, significantDigits(e))}`;
}
