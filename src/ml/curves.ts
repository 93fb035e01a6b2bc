// The vapour-pressure curves of the training set (dataset.ts): each structured compound's measured vapour
// pressures (non-calc, non-outlier points of pvap, the sampled points of its correlations among them, the median per
// temperature, 1e-3 to 1e4 kPa) and the predicted constants that shape the anchored Lee–Kesler curve through a Tb
// (Tc, Pc for ΔZ, ΔHvap at the predicted Tb: estimates.ts), so that the trainer can find the Tb that places that
// curve on the measured points. A compound left out for any of the keys of CURVE_KEYS (npm run train -- --exclude)
// gives none of its points.
import type { Database } from 'better-sqlite3';
import { predict } from '../local/predict/index.js';

/** Keys whose exclusion (InChIKey<TAB>key) also leaves a compound's curve points out. */
export const CURVE_KEYS: readonly string[] = ['pvap', 'tb', 'rhol', 'hvapt', 'cpl', 'srf', 'tcondl'];

/** Vapour pressures trained on, kPa: the range bench/estimates.js measures in. */
const P_MIN = 1e-3;
const P_MAX = 1e4;

export interface CurveRow {
  id: string;
  inchikey: string;
  smiles: string;
}

/** Each compound's median measured vapour pressure per temperature: id -> [T, P kPa][] sorted by T. */
export function measuredCurves(db: Database): Map<string, [number, number][]> {
  const rows = db.prepare(`SELECT compound_id AS id, t, v FROM points WHERE key = 'pvap' AND calc = 0 AND o = 0 AND t IS NOT NULL AND v > 0`).all() as { id: string; t: number; v: number }[];
  const by = new Map<string, Map<number, number[]>>();
  for (const r of rows) {
    const m = by.get(r.id) ?? by.set(r.id, new Map()).get(r.id)!;
    (m.get(r.t) ?? m.set(r.t, []).get(r.t)!).push(r.v);
  }
  const out = new Map<string, [number, number][]>();
  for (const [id, m] of by) {
    const pts = [...m].map(([t, vs]): [number, number] => [t, median(vs)]).filter(([, p]) => p > P_MIN && p < P_MAX).sort((a, b) => a[0] - b[0]);
    if (pts.length) out.set(id, pts);
  }
  return out;
}

const median = (vs: number[]) => {
  const s = [...vs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/**
 * The lines of curves.tsv: inchikey, the predicted Tb, Tc, Pc (kPa), ΔHvap (J/mol) of the estimate (the first point of
 * each), and the points as "T:P" pairs; a compound without a predicted Tb and Tc is left out.
 */
export function curveLines(compounds: readonly CurveRow[], curves: Map<string, [number, number][]>): string[] {
  const lines = ['inchikey\ttb\ttc\tpc\thvap\tpoints'];
  for (const c of compounds) {
    const pts = curves.get(c.id);
    if (!pts) continue;
    let fixed;
    try {
      fixed = predict(c.smiles, { props: ['tb', 'tc', 'pc', 'hvap'], grid: false }).properties.fixed;
    } catch {
      continue;
    }
    const v = (k: string) => fixed[k]?.[0]?.v;
    const [tb, tc, pc, hvap] = [v('tb'), v('tc'), v('pc'), v('hvap')];
    if (tb === undefined || tc === undefined || !(tb < tc)) continue;
    lines.push([c.inchikey, tb, tc, pc ?? '', hvap === undefined ? '' : hvap * 1000, pts.map(([t, p]) => `${t}:${p}`).join(' ')].join('\t'));
  }
  return lines;
}
