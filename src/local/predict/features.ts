// The feature vector of the model family (ml.ts): one function, used by the trainer's export and at prediction
// time, so both see the same numbers. Blocks: size and element counts, graph counts, every Joback group found
// (also when the groups do not cover the molecule), the Joback estimates themselves, Crippen atom-type counts
// with logP and MR, the McGowan volume, and ECFP-like atom environments (radius 0-2) hashed into 1024 counts.
// NaN marks a value that does not exist (a Joback estimate of an uncovered molecule); the trees send it the way
// the trainer learnt for missing values.
import * as OCL from 'openchemlib';
import type { CrippenResult } from './crippen.js';
import { gseLog10Solubility, leeKeslerOmega } from './derived.js';
import { JOBACK_GROUPS, type JobackGroup } from './joback-table.js';
import type { JobackEstimate } from './joback.js';
import { atomEnvironments, heavyDegrees } from './environments.js';
import { CRIPPEN_TYPE_NAMES, ELEMENTS, FEATURE_NAMES, JOBACK_ESTIMATES, MORGAN_BITS, O_CRIPPEN, O_ELEMENTS, O_GRAPH, O_JOBACK, O_JOBACK_EST, O_MCGOWAN, O_MORGAN } from './layout.js';
import { BOND_AROMATIC, BOND_DOUBLE, BOND_SINGLE, BOND_TRIPLE, type MolGraph } from '../../chem/molgraph.js';

/** Element slot by atomic number (ELEMENTS.length: other). */
const ELEMENT_SLOT = new Uint8Array(256).fill(ELEMENTS.length);
ELEMENTS.forEach(([, z], i) => (ELEMENT_SLOT[z] = i));
const LABELS = OCL.Molecule.cAtomLabel;
const JOBACK_SLOT = new Map(JOBACK_GROUPS.map((g, i) => [g.id, i]));

/** What the predictor has already computed for the molecule; the features reuse it. */
export interface FeatureInputs {
  g: MolGraph;
  mw: number;
  /** Atoms per element symbol, hydrogens included. */
  elements: Record<string, number>;
  crippen: CrippenResult;
  jobackCounts: Map<JobackGroup, number>;
  jobackComplete: boolean;
  /** Joback's estimate, when the groups cover the molecule. */
  joback?: JobackEstimate;
  mcgowan?: number;
}

/** The features in float32, as the trainer reads them (every count is exact in float32). */
export const featureVector = (inp: FeatureInputs): Float32Array => vector(inp);

/**
 * The features and, from the same walk of the atom environments, the molecule's distinct environment identifiers
 * (radius 0-2, sorted): what the models' novelty counts against the environments their training compounds hold (ml.ts).
 */
export function moleculeFeatures(inp: FeatureInputs, into?: Float32Array): { x: Float32Array; envs: Uint32Array; have: Int32Array } {
  const ids = new Uint32Array(3 * inp.g.heavy);
  let n = 0;
  const x = vector(inp, (id) => (ids[n++] = id), into);
  ids.sort();
  let k = 0;
  for (let i = 0; i < n; i++) if (i === 0 || ids[i] !== ids[i - 1]) ids[k++] = ids[i];
  const envs = ids.slice(0, k);
  return { x, envs, have: present(x, envs) };
}

let buckets = new Int32Array(0);

/**
 * The indices of x's features that have a value (not NaN, not 0), ascending: those before the environment counts by
 * a scan, the counts from the molecule's environment ids, whose buckets are the only counts above 0 (a scan of all
 * 1 187 had taken ~2 % of a CSV batch's time).
 */
function present(x: Float32Array, envs: Uint32Array): Int32Array {
  if (buckets.length < O_MORGAN + envs.length) buckets = new Int32Array(2 * (O_MORGAN + envs.length));
  let n = 0;
  for (let i = 0; i < O_MORGAN; i++) if (x[i] === x[i] && x[i] !== 0) buckets[n++] = i;
  const first = n;
  for (let k = 0; k < envs.length; k++) buckets[n++] = O_MORGAN + (envs[k] & (MORGAN_BITS - 1));
  const morgan = buckets.subarray(first, n).sort();
  let m = first;
  for (let k = 0; k < morgan.length; k++) if (k === 0 || morgan[k] !== morgan[k - 1]) buckets[m++] = morgan[k];
  return buckets.slice(0, m);
}

