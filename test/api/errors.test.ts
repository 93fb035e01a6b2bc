import { describe, expect, it } from 'vitest';
import { ChemError, EXIT, exitCodeOf } from '../../src/api/errors.js';
import { correctedCas, isValidCas, normalizeCas } from '../../src/api/cas.js';
import { casCheckDigit } from '../../src/api/cas.js';
import { checkLocalCompoundId, checkLocalMixtureId, compoundIdFor, isCompoundId, isCompoundIdForm, isMixtureId, isMixtureIdForm, mixtureIdFor } from '../../src/api/ids.js';
import { ChemError } from '../../src/api/errors.js';
import { runChem } from '../helpers.js';

describe('exit codes', () => {
  it.each([
    [400, 2],
    [403, 4],
    [404, 3],
    [429, 5],
    [500, 1],
    [503, 6],
  ] as const)('status %i → exit %i', (status, code) => {
    expect(new ChemError(status, 'x').exitCode).toBe(code);
  });
  it('unknown errors are 500 → 1', () => expect(exitCodeOf(new TypeError('boom'))).toBe(EXIT.error));

  it('the CLI returns them: usage, not found, unknown option', async () => {
    expect((await runChem(['convert', 'smiles', 'C1CC('])).code).toBe(3);
    expect((await runChem(['convert', 'bogus', 'x'])).code).toBe(2);
    const r = await runChem(['convert', 'smiles', 'CCO', '--no-such-flag']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('CAS numbers', () => {
  // Check digits of well-known CAS numbers (water, ethanol, benzene, caffeine).
  it.each(['7732-18-5', '64-17-5', '71-43-2', '58-08-2'])('%s is valid', (cas) => expect(isValidCas(cas)).toBe(true));
  it('rejects a wrong check digit and suggests the right one', () => {
    expect(isValidCas('64-17-6')).toBe(false);
    expect(correctedCas('64-17-6')).toBe('64-17-5');
  });
  it('normalises integers without dashes', () => {
    expect(normalizeCas('7732185')).toBe('7732-18-5');
    expect(normalizeCas('50000')).toBe('50-00-0');
    expect(normalizeCas('abc')).toBeUndefined();
  });
});

describe('ids', () => {
  it('are stable, of the spec form, and self-checking', () => {
    const id = compoundIdFor('LFQSCWFLJHTTHZ-UHFFFAOYSA-N');
    expect(id).toBe(compoundIdFor('LFQSCWFLJHTTHZ-UHFFFAOYSA-N'));
    expect(id).toMatch(/^\d+-\d{3}-\d$/);
    expect(isCompoundId(id)).toBe(true);
    const [a, b, c] = id.split('-');
    expect(isCompoundId(`${a}-${b}-${(Number(c) + 1) % 10}`)).toBe(false);
    expect(compoundIdFor('LFQSCWFLJHTTHZ-UHFFFAOYSA-N', 1)).not.toBe(id);
  });
  it('mixture ids end in a letter and are never compound ids', () => {
    const mid = mixtureIdFor('binary:A|B');
    expect(mid).toMatch(/^\d+-\d{3}-[a-j]$/);
    expect(isMixtureId(mid)).toBe(true);
    expect(isCompoundId(mid)).toBe(false);
  });
  it('the general form (any v1 service) is separate from the local check digit', () => {
    // the hosted service's ids: well-formed, though not of the local scheme
    for (const id of ['27-471-9', '34-125-5', '885445551-231-9']) expect(isCompoundIdForm(id), id).toBe(true);
    expect(isCompoundId('27-471-9')).toBe(false);
    expect(isMixtureIdForm('11-713-h')).toBe(true);
    expect(isMixtureId('11-713-h')).toBe(false);
    for (const id of ['', 'abc', '27-471', '27-471-', '27-471-99', '27-471-H', '-27-471-9', '27--471-9', '27-471-9 ', '27\u0000-471-9']) {
      expect(isCompoundIdForm(id) || isMixtureIdForm(id), JSON.stringify(id)).toBe(false);
    }
    expect(isCompoundIdForm('11-713-h')).toBe(false);
    expect(isMixtureIdForm('27-471-9')).toBe(false);
  });
  it('local lookups: 400 for what cannot be an id, 404 for a well-formed id of another scheme', () => {
    const status = (f: () => void) => {
      try {
        f();
        return 200;
      } catch (err) {
        return (err as ChemError).status;
      }
    };
    expect(status(() => checkLocalCompoundId(compoundIdFor('X')))).toBe(200);
    expect(status(() => checkLocalCompoundId('27-471-9'))).toBe(404);
    expect(status(() => checkLocalCompoundId('27-471'))).toBe(400);
    expect(status(() => checkLocalMixtureId(mixtureIdFor('X')))).toBe(200);
    expect(status(() => checkLocalMixtureId('11-713-h'))).toBe(404);
    expect(status(() => checkLocalMixtureId('27-471-9'))).toBe(400);
  });
  it('the local check is the CAS check digit (one implementation)', () => {
    const [a, b, c] = compoundIdFor('Y').split('-');
    expect(casCheckDigit(a! + b!)).toBe(Number(c));
  });
});
