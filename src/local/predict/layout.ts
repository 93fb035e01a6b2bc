// The layout of the model family's feature vector (features.ts computes it): its blocks, names and offsets. A module
// of its own, free of the chemistry, so that the thread that walks the model trees (ml.ts, pool.ts) can check model
// files against it without loading OpenChemLib (~60 ms of that thread's start).
import { CRIPPEN_TYPES } from './crippen-table.js';
import { JOBACK_GROUPS } from './joback-table.js';

/** Bumped whenever the layout or a definition changes: model files name the version they were trained on. */
export const FEATURES_VERSION = 3;

export const ELEMENTS: readonly [string, number][] = [['C', 6], ['H', 1], ['N', 7], ['O', 8], ['F', 9], ['Cl', 17], ['Br', 35], ['I', 53], ['S', 16], ['P', 15], ['Si', 14], ['B', 5]];
const GRAPH = ['rings', 'aromatic_atoms', 'ring_atoms', 'charged_atoms', 'net_charge', 'single_bonds', 'double_bonds', 'triple_bonds', 'aromatic_bonds', 'rotatable_bonds', 'hbond_donors', 'hbond_acceptors', 'fragments', 'degree1', 'degree2', 'degree3', 'degree4', 'csp3', 'halogens'];
export const JOBACK_ESTIMATES = ['tb', 'tf', 'tc', 'pc_bar', 'vc_cm3', 'hf', 'gf', 'hvap', 'hfus', 'af_lee_kesler', 'log10ws_gse'] as const;
/** The Crippen atom types, in table order. */
export const CRIPPEN_TYPE_NAMES: readonly string[] = [...new Set(CRIPPEN_TYPES.map((row) => row.type))];
export const MORGAN_BITS = 1024;

/** Feature names in vector order (the trainer's column names). */
export const FEATURE_NAMES: readonly string[] = [
  'mw', 'atoms', 'heavy_atoms',
  ...ELEMENTS.map(([s]) => `n_${s}`), 'n_other',
  ...GRAPH,
  'joback_complete', ...JOBACK_GROUPS.map((g) => `joback_${g.key}`), ...JOBACK_ESTIMATES.map((k) => `joback_est_${k}`),
  ...CRIPPEN_TYPE_NAMES.map((k) => `crippen_${k}`), 'crippen_logp', 'crippen_mr',
  'mcgowan_vx',
  ...Array.from({ length: MORGAN_BITS }, (_, i) => `env_${i}`),
];

/** Where each block starts. */
export const O_ELEMENTS = 3;
export const O_GRAPH = O_ELEMENTS + ELEMENTS.length + 1;
export const O_JOBACK = O_GRAPH + GRAPH.length;
export const O_JOBACK_EST = O_JOBACK + 1 + JOBACK_GROUPS.length;
export const O_CRIPPEN = O_JOBACK_EST + JOBACK_ESTIMATES.length;
export const O_MCGOWAN = O_CRIPPEN + CRIPPEN_TYPE_NAMES.length + 2;
export const O_MORGAN = O_MCGOWAN + 1;
