// The UNIFAC main-group interaction tables (thermo's `Phase Change/UNIFAC … interaction parameters.tsv`: m, n, a_mn
// and, for modified UNIFAC, b_mn and c_mn; tab-separated, no header), each stored as one mixture record of kind
// `groups` with no components: one parameter set whose params are `a_m_n` (K), `b_m_n` (−), `c_m_n` (1/K). The
// record's id is mixtureIdFor(`groups:<key>`), so chem vle finds a table through any backend (GET /mid/{mid}).
import { mixtureIdFor } from '../../../api/ids.js';
import type { Tally } from './context.js';
import type { StoredMixture } from './mixtures-models.js';

export const PHASE_CHANGE = 'thermo/thermo/Phase Change';

export interface GroupTableDef {
  /** The key of the record id, and of chem's model names (vle/unifac-tables.ts). */
  key: 'unifac' | 'unifac-2.0' | 'dortmund' | 'dortmund-2.0' | 'unifac-lle';
  file: string;
  /** The parameter set's model: also its name in answers. */
  model: string;
  r: string;
}

export const GROUP_TABLES: readonly GroupTableDef[] = [
  {
    key: 'unifac',
    file: 'UNIFAC original interaction parameters.tsv',
    model: 'UNIFAC',
    r: 'Hansen, Rasmussen, Fredenslund, Schiller & Gmehling, Ind. Eng. Chem. Res. 30 (1991) 2352, with later revisions published by DDBST',
  },
  {
    key: 'unifac-2.0',
    file: 'UNIFAC 2.0 interaction parameters.tsv',
    model: 'UNIFAC 2.0',
    r: 'Hayer, Wendel, Mandt, Hasse & Jirasek, Chem. Eng. J. 504 (2025) 158667, doi:10.1016/j.cej.2024.158667',
  },
  {
    key: 'dortmund',
    file: 'UNIFAC modified Dortmund interaction parameters.tsv',
    model: 'modified UNIFAC (Dortmund)',
    r: 'Constantinescu & Gmehling, J. Chem. Eng. Data 61 (2016) 2738, and earlier DDBST publications',
  },
  {
    key: 'dortmund-2.0',
    file: 'UNIFAC 2.0 Dortmund interaction parameters.tsv',
    model: 'modified UNIFAC (Dortmund) 2.0',
    r: 'Hayer, Hasse & Jirasek, Ind. Eng. Chem. Res. 64 (2025) 10304, doi:10.1021/acs.iecr.5c00077',
  },
  {
    key: 'unifac-lle',
    file: 'UNIFAC LLE interaction parameters.tsv',
    model: 'UNIFAC-LLE',
    r: 'Magnussen, Rasmussen & Fredenslund, Ind. Eng. Chem. Process Des. Dev. 20 (1981) 331',
  },
];

export const groupTableId = (key: string) => mixtureIdFor(`groups:${key}`);

/** The table's record: every row m, n, a[, b, c] of numbers; other rows are rejected in the tally. */
export function parseGroupTable(def: GroupTableDef, text: string, t: Tally): StoredMixture {
  const params: Record<string, number> = {};
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    t.row();
    const f = line.split('\t').map(Number);
    const [m, n] = f;
    if (f.length < 3 || !f.every(Number.isFinite) || !Number.isInteger(m) || !Number.isInteger(n)) {
      t.reject('not m, n, a[, b, c]');
      continue;
    }
    params[`a_${m}_${n}`] = f[2]!;
    if (f[3]) params[`b_${m}_${n}`] = f[3];
    if (f[4]) params[`c_${m}_${n}`] = f[4];
    t.used = true;
  }
  t.close();
  return {
    id: groupTableId(def.key),
    name: `${def.model} interaction parameters`,
    kind: 'groups',
    components: [],
    params: [{ model: def.model, params, s: 'thermo-unifac', r: def.r }],
  };
}
