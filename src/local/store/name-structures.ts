// Structures read from names, for the records no source gives one. OPSIN reads the database's names at dev time
// (names-gen.ts, `npm run names`) into data/opsin-names.tsv.gz: normalised name, OPSIN's SMILES, RDKit's standard
// InChIKey; the build needs no Java. A record (a CAS, or an InChIKey without structure) takes the structure its
// names resolve to only when a careful curator would:
//  - none of its names is a class, mixture, polymer or solution (CLASS_WORDS; OPSIN's `*` for a polymer);
//  - all of its names that OPSIN reads give one InChIKey; names that differ only in that one states stereo and the
//    other none give the structure without stereo (the claim both names make);
//  - the structure's formula has the element set and the counts of the source's formula, its MW is within
//    MW_TOLERANCE of the source's, and every point that names a formula names the structure's (a point is never
//    lost to a name: see PointIn.formula);
//  - a record known by an InChIKey alone takes it only when the keys are the same;
//  - the build's toolkits read the SMILES to the table's InChIKey.
// A structure from a name ranks below every source's (STRUCTURE_RANK), so it never replaces one; the record keeps
// the name it came from (`structure_name`). The audit compares OPSIN's reading of the main name of every record a
// source gave a structure with that structure, by class (AuditStats); it changes nothing.
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { IdentityRec, PointRec } from './import/context.js';
import { NAME_RANK, rankOf } from './import/sources.js';
import { formulaCounts, hillOf } from './formula.js';
import { normalizeText } from '../../util/text.js';
import type { StructureJob, StructureResult } from './structures.js';

export const NAME_TABLE = new URL('../../../data/opsin-names.tsv.gz', import.meta.url);
export const OPSIN_URL = 'https://github.com/dan2097/opsin';
/** The rank of a structure read from a name: after every source's (STRUCTURE_RANK). */
export const NAME_STRUCTURE_RANK = 100;
/** g/mol: less than one hydrogen atom. */
export const MW_TOLERANCE = 0.5;
/** Words of a name that is a class of compounds, a mixture, a polymer or a solution, not one compound. */
export const CLASS_WORDS = /\b(mixtures?|mixt|isomers|mixed|polymers?|homopolymer|copolymer|oligomers?|resins?|reaction mass|reaction products?|derivatives?|derivs?|extracts?|solution|soln|technical|and)\b/i;

export interface NameHit {
  smiles: string;
  inchikey: string;
}

export interface NameTable {
  /** OPSIN's version, from the header. */
  opsin: string;
  rows: Map<string, NameHit>;
}

/** The table at `path`, or undefined when there is none. */
export function readNameTable(path: string | URL = NAME_TABLE): NameTable | undefined {
  if (!existsSync(path)) return undefined;
  const buf = readFileSync(path);
  const lines = (String(path).endsWith('.gz') ? gunzipSync(buf) : buf).toString('utf8').split('\n');
  const opsin = /^# OPSIN (\S+)/.exec(lines[0] ?? '')?.[1];
  if (!opsin || lines[1] !== 'name\tsmiles\tinchikey') throw new Error(`${String(path)} is not a table of OPSIN's readings`);
  // Keyed by the normal form as it is now (normalizeText), whatever the table was written with: written forms
  // that now share a normal form keep it only when OPSIN read them alike (the generator's rule, names-gen.ts).
  const byNorm = new Map<string, NameHit | null>();
  for (let i = 2; i < lines.length; i++) {
    const [name, smiles, inchikey] = lines[i]!.split('\t');
    if (!name || !smiles) continue;
    const norm = normalizeText(name);
    const had = byNorm.get(norm);
    const hit = { smiles, inchikey: inchikey ?? '' };
    byNorm.set(norm, had === undefined || (had && had.smiles === hit.smiles && had.inchikey === hit.inchikey) ? hit : null);
  }
  const rows = new Map<string, NameHit>();
  for (const [n, hit] of [...byNorm].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) if (hit) rows.set(n, hit);
  return { opsin, rows };
}

