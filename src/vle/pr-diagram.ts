// chem vle A B --model pr: a binary's Pxy (--t) or Txy (--p) diagram by Peng–Robinson with the kij
// rule (mixture.ts), in the JSON of the activity-model diagrams (diagram.ts; γ are null). Bubble
// points (or, with dew, dew points) are marched from the pure component that is below its critical
// temperature, each starting from the last; where the phases become identical (the mixture's
// critical point) the diagram ends there and says so: no trivial solution is given as a point.
import { notFound } from '../api/errors.js';
import type { Backend } from '../api/backend.js';
import type { ResolveOptions } from '../lookup/resolve.js';
import { roundResult } from './digits.js';
import { checkRequest, DEFAULT_X, type Known } from './diagram.js';
import type { VlePoint, VleRequest, VleResult } from './types.js';
import { saturation, type Saturation } from './flash.js';
import { prFugacity } from './fugacity.js';
import { components, kijMatrix, pairs, prComponents, type Pair } from './mixture.js';
import { brent } from '../util/roots.js';

export async function prDiagram(backend: Backend, req: VleRequest, opts: ResolveOptions = {}, known?: Known): Promise<VleResult> {
  checkRequest(req);
  const notices: string[] = [];
  const comps = known?.comps ?? (await components(backend, [req.c1, req.c2], opts));
  const found: Pair[] = known ? (known.mix ? [{ i: 0, j: 1, mix: known.mix }] : []) : await pairs(backend, comps);
  const prc = await prComponents(backend, comps, notices);
  const model = prFugacity(prc, kijMatrix(comps, found, notices));
  const isobaric = req.t === undefined;
  const p = req.p ?? 101.325;
  const fixed = isobaric ? { p } : { t: req.t! };
  const vf = req.dew ? 1 : 0;
  const xs = req.x ?? DEFAULT_X;
  // march from the end whose pure component can be liquid (below its Tc at T), else from x1 = 0
  const fromTop = !isobaric && prc[1]!.tc <= req.t! && prc[0]!.tc > req.t!;
  const order = xs.map((x, k) => ({ x, k })).sort((a, b) => (fromTop ? b.x - a.x : a.x - b.x));
  const solved = new Map<number, Saturation>();
  let guess: Saturation | undefined;
  let ended: number | undefined;
  let lastX: number | undefined;
  for (const { x, k } of order) {
    try {
      const s = saturation(model, [x, 1 - x], fixed, vf, guess);
      solved.set(k, s);
      guess = s;
      lastX = x;
    } catch {
      // the first point without an answer after answered ones: the critical region; with none answered yet, try on
      if (guess) {
        ended = x;
        break;
      }
    }
  }
  if (!solved.size) throw notFound(`no ${req.dew ? 'dew' : 'bubble'} point of ${comps[0]!.compound} / ${comps[1]!.compound} at ${isobaric ? `${p} kPa` : `${req.t} K`} by Peng–Robinson: above the mixture's critical line at every composition`);
  const points: VlePoint[] = xs.flatMap((x, k): VlePoint[] => {
    const s = solved.get(k);
    if (!s) return [];
    const other = s.incipient[0]!;
    const [x1, y1] = req.dew ? [other, x] : [x, other];
    return [isobaric ? { x1, y1, t: s.t, gamma1: null, gamma2: null } : { x1, y1, p: s.p, gamma1: null, gamma2: null }];
  });
  if (ended !== undefined) {
    notices.push(`the diagram ends between ${req.dew ? 'y1' : 'x1'} = ${lastX} and ${ended}: the phases become identical there (the mixture's critical point), beyond it one fluid phase`);
  }
  const set = found[0]?.mix.params.find((s) => s.model === 'PR kij') ?? found[0]?.mix.params.find((s) => s.model === 'E-PPR78 kij');
  const result: VleResult = {
    components: comps.map((c) => ({ cid: c.id, name: c.compound, cas: c.cas ?? '' })) as VleResult['components'],
    model: 'PR',
    ...(isobaric ? { p } : { t: req.t! }),
    kind: req.dew ? 'dew' : 'bubble',
    points,
    azeotrope: azeotropeOf(model, points, fixed, isobaric),
    notes: notices,
    sources: {
      parameters: set && found[0] ? { mid: found[0].mix.id, s: set.s, ...(set.r ? { r: set.r } : {}), ...(found[0].mix.src[set.s]?.db ? { db: found[0].mix.src[set.s]!.db } : {}) } : null,
      psat: [],
    },
  };
  return roundResult(result);
}

/** An azeotrope where y1 − x1 changes sign between two answered points: the bubble point of the x1 where it is 0 (Brent). */
function azeotropeOf(model: ReturnType<typeof prFugacity>, points: VlePoint[], fixed: { t: number } | { p: number }, isobaric: boolean): VleResult['azeotrope'] {
  for (let k = 1; k < points.length; k++) {
    const [a, b] = [points[k - 1]!, points[k]!];
    const da = a.y1! - a.x1!;
    const db = b.y1! - b.x1!;
    if (!(da * db < 0) || a.x1! <= 0 || b.x1! >= 1) continue;
    let at: Saturation | undefined;
    const f = (x: number) => {
      at = saturation(model, [x, 1 - x], fixed, 0, at);
      return at.incipient[0]! - x;
    };
    try {
      const x1 = brent(f, a.x1!, b.x1!, 1e-9);
      if (!Number.isFinite(x1)) return null;
      f(x1);
      return isobaric ? { x1, t: at!.t } : { x1, p: at!.p };
    } catch {
      return null;
    }
  }
  return null;
}
