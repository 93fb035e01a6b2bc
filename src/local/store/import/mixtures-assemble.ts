// Mixture records from the parsed files. A binary mixture is one unordered pair of compounds and
// holds every parameter set of that pair (NRTL, UNIQUAC, Wilson, PR and E-PPR78 kij, Henry in
// either direction); a composition is one named blend. Ids come from mixtureIdFor(key) with
//   binary:<cid1> <cid2>            (component compound ids, sorted)
//   composition:<name>|<cids sorted>
// so they depend only on the compounds, never on import order; a collision salts the key that
// sorts later, as for compounds. Binary components are sorted by compound id; a composition keeps
// the file's component order (largest share first).
import { mixtureIdFor } from '../../../api/ids.js';
import type { MixtureComponent } from '../../../api/types.js';
import type { CompositionRow } from './mixtures-compositions.js';
import { compactSet, MODELS, type StoredMixture } from './mixtures-models.js';
import type { StoredSet } from './mixtures-sources.js';
import type { PairSet } from './mixtures-thermo.js';

/** A CAS number resolved to its compound. */
export interface CompoundRef {
  cid: string;
  name: string;
}

export type Resolve = (cas: string) => CompoundRef;

export interface AssembleStats {
  binary: number;
  composition: number;
  /** Parameter sets per model (Henry split by source). */
  sets: Record<string, number>;
  /** Pairs dropped because both CAS numbers belong to one compound. */
  samePair: number;
  idCollisions: number;
}

const MODEL_ORDER = Object.keys(MODELS);

/** Swaps directed pair parameters (`b_12` <-> `b_21`); symmetric ones (`alpha_12`, `k_12`) stay. */
function flipped(set: StoredSet): StoredSet {
  const params = { ...set.params };
  for (const k of Object.keys(set.params)) {
    const m = /^(.*)_12$/.exec(k);
    if (m && `${m[1]}_21` in set.params) [params[k], params[`${m[1]}_21`]] = [set.params[`${m[1]}_21`]!, set.params[k]!];
  }
  return { ...set, params };
}

export function assembleMixtures(pairs: PairSet[], compositions: CompositionRow[], resolve: Resolve): { mixtures: StoredMixture[]; stats: AssembleStats } {
  const stats: AssembleStats = { binary: 0, composition: 0, sets: {}, samePair: 0, idCollisions: 0 };
  const byKey = new Map<string, StoredMixture>();

  for (const { a, b, set } of pairs) {
    let [ca, cb] = [{ ...resolve(a), cas: a }, { ...resolve(b), cas: b }];
    if (ca.cid === cb.cid) {
      stats.samePair++;
      continue;
    }
    let s = set;
    if (ca.cid > cb.cid) [ca, cb, s] = [cb, ca, flipped(set)];
    if (s.solute) {
      s = { ...s, solute: resolve(s.solute).cid, solvent: resolve(s.solvent!).cid };
    }
    const key = `binary:${ca.cid} ${cb.cid}`;
    let mix = byKey.get(key);
    if (!mix) {
      mix = { id: '', name: `${ca.name} / ${cb.name}`, kind: 'binary', components: [{ ...ca }, { ...cb }], params: [] };
      byKey.set(key, mix);
    }
    mix.params.push(compactSet(s));
    const tag = s.model === 'Henry' ? `Henry (${s.s})` : s.model;
    stats.sets[tag] = (stats.sets[tag] ?? 0) + 1;
  }
  for (const mix of byKey.values()) {
    mix.params.sort((x, y) => MODEL_ORDER.indexOf(x.model) - MODEL_ORDER.indexOf(y.model));
    // A role belongs on the components only when every Henry set of the pair reads the same way.
    const dirs = new Set(mix.params.filter((p) => p.solute).map((p) => p.solute));
    if (dirs.size === 1) {
      const solute = [...dirs][0];
      for (const c of mix.components) c.role = c.cid === solute ? 'solute' : 'solvent';
    }
    stats.binary++;
  }

  for (const row of compositions) {
    const components: MixtureComponent[] = row.components.map((c) => {
      const ref = resolve(c.cas);
      return { cid: ref.cid, name: ref.name, cas: c.cas, x: c.x, w: c.w };
    });
    const key = `composition:${row.name}|${components.map((c) => c.cid).sort().join(' ')}`;
    const mix: StoredMixture = { id: '', name: row.name, kind: 'composition', components, params: [], s: 'mixture-compositions', r: row.ref };
    if (row.synonyms.length) mix.other_names = row.synonyms;
    byKey.set(key, mix);
    stats.composition++;
  }

  const keys = [...byKey.keys()].sort();
  const taken = new Set<string>();
  for (const key of keys) {
    let salt = 0;
    let id = mixtureIdFor(key);
    while (taken.has(id)) {
      stats.idCollisions++;
      id = mixtureIdFor(key, ++salt);
    }
    taken.add(id);
    byKey.get(key)!.id = id;
  }
  return { mixtures: keys.map((k) => byKey.get(k)!), stats };
}
