// Temperature-dependent estimates for any structure: the predicted constants (the first point of tb, tc, pc, vc,
// hvap, tf: the chem-ml model's where it beats its baseline, else Joback's; the af model's ω) carried through corresponding-states
// methods (corresponding-states.ts). Each point is calc, its `s` names the method and its inputs
// (`lee-kesler-anchored(chem-ml-1.1-beta)`), its `e` is the inputs' uncertainties carried through the method (one
// perturbed evaluation per input) with the method's own error, scaled so that ~68 % of measured values lie within
// it (calibrated on compounds left out of the models' training: bench/estimates.js, docs/predict.md).
import { roundSignificant } from '../../api/precision.js';
import type { DataPoint, PropertyMap } from '../../api/types.js';
import { THROUGH_MEASURED, type PsatEstimate } from '../../tdep/psat-estimate.js';
import {
  anchoredLeeKeslerPsat,
  leeKeslerOmegaFromSlope,
  rackettFrom,
  rowlinsonBondi,
  sastriRao,
  satoRiedel,
  tynCalusVb,
  watson,
  yamadaGunnZra,
} from './corresponding-states.js';
import { leeKeslerOmega } from './derived.js';
import { jobackCp } from './joback.js';

/** The T-dependent keys estimated through corresponding states, in registry order. */
export const ESTIMATE_KEYS: readonly string[] = ['hvapt', 'pvap', 'rhol', 'srf', 'cpl', 'tcondl'];
/** The fixed properties the estimates are computed from. */
export const ESTIMATE_INPUTS: readonly string[] = ['tb', 'tc', 'pc', 'vc', 'af', 'hvap', 'tf'];
/** Temperatures (K) of the estimates when none are asked for (a result with the default grids). */
export const ESTIMATE_GRID: readonly number[] = [298.15];

/** Liquid properties: no point below the predicted melting point. */
const LIQUID = new Set(['rhol', 'hvapt', 'cpl', 'srf', 'tcondl']);

/** Each estimate's method: its `s` stem and its reference (`r`, `info.more`). */
export const ESTIMATE_METHODS: Record<string, { s: string; r: string; more: string }> = {
  pvap: {
    s: 'lee-kesler-anchored',
    r: 'Lee/Kesler (1975) through (Tb, 101.325 kPa) with Tc, its acentric factor from the slope ΔHvap(Tb) (Clausius–Clapeyron, Haggenmacher ΔZ)',
    more: 'https://doi.org/10.1002/aic.690210313',
  },
  rhol: {
    s: 'rackett-vb-fit',
    r: 'Rackett (1970) through the volume at Tb fitted on the McGowan volume, Vc and Crippen molar refractivity (chem docs/predict.md; Tyn/Calus 1975 without them), Yamada/Gunn Z_RA',
    more: 'https://doi.org/10.1021/je60047a012',
  },
  hvapt: { s: 'watson', r: 'Watson (1943) from ΔHvap at Tb, exponent 0.38', more: 'https://doi.org/10.1021/ie50400a004' },
  cpl: { s: 'rowlinson-bondi', r: 'Rowlinson/Bondi (Poling et al. 2001, eq. 6-6.3) on Joback ideal-gas Cp', more: 'https://doi.org/10.1036/0070116822' },
  srf: { s: 'sastri-rao', r: 'Sastri/Rao (1995), non-alcohol constants', more: 'https://doi.org/10.1016/0923-0467(94)02946-6' },
  tcondl: { s: 'sato-riedel', r: 'Sato/Riedel (Reid, Prausnitz & Sherwood 1977, eq. 10-9.3)', more: 'https://doi.org/10.1036/0070116822' },
};

/**
 * Half-width of a Joback point's error where no model gives the constant (its scaffold-fold MAE against measured
 * values, models/REPORT.md): kJ/mol for hvap, K, kPa, m³/kmol.
 */
