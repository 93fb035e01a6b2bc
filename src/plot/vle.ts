// The charts of a diagram in the plot module's terms (PlotSeries, `t` holding the composition):
// T (or P) against x1 and y1 with the azeotrope as a point, and y1 against x1 with the diagonal.
// Where the liquid splits, the bubble curve is the two liquids' branches and the three-phase line
// between them. The binodal of `chem lle`: T against the x1 of each liquid, closed at a critical point.
import type { PlotPoint, PlotSeries } from './data.js';
import type { VlePoint, VleResult } from '../vle/types.js';
import type { LleResult } from '../vle/lle-diagram.js';

export interface Conversions {
  /** Display unit and conversion of the diagram's unknown (T in K or P in kPa). */
  unit: string;
  convert: (v: number) => number;
}

const line = (s: string, t: number, v: number, curve = s): PlotPoint => ({ t, v, s, source: s, kind: 'correlation', curve, outlier: false });
const mark = (s: string, t: number, v: number, label: string): PlotPoint => ({ t, v, s, source: label, kind: 'measured', curve: s, outlier: false });

export function vleSeries(r: VleResult, conv: Conversions): PlotSeries[] {
  const isobaric = r.p !== undefined;
  const sym = isobaric ? 'T' : 'P';
  const [a, b] = r.components;
  const ok = r.points.filter((p) => p.x1 !== null && p.y1 !== null && (isobaric ? p.t : p.p) != null);
  const value = (p: VlePoint) => conv.convert((isobaric ? p.t : p.p)!);
  const fixed = isobaric ? `${r.p} kPa` : `${r.t} K`;
  const liquid = 'liquid (bubble, x1)';
  const vapour = 'vapour (dew, y1)';
  // the three-phase point: of a point inside the split, else of the heterogeneous azeotrope
  const three = ok.find((p) => p.x1_liquids) ?? (r.azeotrope?.x1_liquids ? { ...r.azeotrope, x1_liquids: r.azeotrope.x1_liquids } : undefined);
  const txy: PlotPoint[] = [];
  if (three) {
    const [xa, xb] = three.x1_liquids!;
    const v3 = conv.convert((isobaric ? three.t : three.p)!);
    const one = ok.filter((p) => !p.x1_liquids);
    txy.push(
      ...one.filter((p) => p.x1! <= xa).map((p) => line(liquid, p.x1!, value(p), 'liquid a')),
      line(liquid, xa, v3, 'liquid a'),
      line(liquid, xb, v3, 'liquid b'),
      ...one.filter((p) => p.x1! >= xb).map((p) => line(liquid, p.x1!, value(p), 'liquid b')),
      line('three-phase line', xa, v3),
      line('three-phase line', xb, v3),
      ...[...one.map((p) => line(vapour, p.y1!, value(p))), line(vapour, three.y1!, v3)].sort((p, q) => p.t - q.t),
    );
  } else {
    txy.push(...ok.map((p) => line(liquid, p.x1!, value(p))), ...ok.map((p) => line(vapour, p.y1!, value(p))).sort((p, q) => p.t - q.t));
  }
  if (r.azeotrope) {
    const v = conv.convert((isobaric ? r.azeotrope.t : r.azeotrope.p)!);
    const het = r.azeotrope.heterogeneous ? 'heteroazeotrope y1' : 'azeotrope x1';
    txy.push(mark('azeotrope', r.azeotrope.x1, v, `${het} = ${r.azeotrope.x1.toFixed(4)}`));
  }
  const xy: PlotPoint[] = [line('y = x', 0, 0), line('y = x', 1, 1), ...ok.map((p) => line(`y1 (${r.model})`, p.x1!, p.y1!))];
  const title = `${a.name} (1) / ${b.name} (2), ${r.model}, ${fixed}`;
  return [
    { key: isobaric ? 'txy' : 'pxy', desc: `${isobaric ? 'Txy' : 'Pxy'}: ${title}`, sym, xSym: `x1, y1 (${a.name})`, tUnit: '', unit: conv.unit, log: false, points: txy },
    { key: 'xy', desc: `x–y: ${title}`, sym: `y1 (${a.name})`, xSym: `x1 (${a.name})`, tUnit: '', unit: '', log: false, points: xy },
  ];
}

/** The binodal: T against x1 of each liquid (the given temperatures' liquids marked), joined at a critical point. */
export function lleSeries(r: LleResult, conv: Conversions): PlotSeries {
  const [a, b] = r.components;
  const bin = r.binodal;
  const s = 'binodal';
  // each branch by temperature, the critical points among them (a branch need not be monotonic in x1)
  const rows = [...(bin?.points ?? []).map((p) => ({ t: p.t, x: p.x1 })), ...(bin?.critical ?? []).map((c) => ({ t: c.t, x: [c.x1, c.x1] }))].sort((p, q) => p.t - q.t);
  const pts: PlotPoint[] = [0, 1].flatMap((i) => rows.map((p, k) => ({ ...line(s, p.x[i]!, conv.convert(p.t), `liquid ${'ab'[i]}`), order: k })));
  for (const c of bin?.critical ?? []) pts.push(mark('critical', c.x1, conv.convert(c.t), `${c.kind === 'upper' ? 'UCST' : 'LCST'} ${c.t} K`));
  for (const p of r.points) for (const x of p.x1) pts.push(mark('liquids', x, conv.convert(p.t), 'liquids at the temperatures asked'));
  const range = bin ? `, ${bin.tmin}–${bin.tmax} K` : '';
  return { key: 'lle', desc: `LLE: ${a.name} (1) / ${b.name} (2), ${r.model}${range}`, sym: 'T', xSym: `x1 (${a.name})`, tUnit: '', unit: conv.unit, log: false, points: pts };
}
