// What chem vle and chem lle share: a pair of compounds as arguments, and their diagrams (--plot draws them on the
// terminal, --out writes one SVG or PNG chart).
import { Command } from 'commander';
import { writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { usageError } from '../api/errors.js';
import type { PlotSeries } from '../plot/data.js';
import type { Context } from './context.js';

/** A command of a pair of compounds: its name, description and the two component arguments. */
export function twoComponents(name: string, description: string): Command {
  return new Command(name).description(description).argument('[a]', 'component 1: compound id, CAS or name').argument('[b]', 'component 2: compound id, CAS or name');
}

export interface ChartOptions {
  plot?: boolean;
  out?: string;
}

/** The --plot and --out options of a command that draws `what`. */
export function chartOptions(cmd: Command, what: string): Command {
  return cmd.option('--plot', `draw ${what} on the terminal`).option('-o, --out <file>', `write ${what} as an SVG or PNG chart (by extension)`);
}

/** A usage error for an --out file that is neither .svg nor .png (before any work). */
export function checkChartFile(opts: ChartOptions): void {
  const ext = opts.out ? extname(opts.out).toLowerCase() : undefined;
  if (opts.out && ext !== '.svg' && ext !== '.png') throw usageError(`cannot write "${opts.out}": the file name must end in .svg or .png`);
}

/** Writes the series to --out, or (--plot, a table) returns their terminal charts; '' when neither applies. */
export async function drawCharts(ctx: Context, opts: ChartOptions, title: string, series: PlotSeries[]): Promise<string> {
  if (opts.out) {
    const { chartSvg, svgToPng } = await import('../plot/chart.js');
    const svg = await chartSvg(title, series);
    await writeFile(opts.out, extname(opts.out).toLowerCase() === '.png' ? await svgToPng(svg) : svg);
    return '';
  }
  if (!opts.plot || ctx.format !== 'table') return '';
  const { brailleChart } = await import('../plot/terminal.js');
  return series.map((s) => brailleChart(s, { width: ctx.io.columns, color: ctx.color.enabled })).join('\n');
}