const JOBACK_E: Record<string, number> = { tb: 38, tc: 39, pc: 240, vc: 0.02, hvap: 2.5, tf: 85, af: 0.052 };

/** The same for a record's measured value without an e of its own: a typical spread of the database's sources. */
const MEASURED_E: Record<string, number> = { tb: 1, tc: 3, pc: 100, vc: 0.01, hvap: 1, tf: 2, af: 0.02 };

/**
 * Each method's own error (relative, one sigma-like: ln units for pvap) with exact constants, and the calibration
 * that makes ~68 % of measured values fall within e on compounds left out of the models' training (bench/estimates.js).
 */
export const ESTIMATE_ERROR: Record<string, { method: number; k: number; away?: number }> = {
  pvap: { method: 0.05, k: 1.1 },
  // through a record's measured Tb the curve's error grows with the distance from it: hypot(method, away × |1 − Tb/T|),
  // fitted to the 68th percentile of its errors on 731 rows of 300 random compounds with curves (bench/estimates.js
  // --anchored): 0.031 within 5 % of Tb, 0.16 at 15-30 %, 0.39 beyond
  'pvap-measured-tb': { method: 0.01, k: 0.9, away: 0.6 },
  rhol: { method: 0.02, k: 1.9 },
  hvapt: { method: 0.03, k: 1.55 },
  cpl: { method: 0.05, k: 0.9 },
  srf: { method: 0.05, k: 1.3 },
  tcondl: { method: 0.08, k: 1.5 },
};

interface Constant {
  v: number;
  e: number;
  /** The point's source key. */
  s: string;
  /** A measured value (a record's), not a prediction. */
  measured?: boolean;
}

/** The constants of a molecule as the estimates use them (hvap in J/mol). */
interface Inputs {
  tb?: number;
  tc?: number;
  pc?: number;
  vc?: number;
  hvap?: number;
  af?: number;
  /** af's uncertainty, when af is a model point (Joback's Lee–Kesler ω is not used). */
  afE?: number;
}

/** What the methods read at every temperature: the inputs and the acentric factor of the anchored curve. */
interface Derived extends Inputs {
  omega?: number;
}

/**
 * The acentric factor of the vapour-pressure curve through (Tb, 1 atm) with Tc: the one that gives it the slope of
 * ΔHvap(Tb) (on compounds left out of training it beat the one Pc gives, the model's ω and their inverse-variance
 * mean: docs/predict.md); without ΔHvap the inverse-variance mean of the one Pc gives and the model's ω. Rowlinson–Bondi
 * takes the model's ω where there is one (its errors were 25 % smaller with it).
 */
function derive(x: Inputs, e: Inputs): Derived {
  const { tb, tc, pc, hvap } = x;
  if (tb === undefined || tc === undefined || !(tb < tc)) return x;
  let omega: number | undefined;
  if (hvap !== undefined) omega = leeKeslerOmegaFromSlope(tb, tc, pc ?? Infinity, hvap);
  else {
    let sw = 0;
    let sum = 0;
    const add = (w: number, d: number) => {
      if (!Number.isFinite(w) || !(d > 0) || !Number.isFinite(d)) return;
      sw += 1 / (d * d);
      sum += w / (d * d);
    };
    if (pc !== undefined) {
      const w = leeKeslerOmega(tb, tc, pc);
      add(w, Math.abs(leeKeslerOmega(tb, tc, pc + e.pc!) - w));
    }
    if (x.af !== undefined && x.afE !== undefined) add(x.af, x.afE);
    if (sw > 0) omega = sum / sw;
  }
  return omega === undefined || !Number.isFinite(omega) ? x : { ...x, omega };
}

/** ln of the molar volume at Tb (m³/kmol) from the McGowan volume (ml/mol): fitted on the database's measured liquid densities (docs/predict.md). */
const MCGOWAN_VB = [-6.67273, 1.02963] as const;

