// Merging the imported rows into compounds: one compound, one record (a CAS or an InChIKey never
// names two records).
//  1. Rows are grouped by reference: a CAS (`cas:`), an InChIKey (`ik:`) or a SMILES (`smi:`).
//  2. A CAS gets the structure of its best-ranked identity row that has one (STRUCTURE_RANK).
//     httk's desalted SMILES count only when their formula equals the substance formula.
//  3. References whose structures share a standard InChIKey merge into one compound (so CAS, then
//     InChIKey); InChIKey-only rows (Bell, AqSolDB) and SMILES-only rows (Huuskonen, ESOL, Bradley,
//     CritProp) join the compound with that key, or become compounds of their own without CAS.
//  4. A CAS without structure whose main name is that of exactly one compound with an InChIKey but
//     no CAS (and nothing else) joins it when the formulas and MWs agree: 1,1-dichloropentane's CAS tables
//     and its SMILES/InChIKey-only tables name it alike but share no key (linkByName).
//  5. A compound with a structure is type C (it has its InChI); one without is type S: known by CAS,
//     or by an InChIKey alone (Bell gives a name and a key, and a key cannot be turned back into a
//     structure). The id is compoundIdFor(inchikey) where the InChIKey is known, else
//     compoundIdFor('CAS:' + cas), so ids survive rebuilds. An S record is named by its best-ranked
//     name, else its CAS. When several CAS merge, the primary one is that of the best-ranked
//     structure, then the one with more data points, then the lower number; the others stay
//     searchable (allCas).
//  6. Data points are kept one per (property, source, T, value); outliers flagged (outliers.ts). A
//     point whose row gives a formula other than the compound's is left out (PointIn.formula).
//  7. Before 3, a reference without a structure takes the one its names resolve to, where the checks of
//     name-structures.ts pass (a table of OPSIN's readings). It ranks below every source's structure; a CAS
//     that thereby joins another compound (or becomes one of its own, with an InChIKey id) keeps its old id as
//     an alias (`aliases`).
import { compoundIdFor } from '../../api/ids.js';
import { isTDependent } from '../../api/properties.js';
import type { DataPoint } from '../../api/types.js';
import type { IdentityRec, PointRec } from './import/context.js';
import { NAME_RANK, STRUCTURE_RANK, rankOf } from './import/sources.js';
import { hillOf as hill } from './formula.js';
import { median, outlierIndices } from './outliers.js';
import { normalizeText } from '../../util/text.js';
import { chemistCase } from './name-case.js';
import { roundDecimals } from '../../api/precision.js';
import type { StructureJob } from './structures.js';
import { cacheKey } from './structure-cache.js';
import { auditClass, emptyNameStats, MW_TOLERANCE, resolveByName, type Compute, type NamedRef, type NameStats, type NameTable } from './name-structures.js';

/** A data table's formula in Hill order: plain formulas only (groups are left to the structure). */
const tableHill = (formula: string | undefined) => hill(formula, { groups: false });

/** An imported point without its row reference, with the outlier flag. */
export type MergedPoint = Omit<PointRec, 'ref'> & Pick<DataPoint, 'o'>;

export interface MergedName {
  name: string;
  kind: 'main' | 'iupac' | 'synonym';
}

export interface MergedCompound {
  id: string;
  type: 'C' | 'S';
  compound: string;
  cas?: string;
  allCas: string[];
  inchi?: string;
  inchikey?: string;
  /** RDKit's canonical SMILES (printed) and OpenChemLib's (the lookup key), StructureResult. */
  smiles?: string;
  smilesKey?: string;
  formula?: string;
  mw?: number;
  names: MergedName[];
  points: MergedPoint[];
  hasOutliers: boolean;
  /** Points left out because their row's formula is not the compound's (PointIn.formula). */
  refused: number;
  /** The name whose OPSIN reading gave the structure (no source gives one). */
  structureName?: string;
  /** Keys (`CAS:<cas>`) of the ids the compound's references had as records of their own; ids once assigned. */
  aliasKeys: string[];
  aliases: string[];
  /** Points left out of a compound with a structure from a name, by key (NameStats.points). */
  byName: { refused: Record<string, number>; duplicates: Record<string, number> };
}

