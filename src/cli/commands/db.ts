// chem db build|info|path|pull: the local database built from the open data tables.
import { Command, Option } from 'commander';
import { usageError } from '../../api/errors.js';
import { action, type Deps } from '../command.js';
import { printResult, type View } from '../output.js';
import { examples } from '../help.js';
import type { DbInfo } from '../../local/store/store.js';
import { build, pull, type BuildOpts, type PullOpts } from '../database.js';

const NO_INDEX = 'leave out the structure index of sub: and sim: searches (saves about 10 s; those queries then exit 6)';

const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
const reasons = (o: Record<string, number>) => Object.entries(o).map(([k, n]) => `${n} ${k}`).join('; ');

/** The rows and CSV columns `db build` and `db info` share: both print a DbInfo. */
const COLUMNS = ['path', 'size', 'built_at', 'build_seconds', 'compounds', 'type_c', 'type_s', 'named_structures', 'points'] as const;
const summary = {
  columns: COLUMNS.map((key) => ({ key })),
  rows: (i: DbInfo) => [Object.fromEntries(COLUMNS.map((k) => [k, i[k]]))],
};
const compoundsLine = (i: DbInfo) => `${i.compounds} (${i.type_c} with structure, ${i.type_s} without)`;
/** The records whose structure was read from a name (merge_stats.names), when the build used a table of names. */
const namesLine = ({ merge_stats: { names: n } }: DbInfo): string[][] =>
  n?.opsin ? [['structures from names', `${n.resolved} of ${n.named} named records without one (OPSIN ${n.opsin}; ${n.merged} merged into a record with a source structure)`]] : [];

const buildView: View<DbInfo> = {
  ...summary,
  table: (i, out) => {
    let text = out.table(['', { header: '', fit: 'wrap' }], [
      ['database', `${i.path} (${(i.size / 1e6).toFixed(1)} MB)`],
      ['build time', `${i.build_seconds} s (${Object.entries(i.build_phases).map(([k, v]) => `${k} ${v} s`).join(', ')})`],
      ['compounds', compoundsLine(i)],
      ['named structures', String(i.named_structures)],
      ...namesLine(i),
      ['data points', String(i.points)],
      ['rows rejected', String(i.files.reduce((a, f) => a + sum(f.rejected), 0))],
    ]);
    const bad = i.files.filter((f) => sum(f.rejected));
    if (bad.length) text += out.table(['file', 'rows', { header: 'rejected', fit: 'wrap' }], bad.map((f) => [f.file, String(f.rows), reasons(f.rejected)]));
    if (i.missing_files.length) text += `missing files (not imported): ${i.missing_files.join(', ')}\n`;
    return text;
  },
};

const infoView: View<DbInfo> = {
  ...summary,
  table: (i, out) => {
    let text = out.table(['', { header: '', fit: 'wrap' }], [
      ['database', i.path],
      ['size', `${(i.size / 1e6).toFixed(1)} MB`],
      ['built', `${new Date(i.built_at * 1000).toISOString()} in ${i.build_seconds} s from ${i.data_dir}${i.include_nc ? ' (with non-commercial data)' : ''}`],
      ['compounds', compoundsLine(i)],
      ['named structures', String(i.named_structures)],
      ...namesLine(i),
      ['data points', `${i.points} (${i.calculated_points} calculated, ${i.outliers} outliers)`],
      ['mixtures', String(i.mixtures)],
    ]);
    text += out.table(['property', 'points'], Object.entries(i.points_by_key).map(([k, n]) => [k, String(n)]));
    text += out.table(['source', 'points'], Object.entries(i.points_by_source).map(([k, n]) => [k, String(n)]));
    text += out.table([{ header: 'file', fit: 'wrap' }, 'rows', 'accepted', { header: 'rejected', fit: 'wrap' }, { header: 'skipped', fit: 'wrap' }], i.files.map((f) => [f.file, String(f.rows), String(f.accepted), reasons(f.rejected), reasons(f.skipped)]));
    if (i.missing_files.length) text += `missing files (not imported): ${i.missing_files.join(', ')}\n`;
    return text;
  },
};

export function dbCommand(deps: Deps): Command {
  const db = new Command('db').description('the local database built from open data tables: build, info, path, pull');
  db.command('build')
    .description('build (or rebuild) the database from a copy of the data tables; atomic: the old one stays until the new one is complete')
    .option('--from <dir>', 'data directory (default: CHEM_DATA_DIR)')
    .option('--include-nc', 'also import CAS Common Chemistry (CC BY-NC 4.0: non-commercial use only)')
    .option('--fresh', 'recompute every structure instead of reusing the previous database\'s results')
    .option('--no-structure-index', NO_INDEX)
    .addOption(new Option('--structure-index').hideHelp()) // the default; once opt-in, still accepted
    .addHelpText('after', examples('chem db build --from ../shared/data', 'CHEM_DATA_DIR=~/data chem db build --include-nc'))
    .action(action(deps, async (ctx, _args, opts: BuildOpts) => {
      const from = opts.from ?? ctx.env.CHEM_DATA_DIR;
      if (!from) throw usageError('no data directory: pass --from DIR or set CHEM_DATA_DIR (or use chem db pull)');
      await printResult(ctx, buildView, await build(ctx, from, !!opts.includeNc, !!opts.fresh, opts.structureIndex !== false));
    }));
  db.command('info')
    .description('counts per property, source and file (rows rejected and why), build date, path and size')
    .addHelpText('after', examples('chem db info', 'chem db info --json | jq .points_by_key'))
    .action(action(deps, async (ctx) => {
      const { Store } = await import('../../local/store/store.js');
      const store = Store.open(ctx.settings.db);
      try {
        await printResult(ctx, infoView, store.info());
      } finally {
        store.close();
      }
    }));
  db.command('path')
    .description('print the path of the database file (config db, --db or CHEM_DB; default in the XDG data dir)')
    .addHelpText('after', examples('chem db path', 'ls -l "$(chem db path)"'))
    .action(action(deps, async (ctx) => ctx.io.write(ctx.settings.db + '\n')));
  db.command('pull')
    .description('download the data tables listed in the manifest (pinned upstream commits), verify their SHA-256, then build')
    .option('--mirror <url>', 'fetch the files from this mirror (same paths) instead of upstream')
    .option('--data-dir <dir>', 'where to keep the files (default: a data/ directory beside the database)')
    .option('--include-nc', 'also fetch and import CAS Common Chemistry (CC BY-NC 4.0)')
    .option('--no-structure-index', NO_INDEX)
    .addHelpText('after', examples('chem db pull', 'chem db pull --mirror http://localhost:8000/data'))
    .action(action(deps, async (ctx, _args, opts: PullOpts) => printResult(ctx, buildView, await pull(ctx, opts))));
  return db;
}