/**
 * ln of the molar volume at Tb (m³/kmol) from the McGowan volume (ml/mol), Vc (m³/kmol) and Crippen's molar refractivity
 * (ml/mol): a + b ln McVol + c ln Vc + d ln MR, fitted (least absolute deviations of the ln volumes that the database's
 * measured liquid densities give at Tb through Rackett with the predicted Tb, Tc, ω) on the 409 compounds with measured
 * densities outside the hold-out of docs/predict.md, with the constants of the models trained without it.
 */
export const ANCHOR_VB = [-4.9778, 0.93916, 0.38884, -0.25624] as const;

/**
 * The liquid molar volume at the normal boiling point (m³/kmol) the density estimate goes through: the fit of
 * ANCHOR_VB where the McGowan volume and the molar refractivity are known, else the geometric mean of Tyn–Calus's and the
 * McGowan fit's (their errors are independent), else Tyn–Calus's.
 */
export function anchorVolumeAtTb(vc: number, mcvol?: number, mr?: number): number {
  if (mcvol === undefined || !(mcvol > 0)) return tynCalusVb(vc);
  if (mr === undefined || !(mr > 0)) return Math.sqrt(tynCalusVb(vc) * Math.exp(MCGOWAN_VB[0] + MCGOWAN_VB[1] * Math.log(mcvol)));
  const [a, b, c, d] = ANCHOR_VB;
  return Math.exp(a + b * Math.log(mcvol) + c * Math.log(vc) + d * Math.log(mr));
}

/** A property's value from the derived constants at T, or undefined where the method has no input or no domain. */
function value(key: string, d: Derived, t: number, m: Molecule): number | undefined {
  const { tb, tc, pc, vc, hvap, omega } = d;
  const { mw, cp, mcvol } = m;
  if (tc === undefined || tb === undefined || !(t < tc) || !(tb < tc)) return undefined;
  switch (key) {
    case 'pvap':
      return omega === undefined ? undefined : anchoredLeeKeslerPsat(t, tb, tc, omega);
    case 'rhol':
      if (vc === undefined || omega === undefined) return undefined;
      return vc > 0 ? mw / rackettFrom(t, tc, yamadaGunnZra(omega), tb, anchorVolumeAtTb(vc, mcvol, m.mr)) : undefined;
    case 'hvapt':
      return hvap === undefined ? undefined : watson(t, tc, hvap, tb) / 1000;
    case 'cpl':
      return cp === undefined || omega === undefined ? undefined : rowlinsonBondi(t, tc, d.af ?? omega, jobackCp(cp, t));
    case 'srf':
      return pc === undefined ? undefined : sastriRao(t, tb, tc, pc);
    case 'tcondl':
      return satoRiedel(t, mw, tb, tc);
  }
  return undefined;
}

type CpCoefficients = [number, number, number, number];

/** What the methods read of the molecule itself: its weight, Joback's Cp polynomial, its McGowan volume and Crippen molar refractivity (ml/mol). */
export interface Molecule {
  mw: number;
  cp?: CpCoefficients;
  mcvol?: number;
  mr?: number;
}

const PERTURBED: readonly (keyof Inputs)[] = ['tb', 'tc', 'pc', 'vc', 'hvap', 'af'];

/** The inputs each key's value depends on (through ω too): those whose perturbation is evaluated. */
export const DEPENDS: Record<string, readonly string[]> = {
  pvap: ['tb', 'tc', 'pc', 'hvap', 'af'],
  rhol: ['tb', 'tc', 'pc', 'vc', 'hvap', 'af'],
  hvapt: ['tb', 'tc', 'hvap'],
  cpl: ['tb', 'tc', 'pc', 'hvap', 'af'],
  srf: ['tb', 'tc', 'pc'],
  tcondl: ['tb', 'tc'],
};