export interface MergeStats {
  /** References dropped because no structure toolkit could read their only structure. */
  unreadable_structures: number;
  /** httk structures refused because their formula is not the substance's. */
  formula_mismatches: number;
  /** Data points left out because the formula of their row is not their compound's (a table's CAS names another substance). */
  points_of_another_formula: number;
  /** CAS-only compounds joined to a compound with an InChIKey by their one shared main name. */
  linked_by_name: number;
  /** Synonyms dropped because they are another compound's main name. */
  names_of_other_compounds: number;
  /** Id collisions resolved by salting. */
  id_collisions: number;
  /** Structures from names (name-structures.ts). */
  names: NameStats;
}

type Ref = NamedRef;

function groupByRef(identities: IdentityRec[], points: PointRec[]): Map<string, Ref> {
  const refs = new Map<string, Ref>();
  // A row's identity and points come one after another: the last reference saves most lookups.
  let last: Ref | undefined;
  const get = (ref: string) => {
    if (last?.ref === ref) return last;
    let r = refs.get(ref);
    if (!r) refs.set(ref, (r = { ref, identities: [], points: [], structureRank: Infinity }));
    return (last = r);
  };
  for (const i of identities) get(i.ref).identities.push(i);
  for (const p of points) get(p.ref).points.push(p);
  return refs;
}

/** g/mol: a row's MW this far from the median MW of its reference's rows is another compound's. */
const MW_OFF = MW_TOLERANCE;

/**
 * The identity rows whose structure a reference uses, best rank first; a row whose own MW is more than MW_OFF from
 * the median MW of the reference's rows comes after the others (a source's structure of another compound: CompTox's
 * Dashboard gives tributyrin, 60-01-5, as methanetriyl tributanoate, 274.3 g/mol, where its DSSTox table and
 * PhysProp give 302.4 and the glycerol ester).
 */
function structureCandidates(r: Ref): IdentityRec[] {
  const withStructure = r.identities.filter((i) => i.smiles);
  const mws = r.identities.flatMap((i) => (i.mw === undefined ? [] : [i.mw]));
  const mid = mws.length > 2 ? median(mws) : undefined;
  const off = (i: IdentityRec) => (mid !== undefined && i.mw !== undefined && Math.abs(i.mw - mid) > MW_OFF ? 1 : 0);
  return withStructure.sort((a, b) => off(a) - off(b) || rankOf(STRUCTURE_RANK, a.s) - rankOf(STRUCTURE_RANK, b.s));
}

const jobKey = cacheKey;
const jobOf = (c: IdentityRec): StructureJob => (c.inchi && c.inchikey ? { smiles: c.smiles!, inchi: c.inchi, inchikey: c.inchikey } : { smiles: c.smiles! });

