// chem vle A B: a Txy (--p) or Pxy (--t) diagram of a binary by modified Raoult's law, with the
// activity model of the pair's mixture record and each component's vapour-pressure correlations
// (src/vle); three-phase points where the liquid splits. A table, CSV, NDJSON or the JSON
// document; --plot draws it, --out writes SVG or PNG.
import { Command, Option } from 'commander';
import { usageError } from '../../api/errors.js';
import { MODELS, type ModelName } from '../../vle/activity.js';
import type { VleResult } from '../../vle/types.js';
import { moleFractions, pressure, temperature } from '../arguments.js';
import { action, type Deps } from '../command.js';
import type { Context } from '../context.js';
import { examples } from '../help.js';
import { chartOptions, checkChartFile, drawCharts, twoComponents, type ChartOptions } from '../pair-commands.js';
import { printResult, type Column, type Row, type View } from '../output.js';
import { displayUnit } from '../../units/display.js';

interface Options extends ChartOptions {
  p?: number;
  t?: number;
  x?: number[];
  model?: ModelName | 'pr';
  dew?: boolean;
}

export function vleCommand(deps: Deps): Command {
  return chartOptions(
    twoComponents('vle', "vapour-liquid equilibrium of two compounds: Txy or Pxy diagram, bubble or dew points and the azeotrope, by modified Raoult's law; where the liquid splits, the three-phase point (both liquids) and the heteroazeotrope")
      .addOption(new Option('--p <pressure>', 'pressure of an isobaric Txy diagram, with a unit: 101.325 (kPa), 1atm, 2MPa (default 101.325)').argParser(pressure))
      .addOption(new Option('--t <temperature>', 'temperature of an isothermal Pxy diagram, with a unit: 308.15 (K), 60C, 140F').argParser(temperature))
      .addOption(new Option('--x <list>', 'mole fractions of component 1 (default 0 to 1 by 0.05); with --dew, of the vapour').argParser(moleFractions('0.1,0.5,0.9')))
      .addOption(new Option('--model <model>', 'activity model, or pr: Peng–Robinson with kij (default: the best set the mixture record has, NRTL first; else modified UNIFAC (Dortmund), else UNIFAC; Peng–Robinson by the rule of docs/mixtures.md)').choices([...MODELS, 'pr']))
      .option('--dew', 'dew points: --x gives the vapour composition'),
    'the Txy/Pxy and x-y diagrams',
  )
    .addHelpText('after', examples('chem vle ethanol water', 'chem vle 64-17-5 7732-18-5 --p 50 --model wilson', 'chem vle methane ethane --t 200 --model pr', 'chem vle acetone chloroform --t 308.15 --json', 'chem vle benzene cyclohexane --plot', 'chem vle water "n-butyl acetate" --plot'))
    .allowExcessArguments()
    .action(action(deps, (ctx, [a, b, ...more], opts: Options) => (more.length ? tooMany([a!, b!, ...more]) : runVle(ctx, a, b, opts))));
}

/** Three or more compounds: a diagram has two; chem flash answers their bubble point (exit 2). */
function tooMany(words: string[]): never {
  const q = (w: string) => (/\s/.test(w) ? `"${w}"` : w);
  const z = words.map(() => (1 / words.length).toFixed(3)).join(',');
  throw usageError(`chem vle draws diagrams of two compounds; for ${words.length}, chem flash ${words.map(q).join(' ')} --z ${z} --p 101.325 --vf 0 gives the bubble point of a feed (see chem flash --help)`);
}

