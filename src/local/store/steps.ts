// Build steps that run after the compounds are written, in the same temporary database (before it
// replaces the old one). The mixtures importer registers its step here; each step lists the files
// it reads so `chem db pull` fetches them too.
import type { ImportContext } from './import/context.js';
import type { DB } from './schema.js';
import { mixturesStep } from './import/mixtures-step.js';
import { searchIndexStep } from './search/index-tables.js';
import { structureIndexStep } from './search/structure-index.js';

export interface CompoundRef {
  id: string;
  name: string;
}

export interface CompoundLookup {
  byCas(cas: string): CompoundRef | undefined;
}

export interface BuildStep {
  name: string;
  files: string[];
  run(db: DB, ctx: ImportContext, lookup: CompoundLookup): void | Promise<void>;
}

// mixtures hook (issue 6), search index (issue 5)
export const BUILD_STEPS: BuildStep[] = [mixturesStep, searchIndexStep];
/** The structure index for sub:/sim: (issue 16) costs ~12 ms of CPU per structure (minutes on the full data), so a
 * build makes it only when asked (`chem db build --structure-index`). It runs after the search index (its ords). */
export const STRUCTURE_INDEX_STEP: BuildStep = structureIndexStep;
