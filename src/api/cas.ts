// CAS registry numbers: normalise (integers without dashes occur in some tables) and validate the
// check digit (the weighted sum of the other digits, weights 1, 2, 3 ... from the right, mod 10;
// ids.ts uses the same check for the local database's ids).

const CAS_FORM = /^(\d{2,7})-(\d{2})-(\d)$/;

export function casCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += (i + 1) * Number(body[body.length - 1 - i]);
  return sum % 10;
}

/** `7732185` or `7732-18-5` → `7732-18-5`; anything that is not CAS-shaped → undefined. */
export function normalizeCas(raw: string): string | undefined {
  const s = raw.trim();
  if (CAS_FORM.test(s)) return s;
  if (/^\d{5,10}$/.test(s)) return `${s.slice(0, -3)}-${s.slice(-3, -1)}-${s.slice(-1)}`;
  return undefined;
}

export function looksLikeCas(s: string): boolean {
  return CAS_FORM.test(s.trim());
}

/** True when `cas` has the CAS form and a correct check digit. */
export function isValidCas(cas: string): boolean {
  const m = CAS_FORM.exec(cas);
  return !!m && casCheckDigit(m[1]! + m[2]!) === Number(m[3]);
}

/** The same CAS with its check digit corrected (for "did you mean" suggestions). */
export function correctedCas(cas: string): string | undefined {
  const m = CAS_FORM.exec(cas.trim());
  return m ? `${m[1]}-${m[2]}-${casCheckDigit(m[1]! + m[2]!)}` : undefined;
}
