// CAS validation as the importers apply it.
import { describe, expect, it } from 'vitest';
import { casOf } from '../../src/local/store/import/context.js';

describe('casOf', () => {
  it('accepts a CAS with dashes and a correct check digit', () => expect(casOf('64-17-5')).toBe('64-17-5'));
  it('adds the dashes to an integer CAS', () => expect(casOf('7732185')).toBe('7732-18-5'));
  it('refuses a wrong check digit', () => expect(casOf('64-17-6')).toEqual({ reason: 'CAS check digit wrong' }));
  it('refuses SRC placeholders below 50-00-0', () => expect(casOf('00-02-2')).toEqual({ reason: 'SRC placeholder CAS' }));
  it('refuses truncated and fake numbers', () => {
    expect(casOf('-00-2')).toEqual({ reason: 'malformed CAS' });
    expect(casOf('2099995000-00-0')).toEqual({ reason: 'malformed CAS' });
    expect(casOf('SRC000-12')).toEqual({ reason: 'malformed CAS' });
  });
  it('refuses an empty cell', () => expect(casOf('  ')).toEqual({ reason: 'no CAS' }));
});
