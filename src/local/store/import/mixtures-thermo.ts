// The binary interaction-parameter files of CalebBell/thermo (`thermo/Interaction Parameters/`):
// JSON `{"data": {"CAS1 CAS2": {...}}, "metadata": {...}}` (eppr78 has no metadata). NRTL, UNIQUAC
// and Wilson store the directed entries "i j" and "j i" of one pair; both become one set. PR and
// E-PPR78 kij are symmetric. Henry keys are "solute solvent"; a pair may hold both directions (the
// predicted PR file), each its own set. Conventions of each model: mixtures-models.ts.
import { casOf, Tally } from './context.js';
import type { StoredSet } from './mixtures-sources.js';

export const THERMO_IP = 'thermo/thermo/Interaction Parameters';

/** One parameter set between two CAS numbers; `_12` parameters read from `a` to `b`. */
export interface PairSet {
  a: string;
  b: string;
  set: StoredSet;
}

interface FileDef {
  file: string;
  model: 'NRTL' | 'UNIQUAC' | 'Wilson' | 'PR kij' | 'E-PPR78 kij' | 'Henry';
  s: string;
  r: string;
  calc?: boolean;
  /** Henry constants without T dependence apply at this T. */
  t?: number;
}

const SANDER = "Sander, Compilation of Henry's law constants (version 4.0) for water as solvent, Atmos. Chem. Phys. 15 (2015) 4399";
const DECHEMA = 'DECHEMA Chemistry Data Series, Vapor-Liquid Equilibrium Data Collection (Gmehling, Onken et al.), via ChemSep';

export const THERMO_FILES: readonly FileDef[] = [
  { file: 'ChemSep/nrtl.json', model: 'NRTL', s: 'chemsep-ipd', r: `${DECHEMA}, NRTL at 1 atm` },
  { file: 'ChemSep/uniquac.json', model: 'UNIQUAC', s: 'chemsep-ipd', r: `${DECHEMA}, UNIQUAC` },
  { file: 'ChemSep/wilson.json', model: 'Wilson', s: 'chemsep-ipd', r: `${DECHEMA}, Wilson` },
  { file: 'ChemSep/pr.json', model: 'PR kij', s: 'chemsep-ipd', r: 'DECHEMA Chemistry Data Series, Peng-Robinson parameters (Dill 1996, Kooijman 2009), via ChemSep' },
  { file: 'ChemSep/henry.json', model: 'Henry', s: 'chemsep-ipd', r: 'Kooijman & Taylor, ChemSep interaction parameter database' },
  { file: 'Sander_henry_const.json', model: 'Henry', s: 'sander', r: SANDER, t: 298.15 },
  { file: 'Sander_henry_T_dep.json', model: 'Henry', s: 'sander', r: SANDER },
  {
    file: 'PRTranslated_best_henry_T_dep.json', model: 'Henry', s: 'thermo-pr-henry', calc: true,
    r: 'Computed by CalebBell/thermo with the volume-translated Peng-Robinson EOS (PRMIXTranslated)',
  },
  {
    file: 'eppr78_common.json', model: 'E-PPR78 kij', s: 'eppr78', calc: true, t: 298.15,
    r: 'E-PPR78 (Jaubert & Mutelet, Fluid Phase Equilib. 224 (2004) 285, and extensions), computed by CalebBell/thermo',
  },
];

type Entry = Record<string, unknown>;
const HENRY_KEYS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Parses one file's text into pair sets; bad rows are counted in `t`. */
export function parseThermoFile(def: FileDef, text: string, t: Tally): PairSet[] {
  const data = (JSON.parse(text) as { data?: Record<string, Entry> }).data ?? {};
  const base = (): StoredSet => {
    const set: StoredSet = { model: def.model, params: {}, s: def.s, r: def.r };
    if (def.calc) set.calc = true;
    if (def.t !== undefined) set.t = def.t;
    return set;
  };
  const out: PairSet[] = [];
  const directed = def.model === 'NRTL' || def.model === 'UNIQUAC' || def.model === 'Wilson';
  const done = new Set<string>();
  for (const [key, entry] of Object.entries(data)) {
    t.row();
    const cas = key.split(' ').map(casOf);
    const bad = cas.find((c) => typeof c !== 'string') as { reason: string } | undefined;
    if (cas.length !== 2 || bad) {
      t.reject(bad?.reason ?? 'not a pair');
      continue;
    }
    const [a, b] = cas as [string, string];
    if (a === b) {
      t.reject('same compound twice');
      continue;
    }
    const set = base();
    if (directed) {
      if (done.has(`${b} ${a}`)) {
        t.used = true; // the reverse entry already made the set
        continue;
      }
      const back = data[`${b} ${a}`];
      if (!back) {
        t.reject('reverse entry missing');
        continue;
      }
      const keys = def.model === 'Wilson' ? ['aij', 'bij'] : def.model === 'NRTL' ? ['bij', 'alphaij'] : ['bij'];
      if (!keys.every((k) => finite(entry[k]) && finite(back[k]))) {
        t.reject('parameter not a number');
        continue;
      }
      if (def.model === 'NRTL' && entry.alphaij !== back.alphaij) {
        t.reject('alpha differs between directions');
        continue;
      }
      set.params.b_12 = entry.bij as number;
      set.params.b_21 = back.bij as number;
      if (def.model === 'Wilson') {
        set.params.a_12 = entry.aij as number;
        set.params.a_21 = back.aij as number;
      }
      if (def.model === 'NRTL') set.params.alpha_12 = entry.alphaij as number;
      done.add(key);
    } else if (def.model === 'Henry') {
      if (!HENRY_KEYS.every((k) => finite(entry[k]))) {
        t.reject('parameter not a number');
        continue;
      }
      set.params.A = entry.A as number;
      for (const k of HENRY_KEYS.slice(1)) if (entry[k] !== 0) set.params[k] = entry[k] as number;
      set.solute = a;
      set.solvent = b;
    } else {
      if (!finite(entry.kij)) {
        t.reject('kij not a number');
        continue;
      }
      set.params.k_12 = entry.kij;
      if (finite(entry.Tmin)) set.tmin = entry.Tmin;
      if (finite(entry.Tmax)) set.tmax = entry.Tmax;
      const page = Array.isArray(entry.page) ? entry.page.filter((p) => typeof p === 'string').join(', ') : '';
      if (page) set.r += ` (${page})`;
    }
    t.used = true;
    out.push({ a, b, set });
  }
  t.close();
  return out;
}
