// A mixture of N named compounds as the flash solvers need it, from what a backend serves: each
// component's record (resolve.ts) with its recommended Tc, Pc, ω and molar mass (estimated from the
// structure where the record has none, said in a notice), the pairs' mixture records, and from them
// Peng–Robinson's kij (ChemSep's fitted value, else E-PPR78's, else 0, said) or an activity model's
// pair sets. Shared by chem flash, chem vle --model pr and GET /api/v1/flash.
import { notFound, usageError } from '../api/errors.js';
import type { Compound, Mixture, ParameterSet } from '../api/types.js';
import type { Backend } from '../api/backend.js';
import { resolveCompound, type ResolveOptions } from '../lookup/resolve.js';
import type { PairSet } from './activity-models.js';
import type { PrComponent } from './pr.js';

/** A component with the constants Peng–Robinson takes and their sources. */
export interface MixtureComponent extends PrComponent {
  record: Compound;
}

/** The pair's binary mixture record (components i < j), where the database has one. */
export interface Pair {
  i: number;
  j: number;
  mix: Mixture;
}

/** The records of the compounds the words name, in order; two words naming one record is a usage error. */
export async function components(backend: Backend, words: readonly string[], opts: ResolveOptions): Promise<Compound[]> {
  const ids = await Promise.all(words.map((w) => resolveCompound(backend, w, opts)));
  ids.forEach((id, k) => {
    const first = ids.indexOf(id);
    if (first !== k) throw usageError(`"${words[first]}" and "${words[k]}" are the same compound (${id}): name each component once`);
  });
  return Promise.all(ids.map(async (id) => (await backend.compound(id, { files: false, predictions: false })).comp));
}

/** Models of the sets a pair's record must hold for it to be fetched. */
const WANTED = new Set(['PR kij', 'E-PPR78 kij', 'NRTL', 'UNIQUAC', 'Wilson']);

/** The binary mixture records of every pair of components that has one (the mixture lists of the first N − 1, then the records). */
export async function pairs(backend: Backend, comps: readonly Compound[]): Promise<Pair[]> {
  const lists = await Promise.all(comps.slice(0, -1).map((c) => backend.mixtures(c.id)));
  const found: { i: number; j: number; mid: string }[] = [];
  lists.forEach((list, i) => {
    for (let j = i + 1; j < comps.length; j++) {
      const m = list.mixtures.find((s) => s.kind === 'binary' && s.components.some((c) => c.cid === comps[j]!.id) && s.models.some((x) => WANTED.has(x)));
      if (m) found.push({ i, j, mid: m.id });
    }
  });
  const mixes = await Promise.all(found.map((f) => backend.mixture(f.mid)));
  return found.map((f, k) => ({ i: f.i, j: f.j, mix: mixes[k]!.mix }));
}

const name = (c: Compound) => c.compound;

/** The kij of one pair and where it came from: ChemSep's fitted set first, else E-PPR78's. */
function pairKij(p: Pair | undefined): { k: number; from: 'fitted' | 'eppr78' | 'none' } {
  const set = (model: string) => p?.mix.params.find((s) => s.model === model && s.params.k_12 !== undefined);
  const fitted = set('PR kij');
  if (fitted) return { k: fitted.params.k_12!, from: 'fitted' };
  const eppr = set('E-PPR78 kij');
  if (eppr) return { k: eppr.params.k_12!, from: 'eppr78' };
  return { k: 0, from: 'none' };
}

/** The kij matrix (symmetric) by the rule, with a notice counting each source and naming the pairs taken as 0. */
export function kijMatrix(comps: readonly Compound[], found: readonly Pair[], notices: string[]): number[][] {
  const n = comps.length;
  const K = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const count = { fitted: 0, eppr78: 0, none: 0 };
  const zero: string[] = [];
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const { k, from } = pairKij(found.find((p) => p.i === i && p.j === j));
      K[i]![j] = K[j]![i] = k;
      count[from]++;
      if (from === 'none') zero.push(`${name(comps[i]!)}/${name(comps[j]!)}`);
    }
  const parts = [count.fitted && `ChemSep's fitted value (DECHEMA) for ${count.fitted} pair${count.fitted > 1 ? 's' : ''}`, count.eppr78 && `E-PPR78's for ${count.eppr78}`].filter(Boolean);
  if (parts.length) notices.push(`kij: ${parts.join(', ')}`);
  if (zero.length) notices.push(`kij = 0 for ${zero.join(', ')}: the database has neither a fitted nor an E-PPR78 value`);
  return K;
}

