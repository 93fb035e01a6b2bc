// UNIFAC group assignment from the structure: a set of subgroup occurrences (unifac-subgroups.ts) that covers
// every heavy atom exactly once, or a failure naming the atoms no subgroup covers. Each subgroup's SMARTS give
// its candidate occurrences (every set of atoms one of them matches); the cover is an exact-cover search that
// takes, at the atom with the fewest candidates, the largest occurrence first (fewest subgroups: the rule
// DDBST's published assignments follow), then the one of higher priority, and backtracks when the rest of the
// molecule cannot be covered.
import { notFound } from '../api/errors.js';
import { parseSmiles } from './molecule.js';
import { molGraph, type MolGraph } from './molgraph.js';
import { atomClasses, forEachMatch } from './smarts/match.js';
import { compileSmarts } from './smarts/parse.js';
import type { Pattern } from './smarts/pattern.js';
import { DORTMUND_SUBGROUPS, UNIFAC_SUBGROUPS, type Subgroup } from './unifac-subgroups.js';

export type GroupModel = 'unifac' | 'dortmund';

/** Subgroup number → occurrences, in ascending subgroup number. */
export type GroupCounts = Map<number, number>;

export type Assignment = { ok: true; counts: GroupCounts } | { ok: false; uncovered: number[]; why: string };

interface Compiled {
  sub: Subgroup;
  /** Each SMARTS and how many occurrences one match counts for (`2*…`: a ring acetal whose shared CH2 is half of each). */
  patterns: { pattern: Pattern; times: number }[];
}

function compile(smarts: string): { pattern: Pattern; times: number } {
  const m = /^(\d+)\*(.+)$/.exec(smarts);
  return m ? { pattern: compileSmarts(m[2]!), times: Number(m[1]) } : { pattern: compileSmarts(smarts), times: 1 };
}

const TABLES: Record<GroupModel, readonly Subgroup[]> = { unifac: UNIFAC_SUBGROUPS, dortmund: DORTMUND_SUBGROUPS };
const compiled = new Map<GroupModel, Compiled[]>();

function table(model: GroupModel): Compiled[] {
  let t = compiled.get(model);
  if (!t) compiled.set(model, (t = TABLES[model].map((sub) => ({ sub, patterns: sub.smarts.map(compile) }))));
  return t;
}

/** The subgroups of a model by number. */
export function subgroups(model: GroupModel): ReadonlyMap<number, Subgroup> {
  return new Map(TABLES[model].map((s) => [s.id, s]));
}

interface Occurrence {
  sub: Subgroup;
  atoms: number[];
  times: number;
  /** Which of the subgroup's SMARTS found it: between equal priorities, the earlier SMARTS wins. */
  alt: number;
}

/** Backtracking steps before the search gives up (no molecule of the database needs a thousandth of it). */
const MAX_STEPS = 200_000;

/** Every distinct set of heavy atoms some SMARTS of each subgroup matches. */
function occurrences(g: MolGraph, model: GroupModel): Occurrence[] {
  const cls = atomClasses(g, false);
  const out: Occurrence[] = [];
  for (const { sub, patterns } of table(model)) {
    const seen = new Set<string>();
    for (const [alt, { pattern, times }] of patterns.entries())
      for (let a = 0; a < g.heavy; a++)
        forEachMatch(pattern, g, a, false, cls, (map) => {
          const atoms = [...map].sort((x, y) => x - y);
          const key = atoms.join();
          if (!seen.has(key)) {
            seen.add(key);
            out.push({ sub, atoms, times, alt });
          }
        });
  }
  return out;
}

