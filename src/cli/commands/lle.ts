// chem lle A B: the two coexisting liquids of a binary at given temperatures, from the NRTL or
// UNIQUAC set of the pair's mixture record (src/vle/lle.ts); --plot draws the binodal over a range
// of temperatures with the critical solution temperatures where it closes, --out writes SVG or PNG.
import { Command, Option } from 'commander';
import { usageError } from '../../api/errors.js';
import { LLE_MODELS, type LleRequest, type LleResult } from '../../vle/lle-diagram.js';
import { temperatures } from '../arguments.js';
import { action, type Deps } from '../command.js';
import type { Context } from '../context.js';
import { examples } from '../help.js';
import { chartOptions, checkChartFile, drawCharts, twoComponents, type ChartOptions } from '../pair-commands.js';
import { printResult, type Column, type Row, type View } from '../output.js';
import { displayUnit } from '../../units/display.js';
import { sourceLines } from './vle.js';

interface Options extends ChartOptions {
  t?: number[];
  model?: LleRequest['model'];
}

export function lleCommand(deps: Deps): Command {
  return chartOptions(
    twoComponents('lle', 'liquid-liquid equilibrium of two compounds: the two coexisting liquids at each temperature (NRTL or UNIQUAC), the binodal and critical solution temperatures')
      .addOption(new Option('--t <list>', 'temperatures, comma-separated, with a unit: 298.15 (K), 25C, 77F (default 298.15)').argParser(temperatures))
      .addOption(new Option('--model <model>', 'activity model (default: the NRTL set of the mixture record, else UNIQUAC, else UNIFAC-LLE, modified UNIFAC, UNIFAC)').choices(LLE_MODELS)),
    'the binodal from 50 K below the lowest to 50 K above the highest temperature',
  )
    .addHelpText('after', examples('chem lle water 1-butanol', 'chem lle water "n-butyl acetate" --t 298.15,323.15,348.15 --json', 'chem lle methanol n-hexane --t 300,340 --plot'))
    .action(action(deps, (ctx, [a, b], opts: Options) => runLle(ctx, a, b, opts)));
}

const COLUMNS: Column[] = [
  { key: 't', header: 'T', unit: 'K' },
  { key: 'x1a', header: 'x1 (liquid a)' },
  { key: 'x1b', header: 'x1 (liquid b)' },
  { key: 'g1a', header: 'γ1 (a)' },
  { key: 'g1b', header: 'γ1 (b)' },
  { key: 'g2a', header: 'γ2 (a)' },
  { key: 'g2b', header: 'γ2 (b)' },
];

function lleView(chart = ''): View<LleResult> {
  const rows = (res: LleResult): Row[] =>
    res.points.map((p) => ({ t: p.t, x1a: p.x1[0], x1b: p.x1[1], g1a: p.gamma1[0], g1b: p.gamma1[1], g2a: p.gamma2[0], g2b: p.gamma2[1] }));
  return {
    columns: COLUMNS,
    rows,
    table: (res, out) => {
      const [a, b] = res.components;
      let text = out.lines(`${a.name} (1, ${a.cid}) / ${b.name} (2, ${b.cid}), ${res.model}, liquid-liquid equilibrium\n`);
      text += chart || (res.points.length ? out.rows(COLUMNS, rows(res)) : 'one liquid at every temperature asked\n');
      for (const c of res.binodal?.critical ?? []) {
        text += `${c.kind} critical solution temperature: ${out.number(Number(out.convert('K', c.t).toFixed(2)))} ${out.unit('K')} at x1 = ${c.x1}\n`;
      }
      if (res.binodal && !res.binodal.critical.length) text += `the split does not close between ${res.binodal.tmin} and ${res.binodal.tmax} K\n`;
      return text + out.lines(out.rangesIn(sourceLines(res)));
    },
  };
}

export async function runLle(ctx: Context, a: string | undefined, b: string | undefined, opts: Options): Promise<number> {
  if (!a || !b) throw usageError('usage: chem lle A B [--t K,...] (see chem lle --help)');
  checkChartFile(opts);
  const { lleDiagram } = await import('../../vle/lle-diagram.js');
  const backend = await ctx.backend();
  const result = await lleDiagram(backend, { c1: a, c2: b, t: opts.t, model: opts.model, binodal: !!(opts.plot || opts.out) });
  for (const n of result.notes ?? []) ctx.notice(n);
  let chart = '';
  if (opts.plot || opts.out) {
    const { lleSeries } = await import('../../plot/vle.js');
    const series = lleSeries(result, displayUnit('K', ctx.units));
    chart = await drawCharts(ctx, opts, `${result.components[0].name} / ${result.components[1].name}`, [series]);
  }
  if (!opts.out || ctx.formatExplicit) await printResult(ctx, lleView(chart), result);
  if (opts.out) ctx.notice(`wrote ${opts.out}`);
  return 0;
}
