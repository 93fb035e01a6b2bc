// chem cid ID: the full compound record (spec 2.1, GET /cid/{id}) — an identifier block, then one
// row per value with its unit, source, reference, temperature and outlier/calculated marks.
import { Command } from 'commander';
import { plainSymbol, property } from '../../api/properties.js';
import type { Compound, CompoundResponse, DataPoint } from '../../api/types.js';
import { usageError } from '../../api/errors.js';
import { action, type Deps } from '../command.js';
import type { Context } from '../context.js';
import { readLines, runBatch } from '../batch.js';
import { formatOf, printResult, type Render, type View } from '../output.js';
import { examples } from '../help.js';

const ID_FIELDS = ['id', 'compound', 'cas', 'type', 'formula', 'mw', 'smiles', 'inchi', 'inchikey'] as const;

/** Uncertainties in tables: 3 significant digits are enough to judge a value. */
const uncertainty = (e: number) => String(Number(e.toPrecision(3)));

/**
 * Value rows of one property map in the record's order (recommended first). A property's key,
 * symbol and unit stand on its first row only.
 */
function valueRows(map: Record<string, DataPoint[]>, out: Render, refs: Map<string, string>): string[][] {
  const rows: string[][] = [];
  for (const [key, points] of Object.entries(map)) {
    const def = property(key);
    const v = (x: number) => out.convert(def?.unit, x);
    points.forEach((p, i) => {
      const value = out.number(v(p.v)) + (p.e !== undefined ? ` ± ${uncertainty(v(p.v + p.e) - v(p.v))}` : '');
      const t = p.t === undefined ? '' : out.number(out.convert('K', p.t));
      const marks = [p.o ? out.warn('outlier') : '', p.calc ? 'calc' : ''].filter(Boolean).join(' ');
      // The source's own reference is in the footer; a row shows only a reference of its own.
      const ref = p.r && p.r !== refs.get(p.s) ? p.r : '';
      const label = i ? '' : def ? `${key} ${plainSymbol(def)}` : key;
      rows.push([label, value, i ? '' : out.unit(def?.unit), t, p.s, marks, ref]);
    });
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
    if (comp.structure_name) ids.push(['structure', `read from the name "${comp.structure_name}" by OPSIN (no source gives one)`]);
    if (comp.has_outliers) ids.push(['outliers', out.warn('yes (marked below)')]);
    let text = out.table(['', { header: '', fit: 'wrap' }], ids);
    const refs = sourceRefs(comp);
    // Fixed and T-dependent properties in tables of their own: only the second has a T column.
    const opt = (header: string) => ({ header, optional: true });
    const columns = (first: string) => [first, 'value', opt('unit'), opt(`T (${out.unit('K')})`), 'source', opt(''), { header: 'reference', fit: 'truncate' as const, optional: true }];
    for (const [title, map] of [['property', comp.fixed_props], ['T-dependent', comp.tpdep_props]] as const) {
      const rows = valueRows((map ?? {}) as Record<string, DataPoint[]>, out, refs);
      if (rows.length) text += out.table(columns(title), rows);
    }
    const src = Object.entries(comp.src ?? {}).map(([k, s]) => [k, `${s.db}${refs.get(k) ? `; ${refs.get(k)}` : ''}${s.license ? ` (${s.license})` : ''}`]);
    if (src.length) text += out.table(['source', { header: '', fit: 'wrap' }], src);
    return text;
  },
};

export function cidCommand(deps: Deps): Command {
  return new Command('cid')
    .description('show a compound record: identifiers and every value with its source, reference and outlier mark')
    .argument('[id]', 'compound id (as shown by chem search), or - to read one per line from stdin')
    .addHelpText('after', examples('chem cid 27-471-9', 'chem cid 27-471-9 --json', 'chem search ethanol --fields id | chem cid - --format csv'))
    // an id taken from a CSV row by a shell ($(… | tail -1)) keeps the row's CR: ids hold no whitespace
    .action(action(deps, (ctx, [id]) => runCid(ctx, { id: id?.trim() })));
}

async function runCid(ctx: Context, { id }: { id?: string }): Promise<number> {
  if (!id) throw usageError('usage: chem cid ID (see chem cid --help)');
  const backend = await ctx.backend();
  // Whole JSON documents carry every field; tables and rows (NDJSON with --fields) show none of the structure files.
  const files = (kind: 'single' | 'batch') => formatOf(ctx, kind) === 'json' || (formatOf(ctx, kind) === 'ndjson' && !ctx.fields);
  if (id === '-') return runBatch(ctx, readLines(ctx.io.stdin), (v) => backend.compound(v, { files: files('batch') }), compoundView, { concurrency: 1 });
  const res = await backend.compound(id, { files: files('single') });
  // An old id (of a record merged into another, id_aliases) answers with the record it is now, and says so.
  if (res.comp.id !== id && res.comp.notices?.[0]) ctx.notice(res.comp.notices[0]);
  await printResult(ctx, compoundView, res);
  return 0;
}
