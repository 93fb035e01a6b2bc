// chem cid ID: the full compound record (spec 2.1, GET /cid/{id}). Its table is the identifier block,
// then a summary (one row per property: the recommended value, its source and marks, how many more
// points and sources; for a T-dependent property the value nearest 298.15 K and the range covered),
// then the sources; --points shows every point instead. JSON, NDJSON and CSV are the same either way.
import { Command, Option } from 'commander';
import { plainSymbol, property } from '../../api/properties.js';
import type { Compound, CompoundResponse, DataPoint } from '../../api/types.js';
import { propertyKeys } from '../arguments.js';
import { usageError } from '../../api/errors.js';
import { compoundRecord, nearRoomTemperature, T298 } from '../../answers/record.js';
import { median, pointText } from '../../api/precision.js';
import { action, type Deps } from '../command.js';
import type { Context } from '../context.js';
import { readLines, runBatch } from '../batch.js';
import { formatOf, printResult, type Render, type View } from '../output.js';
import { examples } from '../help.js';

/** A column a narrow terminal may drop. */
const opt = (header: string) => ({ header, optional: true });

const ID_FIELDS = ['id', 'compound', 'cas', 'type', 'formula', 'mw', 'smiles', 'inchi', 'inchikey'] as const;

/**
 * Value rows of one property map in the record's order (recommended first). A property's key,
 * symbol and unit stand on its first row only.
 */