/** into: where to write them (zeros, FEATURE_NAMES.length of them), else a new array. */
function vector(inp: FeatureInputs, visit?: (id: number) => void, x: Float32Array = new Float32Array(FEATURE_NAMES.length)): Float32Array {
  const { g } = inp;
  x[0] = inp.mw;
  x[1] = g.n;
  let heavy = 0;
  for (let a = 0; a < g.heavy; a++) {
    if (g.z[a] !== 1) heavy++;
    x[O_ELEMENTS + ELEMENT_SLOT[g.z[a]]]++;
  }
  x[2] = heavy;
  x[O_ELEMENTS + 1] += g.n - g.heavy; // implicit hydrogens
  const hdeg = heavyDegrees(g);
  graphCounts(g, hdeg, x, O_GRAPH);

  x[O_JOBACK] = inp.jobackComplete ? 1 : 0;
  for (const [group, n] of inp.jobackCounts) x[O_JOBACK + 1 + JOBACK_SLOT.get(group.id)!] = n;
  const e = inp.joback;
  if (e === undefined) x.fill(NaN, O_JOBACK_EST, O_JOBACK_EST + JOBACK_ESTIMATES.length);
  else {
    const o = O_JOBACK_EST;
    x[o] = finite(e.tb);
    x[o + 1] = finite(e.tf);
    x[o + 2] = finite(e.tc);
    x[o + 3] = finite(e.pcBar);
    x[o + 4] = finite(e.vcCm3);
    x[o + 5] = finite(e.hf);
    x[o + 6] = finite(e.gf);
    x[o + 7] = finite(e.hvap);
    x[o + 8] = finite(e.hfus);
    x[o + 9] = e.tb !== undefined && e.tc !== undefined && e.pcBar !== undefined ? finite(leeKeslerOmega(e.tb, e.tc, e.pcBar * 100)) : NaN;
    x[o + 10] = e.tf !== undefined ? finite(gseLog10Solubility(inp.crippen.logp, e.tf)) : NaN;
  }

  const slots = inp.crippen.slots;
  for (let i = 0; i < slots.length; i += 2) x[O_CRIPPEN + slots[i]] = slots[i + 1];
  x[O_CRIPPEN + CRIPPEN_TYPE_NAMES.length] = inp.crippen.logp;
  x[O_CRIPPEN + CRIPPEN_TYPE_NAMES.length + 1] = inp.crippen.mr;
  x[O_MCGOWAN] = inp.mcgowan ?? NaN;
  // every environment identifier at radius 0, 1 and 2 adds one count to its bucket (MORGAN_BITS, a power of two)
  atomEnvironments(g, hdeg, (id) => {
    x[O_MORGAN + (id & (MORGAN_BITS - 1))]++;
    visit?.(id);
  });
  return x;
}

const finite = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? NaN : v);

/** Scratch arrays reused from molecule to molecule (grown as needed): the component walk's. */
let scratch = { seen: new Uint8Array(0), stack: new Int32Array(0) };

function scratchFor(n: number): typeof scratch {
  if (scratch.seen.length < n) {
    const m = Math.max(256, 2 * n);
    scratch = { seen: new Uint8Array(m), stack: new Int32Array(m) };
  }
  return scratch;
}

function graphCounts(g: MolGraph, hdeg: Int32Array, x: Float32Array, o: number): void {
  let edges = 0;
  for (let a = 0; a < g.heavy; a++) {
    if (g.aromatic[a]) x[o + 1]++;
    if (g.ring[a]) x[o + 2]++;
    if (g.charge[a]) x[o + 3]++;
    x[o + 4] += g.charge[a];
    for (let k = g.start[a]; k < g.coreEnd[a]; k++) {
      const b = g.nbr[k];
      if (b < a) continue; // each core bond once
      edges++;
      const bt = g.bond[k];
      if (bt === BOND_SINGLE) x[o + 5]++;
      else if (bt === BOND_DOUBLE) x[o + 6]++;
      else if (bt === BOND_TRIPLE) x[o + 7]++;
      else if (bt === BOND_AROMATIC) x[o + 8]++;
      if (bt === BOND_SINGLE && !(g.ring[a] && g.ring[b]) && hdeg[a] > 1 && hdeg[b] > 1) x[o + 9]++;
    }
    const z = g.z[a];
    if ((z === 7 || z === 8) && g.hs[a] > 0) x[o + 10]++;
    if (z === 7 || z === 8) x[o + 11]++;
    if (hdeg[a] >= 1 && hdeg[a] <= 4) x[o + 12 + hdeg[a]]++;
    if (z === 6 && g.degree[a] === 4) x[o + 17]++;
    if (z === 9 || z === 17 || z === 35 || z === 53) x[o + 18]++; // halogens
  }
  const fragments = components(g);
  x[o + 12] = fragments;
  x[o + 0] = edges - g.heavy + fragments; // ring closures (cyclomatic number)
}

/** What a model's applicability domain is checked on: element symbols of the core atoms, parts, heavy atoms. */
export interface DomainFacts {
  elements: string[];
  fragments: number;
  heavy: number;
}

export function domainFacts(g: MolGraph): DomainFacts {
  const elements = new Set<string>();
  let heavy = 0;
  for (let a = 0; a < g.heavy; a++) {
    elements.add(LABELS[g.z[a]]);
    if (g.z[a] !== 1) heavy++;
  }
  return { elements: [...elements].sort(), fragments: components(g), heavy };
}

/** Connected components of the core atoms. */
function components(g: MolGraph): number {
  const { stack } = scratchFor(g.heavy);
  const seen = scratch.seen.fill(0, 0, g.heavy);
  let n = 0;
  for (let s = 0; s < g.heavy; s++) {
    if (seen[s]) continue;
    n++;
    seen[s] = 1;
    let top = 0;
    stack[top++] = s;
    while (top) {
      const a = stack[--top];
      for (let k = g.start[a]; k < g.coreEnd[a]; k++) {
        const b = g.nbr[k];
        if (!seen[b]) {
          seen[b] = 1;
          stack[top++] = b;
        }
      }
    }
  }
  return n;
}