const sourceKeysOf = new Map<string, Record<string, string>>();
/** Each key's `s`, `method(inputs)`, for these constants: the same few sets of strings for most molecules, made once. */
function sourceKeys(c: Record<string, Constant | undefined>, mcgowan: boolean, refractivity: boolean): Record<string, string> {
  let id = (mcgowan ? 'm' : '') + (mcgowan && refractivity ? 'c' : '');
  for (const k of ESTIMATE_INPUTS) id += `\t${c[k]?.s ?? ''}`;
  let names = sourceKeysOf.get(id);
  if (names === undefined) {
    names = {};
    for (const key of ESTIMATE_KEYS) {
      const sources = READS[key]!.filter((k) => c[k] !== undefined).map((k) => c[k]!.s);
      if (key === 'cpl') sources.push('joback');
      if (key === 'rhol' && mcgowan) sources.push(...(refractivity ? ['crippen', 'mcgowan'] : ['mcgowan']));
      names[key] = `${ESTIMATE_METHODS[key]!.s}(${inputsKey(sources)})`;
    }
    sourceKeysOf.set(id, names);
  }
  return names;
}

/** The first point of a fixed property as an input constant. */
function constant(fixed: PropertyMap, key: string): Constant | undefined {
  const p = fixed[key]?.[0];
  if (!p || !Number.isFinite(p.v)) return undefined;
  if (!p.calc) return { v: p.v, e: p.e ?? MEASURED_E[key]!, s: p.s, measured: true };
  return { v: p.v, e: p.e ?? JOBACK_E[key]!, s: p.s };
}

/** The input families of a set of constants' source keys: the model family's (beta when any input is) and joback. */
function inputsKey(sources: readonly string[]): string {
  const ml = sources.filter((s) => s.startsWith('chem-ml-'));
  const family = ml.length ? (ml.find((s) => s.endsWith('-beta')) ?? ml[0]!).replace(/-direct$/, '') : undefined;
  const others = [...new Set(sources.filter((s) => !s.startsWith('chem-ml-')))].sort();
  return [...(family ? [family] : []), ...others].join('+');
}

/** The constants each method reads (its `s` names their sources). */
const READS: Record<string, readonly string[]> = {
  pvap: ['tb', 'tc', 'pc', 'hvap'],
  rhol: ['tb', 'tc', 'pc', 'vc', 'hvap'],
  hvapt: ['tb', 'tc', 'hvap'],
  cpl: ['tb', 'tc', 'pc', 'hvap', 'af'],
  srf: ['tb', 'tc', 'pc'],
  tcondl: ['tb', 'tc'],
};

/** What every estimate of a molecule reads: its constants, the derived ones, one perturbed set per uncertain input. */
interface Prepared {
  c: Record<string, Constant | undefined>;
  x: Inputs;
  d: Derived;
  perturbed: Map<keyof Inputs, Derived>;
  names: Record<string, string>;
  /** The constants that are measured values (a record's), not predictions: named in `r`. */
  measured: string[];
}