function valueRows(map: Record<string, DataPoint[]>, out: Render, refs: Map<string, string>): string[][] {
  const rows: string[][] = [];
  for (const [key, points] of Object.entries(map)) {
    const def = property(key);
    points.forEach((p, i) => {
      const value = pointText(p, out.conversion(def?.unit), out.number);
      const t = p.t === undefined ? '' : out.number(out.temperature(p.t));
      const marks = marksOf(p, out);
      // The source's own reference is in the footer; a row shows only a reference of its own.
      const ref = p.r && p.r !== refs.get(p.s) ? p.r : '';
      const label = i ? '' : labelOf(key);
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

/** The identifier block of a record's table. */
function identifierTable(comp: Compound, out: Render, points: boolean): string {
  const ids = ID_FIELDS.filter((k) => comp[k] !== undefined && comp[k] !== '').map((k) => [k, String(comp[k])]);
  if (comp.other_names?.length) ids.push(['other names', comp.other_names.slice(0, 8).join('; ') + (comp.other_names.length > 8 ? ` (+${comp.other_names.length - 8})` : '')]);
  if (comp.structure_name) ids.push(['structure', `read from the name "${comp.structure_name}" by OPSIN (no source gives one)`]);
  if (comp.has_outliers) ids.push(['outliers', out.warn(points ? 'yes (marked below)' : 'yes (--points marks them)')]);
  return out.table(['', { header: '', fit: 'wrap' }], ids);
}

/** The sources' footer: key, database, the reference most points carry, licence. */
function sourceTable(comp: Compound, out: Render, refs: Map<string, string>, fit: 'wrap' | 'truncate'): string {
  const src = Object.entries(comp.src ?? {}).map(([k, s]) => [k, `${s.db}${refs.get(k) ? `; ${refs.get(k)}` : ''}${s.license ? ` (${s.license})` : ''}`]);
  return src.length ? out.table(['source', { header: '', fit }], src) : '';
}

const marksOf = (p: DataPoint, out: Render) => [p.o ? out.warn('outlier') : '', p.calc ? 'calc' : ''].filter(Boolean).join(' ');
const labelOf = (key: string) => {
  const def = property(key);
  return def ? `${key} ${plainSymbol(def)}` : key;
};

/** How many points and sources a property has, for the summary's `points` and `sources` columns. */
const counts = (points: DataPoint[]) => [String(points.length), String(new Set(points.map((p) => p.s)).size)];

/** The median of the measured values that are no outliers (what search rows show), when there are two or more. */
function measuredMedian(points: DataPoint[]): number | undefined {
  const vs = points.filter((p) => !p.calc && !p.o).map((p) => p.v);
  return vs.length > 1 ? median(vs) : undefined;
}

/**
 * The summary of a record (its terminal table): one row per property with the recommended value (the
 * first point), unit, source and marks, the median of the measured values (as search rows show it),
 * and how many points and sources there are; for a T-dependent property the value nearest 298.15 K
 * (its T beside it when another) and the range covered.
 */
function summaryTables(comp: Compound, out: Render, refs: Map<string, string>): string {
  let text = '';
  const fixed = Object.entries((comp.fixed_props ?? {}) as Record<string, DataPoint[]>).filter(([, ps]) => ps.length);
  const fixedRows = fixed.map(([key, ps]) => {
    const def = property(key);
    const p = ps[0]!;
    const med = measuredMedian(ps);
    return [key, pointText(p, out.conversion(def?.unit), out.number), out.unit(def?.unit), p.s, marksOf(p, out), med === undefined ? '' : out.number(out.convert(def?.unit, med)), ...counts(ps)];
  });
  // The key alone names a property (the symbol is in --points): on a narrow terminal source keys give way, never a number.
  const source = { header: 'source', fit: 'truncate' as const };
  if (fixedRows.length) text += out.table(['property', 'value', opt('unit'), source, opt(''), opt('median'), 'points', 'sources'], fixedRows);
  const tdep = Object.entries((comp.tpdep_props ?? {}) as Record<string, DataPoint[]>).filter(([, ps]) => ps.length);
  const room = out.number(out.temperature(T298));
  const tUnit = out.unit('K');
  const tRows = tdep.map(([key, ps]) => {
    const def = property(key);
    const p = nearRoomTemperature(ps);
    const ts = ps.map((q) => q.t ?? NaN).filter(Number.isFinite);
    const [lo, hi] = [Math.min(...ts), Math.max(...ts)].map((t) => out.number(out.temperature(t)));
    const at = out.number(out.temperature(p.t ?? NaN));
    const value = pointText(p, out.conversion(def?.unit), out.number) + (at === room ? '' : ` (${at} ${tUnit})`);
    return [key, value, out.unit(def?.unit), lo === hi ? lo : `${lo}–${hi}`, p.s, marksOf(p, out), ...counts(ps)];
  });
  if (tRows.length) text += out.table(['property', `at ${room} ${tUnit}`, opt('unit'), `range (${tUnit})`, source, opt(''), 'points', 'sources'], tRows);
  return text + sourceTable(comp, out, refs, 'truncate');
}

/** Every point of a record, as `--points` shows them: fixed and T-dependent properties in tables of their own. */
function pointTables(comp: Compound, out: Render, refs: Map<string, string>): string {
  let text = '';
  const columns = (first: string) => [first, 'value', opt('unit'), opt(`T (${out.unit('K')})`), 'source', opt(''), { header: 'reference', fit: 'truncate' as const, optional: true }];
  for (const [title, map] of [['property', comp.fixed_props], ['T-dependent', comp.tpdep_props]] as const) {
    const rows = valueRows((map ?? {}) as Record<string, DataPoint[]>, out, refs);
    if (rows.length) text += out.table(columns(title), rows);
  }
  return text + sourceTable(comp, out, refs, 'wrap');
}

/** A record: the identifiers, then a summary of its properties, or (`points`) every point. */
export function compoundView(points = false): View<CompoundResponse> {
  return {
    columns: ID_FIELDS.map((key) => ({ key })),
    rows: ({ comp }) => [Object.fromEntries(ID_FIELDS.map((k) => [k, comp[k] as string | number | undefined]))],
    table: ({ comp }, out) => {
      const refs = sourceRefs(comp);
      return identifierTable(comp, out, points) + (points ? pointTables(comp, out, refs) : summaryTables(comp, out, refs));
    },
  };
}

export function cidCommand(deps: Deps): Command {
  return new Command('cid')
    .description('show a compound record: identifiers, then each property\'s recommended value with its source and how many more there are (--points: every value)')
    .argument('[compound]', 'compound id (as shown by chem search), CAS number, InChIKey, SMILES or name, or - to read one per line from stdin')
    .option('--points', 'tables: every point of every property with its source, reference and marks, instead of the summary')
    .addOption(new Option('--prop <keys>', 'only these properties (comma-separated keys, e.g. tb,pvap) and their sources, without the drawing and molfiles').argParser(propertyKeys))
    .addHelpText('after', examples('chem cid 27-471-9', 'chem cid ethanol', 'chem cid 64-17-5', 'chem cid 27-471-9 --points', 'chem cid 27-471-9 --json', 'chem cid ethanol --prop tb,pvap --json', 'chem search ethanol --fields id | chem cid - --format csv'))
    // an id taken from a CSV row by a shell ($(… | tail -1)) keeps the row's CR: ids hold no whitespace
    .action(action(deps, (ctx, [id], opts: { points?: boolean; prop?: string[] }) => runCid(ctx, { id: id?.trim(), points: !!opts.points, props: opts.prop })));
}

async function runCid(ctx: Context, { id, points, props }: { id?: string; points: boolean; props?: string[] }): Promise<number> {
  if (!id) throw usageError('usage: chem cid COMPOUND (see chem cid --help)');
  const backend = await ctx.backend();
  const view = compoundView(points);
  // Whole JSON documents carry every field; tables and rows (NDJSON with --fields) show none of the structure files.
  const files = (kind: 'single' | 'batch') => formatOf(ctx, kind) === 'json' || (formatOf(ctx, kind) === 'ndjson' && !ctx.fields);
  const onNotice = (m: string) => ctx.notice(m);
  const record = (word: string, kind: 'single' | 'batch') => compoundRecord(backend, word, { props, files: files(kind), onNotice });
  if (id === '-') return runBatch(ctx, readLines(ctx.io.stdin), (v) => record(v, 'batch'), view, { concurrency: 1 });
  const res = await record(id, 'single');
  // An old id (of a record merged into another, id_aliases) answers with the record it is now, and says so.
  if (res.comp.id !== id && res.comp.notices?.[0]) ctx.notice(res.comp.notices[0]);
  await printResult(ctx, view, res);
  return 0;
}
