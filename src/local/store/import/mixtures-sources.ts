// Sources a mixture's `src` can name; every parameter set's `s` is one of these keys.
import type { ParameterSet, SourceDescriptor } from '../../../api/types.js';

/** A parameter set as stored: the model's form and units are added on reading. */
export type StoredSet = Omit<ParameterSet, 'form' | 'units'>;

const THERMO = 'https://github.com/CalebBell/thermo/tree/2bb466e98439c2395a004e7095d07f9b97a5a0f0/thermo/Interaction%20Parameters';
const CHEMICALS = 'https://github.com/CalebBell/chemicals/tree/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals';

export const MIXTURE_SOURCES: Readonly<Record<string, SourceDescriptor>> = {
  'chemsep-ipd': { db: 'ChemSep interaction parameter database (Kooijman & Taylor)', url: `${THERMO}/ChemSep`, license: 'Artistic-2.0 / MIT' },
  sander: {
    db: "Sander, Compilation of Henry's law constants v4.0 (converted by CalebBell/thermo)",
    url: THERMO,
    license: 'CC-BY-3.0 / MIT',
  },
  'thermo-pr-henry': { db: 'Henry constants from a volume-translated Peng-Robinson EOS (CalebBell/thermo)', url: `${THERMO}/PRTranslated_best_henry_T_dep.json`, license: 'MIT' },
  eppr78: { db: 'E-PPR78 group-contribution kij (CalebBell/thermo)', url: `${THERMO}/eppr78_common.json`, license: 'MIT' },
  'mixture-compositions': { db: 'Named mixture compositions (CalebBell/chemicals)', url: `${CHEMICALS}/Identifiers/Mixtures%20Compositions.tsv`, license: 'MIT' },
};

