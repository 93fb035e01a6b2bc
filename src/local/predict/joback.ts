// Joback/Reid group contributions: K. G. Joback, R. C. Reid, Chem. Eng. Commun. 57 (1987) 233-243.
import { JOBACK_GROUPS, type JobackField, type JobackGroup } from './joback-table.js';
import type { MolGraph } from '../../chem/molgraph.js';
import { atomClasses, findNeighbour, matchAt } from '../../chem/smarts/match.js';
import { compileNeighbour, compileSmarts } from '../../chem/smarts/parse.js';
import { PatternIndex } from '../../chem/smarts/star.js';

/** Fixed-value estimates in Joback's own units (K, bar, cm³/mol, kJ/mol); a field is absent when a group has no value. */
export interface JobackEstimate {
  tb?: number;
  tf?: number;
  tc?: number;
  pcBar?: number;
  vcCm3?: number;
  hf?: number;
  gf?: number;
  hvap?: number;
  hfus?: number;
  /** Ideal-gas Cp(T) = a + bT + cT² + dT³, J/(mol K). */
  cp?: [number, number, number, number];
  /** Liquid viscosity ln(η / MW) = A/T + B, η in Pa s with MW in g/mol. */
  visc?: [number, number];
}

const GROUPS = new PatternIndex(
  JOBACK_GROUPS.map((group, slot) => ({ slot, pattern: compileSmarts(group.smarts), consumes: group.consumes.map(compileNeighbour) })),
);
/** Table slots in ascending group id (the order of the counts). */
const BY_ID = JOBACK_GROUPS.map((_, slot) => slot).sort((x, y) => JOBACK_GROUPS[x].id - JOBACK_GROUPS[y].id);
/** Scratch: occurrences per table slot, and how often each atom is covered. */
const found = new Int32Array(JOBACK_GROUPS.length);
let coverScratch = new Uint8Array(256);

/**
 * Occurrences of each group found (in ascending group id), and whether they cover each heavy atom exactly once (Joback values
 * only then: never partial sums; the features use the counts either way).
 */
export function jobackGroupCounts(g: MolGraph): { counts: Map<JobackGroup, number>; complete: boolean } {
  if (coverScratch.length < g.heavy) coverScratch = new Uint8Array(2 * g.heavy);
  const cover = coverScratch.fill(0, 0, g.heavy);
  let complete = true;
  const cls = atomClasses(g, false);
  for (let a = 0; a < g.heavy; a++) {
    for (const { slot, pattern, consumes } of GROUPS.candidates(g, a, false, cls)) {
      if (!matchAt(pattern, g, a, false, cls)) continue;
      found[slot]++;
      cover[a]++;
      if (!consumes.length) continue;
      const taken: number[] = [];
      for (const spec of consumes) {
        const b = findNeighbour(spec, g, a, taken, cls);
        if (b < 0) {
          complete = false; // the anchor SMARTS guarantees these atoms; absent means a table error
          continue;
        }
        taken.push(b);
        cover[b]++;
      }
    }
  }
  for (let a = 0; a < g.heavy; a++) if (cover[a] !== 1) complete = false;
  const counts = new Map<JobackGroup, number>();
  for (const slot of BY_ID) {
    if (found[slot]) counts.set(JOBACK_GROUPS[slot], found[slot]);
    found[slot] = 0;
  }
  return { counts, complete };
}

const FIELDS: readonly JobackField[] = ['Tc', 'Pc', 'Vc', 'Tb', 'Tm', 'Hform', 'Gform', 'Cp_a', 'Cp_b', 'Cp_c', 'Cp_d', 'Hfus', 'Hvap', 'eta_a', 'eta_b'];
const FIELD_INDEX = Object.fromEntries(FIELDS.map((f, i) => [f, i])) as Record<JobackField, number>;
/** Each group's values in FIELDS order, NaN where it has none. */
const VALUES = new Map(JOBACK_GROUPS.map((group) => [group, Float64Array.from(FIELDS, (f) => group.c[f] ?? NaN)]));
/** ΣTc where Joback's Tc correlation, Tb / (0.584 + 0.965 Σ − Σ²), peaks. */
const JOBACK_TC_MAX_SUM = 0.965 / 2;

/** Scratch: the sums per field, in one pass over the counts (NaN once a group has no value: no sum). */
const sums = new Float64Array(FIELDS.length);

/** `atoms`: number of atoms including hydrogens (Joback's N_A, for Pc). */
export function jobackEstimate(counts: Map<JobackGroup, number>, atoms: number): JobackEstimate {
  sums.fill(0);
  for (const [group, n] of counts) {
    const v = VALUES.get(group)!;
    for (let f = 0; f < FIELDS.length; f++) sums[f] += n * v[f];
  }
  const S = (f: JobackField) => {
    const s = sums[FIELD_INDEX[f]];
    return Number.isNaN(s) ? undefined : s;
  };
  const e: JobackEstimate = {};
  const tb = S('Tb');
  const tm = S('Tm');
  const tc = S('Tc');
  const pc = S('Pc');
  const vc = S('Vc');
  const hf = S('Hform');
  const gf = S('Gform');
  const hvap = S('Hvap');
  const hfus = S('Hfus');
  const [ca, cb, cc, cd] = [S('Cp_a'), S('Cp_b'), S('Cp_c'), S('Cp_d')];
  const [ea, eb] = [S('eta_a'), S('eta_b')];
  if (tb !== undefined) e.tb = 198.2 + tb; // Tb = 198.2 + ΣTb (the constant all implementations use)
  if (tm !== undefined) e.tf = 122.5 + tm; // Tm = 122.5 + ΣTm
  // Tc from the estimated Tb, while ΣTc is below the maximum of 0.965 Σ − Σ² (0.4825: about a C26 chain): beyond it the
  // correlation makes Tc/Tb grow with size, then turn negative (n-C40 1 492 K, n-C70 14 000 K, below zero from n-C75 on), so there is no estimate
  if (e.tb !== undefined && tc !== undefined && tc <= JOBACK_TC_MAX_SUM) e.tc = e.tb / (0.584 + 0.965 * tc - tc * tc);
  if (pc !== undefined) e.pcBar = (0.113 + 0.0032 * atoms - pc) ** -2; // Pc = (0.113 + 0.0032 N_A − ΣPc)⁻²
  if (vc !== undefined) e.vcCm3 = 17.5 + vc;
  if (hf !== undefined) e.hf = 68.29 + hf;
  if (gf !== undefined) e.gf = 53.88 + gf;
  if (hvap !== undefined) e.hvap = 15.3 + hvap;
  if (hfus !== undefined) e.hfus = -0.88 + hfus;
  if (ca !== undefined && cb !== undefined && cc !== undefined && cd !== undefined) {
    e.cp = [ca - 37.93, cb + 0.21, cc - 3.91e-4, cd + 2.06e-7];
  }
  if (ea !== undefined && eb !== undefined) e.visc = [ea - 597.82, eb - 11.202];
  return e;
}

/** Ideal-gas heat capacity, J/(mol K); the fit covers about 273-1000 K. */
export function jobackCp([a, b, c, d]: [number, number, number, number], t: number): number {
  return a + t * (b + t * (c + t * d));
}

/** Liquid dynamic viscosity, Pa s, with MW in g/mol. */
export function jobackViscosity([A, B]: [number, number], mw: number, t: number): number {
  return mw * Math.exp(A / t + B);
}
