// Page arithmetic, worked by hand: 250 results are pages 1..3 with 100, 100 and 50 records.
import { describe, expect, it } from 'vitest';
import { checkPage, pageOf } from '../../src/local/store/search/paging.js';

describe('pageOf', () => {
  it('first, middle and last page', () => {
    expect(pageOf(250, 1)).toEqual({ page: 1, offset: 0, limit: 100, range: [1, 100], next_page: 2, prev_page: null });
    expect(pageOf(250, 2)).toEqual({ page: 2, offset: 100, limit: 100, range: [101, 200], next_page: 3, prev_page: 1 });
    expect(pageOf(250, 3)).toEqual({ page: 3, offset: 200, limit: 50, range: [201, 250], next_page: null, prev_page: 2 });
  });

  it('exact multiples and single pages', () => {
    expect(pageOf(200, 2)).toMatchObject({ range: [101, 200], next_page: null, prev_page: 1 });
    expect(pageOf(1, 1)).toMatchObject({ range: [1, 1], next_page: null, prev_page: null });
    expect(pageOf(100, 1)).toMatchObject({ range: [1, 100], next_page: null });
  });

  it('past the end: empty, prev_page points at the last page', () => {
    expect(pageOf(250, 4)).toMatchObject({ limit: 0, range: [0, 0], next_page: null, prev_page: 3 });
    expect(pageOf(250, 9)).toMatchObject({ limit: 0, range: [0, 0], prev_page: 3 });
    expect(pageOf(0, 1)).toMatchObject({ limit: 0, range: [0, 0], next_page: null, prev_page: null });
  });

  it('pages are integers from 1', () => {
    expect(checkPage(undefined)).toBe(1);
    expect(() => checkPage(0)).toThrow(/numbered from 1/);
    expect(() => checkPage(1.5)).toThrow(/numbered from 1/);
  });
});
