// The build step that fills the mixtures tables, run after the compounds are written so each
// component CAS resolves to its compound (id and main name). A CAS with no compound keeps the
// type-S id the merge would give it, compoundIdFor('CAS:' + cas), and the name the composition
// file gives it (else the CAS); the record shows it, but it has no compound row to list from.
import { compoundIdFor } from '../../../api/ids.js';
import type { Mixture } from '../../../api/types.js';
import { insertMixtures } from '../mixture-tables.js';
import type { BuildStep } from '../steps.js';
import { Tally } from './context.js';
import { COMPOSITIONS_FILE, parseCompositions, type CompositionRow } from './mixtures-compositions.js';
import { assembleMixtures, type AssembleStats, type CompoundRef } from './mixtures-assemble.js';
import { parseThermoFile, THERMO_FILES, THERMO_IP, type PairSet } from './mixtures-thermo.js';
import { GROUP_TABLES, parseGroupTable, PHASE_CHANGE } from './mixtures-unifac.js';
import type { StoredMixture } from './mixtures-models.js';

const files = [...THERMO_FILES.map((f) => `${THERMO_IP}/${f.file}`), COMPOSITIONS_FILE, ...GROUP_TABLES.map((g) => `${PHASE_CHANGE}/${g.file}`)];

/** The UNIFAC interaction tables of the data directory, one record each. */
function groupTables(ctx: Parameters<BuildStep['run']>[1]): StoredMixture[] {
  const out: StoredMixture[] = [];
  for (const def of GROUP_TABLES) {
    const rel = `${PHASE_CHANGE}/${def.file}`;
    if (!ctx.has(rel)) {
      ctx.missing.push(rel);
      continue;
    }
    const t = new Tally(rel, 'thermo-unifac');
    ctx.tallies.push(t);
    out.push(parseGroupTable(def, ctx.text(rel), t));
    t.parseTime = (performance.now() - t.start) / 1000;
  }
  return out;
}

/** Build counts, kept in meta as `mixture_stats`. */
export interface MixtureBuildStats extends AssembleStats {
  /** Component CAS numbers with no compound in the database. */
  unresolved: number;
}

export const mixturesStep: BuildStep = {
  name: 'mixtures',
  files,
  run(db, ctx, lookup) {
    const pairs: PairSet[] = [];
    for (const def of THERMO_FILES) {
      const rel = `${THERMO_IP}/${def.file}`;
      if (!ctx.has(rel)) {
        ctx.missing.push(rel);
        continue;
      }
      const t = new Tally(rel, def.s);
      ctx.tallies.push(t);
      pairs.push(...parseThermoFile(def, ctx.text(rel), t));
      t.parseTime = (performance.now() - t.start) / 1000;
    }
    let compositions: CompositionRow[] = [];
    if (ctx.has(COMPOSITIONS_FILE)) {
      const t = new Tally(COMPOSITIONS_FILE, 'mixture-compositions');
      ctx.tallies.push(t);
      compositions = parseCompositions(ctx.text(COMPOSITIONS_FILE), t);
      t.parseTime = (performance.now() - t.start) / 1000;
    } else ctx.missing.push(COMPOSITIONS_FILE);

    const fileNames = new Map(compositions.flatMap((row) => row.components.map((c) => [c.cas, c.name] as const)));
    const unresolved = new Set<string>();
    const cache = new Map<string, CompoundRef>();
    const resolve = (cas: string): CompoundRef => {
      let ref = cache.get(cas);
      if (!ref) {
        const hit = lookup.byCas(cas);
        if (!hit) unresolved.add(cas);
        ref = hit ? { cid: hit.id, name: hit.name } : { cid: compoundIdFor(`CAS:${cas}`), name: fileNames.get(cas) ?? cas };
        cache.set(cas, ref);
      }
      return ref;
    };
    const { mixtures, stats } = assembleMixtures(pairs, compositions, resolve);
    // Stored compact: mixtures-models.ts adds forms, units, references and src on reading.
    insertMixtures(db, [...mixtures, ...groupTables(ctx)] as unknown as Mixture[]);
    const all: MixtureBuildStats = { ...stats, unresolved: unresolved.size };
    db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('mixture_stats', ?)").run(JSON.stringify(all));
  },
};
