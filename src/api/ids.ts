// Compound and mixture ids. Two rules, kept apart:
//
// - The general form, shared by every v1 service (the hosted one and ours): digit groups separated
//   by hyphens, the last group one digit for a compound (`27-471-9`) or one letter for a mixture
//   (`11-713-h`). Anything else cannot be an id (400). The hosted service's ids carry no check
//   digit that we know of, so the remote backend and the server's routing check the form only.
// - The local database's ids, derived from a stable key (the InChIKey, or `CAS:<cas>` for a
//   substance without structure) so they survive a rebuild of the database:
//     n = first 40 bits of SHA-256(key), written as  <n / 1000>-<n % 1000, 3 digits>-<check>
//   with the CAS check digit (cas.ts). Compounds end in the check digit, mixtures in the letter
//   a..j of the same check value. A well-formed id whose check fails is simply not in the local
//   database (404). With 2^40 values, a collision is rare (p ≈ 0.5 % over 100 000 compounds); the
//   database resolves one by salting the key (`key#1`, ...) for the compound whose key sorts
//   later, so ids stay deterministic.
import { hash } from 'node:crypto';
import { casCheckDigit } from './cas.js';
import { ChemError, usageError } from './errors.js';

/** The general form: at least two digit groups, then one digit or letter (groups of at most 12 digits). */
const ID_FORM = /^\d{1,12}(?:-\d{1,12})+-[0-9a-z]$/;
const COMPOUND_ID = /^(\d{1,10})-(\d{3})-(\d)$/;
const MIXTURE_ID = /^(\d{1,10})-(\d{3})-([a-j])$/;

function hashNumber(key: string): bigint {
  // One-shot hash (a build derives ~200 000 ids; createHash objects cost 3x as much).
  return BigInt(`0x${hash('sha256', key).slice(0, 10)}`); // first 40 bits
}

function format(key: string, last: (check: number) => string): string {
  const n = hashNumber(key);
  const head = (n / 1000n).toString();
  const mid = (n % 1000n).toString().padStart(3, '0');
  return `${head}-${mid}-${last(casCheckDigit(head + mid))}`;
}

export function compoundIdFor(key: string, salt = 0): string {
  return format(salt ? `${key}#${salt}` : key, (c) => String(c));
}

export function mixtureIdFor(key: string, salt = 0): string {
  return format(salt ? `${key}#${salt}` : key, (c) => 'abcdefghij'[c]!);
}

/** True when `id` has the general form of a compound id (any v1 service). */
export function isCompoundIdForm(id: string): boolean {
  return ID_FORM.test(id) && /\d$/.test(id);
}

/** True when `id` has the general form of a mixture id (any v1 service). */
export function isMixtureIdForm(id: string): boolean {
  return ID_FORM.test(id) && /[a-z]$/.test(id);
}

/** A value from the user inside a message: quoted with control characters escaped, shortened. */
const shown = (id: string) => JSON.stringify(id.length > 80 ? `${id.slice(0, 79)}…` : id);

/** 400 unless `id` can be a compound id at all. */
export function checkCompoundIdForm(id: string): void {
  if (!isCompoundIdForm(id)) throw usageError(`malformed compound id ${shown(id)}: expected digit groups ending in a digit, like 27-471-9`);
}

/** 400 unless `id` can be a mixture id at all. */
export function checkMixtureIdForm(id: string): void {
  if (!isMixtureIdForm(id)) throw usageError(`malformed mixture id ${shown(id)}: expected digit groups ending in a letter, like 11-713-h`);
}

/** The local database: 400 for what cannot be an id, 404 for a well-formed id it cannot hold. */
export function checkLocalCompoundId(id: string): void {
  checkCompoundIdForm(id);
  if (!isCompoundId(id)) throw new ChemError(404, `no compound with id ${id} in the local database (not one of its ids: the check digit does not match)`);
}

/** The local database: 400 for what cannot be an id, 404 for a well-formed id it cannot hold. */
export function checkLocalMixtureId(id: string): void {
  checkMixtureIdForm(id);
  if (!isMixtureId(id)) throw new ChemError(404, `no mixture with id ${id} in the local database (not one of its ids: the check letter does not match)`);
}

/** An id of the local database's scheme (form and check digit). */
export function isCompoundId(id: string): boolean {
  const m = COMPOUND_ID.exec(id);
  return !!m && casCheckDigit(m[1]! + m[2]!) === Number(m[3]);
}

/** A mixture id of the local database's scheme (form and check letter). */
export function isMixtureId(id: string): boolean {
  const m = MIXTURE_ID.exec(id);
  return !!m && 'abcdefghij'[casCheckDigit(m[1]! + m[2]!)] === m[3];
}