/** The constants of `fixed` (their first points) made ready for the methods, or undefined without Tb and Tc. */
function prepare(fixed: PropertyMap, m: Molecule): Prepared | undefined {
  const c: Record<string, Constant | undefined> = {};
  for (const k of ESTIMATE_INPUTS) c[k] = constant(fixed, k);
  const x: Inputs = { tb: c.tb?.v, tc: c.tc?.v, pc: c.pc?.v, vc: c.vc?.v, hvap: c.hvap && c.hvap.v * 1000 };
  const e: Inputs = { tb: c.tb?.e, tc: c.tc?.e, pc: c.pc?.e, vc: c.vc?.e, hvap: c.hvap && c.hvap.e * 1000 };
  // a measured Tb with a predicted ΔHvap: the predicted entropy of vaporization ΔHvap/Tb at the measured Tb (the hvap
  // model learns that ratio)
  const predictedTb = fixed.tb?.find((p) => p.calc)?.v;
  if (c.tb?.measured && c.hvap && !c.hvap.measured && predictedTb) [x.hvap, e.hvap] = [x.hvap! * (c.tb.v / predictedTb), e.hvap! * (c.tb.v / predictedTb)];
  // ω: a measured one, else the model's point, though it follows Lee–Kesler's on Joback's constants (which the
  // anchored curve replaces)
  const af = fixed.af?.find((p) => (!p.calc || p.s.startsWith('chem-ml-')) && p.e !== undefined);
  if (af) [x.af, x.afE, c.af] = [af.v, af.e, { v: af.v, e: af.e!, s: af.s, measured: !af.calc }];
  else c.af = undefined;
  if (x.tb === undefined || x.tc === undefined) return undefined;
  const d = derive(x, e);
  // one perturbed set of derived constants per uncertain input
  if (x.afE !== undefined) e.af = x.afE;
  const perturbed = new Map(PERTURBED.filter((k) => x[k] !== undefined && e[k] !== undefined).map((k) => [k, derive({ ...x, [k]: x[k]! + e[k]! }, e)]));
  const names = sourceKeys(c, m.mcvol !== undefined && m.mcvol > 0, m.mr !== undefined && m.mr > 0);
  const measured = ESTIMATE_INPUTS.filter((k) => c[k]?.measured);
  return { c, x, d, perturbed, names, measured };
}

/** The value of `key` at T and its e (ln half-width for pvap), or undefined outside the method's domain. */
function estimateAt(key: string, p: Prepared, m: Molecule, t: number): { v: number; e: number } | undefined {
  const { d, x, perturbed } = p;
  if (!(t < d.tc!)) return undefined; // at or above the critical temperature
  const v = value(key, d, t, m);
  if (v === undefined || !Number.isFinite(v) || v <= 0) return undefined;
  const { method: m0, k: scale, away } = errorOf(key, p);
  const method = away === undefined ? m0 : Math.hypot(m0, away * (1 - d.tb! / t));
  // the perturbed constants this key's value moves with (Rowlinson–Bondi's ω is the model's where there is one)
  const moves = (key === 'cpl' && x.af !== undefined ? ['tc', 'af'] : DEPENDS[key]!).flatMap((k) => perturbed.get(k as keyof Inputs) ?? []);
  const log = key === 'pvap';
  let s2 = 0;
  for (const q of moves) {
    const w = value(key, q, t, m);
    if (w === undefined || !Number.isFinite(w) || w <= 0) continue;
    const dv = log ? Math.log(w / v) : w - v;
    s2 += dv * dv;
  }
  return { v, e: scale * Math.sqrt(s2 + (log ? method * method : (method * v) ** 2)) };
}

/** A key's method error and calibration: the vapour pressure through a measured Tb has its own (ESTIMATE_ERROR). */
const errorOf = (key: string, p: Prepared) => ESTIMATE_ERROR[key === 'pvap' && p.c.tb?.measured ? 'pvap-measured-tb' : key]!;

/** The `r` of a key's points: the method's, and the record's measured constants it went through. */
function referenceOf(key: string, p: Prepared): string {
  const r = ESTIMATE_METHODS[key]!.r;
  const used = p.measured.filter((k) => DEPENDS[key]!.includes(k));
  return used.length ? `${r}; ${THROUGH_MEASURED} ${used.map((k) => `${k} ${p.c[k]!.v} (${p.c[k]!.s})`).join(', ')}` : r;
}

/**
 * Adds the estimates of the wanted keys at `temperatures` to `tdep`, from the first points of `fixed` (a record's
 * measured constants where its caller put them first, else the predicted ones); none outside a method's domain
 * (estimateGaps() tells which and why).
 */
