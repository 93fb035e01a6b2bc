// The lines a search answers with beside its page, the same in `chem search` and the search_compounds tool.
import { looksLikeCas, isValidCas, correctedCas } from '../api/cas.js';
import type { SearchResult } from '../api/types.js';

/** The notice for a CAS number whose check digit is wrong (the search still runs: it may be a name). */
export function casNotice(query: string, notice: (m: string) => void): void {
  if (looksLikeCas(query) && !isValidCas(query)) notice(`${query}: the CAS check digit is wrong (the corrected number is ${correctedCas(query)})`);
}

/** The first `limit` compounds of a page, its range cut to match: the JSON of `--limit N` (chem search, the search_compounds tool). */
export function cutPage(r: SearchResult, limit: number): SearchResult {
  return r.comps.length > limit ? { ...r, comps: r.comps.slice(0, limit), range: [r.range[0], r.range[0] + limit - 1] } : r;
}

/** The stderr line for an empty result: what was wrong and what might have been meant. */
export function noMatch(query: string, r: SearchResult): string {
  const hint = r.suggestions?.length ? `; did you mean: ${r.suggestions.join(', ')}?` : '';
  return `no compound matches "${query}"${hint}`;
}
