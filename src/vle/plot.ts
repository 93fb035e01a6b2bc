// The charts of a diagram in the plot module's terms (PlotSeries, `t` holding the composition):
// T (or P) against x1 and y1 with the azeotrope as a point, and y1 against x1 with the diagonal.
import type { PlotPoint, PlotSeries } from '../plot/data.js';
import type { VleResult } from './diagram.js';

export interface Conversions {
  /** Display unit and conversion of the diagram's unknown (T in K or P in kPa). */
  unit: string;
  convert: (v: number) => number;
}

const line = (s: string, t: number, v: number): PlotPoint => ({ t, v, s, source: s, kind: 'correlation', curve: s, outlier: false });

export function vleSeries(r: VleResult, conv: Conversions): PlotSeries[] {
  const isobaric = r.p !== undefined;
  const sym = isobaric ? 'T' : 'P';
  const [a, b] = r.components;
  const ok = r.points.filter((p) => p.x1 !== null && p.y1 !== null && (isobaric ? p.t : p.p) != null);
  const value = (p: (typeof ok)[number]) => conv.convert((isobaric ? p.t : p.p)!);
  const fixed = isobaric ? `${r.p} kPa` : `${r.t} K`;
  const txy: PlotPoint[] = [
    ...ok.map((p) => line('liquid (bubble, x1)', p.x1!, value(p))),
    ...ok.map((p) => line('vapour (dew, y1)', p.y1!, value(p))).sort((p, q) => p.t - q.t),
  ];
  if (r.azeotrope) {
    const v = conv.convert((isobaric ? r.azeotrope.t : r.azeotrope.p)!);
    txy.push({ t: r.azeotrope.x1, v, s: 'azeotrope', source: `azeotrope x1 = ${r.azeotrope.x1.toFixed(4)}`, kind: 'measured', curve: 'azeotrope', outlier: false });
  }
  const xy: PlotPoint[] = [line('y = x', 0, 0), line('y = x', 1, 1), ...ok.map((p) => line(`y1 (${r.model})`, p.x1!, p.y1!))];
  const title = `${a.name} (1) / ${b.name} (2), ${r.model}, ${fixed}`;
  return [
    { key: isobaric ? 'txy' : 'pxy', desc: `${isobaric ? 'Txy' : 'Pxy'}: ${title}`, sym, xSym: `x1, y1 (${a.name})`, tUnit: '', unit: conv.unit, log: false, points: txy },
    { key: 'xy', desc: `x–y: ${title}`, sym: `y1 (${a.name})`, xSym: `x1 (${a.name})`, tUnit: '', unit: '', log: false, points: xy },
  ];
}
