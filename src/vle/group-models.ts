// The group-contribution activity models of a pair (or more) of compounds from their structures: original UNIFAC,
// modified UNIFAC (Dortmund), each with its published table or its 2.0 table, and UNIFAC-LLE. The tables are
// mixture records of kind `groups` (local/store/import/mixtures-unifac.ts), read once per backend.
// The 2.0 rule: a mixture whose main-group pairs are not all in the published table is computed wholly with the
// 2.0 table of the same model, and the answer says so; a table is never completed with zeros.
import { notFound } from '../api/errors.js';
import { mixtureIdFor } from '../api/ids.js';
import type { Compound } from '../api/types.js';
import type { Backend } from '../api/backend.js';
import { groupsOfSmiles, subgroups, type GroupCounts, type GroupModel } from '../chem/unifac-groups.js';
import { LLE_MAIN } from '../chem/unifac-subgroups.js';
import { RECORD_MODEL as GROUP_MODEL_NAME, type GroupModelName } from './activity.js';
import type { Activity } from './activity-models.js';
import { missingInteractions, unifac, type GroupParams, type InteractionTable } from './unifac.js';


/** The subgroups each model assigns, and its 2.0 table (none for UNIFAC-LLE). */
const SUBGROUPS: Record<GroupModelName, GroupModel> = { dortmund: 'dortmund', 'dortmund-2.0': 'dortmund', unifac: 'unifac', 'unifac-2.0': 'unifac', 'unifac-lle': 'unifac' };
const TWO: Partial<Record<GroupModelName, GroupModelName>> = { dortmund: 'dortmund-2.0', unifac: 'unifac-2.0' };

const tables = new WeakMap<Backend, Map<GroupModelName, Promise<InteractionTable>>>();

/** The interaction table of a model, from its record (`a_m_n`, `b_m_n`, `c_m_n`). */
export function groupTable(backend: Backend, name: GroupModelName): Promise<InteractionTable> {
  let m = tables.get(backend);
  if (!m) tables.set(backend, (m = new Map()));
  let t = m.get(name);
  if (!t) {
    t = backend.mixture(mixtureIdFor(`groups:${name}`)).then(
      ({ mix }) => {
        const params = mix.params[0]?.params ?? {};
        const abc = new Map<string, [number, number, number]>();
        for (const [k, v] of Object.entries(params)) {
          const [p, a, b] = k.split('_');
          if (p !== 'a') continue;
          abc.set(`${a} ${b}`, [v, params[`b_${a}_${b}`] ?? 0, params[`c_${a}_${b}`] ?? 0]);
        }
        return { name: GROUP_MODEL_NAME[name], abc };
      },
      () => {
        m.delete(name);
        throw notFound(`the database holds no ${GROUP_MODEL_NAME[name]} interaction table: rebuild it (chem db build) for UNIFAC`);
      },
    );
    m.set(name, t);
  }
  return t;
}

/** A compound's subgroups in a model (its structure), or a 404 naming the atoms no subgroup covers. */
export function compoundGroups(c: Compound, model: GroupModel): GroupCounts {
  if (!c.smiles) throw notFound(`${c.compound} (${c.id}) has no structure: UNIFAC needs its groups`);
  return groupsOfSmiles(c.smiles, model, `${c.compound} (${c.id})`);
}

export interface GroupActivity {
  /** The model name of the table used (a published model falls back to its 2.0 name). */
  model: GroupModelName;
  activity: Activity;
  /** Why the table is not the one asked for. */
  notes: string[];
  groups: GroupCounts[];
}

/** The subgroup parameters a model computes with (UNIFAC-LLE: the original R and Q, its own main groups). */
function params(name: GroupModelName): (id: number) => GroupParams {
  const sub = subgroups(SUBGROUPS[name]);
  if (name !== 'unifac-lle') return (id) => sub.get(id)!;
  return (id) => ({ ...sub.get(id)!, main: LLE_MAIN.get(id)! });
}

/**
 * The activity model `name` of the compounds: their groups, its table, else (2.0 rule) the 2.0 table of the same
 * model with a notice. 404 when a structure has atoms no subgroup covers or no table holds the pairs.
 */
export async function groupActivity(backend: Backend, comps: readonly Compound[], name: GroupModelName): Promise<GroupActivity> {
  const groups = comps.map((c) => compoundGroups(c, SUBGROUPS[name]));
  const p = params(name);
  if (name === 'unifac-lle') {
    const none = [...new Set(groups.flatMap((g) => [...g.keys()]))].filter((id) => !LLE_MAIN.has(id));
    if (none.length) throw notFound(`UNIFAC-LLE has no main group for subgroup${none.length > 1 ? 's' : ''} ${none.map((id) => `${id} (${subgroups('unifac').get(id)!.name})`).join(', ')}; use --model unifac or dortmund`);
  }
  const mains = groups.flatMap((g) => [...g.keys()].map((id) => p(id).main));
  const table = await groupTable(backend, name);
  const missing = missingInteractions(mains, table);
  const notes: string[] = [];
  let used = name;
  let t = table;
  if (missing.length) {
    const two = TWO[name];
    const pairs = missing.map((m) => m.join('/')).join(', ');
    if (!two) throw notFound(`${table.name} has no interaction parameters for main groups ${pairs} of ${comps.map((c) => c.compound).join(' / ')}`);
    t = await groupTable(backend, two);
    const still = missingInteractions(mains, t);
    if (still.length) throw notFound(`neither ${table.name} nor ${t.name} has interaction parameters for main groups ${still.map((m) => m.join('/')).join(', ')}`);
    used = two;
    notes.push(`${table.name}'s published table has no parameters for main groups ${pairs}: the mixture is computed wholly with the ${t.name} table (matrix-completed)`);
  }
  const activity = unifac(groups, (id) => p(id), t, SUBGROUPS[used] === 'dortmund' ? 'dortmund' : 'original');
  return { model: used, activity, notes, groups };
}

/** The group rule where no fitted set answers: modified UNIFAC (Dortmund, with the 2.0 rule), else original UNIFAC, said in a notice. */
export async function groupRule(backend: Backend, comps: readonly Compound[]): Promise<GroupActivity> {
  let why: string;
  try {
    return await groupActivity(backend, comps, 'dortmund');
  } catch (e) {
    why = (e as Error).message;
  }
  const g = await groupActivity(backend, comps, 'unifac');
  g.notes.unshift(`modified UNIFAC (Dortmund) cannot answer (${why}): original UNIFAC instead`);
  return g;
}