/** The molecule's subgroups in `model`, or the atoms that stop a cover. */
export function assignGroups(g: MolGraph, model: GroupModel): Assignment {
  const heavy = [...Array(g.heavy).keys()].filter((a) => g.z[a] !== 1);
  if (!heavy.length) return { ok: false, uncovered: [], why: 'no heavy atom' };
  const occ = occurrences(g, model).filter((o) => o.atoms.every((a) => g.z[a] !== 1));
  // priority first (the table's priorities grow with the atoms a subgroup holds), then size; between occurrences of
  // one subgroup, the one with fewer ring atoms (DDBST puts a chain CH2 rather than a ring's in CH2N, CHO...)
  const inRing = (o: Occurrence) => o.atoms.reduce((n, a) => n + (g.ring[a] ? 1 : 0), 0);
  occ.sort((x, y) => y.sub.priority - x.sub.priority || y.atoms.length - x.atoms.length || x.sub.id - y.sub.id || x.alt - y.alt || inRing(x) - inRing(y));
  const byAtom = new Map<number, Occurrence[]>(heavy.map((a) => [a, []]));
  for (const o of occ) for (const a of o.atoms) byAtom.get(a)?.push(o);
  const uncovered = heavy.filter((a) => !byAtom.get(a)!.length);
  if (uncovered.length) return { ok: false, uncovered, why: 'no subgroup covers' };

  // the first cover in the order of `occ`: each occurrence is taken when it fits, unless the rest then cannot be covered
  const covered = new Uint8Array(g.heavy);
  const chosen: Occurrence[] = [];
  let steps = 0;
  const fits = (o: Occurrence) => o.atoms.every((a) => !covered[a]);
  /** Index of each atom's last candidate: past it the atom can no longer be covered. */
  const last = new Map(heavy.map((a) => [a, occ.lastIndexOf(byAtom.get(a)!.at(-1)!)]));
  const search = (i: number, left: number): boolean => {
    if (left === 0) return true;
    if (i === occ.length || ++steps > MAX_STEPS) return false;
    for (const a of heavy) if (!covered[a] && last.get(a)! < i) return false;
    const o = occ[i]!;
    if (fits(o)) {
      for (const a of o.atoms) covered[a] = 1;
      chosen.push(o);
      if (search(i + 1, left - o.atoms.length)) return true;
      chosen.pop();
      for (const a of o.atoms) covered[a] = 0;
    }
    return search(i + 1, left);
  };
  if (!search(0, heavy.length)) {
    return { ok: false, uncovered: [], why: 'no combination of subgroups covers exactly once' };
  }
  const counts: GroupCounts = new Map();
  for (const o of [...chosen].sort((x, y) => x.sub.id - y.sub.id)) counts.set(o.sub.id, (counts.get(o.sub.id) ?? 0) + o.times);
  return { ok: true, counts };
}

const SYMBOLS = ['', 'H', 'He', 'Li', 'Be', 'B', 'C', 'N', 'O', 'F', 'Ne', 'Na', 'Mg', 'Al', 'Si', 'P', 'S', 'Cl', 'Ar', 'K', 'Ca'];
const symbol = (z: number) => SYMBOLS[z] ?? (z === 35 ? 'Br' : z === 53 ? 'I' : z === 34 ? 'Se' : z === 50 ? 'Sn' : `Z${z}`);

/** The atoms of a failed assignment in words: "P (atom 5), F (atoms 1, 2)" (atoms numbered from 1 in the SMILES' order). */
export function describeAtoms(g: MolGraph, atoms: readonly number[]): string {
  const by = new Map<string, number[]>();
  for (const a of atoms) by.set(symbol(g.z[a]!), [...(by.get(symbol(g.z[a]!)) ?? []), a + 1]);
  return [...by].map(([s, n]) => `${s} (atom${n.length > 1 ? 's' : ''} ${n.join(', ')})`).join(', ');
}

const MODEL_NAME: Record<GroupModel, string> = { unifac: 'original UNIFAC', dortmund: 'modified UNIFAC (Dortmund)' };

/** The counts, or a ChemError (invalid input, exit 3) naming the atoms no subgroup covers. */
export function groupsOrThrow(g: MolGraph, model: GroupModel, who: string): GroupCounts {
  const a = assignGroups(g, model);
  if (a.ok) return a.counts;
  const where = a.uncovered.length ? `: ${describeAtoms(g, a.uncovered)}` : '';
  throw notFound(`${who}: ${a.why === 'no subgroup covers' ? `no ${MODEL_NAME[model]} subgroup covers` : `no ${MODEL_NAME[model]} subgroups cover every atom exactly once`}${where}`);
}

/** Counts as `descr.unifac` / `descr.dortmund` hold them: subgroup number as a string → count. */
export const countsRecord = (c: GroupCounts): Record<string, number> => Object.fromEntries([...c].map(([k, v]) => [String(k), v]));

/** The subgroups of a structure (SMILES), or a ChemError naming the atoms no subgroup covers. */
export function groupsOfSmiles(smiles: string, model: GroupModel, who: string): GroupCounts {
  return groupsOrThrow(molGraph(parseSmiles(smiles, { stereo: false })), model, who);
}