export async function merge(identities: IdentityRec[], points: PointRec[], compute: Compute, names?: NameTable): Promise<{ compounds: MergedCompound[]; stats: MergeStats }> {
  const stats: MergeStats = { unreadable_structures: 0, formula_mismatches: 0, points_of_another_formula: 0, linked_by_name: 0, names_of_other_compounds: 0, id_collisions: 0, names: emptyNameStats(names?.opsin) };
  const refs = groupByRef(identities, points);

  // Structures: the best candidate of each reference, computed once per distinct SMILES/InChI; a
  // second pass tries the next candidate where the first was unreadable or failed its formula check.
  const pending = new Map<Ref, IdentityRec[]>();
  for (const r of refs.values()) {
    const cands = r.ref.startsWith('smi:') ? [{ ref: r.ref, s: r.identities[0]?.s ?? '', smiles: r.ref.slice(4) } as IdentityRec] : structureCandidates(r);
    if (cands.length) pending.set(r, cands);
  }
  for (let pass = 0; pass < 2 && pending.size; pass++) {
    const jobs = new Map<string, StructureJob>();
    for (const cands of pending.values()) jobs.set(jobKey(jobOf(cands[0]!)), jobOf(cands[0]!));
    const jobList = [...jobs.values()];
    const results = await compute(jobList);
    const resultOf = new Map(jobList.map((j, i) => [jobKey(j), results[i]]));
    for (const [r, cands] of pending) {
      const c = cands.shift()!;
      const res = resultOf.get(jobKey(jobOf(c)));
      const mismatch = res && c.checkFormula && tableHill(c.formula) !== res.formula;
      if (mismatch) stats.formula_mismatches++;
      if (res && !mismatch) {
        r.structure = res;
        r.structureRank = rankOf(STRUCTURE_RANK, c.s);
      }
      if (r.structure || !cands.length) pending.delete(r);
    }
  }
  for (const r of refs.values()) if (!r.structure && r.ref.startsWith('smi:')) stats.unreadable_structures++;
  if (names) await resolveByName(refs.values(), names, compute, stats.names);

  // Groups: by InChIKey where one is known, else the reference alone.
  const groups = new Map<string, Ref[]>();
  for (const r of refs.values()) {
    const ik = r.structure?.inchikey ?? (r.ref.startsWith('ik:') ? r.ref.slice(3) : undefined);
    const gk = ik ? `ik:${ik}` : r.ref;
    if (!ik && r.ref.startsWith('smi:')) continue;
    (groups.get(gk) ?? groups.set(gk, []).get(gk)!).push(r);
  }

  const compounds = linkByName(groups, stats);
  stats.names_of_other_compounds = dropOthersMainNames(compounds);
  if (names) audit(compounds, names, stats.names);
  for (const c of compounds) {
    if (c.type === 'C' && !c.structureName) stats.names.merged += c.aliasKeys.length;
    for (const [what, byKey] of Object.entries(c.byName) as ['refused' | 'duplicates', Record<string, number>][]) {
      for (const [key, n] of Object.entries(byKey)) stats.names.points[what][key] = (stats.names.points[what][key] ?? 0) + n;
    }
  }
  for (const c of compounds) stats.points_of_another_formula += c.refused;
  // Every compound whose formula is known has its MW: from the formula where neither a structure nor a table gives it.
  const { formulaWeight } = await import('../../chem/molecule.js');
  for (const c of compounds) {
    const mw = c.mw === undefined && c.formula ? formulaWeight(c.formula) : undefined;
    if (mw !== undefined) c.mw = Math.round(mw * 1e4) / 1e4;
  }
  assignIds(compounds, stats);
  return { compounds, stats };
}

/**
 * Drops from each compound the synonyms and IUPAC names that are another compound's main name (a
 * source listing "cyclohexane" among methylcyclopentane's names): a name names the compound it is the
 * main name of. Returns how many were dropped.
 */
function dropOthersMainNames(compounds: MergedCompound[]): number {
  const mains = new Map<string, number>();
  for (const c of compounds) {
    const n = normalizeText(c.compound);
    mains.set(n, (mains.get(n) ?? 0) + 1);
  }
  let dropped = 0;
  for (const c of compounds) {
    const own = normalizeText(c.compound);
    const kept = c.names.filter((x) => x.kind === 'main' || !mains.has(normalizeText(x.name)) || normalizeText(x.name) === own);
    dropped += c.names.length - kept.length;
    c.names = kept;
  }
  return dropped;
}

/**
 * The compounds of the groups, with each CAS-only compound whose main name belongs to exactly one
 * other compound — one with an InChIKey and no CAS — built into that one (rule 4). A name shared by
 * more compounds, or a formula that disagrees, links nothing.
 */