/** True when every pair has a kij (fitted or E-PPR78). */
export function everyPairHasKij(n: number, found: readonly Pair[]): boolean {
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (pairKij(found.find((p) => p.i === i && p.j === j)).from === 'none') return false;
  return true;
}

/** The pair sets of an activity model (its record name: NRTL, UNIQUAC, Wilson) where every pair has one, else undefined. */
export function activityPairs(n: number, found: readonly Pair[], comps: readonly Compound[], model: string): PairSet[] | undefined {
  const out: PairSet[] = [];
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const p = found.find((q) => q.i === i && q.j === j);
      const set: ParameterSet | undefined = p?.mix.params.find((s) => s.model === model);
      if (!p || !set) return undefined;
      // the set's _12 is the record's first component to its second
      const first = p.mix.components[0]!.cid === comps[i]!.id;
      out.push(first ? { i, j, set } : { i: j, j: i, set });
    }
  return out;
}

/**
 * Peng–Robinson's part of the default rule: why PR answers (a component above its critical temperature
 * at T, P ≥ 1 MPa, or every pair with kij and none with an activity set), or undefined.
 */
export function prByDefault(comps: readonly Compound[], found: readonly Pair[], at: { t?: number; p?: number }): string | undefined {
  const hot = at.t !== undefined ? comps.find((c) => (c.fixed_props?.tc?.[0]?.v ?? Infinity) < at.t!) : undefined;
  if (hot) return `${hot.compound} is above its critical temperature`;
  if (at.p !== undefined && at.p >= 1000) return 'P ≥ 1 MPa';
  if (everyPairHasKij(comps.length, found) && !anyActivitySet(found)) return 'every pair has kij and none an activity-model set';
  return undefined;
}

/** True when some pair holds an NRTL, UNIQUAC or Wilson set. */
export function anyActivitySet(found: readonly Pair[]): boolean {
  return found.some((p) => p.mix.params.some((s) => ['NRTL', 'UNIQUAC', 'Wilson'].includes(s.model)));
}

/** The constants the estimates can fill. */
const CONSTANTS = { tc: 'Tc', pc: 'Pc', af: 'ω' } as const;
type Key = keyof typeof CONSTANTS;

/**
 * Each component's recommended Tc, Pc and ω (the record's first values) and molar mass; a constant the
 * record lacks is the predictor's estimate from the structure (said in a notice); 404 when neither has it.
 */
export async function prComponents(backend: Backend, comps: readonly Compound[], notices: string[]): Promise<MixtureComponent[]> {
  return Promise.all(
    comps.map(async (c) => {
      const v: Partial<Record<Key, number>> = {};
      for (const k of Object.keys(CONSTANTS) as Key[]) v[k] = c.fixed_props?.[k]?.[0]?.v;
      const missing = (Object.keys(CONSTANTS) as Key[]).filter((k) => v[k] === undefined);
      if (missing.length && c.smiles) {
        const r = await backend.predict(c.smiles, { props: missing }).catch(() => undefined);
        const got = missing.filter((k) => (v[k] = r?.properties.fixed[k]?.[0]?.v) !== undefined);
        if (got.length) notices.push(`${name(c)}: ${got.map((k) => CONSTANTS[k]).join(', ')} estimated from the structure (calc): the database holds no value`);
      }
      const still = missing.filter((k) => v[k] === undefined);
      if (still.length || !c.mw) throw notFound(`${name(c)} (${c.id}) has no ${[...still.map((k) => CONSTANTS[k]), ...(c.mw ? [] : ['molar mass'])].join(', ')} in the database and none could be estimated: Peng–Robinson needs Tc, Pc and ω`);
      return { record: c, tc: v.tc!, pc: v.pc!, omega: v.af!, mw: c.mw };
    }),
  );
}
