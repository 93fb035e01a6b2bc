import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KeyStore, parseKeys } from '../../src/server/keys.js';
import { ChemError } from '../../src/api/errors.js';

const FIXTURE = new URL('../fixtures/server/keys.txt', import.meta.url).pathname;

describe('key file', () => {
  it('reads one key per line, skipping blanks and # comments', () => {
    expect(parseKeys('# c\nk1\n\n  k2  # note\r\nk3\r\n')).toEqual(['k1', 'k2', 'k3']);
  });

  it('accepts the keys of the file and nothing else', () => {
    const keys = KeyStore.fromFile(FIXTURE);
    expect(keys.size).toBe(2);
    const a = keys.check('key-alpha-0123456789');
    const b = keys.check('key-beta-9876543210');
    expect(a).toMatch(/^[0-9a-f]{24}$/);
    expect(b).toMatch(/^[0-9a-f]{24}$/);
    expect(a).not.toBe(b);
    expect(keys.check('key-alpha-012345678')).toBeNull();
    expect(keys.check('')).toBeNull();
    expect(keys.check('# API keys for the server tests (hand-written)')).toBeNull();
  });

  it('never uses the key itself as the client id', () => {
    const keys = new KeyStore(['abcdef0123456789abcdef01']);
    expect(keys.check('abcdef0123456789abcdef01')).not.toContain('abcdef0123456789');
  });

  it('reloads, and a failed reload keeps the old keys', () => {
    const dir = mkdtempSync(join(tmpdir(), 'chem-keys-'));
    const file = join(dir, 'keys');
    writeFileSync(file, 'old\n');
    const keys = KeyStore.fromFile(file);
    writeFileSync(file, 'new1\nnew2\n');
    expect(keys.load(file)).toBe(2);
    expect(keys.check('old')).toBeNull();
    expect(keys.check('new2')).not.toBeNull();
    writeFileSync(file, '# nothing\n');
    expect(() => keys.load(file)).toThrow(ChemError);
    expect(() => keys.load(join(dir, 'missing'))).toThrow(/cannot read the key file/);
    expect(keys.check('new1')).not.toBeNull();
  });
});
