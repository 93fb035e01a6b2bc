// Terminal tables in the manner of gh: a header line, then one line per row (more only for cells
// that hold several lines), columns two spaces apart, no borders. When the table is wider than the
// terminal only the columns that may give way do: names and references are cut with "…", long
// values of key/value blocks (InChI) wrap; ids, numbers and units keep their width. Layout works on
// plain text and colour is applied afterwards, so a cut never leaves an escape sequence open.

export interface TableColumn {
  header: string;
  /** How the column gives way when the table is too wide; without it the column keeps its width. */
  fit?: 'truncate' | 'wrap';
  /** Left out when no row fills it. */
  optional?: boolean;
}

export interface TableStyle {
  /** Terminal width. */
  width: number;
  /** Header styling (bold on a colour terminal). */
  header(s: string): string;
}

const GAP = 2;
/** A column that gives way keeps at least this many characters (fewer when its text is shorter). */
const MIN_FIT = 6;

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;

const stripAnsi = (s: string) => s.replace(ANSI, '');

/** Columns a code point takes in a terminal: 0 for combining marks, 2 for East Asian wide ones. */
function charWidth(cp: number): number {
  if ((cp >= 0x300 && cp <= 0x36f) || cp === 0x200b || (cp >= 0xfe00 && cp <= 0xfe0f)) return 0;
  if (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1faff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  ) {
    return 2;
  }
  return 1;
}

/** Width of a line of text in terminal columns (escape sequences take none). */
export function displayWidth(s: string): number {
  let w = 0;
  for (const ch of stripAnsi(s)) w += charWidth(ch.codePointAt(0)!);
  return w;
}

/** The longest start of `s` that fits in `width` columns. */
function fitStart(s: string, width: number): string {
  let w = 0;
  let out = '';
  for (const ch of s) {
    const cw = charWidth(ch.codePointAt(0)!);
    if (w + cw > width) break;
    w += cw;
    out += ch;
  }
  return out;
}

/** `s` cut to `width` columns, ending in "…" when something was cut. */
export function truncate(s: string, width: number): string {
  if (displayWidth(s) <= width) return s;
  const plain = stripAnsi(s);
  return width <= 1 ? fitStart('…', width) : fitStart(plain, width - 1).trimEnd() + '…';
}

/** `s` broken into lines of at most `width` columns, after a space or a slash where there is one. */
export function wrap(s: string, width: number): string[] {
  let rest = stripAnsi(s);
  const lines: string[] = [];
  while (displayWidth(rest) > width) {
    const head = fitStart(rest, width);
    const at = Math.max(head.lastIndexOf(' '), head.lastIndexOf('/') + 1);
    const cut = at > width / 3 ? at : head.length;
    lines.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  lines.push(rest);
  return lines;
}

/** Widths of the columns: natural widths, shrunk in the columns that may give way until the table fits. */
function columnWidths(columns: TableColumn[], natural: number[], width: number): number[] {
  const widths = [...natural];
  const avail = width - GAP * (columns.length - 1);
  const total = () => widths.reduce((a, b) => a + b, 0);
  const flexible = columns.map((c, i) => (c.fit ? i : -1)).filter((i) => i >= 0);
  if (total() <= avail || !flexible.length) return widths;
  // Share the room left by the fixed columns equally; a column narrower than its share keeps its
  // width and passes the rest on (gh's tableprinter does the same).
  const fixed = columns.reduce((a, c, i) => a + (c.fit ? 0 : natural[i]!), 0);
  let room = avail - fixed;
  let open = [...flexible];
  for (;;) {
    const share = Math.floor(room / open.length);
    const narrow = open.filter((i) => natural[i]! <= share);
    if (!narrow.length) {
      open.forEach((i, k) => (widths[i] = Math.max(Math.min(natural[i]!, MIN_FIT), share + (k < room - share * open.length ? 1 : 0))));
      return widths;
    }
    for (const i of narrow) room -= natural[i]!;
    open = open.filter((i) => !narrow.includes(i));
    if (!open.length) return widths;
  }
}

/** Draws a table. Cells may hold several lines ("\n"); empty optional columns and an all-empty header line are left out. */
export function drawTable(columns: TableColumn[], rows: string[][], style: TableStyle): string {
  const keep = columns.map((c, i) => !c.optional || rows.some((r) => (r[i] ?? '') !== ''));
  const showHeader = columns.some((c, i) => keep[i] && c.header !== '');
  const natural = columns.map((c, i) => Math.max(showHeader ? displayWidth(c.header) : 0, ...rows.map((r) => Math.max(...(r[i] ?? '').split('\n').map(displayWidth)))));
  const fits = () => natural.reduce((a, w, i) => a + (keep[i] ? w + GAP : 0), -GAP) <= style.width;
  // An optional column that would have to give way on a terminal too narrow for it is left out
  // (from the right): a reference cut to "chem-…" tells nothing.
  for (let i = columns.length - 1; i >= 0 && !fits(); i--) {
    if (keep[i] && columns[i]!.optional && columns[i]!.fit && natural[i]! > MIN_FIT) {
      const rest = natural.reduce((a, w, j) => a + (keep[j] && j !== i ? w + GAP : 0), 0);
      if (style.width - rest < MIN_FIT) keep[i] = false;
    }
  }
  const cols = columns.filter((_, i) => keep[i]);
  const body = rows.map((r) => r.filter((_, i) => keep[i]).map((cell) => (cell ?? '').split('\n')));
  const widths = columnWidths(cols, natural.filter((_, i) => keep[i]), style.width);

  const out: string[] = [];
  const line = (cells: string[]) => {
    const last = cells.length - 1;
    out.push(cells.map((c, i) => (i === last ? c : c + ' '.repeat(Math.max(0, widths[i]! - displayWidth(c))))).join(' '.repeat(GAP)).trimEnd());
  };
  if (showHeader) line(cols.map((c, i) => style.header(truncate(c.header, widths[i]!))));
  for (const r of body) {
    const cells = r.map((lines, i) => {
      const w = widths[i]!;
      if (cols[i]!.fit === 'wrap') return lines.flatMap((l) => wrap(l, w));
      return cols[i]!.fit === 'truncate' ? lines.map((l) => truncate(l, w)) : lines;
    });
    const height = Math.max(...cells.map((c) => c.length));
    for (let k = 0; k < height; k++) line(cells.map((c) => c[k] ?? ''));
  }
  return out.join('\n') + '\n';
}
