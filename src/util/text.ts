// The one normalisation of names and query words: stored names, search and the resolver compare these.
/**
 * Lower case, accents removed (NFKD minus combining marks), invisible format characters removed
 * (zero-width spaces and soft hyphens, found in some tables' names), hyphens, dashes and commas read as
 * spaces ("ethylene-glycol" is "ethylene glycol", "1,2-dichloroethane" is "1 2 dichloroethane", never "12…"),
 * one space between words.
 */
export function normalizeText(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\p{M}\p{Cf}]/gu, '')
    .toLowerCase()
    .replace(/[-\u2010-\u2015\u2212,]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A text cut into lines of at most `width` columns at spaces, every line after the first indented by `indent`
 * columns (a word longer than a line is cut where the line ends).
 */
export function wrapText(text: string, width: number, indent = 0): string[] {
  const lines: string[] = [];
  let line = '';
  const room = () => width - (lines.length ? indent : 0);
  const push = () => {
    lines.push((lines.length ? ' '.repeat(indent) : '') + line);
    line = '';
  };
  for (let word of text.split(' ')) {
    while ([...word].length > room()) {
      if (line) push();
      const chars = [...word];
      line = chars.slice(0, room()).join('');
      word = chars.slice(room()).join('');
      push();
    }
    if (line && [...line].length + 1 + [...word].length > room()) push();
    line = line ? `${line} ${word}` : word;
  }
  if (line || !lines.length) push();
  return lines;
}
