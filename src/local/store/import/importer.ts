// The shape of one importer: the files it reads (relative to the data directory, as in the mirror
// and the pull manifest) and a run function that writes identities and points into the context.
import type { ImportContext } from './context.js';

export interface Importer {
  name: string;
  files: string[];
  /** Non-commercial data: run only with --include-nc. */
  nc?: boolean;
  run(ctx: ImportContext): void;
}

export const CHEMICALS = 'chemicals/chemicals';
