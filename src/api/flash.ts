// The request and answer of a flash (chem flash, GET /api/v1/flash beyond v1, the MCP tool): the
// contract every backend and face shares; vle/mixture-flash.ts computes it.

export const FLASH_MODELS = ['pr', 'nrtl', 'uniquac', 'wilson', 'ideal'] as const;
export type FlashModel = (typeof FLASH_MODELS)[number];

export interface FlashRequest {
  /** The components as the user named them (id, CAS, name, SMILES), 2–20. */
  components: string[];
  /** Feed mole fractions in the components' order; normalised when they sum to within 1 % of 1. */
  z: number[];
  /** K */
  t?: number;
  /** kPa */
  p?: number;
  /** Vapour fraction: 0 (bubble point) or 1 (dew point), with t or p. */
  vf?: number;
  model?: FlashModel;
}

/** An equilibrium phase: its kind (the gas, the liquid, a second liquid), fraction of the feed and mole fractions. */
export interface FlashPhase {
  phase: 'gas' | 'liquid' | 'liquid2';
  fraction: number;
  x: number[];
}

export interface FlashResult {
  components: { cid: string; name: string; cas: string }[];
  /** PR, NRTL, UNIQUAC, Wilson or ideal. */
  model: string;
  t: number;
  p: number;
  z: number[];
  /** The gas's fraction of the feed. */
  vf: number;
  /** kg/m³ (`rho`): PR's; for γ–φ the ideal gas and the molar-volume-additive liquid (null where a liquid density is unknown). */
  phases: (FlashPhase & { rho: number | null })[];
  notices: string[];
}
