// A binary system as the solvers take it: the activity model and each component's vapour pressure.
import type { LnGamma, ModelName } from './activity.js';
import type { PsatCurve } from '../tdep/curve-text.js';
import { logInInverseT } from '../util/interpolate.js';

/** The widest gap between two vapour-pressure ranges that is bridged, K. */
const GAP = 20;

/** A component's vapour pressure: its correlations, best first, each used only inside its range (narrow gaps bridged). */
export class Psat {
  readonly tmin: number;
  readonly tmax: number;

  constructor(
    readonly name: string,
    readonly curves: readonly PsatCurve[],
  ) {
    this.tmin = Math.min(...curves.map((c) => c.tmin));
    this.tmax = Math.max(...curves.map((c) => c.tmax));
  }

  /** The first correlation whose range holds T. */
  curveAt(T: number): PsatCurve | undefined {
    return this.curves.find((c) => T >= c.tmin && T <= c.tmax);
  }

  /**
   * Pa at T; in a narrow gap between two correlations' ranges (at most GAP K: one source's curve ends where the next
   * begins, at a melting point or a source's edge), ln P linear in 1/T between their ends; NaN outside every range.
   */
  at(T: number): number {
    const c = this.curveAt(T);
    const p = c ? c.f(T) : this.bridged(T);
    return p > 0 ? p : NaN;
  }

  private bridged(T: number): number {
    let below: PsatCurve | undefined;
    let above: PsatCurve | undefined;
    for (const c of this.curves) {
      if (c.tmax < T && (!below || c.tmax > below.tmax)) below = c;
      if (c.tmin > T && (!above || c.tmin < above.tmin)) above = c;
    }
    if (!below || !above || above.tmin - below.tmax > GAP) return NaN;
    return logInInverseT(T, below.tmax, below.f(below.tmax), above.tmin, above.f(above.tmin));
  }

  /** The ranges, for a refusal line. */
  ranges(): string {
    return [...new Set(this.curves.map((c) => `${c.tmin}–${c.tmax} K`))].join(', ');
  }
}

export interface System {
  model: ModelName;
  lnGamma: LnGamma;
  psat: [Psat, Psat];
}