/** Table and CSV rows: the unknown (T or P) in display units; refused points keep x1 and say why. */
function vleView(r: VleResult, chart = ''): View<VleResult> {
  const isobaric = r.p !== undefined;
  const columns: Column[] = [
    { key: 'x1' },
    { key: 'y1' },
    isobaric ? { key: 't', header: 'T', unit: 'K' } : { key: 'p', header: 'P', unit: 'kPa' },
    { key: 'gamma1', header: 'γ1' },
    { key: 'gamma2', header: 'γ2' },
    { key: 'x1_liquids', header: 'x1 (liquids)', optional: true },
    { key: 'note', optional: true, fit: 'wrap' },
  ];
  const round = (v: number | null | undefined, digits: number) => (v == null ? undefined : Number(v.toFixed(digits)));
  const rows = (res: VleResult): Row[] =>
    res.points.map((p) => ({ x1: round(p.x1, 4), y1: round(p.y1, 4), t: round(p.t, 3), p: p.p == null ? undefined : Number(p.p.toPrecision(6)), gamma1: round(p.gamma1, 4), gamma2: round(p.gamma2, 4), x1_liquids: liquidsText(p.x1_liquids), note: p.note }));
  return {
    columns,
    rows,
    table: (res, out) => {
      const [a, b] = res.components;
      const fixed = isobaric ? `${out.number(Number(out.convert('kPa', res.p!).toPrecision(6)))} ${out.unit('kPa')}` : `${out.number(Number(out.convert('K', res.t!).toFixed(2)))} ${out.unit('K')}`;
      let text = out.lines(`${a.name} (1, ${a.cid}) / ${b.name} (2, ${b.cid}), ${res.model}, ${res.kind} points at ${fixed}\n`);
      text += chart || out.rows(columns, rows(res));
      const az = res.azeotrope;
      if (az) {
        const at = isobaric ? `${out.number(Number(out.convert('K', az.t!).toFixed(2)))} ${out.unit('K')}` : `${out.number(Number(out.convert('kPa', az.p!).toPrecision(5)))} ${out.unit('kPa')}`;
        if (az.x1_liquids) text += `heteroazeotrope: y1 = ${az.x1.toFixed(4)} at ${at}, over two liquids x1 = ${liquidsText(az.x1_liquids)}\n`;
        else text += `azeotrope: x1 = ${az.x1.toFixed(4)} at ${at}${az.heterogeneous ? ' (heterogeneous: the liquid splits there)' : ''}\n`;
      } else text += 'azeotrope: none\n';
      text += out.lines(out.rangesIn(sourceLines(res)));
      return text;
    },
  };
}

/** The two liquids of a three-phase point: 4 decimals, 4 significant digits below 0.01 (solubilities of ppm). */
export function liquidsText(x: [number, number] | undefined): string | undefined {
  const f = (v: number) => String(v < 0.01 ? Number(v.toPrecision(4)) : Number(v.toFixed(4)));
  return x && `${f(x[0])}, ${f(x[1])}`;
}

/** The parameter and vapour-pressure sources, one line each. */
export function sourceLines(r: Pick<VleResult, 'model' | 'components'> & { sources: { parameters: VleResult['sources']['parameters']; psat?: VleResult['sources']['psat'] } }): string {
  const par = r.sources.parameters;
  let text = !par
    ? "parameters: none (ideal solution, Raoult's law)\n"
    : par.groups
      ? `parameters: ${r.model} interaction table ${par.mid}, groups from the structures\n`
      : `parameters: ${r.model} of mixture ${par.mid}, ${par.db ?? par.s}${par.r ? ` (${par.r})` : ''}\n`;
  for (const g of par?.groups ?? []) text += `groups ${r.components.find((x) => x.cid === g.cid)?.name}: ${Object.entries(g.subgroups).map(([k, n]) => `${n}×${k}`).join(' ')}\n`;
  for (const c of par?.rq ?? []) text += `UNIQUAC ${r.components.find((x) => x.cid === c.cid)?.name}: r = ${c.r}, q = ${c.q}, ${c.s}\n`;
  for (const s of r.sources.psat ?? []) text += `Psat ${s.name}: ${s.equation}, ${s.tmin}–${s.tmax} K, ${s.s}${s.r ? ` (${s.r})` : ''}\n`;
  return text;
}

export async function runVle(ctx: Context, a: string | undefined, b: string | undefined, opts: Options): Promise<number> {
  if (!a || !b) throw usageError('usage: chem vle A B [--p KPA | --t K] (see chem vle --help)');
  checkChartFile(opts);
  const { vleAnswer } = await import('../../vle/vle-answer.js');
  const backend = await ctx.backend();
  const result = await vleAnswer(backend, { c1: a, c2: b, p: opts.p, t: opts.t, x: opts.x, model: opts.model, dew: opts.dew }, { onNotice: (m) => ctx.notice(m) });
  for (const p of result.points) {
    if (p.note) ctx.io.stderr.write(`chem: ${result.kind === 'dew' ? `y1 = ${p.y1}` : `x1 = ${p.x1}`}: ${p.note}\n`);
  }
  for (const n of result.notes ?? []) ctx.notice(n);

  let chart = '';
  if (opts.plot || opts.out) {
    const { vleSeries } = await import('../../plot/vle.js');
    const series = vleSeries(result, displayUnit(result.p !== undefined ? 'K' : 'kPa', ctx.units));
    chart = await drawCharts(ctx, opts, `${result.components[0].name} / ${result.components[1].name}`, series);
  }
  if (!opts.out || ctx.formatExplicit) await printResult(ctx, vleView(result, chart), result);
  if (opts.out) ctx.notice(`wrote ${opts.out}`);
  // Refused points are answered rows that say why; none answered at all is "not found".
  const answered = result.points.filter((p) => p.note === undefined).length;
  const refused = result.points.filter((p) => p.note !== undefined && !p.liquids).length;
  if (!answered && refused) return 3;
  return refused ? 7 : 0;
}
