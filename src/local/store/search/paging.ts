// Page arithmetic of the v1 search result (spec 2.3): pages numbered from 1, at most 100 compounds
// each, `range` the 1-based indices of the first and last record on the page ([0, 0] when the page
// is empty). A page past the end is empty, with `prev_page` pointing at the last page.
import { usageError } from '../../../api/errors.js';

export const PAGE_SIZE = 100;

export interface Page {
  page: number;
  /** Records to skip and to take. */
  offset: number;
  limit: number;
  range: [number, number];
  next_page: number | null;
  prev_page: number | null;
}

export function checkPage(page: number | undefined): number {
  const p = page ?? 1;
  if (!Number.isInteger(p) || p < 1) throw usageError(`invalid page "${page}": pages are numbered from 1`);
  return p;
}

export function pageOf(total: number, page: number, size = PAGE_SIZE): Page {
  const offset = (page - 1) * size;
  const last = Math.ceil(total / size);
  if (offset >= total) {
    return { page, offset, limit: 0, range: [0, 0], next_page: null, prev_page: total > 0 ? last : null };
  }
  const end = Math.min(offset + size, total);
  return {
    page,
    offset,
    limit: end - offset,
    range: [offset + 1, end],
    next_page: page < last ? page + 1 : null,
    prev_page: page > 1 ? page - 1 : null,
  };
}
