// chem mid MID: one mixture record (GET /mid/{mid}): its components, then its parameter sets with
// the temperature they apply at or their range, then the equation form of each model.
import { Command } from 'commander';
import { checkMixtureIdForm } from '../../api/ids.js';
import { usageError } from '../../api/errors.js';
import type { Mixture, MixtureResponse, ParameterSet } from '../../api/types.js';
import { action, type Deps } from '../command.js';
import type { Context } from '../context.js';
import { printResult, type Column, type Row, type View } from '../output.js';
import { examples } from '../help.js';

// Table columns no row fills are left out (optional).
const COMPONENT_COLUMNS: Column[] = [
  { key: 'cid' },
  { key: 'name', fit: 'truncate' },
  { key: 'cas', optional: true },
  { key: 'role', optional: true },
  { key: 'x', header: 'x (mol/mol)', optional: true },
  { key: 'w', header: 'w (kg/kg)', optional: true },
];
const SET_COLUMNS: Column[] = [
  { key: 'model' },
  { key: 'params', header: 'parameters' },
  { key: 'direction', optional: true, fit: 'truncate' },
  { key: 't', header: 'T', unit: 'K', optional: true },
  { key: 'tmin', header: 'Tmin', unit: 'K', optional: true },
  { key: 'source' },
  { key: 'calc', optional: true },
  { key: 'r', header: 'reference' },
];

function nameOf(mix: Mixture, cid: string | undefined): string {
  return mix.components.find((c) => c.cid === cid)?.name ?? cid ?? '';
}

function setRow(mix: Mixture, p: ParameterSet): Row {
  const params = Object.entries(p.params)
    .map(([k, v]) => `${k} = ${Number(v.toPrecision(6))}${p.units[k] ? ` ${p.units[k]}` : ''}`)
    .join('\n');
  return {
    model: p.model,
    params,
    direction: p.solute ? `${nameOf(mix, p.solute)} in ${nameOf(mix, p.solvent)}` : undefined,
    t: p.t,
    tmin: p.tmin,
    source: p.s,
    calc: p.calc ? 'calc' : undefined,
    r: p.r,
  };
}

export const mixtureView: View<MixtureResponse> = {
  columns: [{ key: 'id' }, ...SET_COLUMNS],
  // Flat rows (CSV, NDJSON with --fields): one per parameter set, or per component for a blend.
  rows: ({ mix }) =>
    mix.params.length
      ? mix.params.map((p) => ({ id: mix.id, ...setRow(mix, p), params: Object.entries(p.params).map(([k, v]) => `${k}=${v}`).join(';') }))
      : mix.components.map((c) => ({ id: mix.id, model: 'composition', params: `${c.name}: x=${c.x ?? ''};w=${c.w ?? ''}`, source: mix.s, r: mix.r })),
  table: ({ mix }, out) => {
    let text = `${mix.name}  (${mix.kind}, ${mix.id})\n`;
    if (mix.other_names?.length) text += `also: ${mix.other_names.join(', ')}\n`;
    const comps: Row[] = mix.components.map((c) => ({ cid: c.cid, name: c.name, cas: c.cas, role: c.role, x: c.x, w: c.w }));
    text += out.rows(COMPONENT_COLUMNS, comps);
    if (mix.kind === 'composition') text += `source: ${mix.s ?? ''}${mix.r ? ` (${mix.r})` : ''}\n`;
    if (mix.params.length) {
      text += out.rows(SET_COLUMNS.filter((c) => c.key !== 'r'), mix.params.map((p) => setRow(mix, p)));
      const forms = new Map(mix.params.map((p) => [p.model, p.form]));
      text += out.table(['model', { header: 'equation', fit: 'wrap' }], [...forms]);
      const refs = new Map(mix.params.map((p) => [p.s, mix.src[p.s]?.db ?? '']));
      text += out.table(['source', { header: '', fit: 'wrap' }], [...refs]);
    }
    return text;
  },
};

export function midCommand(deps: Deps): Command {
  return new Command('mid')
    .description('show one mixture: components, parameter sets (NRTL, UNIQUAC, Wilson, PR kij, Henry) and their equation forms')
    .argument('[mid]', 'mixture id (as listed by chem mixtures; ends in a letter)')
    .addHelpText('after', examples('chem mid 12-345-c', 'chem mid 12-345-c --json'))
    .action(action(deps, (ctx, [mid]) => runMid(ctx, { mid: mid?.trim() })));
}

export async function runMid(ctx: Context, { mid }: { mid?: string }): Promise<number> {
  if (!mid) throw usageError('usage: chem mid MID (see chem mid --help)');
  checkMixtureIdForm(mid);
  const backend = await ctx.backend();
  await printResult(ctx, mixtureView, await backend.mixture(mid));
  return 0;
}
