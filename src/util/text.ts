// The one normalisation of names and query words: stored names, search and the resolver compare these.
/**
 * Lower case, accents removed (NFKD minus combining marks), invisible format characters removed
 * (zero-width spaces and soft hyphens, found in some tables' names), one space between words.
 */
export function normalizeText(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\p{M}\p{Cf}]/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