function linkByName(groups: Map<string, Ref[]>, stats: MergeStats): MergedCompound[] {
  const built = new Map([...groups].map(([gk, members]) => [gk, build(gk, members)]));
  const byName = new Map<string, string[]>();
  for (const [gk, c] of built) {
    const n = normalizeText(c.compound);
    (byName.get(n) ?? byName.set(n, []).get(n)!).push(gk);
  }
  for (const gks of byName.values()) {
    if (gks.length !== 2) continue;
    const casGk = gks.find((gk) => built.get(gk)!.cas && !built.get(gk)!.inchikey);
    const keyGk = gks.find((gk) => built.get(gk)!.inchikey && !built.get(gk)!.cas);
    if (!casGk || !keyGk) continue;
    const [f1, f2] = [built.get(casGk)!.formula, built.get(keyGk)!.formula];
    if (f1 && f2 && f1 !== f2) continue;
    const [m1, m2] = [built.get(casGk)!.mw, built.get(keyGk)!.mw];
    if (m1 !== undefined && m2 !== undefined && Math.abs(m1 - m2) > MW_OFF) continue;
    built.set(keyGk, build(keyGk, [...groups.get(keyGk)!, ...groups.get(casGk)!]));
    built.delete(casGk);
    stats.linked_by_name++;
  }
  return [...built.values()];
}

function build(gk: string, members: Ref[]): MergedCompound {
  const casRefs = members.filter((m) => m.ref.startsWith('cas:'));
  casRefs.sort((a, b) => a.structureRank - b.structureRank || b.points.length - a.points.length || casOrder(a.ref.slice(4), b.ref.slice(4)));
  const ordered = [...casRefs, ...members.filter((m) => !m.ref.startsWith('cas:'))];
  const best = ordered.reduce<Ref | undefined>((acc, m) => (m.structure && (!acc || m.structureRank < acc.structureRank) ? m : acc), undefined);
  const structure = best?.structure;
  const ids = ordered.flatMap((m) => m.identities);
  const fromNames = ordered.filter((m) => m.fromName);

  const names = new Map<string, MergedName>();
  const byRank = [...ids].sort((a, b) => rankOf(NAME_RANK, a.s) - rankOf(NAME_RANK, b.s));
  const formulaRow = byRank.find((i) => tableHill(i.formula));
  // OpenChemLib's formula, else the InChI's formula layer (a structure only RDKit reads), else the table's.
  const formula = structure?.formula ?? tableHill(structure?.inchi?.split('/')[1]) ?? tableHill(formulaRow?.formula);
  const main = byRank.find((i) => i.name)?.name;
  const cas = casRefs[0]?.ref.slice(4);
  const addName = (name: string | undefined, kind: MergedName['kind']) => {
    // as chemists write it: "o-Xylene", not a source's "O-xylene" (name-case.ts)
    const n = name && chemistCase(name.trim(), formula);
    // Placeholders such as "-" are not names.
    if (n && /[\p{L}\p{N}]/u.test(n) && !names.has(n.toLowerCase())) names.set(n.toLowerCase(), { name: n, kind });
  };
  addName(main ?? cas ?? structure?.inchikey ?? gk.slice(3), 'main');
  for (const i of byRank) {
    addName(i.iupac, 'iupac');
    addName(i.name, 'synonym');
    for (const s of i.synonyms ?? []) addName(s, 'synonym');
  }

  // Its Hill form as the points' formulas are written, read when a point has one (few do); a charged compound (an
  // ion) is no table's neutral formula.
  let pointHill: string | false | undefined; // false: the compound's formula is unknown
  const hillOfCompound = () => (pointHill ??= (formula && (/[+-]\d*$/.test(formula) ? '±' : hill(formula, { groups: false, hSecond: true }))) || false);

  // One point per (property, source, T, value): values seen by property, source and T (no key strings to build),
  // with the reference that gave each first.
  const seen = new Map<string, Map<string, Map<number | undefined, Map<number, Ref>>>>();
  const points: MergedPoint[] = [];
  let refused = 0;
  // What a structure read from a name costs: points of another formula, and a source's identical points under two
  // references the name joined (NameStats.points).
  const byName = { refused: {} as Record<string, number>, duplicates: {} as Record<string, number> };
  const count = (m: Record<string, number>, key: string) => (m[key] = (m[key] ?? 0) + 1);
  for (const m of ordered) {
    for (const p of m.points) {
      if (p.formula && hillOfCompound() && p.formula !== pointHill) {
        refused++;
        if (fromNames.length && (!m.structure || m.fromName)) count(byName.refused, p.key);
        continue;
      }
      const byS = seen.get(p.key) ?? seen.set(p.key, new Map()).get(p.key)!;
      const byT = byS.get(p.s) ?? byS.set(p.s, new Map()).get(p.s)!;
      const vs = byT.get(p.t) ?? byT.set(p.t, new Map()).get(p.t)!;
      const first = vs.get(p.v);
      if (first) {
        if (first !== m && (first.fromName || m.fromName)) count(byName.duplicates, p.key);
        continue;
      }
      vs.set(p.v, m);
      points.push(withoutRef(p));
    }
  }
  const hasOutliers = flagOutliers(points);

  const mwRow = byRank.find((i) => i.mw !== undefined);
  return {
    id: '',
    type: structure?.inchi ? 'C' : 'S',
    compound: [...names.values()][0]!.name,
    cas,
    allCas: casRefs.map((r) => r.ref.slice(4)),
    inchi: structure?.inchi,
    inchikey: structure?.inchikey ?? (gk.startsWith('ik:') ? gk.slice(3) : undefined),
    smiles: structure?.smiles,
    smilesKey: structure?.key,
    formula,
    // a table's MW to the 4 decimals of every computed one (PubChem writes 102.449603)
    mw: structure?.mw ?? (mwRow?.mw === undefined ? undefined : roundDecimals(mwRow.mw, 4)),
    names: [...names.values()],
    points,
    hasOutliers,
    refused,
    structureName: best?.fromName,
    aliasKeys: fromNames.filter((m) => m.ref.startsWith('cas:')).map((m) => `CAS:${m.ref.slice(4)}`),
    aliases: [],
    byName,
  };
}

