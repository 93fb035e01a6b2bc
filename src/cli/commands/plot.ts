// chem plot ID KEY [KEY...]: T-dependent properties of a record against temperature, one series
// per source. A chart on the terminal (braille, or the PNG through the kitty graphics protocol),
// an SVG or PNG file with --out, the plotted points as JSON.
import { Command, Option } from 'commander';
import { writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { usageError } from '../../api/errors.js';
import { resolveCompound } from '../../lookup/resolve.js';
import { checkPlotKey, plotAll, recordKeys, type PlotSeries } from '../../plot/data.js';
import { action, type Deps } from '../command.js';
import type { Context } from '../context.js';
import { readLines, runBatch } from '../batch.js';
import { printResult, type Column, type Row, type View } from '../output.js';
import { examples } from '../help.js';

interface Options {
  out?: string;
  terminal: 'auto' | 'braille' | 'kitty';
  width: string;
}

/** Body of --json: the plotted points in display units. */
export interface PlotResult {
  id: string;
  compound: string;
  plots: PlotSeries[];
  /** The file written (--out). */
  file?: string;
}

const COLUMNS: Column[] = [{ key: 'id' }, { key: 'compound' }, { key: 'keys' }, { key: 'points' }, { key: 'outliers' }, { key: 'file', optional: true }];

const summary = (r: PlotResult): Row => ({
  id: r.id,
  compound: r.compound,
  keys: r.plots.map((p) => p.key).join(' '),
  points: r.plots.reduce((n, p) => n + p.points.length, 0),
  outliers: r.plots.reduce((n, p) => n + p.points.filter((x) => x.outlier).length, 0),
  file: r.file,
});

export function plotCommand(deps: Deps): Command {
  return new Command('plot')
    .description('plot T-dependent properties of a compound against temperature: one series per source, measured points, correlation curves and outliers told apart')
    .argument('[compound]', 'compound id (as shown by chem search), CAS number, InChIKey, SMILES or name, or - to read one per line from stdin (needs --out)')
    .argument('[keys...]', 'T-dependent property keys (cpg, dvisc, hvapt, ...); none: every one the record holds')
    .option('-o, --out <file>', 'write an SVG or PNG chart (by extension); in a batch {id} in the name is replaced by each id')
    .addOption(new Option('--terminal <kind>', 'chart on a terminal: braille text, or an image through the kitty graphics protocol').choices(['auto', 'braille', 'kitty']).default('auto'))
    .option('--width <px>', 'width of each chart in an SVG or PNG file, in pixels', '560')
    .addHelpText(
      'after',
      examples('chem plot 69749139-429-6 cpg hvapt', 'chem plot 69749139-429-6 --out ethanol.svg', 'chem plot 69749139-429-6 dvisc --temp C --out ethanol-viscosity.svg', 'chem search alkane --fields id | chem plot - cpg --out "cpg-{id}.png"'),
    )
    .action(action(deps, (ctx, args, opts: Options) => runPlot(ctx, args, opts)));
}

export async function runPlot(ctx: Context, args: string[], opts: Options): Promise<number> {
  const [id, ...keys] = args;
  if (!id) throw usageError('usage: chem plot COMPOUND [KEY...] (see chem plot --help)');
  for (const k of keys) checkPlotKey(k);
  const ext = opts.out ? extname(opts.out).toLowerCase() : undefined;
  if (opts.out && ext !== '.svg' && ext !== '.png') throw usageError(`cannot write "${opts.out}": the file name must end in .svg or .png`);
  const width = Number(opts.width);
  if (!/^\d+$/.test(opts.width) || width < 100 || width > 4000) throw usageError(`invalid --width "${opts.width}": expected 100..4000 pixels`);
  if (id === '-' && !opts.out) throw usageError('chem plot - writes one file per id: give --out FILE.svg|.png ({id} in the name is replaced by each id)');

  const backend = await ctx.backend();
  const { chartSvg, svgToPng } = await import('../../plot/chart.js');
  const render = async (cid: string, fileFor?: (cid: string) => string): Promise<PlotResult> => {
    const { comp } = await backend.compound(await resolveCompound(backend, cid, { onNotice: (m) => ctx.notice(m) }));
    const plots = plotAll(comp, keys.length ? keys : recordKeys(comp), ctx.units, (e) => ctx.notice(e.message));
    const result: PlotResult = { id: comp.id, compound: comp.compound, plots };
    if (fileFor) {
      const svg = await chartSvg(comp.compound, plots, width);
      const file = fileFor(comp.id);
      await writeFile(file, ext === '.png' ? await svgToPng(svg) : svg);
      result.file = file;
    }
    return result;
  };

  if (id === '-') {
    const out = opts.out!;
    const fileFor = (cid: string) => (out.includes('{id}') ? out.replaceAll('{id}', cid) : `${out.slice(0, -ext!.length)}-${cid}${ext}`);
    return runBatch(ctx, readLines(ctx.io.stdin), (v) => render(v, fileFor), plotView(), { concurrency: 1 });
  }

  const result = await render(id, opts.out ? () => opts.out! : undefined);
  let chart = '';
  if (!result.file && ctx.format === 'table') {
    const { brailleChart, kittyImage, kittySupported } = await import('../../plot/terminal.js');
    if (opts.terminal === 'kitty' || (opts.terminal === 'auto' && ctx.io.stdoutIsTTY && kittySupported(ctx.env))) {
      chart = kittyImage(await svgToPng(await chartSvg(result.compound, result.plots, width)), ctx.io.columns);
    } else {
      chart = `${result.compound} (${result.id})\n\n` + result.plots.map((p) => brailleChart(p, { width: ctx.io.columns, color: ctx.color.enabled })).join('\n');
    }
  }
  // With --out the file is the result: stdout gets the summary only when a format is asked for.
  if (!result.file || ctx.formatExplicit) await printResult(ctx, plotView(chart), result);
  if (result.file) ctx.notice(`wrote ${result.file}`);
  return 0;
}

/** Rows: one summary per compound. The terminal table of a single result is the chart itself. */
function plotView(chart = ''): View<PlotResult> {
  return {
    columns: COLUMNS,
    rows: (r) => [summary(r)],
    table: (r, out) => chart || out.rows(COLUMNS, [summary(r)]),
  };
}