export function addEstimates(
  tdep: PropertyMap,
  fixed: PropertyMap,
  m: Molecule,
  temperatures: readonly number[],
  wanted: ReadonlySet<string>,
): void {
  const keys = ESTIMATE_KEYS.filter((k) => wanted.has(k));
  if (!keys.length || !temperatures.length) return;
  const p = prepare(fixed, m);
  if (!p) return;
  // the melting point: a liquid property has no point below it by more than its uncertainty (its ~30 K error would
  // otherwise drop many real liquid states); between that and the predicted value the point says so in `c`
  const tf = p.c.tf?.v;
  const tfLow = p.c.tf ? p.c.tf.v - p.c.tf.e : undefined;
  for (const key of keys) {
    const s = p.names[key]!;
    const r = referenceOf(key, p);
    for (const t of temperatures) {
      if (LIQUID.has(key) && tfLow !== undefined && t < tfLow) continue; // below the predicted melting point, beyond its e
      const at = estimateAt(key, p, m, t);
      if (!at) continue;
      const rounded = rounded2(at.v, key === 'pvap' ? at.v * at.e : at.e);
      const point: DataPoint = { u: key, s, t, v: rounded.v, e: rounded.e, calc: true, r };
      if (tf !== undefined && t < tf) point.c = `below the ${p.c.tf!.measured ? 'measured' : 'predicted'} melting point ${round1(tf)} K: the supercooled liquid's`;
      (tdep[key] ??= []).push(point);
    }
  }
}

/** The vapour-pressure curve of addEstimates' pvap points, from the same constants, or undefined without them. */
export function pvapCurve(fixed: PropertyMap, m: Molecule): PsatEstimate | undefined {
  const p = prepare(fixed, m);
  if (!p || value('pvap', p.d, p.d.tb!, m) === undefined) return undefined;
  return {
    f: (t) => estimateAt('pvap', p, m, t)?.v ?? NaN,
    lnE: (t) => estimateAt('pvap', p, m, t)?.e ?? NaN,
    tmax: p.d.tc!,
    s: p.names.pvap!,
    r: referenceOf('pvap', p),
  };
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * e to 2 significant digits and v to the place of e's second digit, as a model's point (precision.ts
 * roundToUncertainty), by significant digits so that a tiny vapour pressure (1.0e-51 kPa) is rounded too, and to one
 * digit at least where e exceeds v.
 */
function rounded2(v: number, e: number): { v: number; e: number } {
  const e2 = roundSignificant(e, 2);
  const digits = Math.max(1, Math.floor(Math.log10(v)) - Math.floor(Math.log10(e2)) + 2);
  return { v: roundSignificant(v, Math.min(digits, 8)), e: e2 };
}

/**
 * One line per estimated key that has no point at some of `temperatures` in a result: which, and why as far as the
 * result's own Tc and Tf points tell (a result limited to some keys may lack them).
 */
export function estimateGaps(r: { properties: { fixed: PropertyMap; tdep: PropertyMap } }, temperatures: readonly number[], keys: readonly string[]): string[] {
  const { fixed, tdep } = r.properties;
  const tc = fixed.tc?.[0];
  const tf = fixed.tf?.[0];
  const lines: string[] = [];
  for (const key of ESTIMATE_KEYS.filter((k) => keys.includes(k))) {
    const missing = temperatures.filter((t) => !tdep[key]?.some((p) => p.t === t));
    if (!missing.length) continue;
    const why = (t: number) =>
      tc && t >= tc.v
        ? `at or above the predicted critical temperature (${tc.v} K)`
        : LIQUID.has(key) && tf && t < tf.v
          ? `below the predicted melting point (${tf.v} K)`
          : tc || tf
            ? 'without the constants its method needs'
            : 'outside its method’s domain (at or above the predicted Tc, or below the predicted melting point for a liquid property) or without the constants it needs';
    const byWhy = new Map<string, number[]>();
    for (const t of missing) byWhy.set(why(t), [...(byWhy.get(why(t)) ?? []), t]);
    for (const [w, ts] of byWhy) lines.push(`no ${key} estimate at ${ts.join(', ')} K: ${w}`);
  }
  return lines;
}
