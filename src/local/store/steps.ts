// The type of the build steps that run after the compounds are written, in the same temporary
// database (before it replaces the old one): the mixtures import, the search index, the structure
// index. This module holds types only, so a step can implement it without importing the build;
// build.ts lists the steps. Each step lists the files it reads so `chem db pull` fetches them too.
import type { ImportContext } from './import/context.js';
import type { DB } from './schema.js';

/** A compound of the database found by its CAS number (import/mixtures-assemble.ts resolves CAS numbers to its own CompoundRef). */
export interface CasMatch {
  id: string;
  name: string;
}

export interface CompoundLookup {
  byCas(cas: string): CasMatch | undefined;
}

export interface BuildStep {
  name: string;
  files: string[];
  run(db: DB, ctx: ImportContext, lookup: CompoundLookup): void | Promise<void>;
}
