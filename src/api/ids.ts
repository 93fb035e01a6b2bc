// Compound and mixture ids. The spec's ids are digit groups separated by hyphens (`27-471-9`);
// mixture ids end in a letter (`11-713-h`). Ours are derived from a stable key (the InChIKey, or
// `CAS:<cas>` for a substance without structure) so they survive a rebuild of the database:
//   n = first 40 bits of SHA-256(key), written as  <n / 1000>-<n % 1000, 3 digits>-<check>
// with a CAS-style check digit (weighted digit sum mod 10). Compounds end in the check digit,
// mixtures in the letter a..j of the same check value. With 2^40 values, a collision is rare
// (p ≈ 0.5 % over 100 000 compounds); the database resolves one by salting the key (`key#1`, ...)
// for the compound whose key sorts later, so ids stay deterministic.
import { hash } from 'node:crypto';

const COMPOUND_ID = /^(\d{1,10})-(\d{3})-(\d)$/;
const MIXTURE_ID = /^(\d{1,10})-(\d{3})-([a-j])$/;

function checkValue(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += (i + 1) * Number(digits[digits.length - 1 - i]);
  return sum % 10;
}

function hashNumber(key: string): bigint {
  // One-shot hash (a build derives ~200 000 ids; createHash objects cost 3x as much).
  return BigInt(`0x${hash('sha256', key).slice(0, 10)}`); // first 40 bits
}

function format(key: string, last: (check: number) => string): string {
  const n = hashNumber(key);
  const head = (n / 1000n).toString();
  const mid = (n % 1000n).toString().padStart(3, '0');
  return `${head}-${mid}-${last(checkValue(head + mid))}`;
}

export function compoundIdFor(key: string, salt = 0): string {
  return format(salt ? `${key}#${salt}` : key, (c) => String(c));
}

export function mixtureIdFor(key: string, salt = 0): string {
  return format(salt ? `${key}#${salt}` : key, (c) => 'abcdefghij'[c]!);
}

export function isCompoundId(id: string): boolean {
  const m = COMPOUND_ID.exec(id);
  return !!m && checkValue(m[1]! + m[2]!) === Number(m[3]);
}

export function isMixtureId(id: string): boolean {
  const m = MIXTURE_ID.exec(id);
  return !!m && 'abcdefghij'[checkValue(m[1]! + m[2]!)] === m[3];
}
