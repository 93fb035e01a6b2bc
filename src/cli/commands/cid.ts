// chem cid ID: the full compound record (spec 2.1, GET /cid/{id}) — an identifier block, then one
// row per value with its unit, source, reference, temperature and outlier/calculated marks.
import { Command } from 'commander';
import { plainSymbol, property } from '../../api/properties.js';
import type { Compound, CompoundResponse, DataPoint } from '../../api/types.js';
import { usageError } from '../../api/errors.js';
import { action, type Deps } from '../command.js';
import type { Context } from '../context.js';
import { readLines, runBatch } from '../batch.js';
import { printResult, type Render, type View } from '../output.js';
import { examples } from '../help.js';

const ID_FIELDS = ['id', 'compound', 'cas', 'type', 'formula', 'mw', 'smiles', 'inchi', 'inchikey'] as const;

/** Value rows of a record: fixed properties first, then T-dependent ones, each in the record's order (recommended first). */
function valueRows(c: Compound, out: Render, refs: Map<string, string>): string[][] {
  const rows: string[][] = [];
  for (const map of [c.fixed_props ?? {}, c.tpdep_props ?? {}]) {
    for (const [key, points] of Object.entries(map)) {
      const def = property(key);
      const v = (x: number) => out.convert(def?.unit, x);
      for (const p of points as DataPoint[]) {
        const value = out.number(v(p.v)) + (p.e !== undefined ? ` ± ${out.number(v(p.v + p.e) - v(p.v))}` : '');
        const t = p.t === undefined ? '' : out.number(out.convert('K', p.t));
        const marks = [p.o ? out.warn('outlier') : '', p.calc ? 'calc' : ''].filter(Boolean).join(' ');
        // The source's own reference is in the footer; a row shows only a reference of its own.
        const ref = p.r && p.r !== refs.get(p.s) ? p.r : '';
        rows.push([def ? `${key} ${plainSymbol(def)}` : key, value, out.unit(def?.unit), t, p.s, ref, marks]);
      }
    }
  }
  return rows;
}

/** The reference most points of each source carry (shown once in the footer). */
function sourceRefs(c: Compound): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const map of [c.fixed_props ?? {}, c.tpdep_props ?? {}]) {
    for (const p of Object.values(map).flat() as DataPoint[]) {
      if (!p.r) continue;
      const m = counts.get(p.s) ?? counts.set(p.s, new Map()).get(p.s)!;
      m.set(p.r, (m.get(p.r) ?? 0) + 1);
    }
  }
  return new Map([...counts].map(([s, m]) => [s, [...m].sort((a, b) => b[1] - a[1])[0]![0]]));
}

export const compoundView: View<CompoundResponse> = {
  columns: ID_FIELDS.map((key) => ({ key })),
  rows: ({ comp }) => [Object.fromEntries(ID_FIELDS.map((k) => [k, comp[k] as string | number | undefined]))],
  table: ({ comp }, out) => {
    const ids = ID_FIELDS.filter((k) => comp[k] !== undefined && comp[k] !== '').map((k) => [k, String(comp[k])]);
    if (comp.other_names?.length) ids.push(['other names', comp.other_names.slice(0, 8).join('; ') + (comp.other_names.length > 8 ? ` (+${comp.other_names.length - 8})` : '')]);
    if (comp.has_outliers) ids.push(['outliers', out.warn('yes (marked below)')]);
    let text = out.table(['field', 'value'], ids);
    const refs = sourceRefs(comp);
    const rows = valueRows(comp, out, refs);
    if (rows.length) text += out.table(['property', 'value', 'unit', `T (${out.unit('K')})`, 'source', 'reference', ''], rows);
    const src = Object.entries(comp.src ?? {}).map(([k, s]) => `  ${k}: ${s.db}${refs.get(k) ? `; ${refs.get(k)}` : ''}${s.license ? ` (${s.license})` : ''}`);
    if (src.length) text += `sources:\n${src.join('\n')}\n`;
    return text;
  },
};

export function cidCommand(deps: Deps): Command {
  return new Command('cid')
    .description('show a compound record: identifiers and every value with its source, reference and outlier mark')
    .argument('[id]', 'compound id (as shown by chem search), or - to read one per line from stdin')
    .addHelpText('after', examples('chem cid 27-471-9', 'chem cid 27-471-9 --json', 'chem search ethanol --fields id | chem cid - --format csv'))
    .action(action(deps, (ctx, args) => runCid(ctx, args)));
}

export async function runCid(ctx: Context, args: string[]): Promise<number> {
  const [id] = args;
  if (!id) throw usageError('usage: chem cid ID (see chem cid --help)');
  const backend = await ctx.backend();
  if (id === '-') return runBatch(ctx, readLines(ctx.io.stdin), (v) => backend.compound(v), compoundView, { concurrency: 1 });
  await printResult(ctx, compoundView, await backend.compound(id));
  return 0;
}