/** What the build did with the names: counts of records (merge_stats.names). */
export interface NameStats {
  /** OPSIN's version of the table used ("" without a table). */
  opsin: string;
  /** Records without a source structure that have a name. */
  named: number;
  /** ... of which OPSIN read at least one name. */
  read: number;
  /** ... of which took the structure (type C now). */
  resolved: number;
  /** ... of which joined a record whose structure a source gives (the same InChIKey; its old id is an alias). */
  merged: number;
  /** Resolved with the stereo-free structure of names that differ only in stating stereo. */
  stereo_dropped: number;
  rejected: {
    class_mixture_polymer: number;
    names_disagree: number;
    elements: number;
    formula: number;
    weight: number;
    inchikey_differs: number;
    toolkit: number;
  };
  audit: AuditStats;
  /**
   * Points of the records a name resolved that are left out, by key: `duplicates` are a source's identical points
   * (same value and T) under two references the structure joins, kept once; `refused` name another formula.
   */
  points: { duplicates: Record<string, number>; refused: Record<string, number> };
}

/** OPSIN's reading of the main name of records with a source structure, against that structure, by InChIKey. */
export interface AuditStats {
  read: number;
  same: number;
  /** Same skeleton and protonation, other stereo. */
  stereo: number;
  /** Same skeleton, other protonation (InChIKey's last letter). */
  protonation: number;
  /** One is several fragments (a salt, a hydrate), the other not. */
  fragments: number;
  /** Another skeleton: OPSIN's reading of an ambiguous name, or a structure in doubt. */
  skeleton: number;
}

export const emptyNameStats = (opsin = ''): NameStats => ({
  opsin,
  named: 0,
  read: 0,
  resolved: 0,
  merged: 0,
  stereo_dropped: 0,
  rejected: { class_mixture_polymer: 0, names_disagree: 0, elements: 0, formula: 0, weight: 0, inchikey_differs: 0, toolkit: 0 },
  audit: { read: 0, same: 0, stereo: 0, protonation: 0, fragments: 0, skeleton: 0 },
  points: { duplicates: {}, refused: {} },
});

/** A merge reference: one compound-to-be with its identities, points and structure (merge.ts). */
export interface NamedRef {
  ref: string;
  identities: IdentityRec[];
  points: PointRec[];
  structure?: StructureResult;
  structureRank: number;
  /** The name whose reading gave the structure. */
  fromName?: string;
}

/** How the build computes structures from SMILES (merge.ts passes the build's worker pool). */
export type Compute = (jobs: StructureJob[]) => Promise<(StructureResult | undefined)[]>;

const byNameRank = (ids: IdentityRec[]) => [...ids].sort((a, b) => rankOf(NAME_RANK, a.s) - rankOf(NAME_RANK, b.s));

function namesOf(r: NamedRef): string[] {
  const out = new Set<string>();
  for (const i of byNameRank(r.identities)) for (const n of [i.name, i.iupac, ...(i.synonyms ?? [])]) if (n?.trim()) out.add(n.trim());
  return [...out];
}

const FLAT = 'UHFFFAOYSA'; // the InChIKey's second block without stereo

/** The one reading the names agree on (see the module comment), or why not. */
function agreed(hits: (NameHit & { name: string })[]): (NameHit & { name: string }) | 'disagree' | 'stereo' {
  const keys = [...new Set(hits.map((h) => h.inchikey))];
  if (keys.length === 1) return hits[0]!;
  const flat = keys.filter((k) => k.slice(15, 25) === FLAT);
  const sameSkeleton = new Set(keys.map((k) => k.slice(0, 14) + k.slice(-1))).size === 1;
  if (sameSkeleton && keys.length === 2 && flat.length === 1) return 'stereo';
  return 'disagree';
}

/** Element counts of a structure's formula (charge and fragment dots allowed: "C2H3O2.Na", "C2H3O2-"). */
function countsOf(formula: string | undefined): Map<string, number> | undefined {
  if (!formula) return undefined;
  const total = new Map<string, number>();
  for (const part of formula.replace(/[+-]\d*$/, '').split('.')) {
    const m = /^(\d*)(.+)$/.exec(part);
    const c = m && formulaCounts(m[2]!, false);
    if (!c) return undefined;
    for (const [el, n] of c) total.set(el, (total.get(el) ?? 0) + n * (m[1] ? Number(m[1]) : 1));
  }
  return total;
}

const sameCounts = (a: Map<string, number>, b: Map<string, number>) => a.size === b.size && [...a].every(([el, n]) => b.get(el) === n);
const sameElements = (a: Map<string, number>, b: Map<string, number>) => a.size === b.size && [...a.keys()].every((el) => b.has(el));

