// A binary system as the solvers take it: the activity model and each component's vapour pressure.
import type { LnGamma, ModelName } from './activity.js';
import type { PsatCurve } from '../tdep/curve-text.js';

/** A component's vapour pressure: its correlations, best first, each used only inside its range. */
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

  /** Pa at T; NaN outside every range. */
  at(T: number): number {
    const p = this.curveAt(T)?.f(T) ?? NaN;
    return p > 0 ? p : NaN;
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
