// The bubble point of a feed whose liquid splits (γ–φ with NRTL, UNIQUAC or UNIFAC): where the
// homogeneous bubble point's liquid fails the tangent-plane test, the feed boils as two liquids, at
// the T (or P) where the vapour in equilibrium with them sums to 1 (the three-phase line, as chem vle's
// heteroazeotrope). The liquids come from the liquid-liquid flash of the feed at each trial condition.
import { brent } from '../util/roots.js';
import { incipient, noConvergence, stability, substitute, trialStarts, type FlashState, type Saturation } from './flash.js';
import type { Fugacity } from './fugacity.js';

/** The two liquids of z at (T, P), or undefined where it does not split. */
function liquids(model: Fugacity, z: readonly number[], T: number, P: number): { beta: number; x: number[] }[] | undefined {
  const ref = model.lnPhi(z, T, P, 'liquid').lnPhi;
  const trial = stability(model, z, ref, T, P, trialStarts(model, z, T, P).filter((s) => s.kind === 'liquid'));
  if (!trial || !trial.liquid) return undefined;
  try {
    const ph = substitute(model, z, T, P, [{ kind: 'liquid', x: z.slice() }, { kind: 'liquid', x: trial.w }]);
    return ph.length === 2 ? ph : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The bubble point of z when its liquid splits at the homogeneous one `s` (else undefined): Brent on ln Σ y
 * of the vapour over the first liquid, in T (at fixed P) or ln P (at fixed T), bracketed outward from `s`.
 */
export function splitBubble(model: Fugacity, z: readonly number[], fixed: { t: number } | { p: number }, s: Saturation): FlashState | undefined {
  if (!model.canSplit || !liquids(model, z, s.t, s.p)) return undefined;
  const byT = 'p' in fixed;
  const at = (u: number) => (byT ? { T: u, P: fixed.p } : { T: fixed.t, P: Math.exp(u) });
  let y = s.incipient;
  const f = (u: number) => {
    const { T, P } = at(u);
    const two = liquids(model, z, T, P);
    if (!two) return NaN;
    const r = incipient(model, two[0]!.x, T, P, true, y);
    if (Number.isFinite(r.f)) y = r.w;
    return r.f;
  };
  const u0 = byT ? s.t : Math.log(s.p);
  const f0 = f(u0);
  if (!Number.isFinite(f0)) throw noConvergence(`the bubble point of the two liquids near ${s.t} K`);
  // the split liquid boils at a higher T (lower P) than the metastable homogeneous one, usually: that way first
  const found = (dir: number) => {
    let [a, fa] = [u0, f0];
    for (let k = 0; k < 60; k++) {
      const b = a + dir * (byT ? 0.2 : 0.004) * 1.3 ** k;
      const fb = f(b);
      if (!Number.isFinite(fb)) return undefined;
      if (fa * fb <= 0) return brent(f, Math.min(a, b), Math.max(a, b), byT ? 1e-9 : 1e-12);
      [a, fa] = [b, fb];
    }
    return undefined;
  };
  const u = found(byT ? 1 : -1) ?? found(byT ? -1 : 1);
  if (u !== undefined && Number.isFinite(u)) {
    const { T, P } = at(u);
    const two = liquids(model, z, T, P);
    if (two) {
      const vap = incipient(model, two[0]!.x, T, P, true, y).w;
      const [l1, l2] = two[0]!.beta >= two[1]!.beta ? [two[0]!, two[1]!] : [two[1]!, two[0]!];
      return { t: T, p: P, phases: [{ phase: 'gas', fraction: 0, x: vap }, { phase: 'liquid', fraction: l1.beta, x: l1.x }, { phase: 'liquid2', fraction: l2.beta, x: l2.x }] };
    }
  }
  throw noConvergence(`the bubble point of the two liquids near ${s.t} K`);
}
