// Charts on a terminal. Braille: each character cell holds a 2×4 dot grid (U+2800 + 8 bits), so a
// curve is drawn at twice the column and four times the row resolution; measured points are one
// symbol per source, outliers a red ×. Kitty: the PNG chart through the kitty graphics protocol
// (kitty, WezTerm, Ghostty), scaled by the terminal to the width in columns.
import { axisTitle, type PlotPoint, type PlotSeries } from './data.js';

const MARKERS = ['●', '■', '▲', '◆', '★', '✚', '○', '□', '△', '◇'];
const OUTLIER = '✕';
// ANSI foreground colours for the sources; red is kept for outliers.
const COLOURS = [34, 33, 32, 35, 36, 94, 93, 92, 95, 96];
const DOT = [
  [0x01, 0x02, 0x04, 0x40],
  [0x08, 0x10, 0x20, 0x80],
];

export interface TerminalOptions {
  /** Columns available. */
  width: number;
  /** Rows of the plot area. */
  height?: number;
  color: boolean;
}

/** A number for an axis label: 4 significant digits, exponent only for extreme magnitudes. */
function axisNumber(v: number): string {
  if (v === 0 || !Number.isFinite(v)) return String(v);
  const a = Math.abs(v);
  return a >= 1e-3 && a < 1e6 ? String(Number(v.toPrecision(4))) : v.toExponential(2).replace('e+', 'e');
}

