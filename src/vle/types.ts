// The request and answer of a two-component diagram (chem vle, GET /api/v1/vle).
import type { ModelName } from './activity.js';

export interface VleRequest {
  /** The two components as the user named them. */
  c1: string;
  c2: string;
  /** kPa (isobaric Txy) or K (isothermal Pxy); p defaults to 101.325 when t is absent. */
  p?: number;
  t?: number;
  /** Liquid (or, with dew, vapour) mole fractions of component 1; default 0 to 1 by 0.05. */
  x?: number[];
  /** Default: the best set the record has, NRTL first. */
  model?: ModelName;
  dew?: boolean;
}

export interface VleComponent {
  cid: string;
  name: string;
  cas: string;
}

/** One row: numbers, or nulls and the note saying why (outside the Psat ranges, two liquids). */
export interface VlePoint {
  x1: number | null;
  y1: number | null;
  /** K (isobaric) or kPa (isothermal): the unknown of the diagram. */
  t?: number | null;
  p?: number | null;
  gamma1: number | null;
  gamma2: number | null;
  note?: string;
  /** 2 where the activity model splits the liquid and no three-phase point answers it. */
  liquids?: 2;
  /** A three-phase point: x1 of the two liquids boiling together (γ are then null: the liquids' own are in `gamma_liquids`). */
  x1_liquids?: [number, number];
  /** [γ1, γ2] of each liquid of a three-phase point. */
  gamma_liquids?: [[number, number], [number, number]];
  phases?: 3;
}

export interface PsatSource {
  cid: string;
  name: string;
  /** Source key, equation and range of each correlation the answer used. */
  s: string;
  equation: string;
  tmin: number;
  tmax: number;
  r?: string;
}

export interface VleResult {
  components: [VleComponent, VleComponent];
  /** NRTL, UNIQUAC, Wilson or ideal. */
  model: string;
  /** The fixed condition: p (kPa) for Txy, t (K) for Pxy. */
  p?: number;
  t?: number;
  /** "bubble" or "dew". */
  kind: 'bubble' | 'dew';
  points: VlePoint[];
  /** A heterogeneous azeotrope has x1 = y1 (the vapour's) and the two liquids. */
  azeotrope: { x1: number; y1?: number; t?: number; p?: number; heterogeneous?: boolean; x1_liquids?: [number, number] } | null;
  /** Notices on the answer: a liquid split predicted by parameters regressed from VLE data. */
  notes?: string[];
  sources: {
    /** The mixture record and parameter set (source key, reference); null for the ideal solution. */
    parameters: { mid: string; s: string; r?: string; db?: string; rq?: { cid: string; r: number; q: number; s: string }[] } | null;
    psat: PsatSource[];
  };
}
