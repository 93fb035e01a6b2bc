// chem's UNIFAC from the structure against CalebBell/thermo (2bb466e9) on 16 random pairs of compounds DDBST
// assigned (8 original, 8 Dortmund), each at 300 and 350 K and a random x1: test/fixtures/vle/unifac-thermo.tsv.
// How the fixture was made (Debian python with thermo on PYTHONPATH): random pairs (seed 46) of the compounds of
// thermo's "DDBST UNIFAC assignments.tsv" whose InChIKey has a SMILES in the mirror's identifier tables, with
// DDBST's groups; the table is the published one (thermo's UFIP / DOUFIP2016) where it holds every main-group
// pair of the mixture, else the 2.0 one (UF2IP / DOUF2IP), and
//   UNIFAC.from_subgroups(T, [x1, 1 - x1], chemgroups=[g1, g2], subgroups=UFSG|DOUFSG, interaction_data=table,
//                         version=0|1).gammas()
// chem takes its own groups from the SMILES and the same table from the data mirror: γ within 0.5 %. Skipped
// without the mirror (the tables are not in the repository).
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { groupsOfSmiles, subgroups, type GroupModel } from '../../src/chem/unifac-groups.js';
import { Tally } from '../../src/local/store/import/context.js';
import { GROUP_TABLES, parseGroupTable, PHASE_CHANGE } from '../../src/local/store/import/mixtures-unifac.js';
import { unifac, type InteractionTable } from '../../src/vle/unifac.js';

const DATA = [process.env.CHEM_DATA_DIR, '/work/shared/data'].find((d) => d && existsSync(`${d}/${PHASE_CHANGE}`));
const FIXTURE = readFileSync(new URL('../fixtures/vle/unifac-thermo.tsv', import.meta.url), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));

/** A table as chem stores it (the importer's record), read back as the model reads it. */
function table(key: string): InteractionTable {
  const def = GROUP_TABLES.find((d) => d.key === key)!;
  const params = parseGroupTable(def, readFileSync(`${DATA}/${PHASE_CHANGE}/${def.file}`, 'utf8'), new Tally(def.file, 't')).params[0]!.params;
  const abc = new Map<string, [number, number, number]>();
  for (const [k, v] of Object.entries(params)) {
    const [p, m, n] = k.split('_');
    if (p === 'a') abc.set(`${m} ${n}`, [v, params[`b_${m}_${n}`] ?? 0, params[`c_${m}_${n}`] ?? 0]);
  }
  return { name: key, abc };
}

describe.skipIf(!DATA)('UNIFAC from the structure = thermo with DDBST groups', () => {
  const tables = DATA ? Object.fromEntries(GROUP_TABLES.map((d) => [d.key, table(d.key)])) : {};
  it.each(FIXTURE)('%s %s: %s / %s at %s K', (model, tab, a, b, t, x, g1, g2) => {
    const m = model as GroupModel;
    const sub = subgroups(m);
    const key = tab === 'published' ? m : `${m}-2.0`;
    const f = unifac([groupsOfSmiles(a!, m, a!), groupsOfSmiles(b!, m, b!)], (id) => sub.get(id)!, tables[key]!, m === 'dortmund' ? 'dortmund' : 'original');
    const [c1, c2] = f([Number(x), 1 - Number(x)], Number(t)).map(Math.exp);
    expect(Math.abs(c1! / Number(g1) - 1)).toBeLessThan(0.005);
    expect(Math.abs(c2! / Number(g2) - 1)).toBeLessThan(0.005);
  });
});