/** OPSIN's reading of the main name of each compound a source gave a structure, against it (AuditStats). */
function audit(compounds: MergedCompound[], names: NameTable, stats: NameStats): void {
  for (const c of compounds) {
    if (c.type !== 'C' || c.structureName || !c.inchikey) continue;
    const read = names.rows.get(normalizeText(c.compound));
    if (!read?.inchikey) continue;
    stats.audit.read++;
    stats.audit[auditClass(read, c.inchikey, c.smiles)]++;
  }
}

function withoutRef(p: PointRec): MergedPoint {
  const out: MergedPoint = { key: p.key, v: p.v, s: p.s };
  if (p.t !== undefined) out.t = p.t;
  if (p.c !== undefined) out.c = p.c;
  if (p.r !== undefined) out.r = p.r;
  if (p.e !== undefined) out.e = p.e;
  if (p.calc) out.calc = true;
  if (p.curve) out.curve = p.curve;
  return out;
}

function flagOutliers(points: MergedPoint[]): boolean {
  const byKey = new Map<string, MergedPoint[]>();
  for (const p of points) {
    if (p.calc || isTDependent(p.key)) continue;
    (byKey.get(p.key) ?? byKey.set(p.key, []).get(p.key)!).push(p);
  }
  let any = false;
  for (const [key, ps] of byKey) {
    for (const i of outlierIndices(key, ps.map((p) => p.v))) {
      ps[i]!.o = true;
      any = true;
    }
  }
  return any;
}

function casOrder(a: string, b: string): number {
  return Number(a.replace(/-/g, '')) - Number(b.replace(/-/g, ''));
}

/** Ids from the stable key; a collision salts the key that sorts later (ids.ts). */
function assignIds(compounds: MergedCompound[], stats: MergeStats): void {
  const sorted = compounds.map((c) => ({ c, key: c.inchikey ?? `CAS:${c.cas}` })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const taken = new Set<string>();
  for (const { c, key } of sorted) {
    let salt = 0;
    let id = compoundIdFor(key);
    while (taken.has(id)) {
      stats.id_collisions++;
      id = compoundIdFor(key, ++salt);
    }
    taken.add(id);
    c.id = id;
  }
  // An alias never hides a live id (a salted old id, rare, is not kept).
  for (const c of compounds) c.aliases = c.aliasKeys.map((k) => compoundIdFor(k)).filter((id) => !taken.has(id));
}