/** Why the source contradicts the structure (the key of NameStats.rejected), or undefined. */
function contradiction(r: NamedRef, res: StructureResult, formulaWeight: (f: string) => number | undefined): keyof NameStats['rejected'] | undefined {
  const ids = byNameRank(r.identities);
  const formula = res.formula ?? res.inchi?.split('/')[1];
  const have = countsOf(formula);
  const given = ids.map((i) => hillOf(i.formula, { groups: false })).find(Boolean);
  const want = given && formulaCounts(given, false);
  if (want && have && !sameElements(want, have)) return 'elements';
  if (want && (!have || !sameCounts(want, have))) return 'formula';
  const mw = ids.find((i) => i.mw !== undefined)?.mw;
  if (mw !== undefined) {
    const own = res.mw ?? (formula ? formulaWeight(formula) : undefined);
    if (own === undefined || !(Math.abs(own - mw) <= MW_TOLERANCE)) return 'weight';
  }
  // A point's formula is written as the merge compares it (hSecond); an ion's formula is no table's neutral one.
  const pointHill = formula && !/[+-]\d*$/.test(formula) ? hillOf(formula, { groups: false, hSecond: true }) : undefined;
  if (r.points.some((p) => p.formula && p.formula !== pointHill)) return 'formula';
  return undefined;
}

/**
 * Gives each reference without a structure (but SMILES-only ones, which have their own) the structure its names
 * resolve to, where the checks of the module comment pass; counts every decision in `stats`.
 */
export async function resolveByName(refs: Iterable<NamedRef>, table: NameTable, compute: Compute, stats: NameStats): Promise<void> {
  const { formulaWeight } = await import('../../chem/molecule.js');
  const pending: { r: NamedRef; hit: NameHit & { name: string } }[] = [];
  const all = [...refs];
  // A key-only reference whose key a source's structure has joins that compound without a name's help; a name
  // whose key a source's structure has gives the compound that structure (the best-ranked), checked as such.
  const sourceOf = new Map<string, NamedRef>();
  for (const r of all) {
    const k = r.structure?.inchikey;
    if (k && !(r.structureRank >= (sourceOf.get(k)?.structureRank ?? Infinity))) sourceOf.set(k, r);
  }
  for (const r of all) {
    if (r.structure || r.ref.startsWith('smi:') || (r.ref.startsWith('ik:') && sourceOf.has(r.ref.slice(3)))) continue;
    const names = namesOf(r);
    if (!names.length) continue;
    stats.named++;
    const hits = names.flatMap((name) => {
      const hit = table.rows.get(normalizeText(name));
      return hit ? [{ name, ...hit }] : [];
    });
    if (!hits.length) continue;
    stats.read++;
    if (names.some((n) => CLASS_WORDS.test(n)) || hits.some((h) => !h.inchikey || h.smiles.includes('*'))) {
      stats.rejected.class_mixture_polymer++;
      continue;
    }
    let hit = agreed(hits);
    if (hit === 'disagree') {
      stats.rejected.names_disagree++;
      continue;
    }
    if (hit === 'stereo') {
      stats.stereo_dropped++;
      hit = hits.find((h) => h.inchikey.slice(15, 25) === FLAT)!;
    }
    if (r.ref.startsWith('ik:') && hit.inchikey !== r.ref.slice(3)) {
      stats.rejected.inchikey_differs++;
      continue;
    }
    pending.push({ r, hit });
  }
  const results = await compute(pending.map(({ hit }) => ({ smiles: hit.smiles })));
  pending.forEach(({ r, hit }, i) => {
    const res = results[i];
    if (!res || res.inchikey !== hit.inchikey) return void stats.rejected.toolkit++;
    const why = contradiction(r, sourceOf.get(res.inchikey!)?.structure ?? res, formulaWeight);
    if (why) return void stats.rejected[why]++;
    r.structure = res;
    r.structureRank = NAME_STRUCTURE_RANK;
    r.fromName = hit.name;
    stats.resolved++;
  });
}

/** The audit's class of OPSIN's reading `read` of a record whose structure is `key` / `smiles`. */
export function auditClass(read: NameHit, key: string, smiles: string | undefined): Exclude<keyof AuditStats, 'read'> {
  if (read.inchikey === key) return 'same';
  if (read.inchikey.slice(0, 14) === key.slice(0, 14)) return read.inchikey.slice(-1) === key.slice(-1) ? 'stereo' : 'protonation';
  if (smiles && read.smiles.includes('.') !== smiles.includes('.')) return 'fragments';
  return 'skeleton';
}
