// chem mixtures CID: the mixtures a compound takes part in (GET /cid/{cid}/mixtures), with the other
// components and the models of the parameter sets each holds.
import { Command } from 'commander';
import { resolveCompound } from '../../lookup/resolve.js';
import { usageError } from '../../api/errors.js';
import type { MixtureList, MixtureSummary } from '../../api/types.js';
import { action, type Deps } from '../command.js';
import type { Context } from '../context.js';
import { printResult, type Column, type Row, type View } from '../output.js';
import { examples } from '../help.js';

const COLUMNS: Column[] = [{ key: 'id' }, { key: 'with', fit: 'truncate' }, { key: 'kind' }, { key: 'models', fit: 'truncate' }, { key: 'name', fit: 'truncate' }];

function mixtureRow(m: MixtureSummary): Row {
  return { id: m.id, with: m.components.map((c) => c.name).join(', '), kind: m.kind, models: m.models.join(', '), name: m.name };
}

export const mixtureListView: View<MixtureList> = {
  columns: COLUMNS,
  rows: (r) => r.mixtures.map(mixtureRow),
  // The name repeats the compound asked for; the terminal table leaves it out (--fields name shows it).
  table: (r, out) => {
    const rows = r.mixtures.map(mixtureRow);
    return rows.length ? out.rows(COLUMNS.slice(0, 4), rows) : '';
  },
};

export function mixturesCommand(deps: Deps): Command {
  return new Command('mixtures')
    .description('list the mixtures a compound takes part in: binary pairs with interaction parameters or Henry constants, and named blends')
    .argument('[compound]', 'compound id (as given by chem search), CAS number, InChIKey, SMILES or name')
    .addHelpText('after', examples('chem mixtures 12-345-6', 'chem mixtures ethanol', 'chem mixtures 12-345-6 --json', 'chem mixtures 12-345-6 --format csv'))
    .action(action(deps, (ctx, [cid]) => runMixtures(ctx, { cid })));
}

export async function runMixtures(ctx: Context, { cid }: { cid?: string }): Promise<number> {
  if (!cid) throw usageError('usage: chem mixtures COMPOUND (see chem mixtures --help)');
  const backend = await ctx.backend();
  const list = await backend.mixtures(await resolveCompound(backend, cid, { onNotice: (m) => ctx.notice(m) }));
  await printResult(ctx, mixtureListView, list);
  if (ctx.format === 'table') ctx.notice(list.mixtures.length ? `${list.mixtures.length} mixture(s); chem mid ID shows one` : `no mixtures for ${cid}`);
  return 0;
}