/** One chart as lines of text: title, y axis title, the plot with its axes, x axis title and a legend. */
export function brailleChart(s: PlotSeries, opts: TerminalOptions): string {
  const paint = (code: number, text: string) => (opts.color ? `\x1b[${code}m${text}\x1b[39m` : text);
  const sources = [...new Set(s.points.map((p) => p.s))];
  const style = (p: PlotPoint) => sources.indexOf(p.s) % COLOURS.length;

  const ty = (v: number) => (s.log ? Math.log10(v) : v);
  const ts = s.points.map((p) => p.t);
  const ys = s.points.map((p) => ty(p.v));
  let [t0, t1] = [Math.min(...ts), Math.max(...ts)];
  let [y0, y1] = [Math.min(...ys), Math.max(...ys)];
  if (t0 === t1) [t0, t1] = [t0 - 1, t1 + 1];
  if (y0 === y1) [y0, y1] = [y0 - Math.abs(y0 || 1) * 0.05, y1 + Math.abs(y1 || 1) * 0.05];
  const pad = (y1 - y0) * 0.04;
  [y0, y1] = [y0 - pad, y1 + pad];
  const label = (y: number) => axisNumber(s.log ? 10 ** y : y);

  const rows = opts.height ?? 14;
  const labelWidth = Math.max(...[y0, (y0 + y1) / 2, y1].map((y) => label(y).length)) + 1;
  const cols = Math.max(10, opts.width - labelWidth - 2);
  const [W, H] = [cols * 2, rows * 4];
  const bits = new Uint8Array(cols * rows);
  const ink = new Int16Array(cols * rows).fill(-1);
  const marks = new Map<number, string>();
  const px = (t: number) => Math.round(((t - t0) / (t1 - t0)) * (W - 1));
  const py = (y: number) => Math.round(((y1 - y) / (y1 - y0)) * (H - 1));
  const dot = (x: number, y: number, colour: number) => {
    if (x < 0 || y < 0 || x >= W || y >= H) return;
    const cell = Math.floor(y / 4) * cols + Math.floor(x / 2);
    bits[cell]! |= DOT[x % 2]![y % 4]!;
    ink[cell] = colour;
  };

  // Curves: straight segments between the samples, every pixel of a correlation, dashes for a calculation.
  const curves = new Map<string, PlotPoint[]>();
  for (const p of s.points) if (p.kind !== 'measured') (curves.get(p.curve) ?? curves.set(p.curve, []).get(p.curve)!).push(p);
  for (const pts of curves.values()) {
    const colour = style(pts[0]!);
    const dashed = pts[0]!.kind === 'calculated';
    let step = 0;
    for (let i = 1; i < pts.length; i++) {
      const [xa, ya, xb, yb] = [px(pts[i - 1]!.t), py(ty(pts[i - 1]!.v)), px(pts[i]!.t), py(ty(pts[i]!.v))];
      const n = Math.max(Math.abs(xb - xa), Math.abs(yb - ya), 1);
      for (let k = 0; k <= n; k++, step++) {
        if (dashed && step % 6 >= 3) continue;
        dot(Math.round(xa + ((xb - xa) * k) / n), Math.round(ya + ((yb - ya) * k) / n), colour);
      }
    }
  }
  // Measured points and outliers: a symbol in their cell, drawn over the curves.
  for (const p of s.points) {
    if (p.kind !== 'measured' && !p.outlier) continue;
    const cell = Math.floor(py(ty(p.v)) / 4) * cols + Math.floor(px(p.t) / 2);
    marks.set(cell, p.outlier ? paint(31, OUTLIER) : paint(COLOURS[style(p)]!, MARKERS[style(p)]!));
  }

  const lines: string[] = [];
  lines.push(`${s.desc}`);
  lines.push(`${axisTitle(s.sym, s.unit)}${s.log ? ', log scale' : ''}`);
  for (let r = 0; r < rows; r++) {
    // Labels on the top, middle and bottom rows: the value at the row's centre.
    const atLabel = [0, Math.floor((rows - 1) / 2), rows - 1].includes(r) ? y1 - ((y1 - y0) * (r * 4 + 1.5)) / (H - 1) : undefined;
    const prefix = atLabel === undefined ? ' '.repeat(labelWidth) : label(atLabel).padStart(labelWidth);
    let text = '';
    for (let c = 0; c < cols; c++) {
      const cell = r * cols + c;
      const mark = marks.get(cell);
      if (mark) text += mark;
      else if (bits[cell]) text += paint(COLOURS[ink[cell]!]!, String.fromCharCode(0x2800 + bits[cell]!));
      else text += ' ';
    }
    lines.push(`${prefix} ${atLabel === undefined ? '│' : '┤'}${text}`);
  }
  lines.push(`${' '.repeat(labelWidth)} └${'─'.repeat(cols)}`);
  const [a, m, b] = [t0, (t0 + t1) / 2, t1].map(axisNumber) as [string, string, string];
  const xl = ' '.repeat(labelWidth + 2).split('');
  const axis = Array.from({ length: cols }, () => ' ');
  const put = (at: number, text: string) => text.split('').forEach((ch, i) => (axis[Math.min(cols - text.length, Math.max(0, at)) + i] = ch));
  put(0, a);
  put(Math.round(cols / 2 - m.length / 2), m);
  put(cols - b.length, b);
  lines.push(xl.join('') + axis.join(''));
  const xTitle = axisTitle(s.xSym ?? 'T', s.tUnit);
  lines.push(' '.repeat(labelWidth + 2 + Math.max(0, Math.floor(cols / 2 - xTitle.length / 2))) + xTitle);

  for (const src of sources) {
    const pts = s.points.filter((p) => p.s === src);
    const i = sources.indexOf(src) % COLOURS.length;
    const kinds = [...new Set(pts.map((p) => p.kind))];
    const glyph = kinds.includes('measured') ? MARKERS[i]! : kinds.includes('correlation') ? '⣀⣀' : '⡀⢀';
    lines.push(`  ${paint(COLOURS[i]!, glyph)} ${pts[0]!.source}: ${kinds.join(', ')} (${pts.length} point${pts.length === 1 ? "" : "s"})`);
  }
  const outliers = s.points.filter((p) => p.outlier).length;
  if (outliers) lines.push(`  ${paint(31, OUTLIER)} outlier (${outliers})`);
  return lines.join('\n') + '\n';
}

/** A PNG through the kitty graphics protocol, `columns` wide: base64 in chunks of 4096. */
export function kittyImage(png: Buffer, columns: number): string {
  const data = png.toString('base64');
  const parts: string[] = [];
  for (let i = 0; i < data.length; i += 4096) {
    const more = i + 4096 < data.length ? 1 : 0;
    const head = i === 0 ? `a=T,f=100,c=${columns},m=${more}` : `m=${more}`;
    parts.push(`\x1b_G${head};${data.slice(i, i + 4096)}\x1b\\`);
  }
  return parts.join('') + '\n';
}

/** Terminals known to show kitty graphics. */
export function kittySupported(env: Record<string, string | undefined>): boolean {
  return env.TERM === 'xterm-kitty' || !!env.KITTY_WINDOW_ID || ['WezTerm', 'ghostty'].includes(env.TERM_PROGRAM ?? '');
}
