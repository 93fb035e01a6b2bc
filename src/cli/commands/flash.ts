// chem flash COMPOUND… --z LIST with two of --t, --p, --vf: the equilibrium phases of a feed of 2–20
// components (src/vle/mixture-flash.ts): an isothermal flash, or a bubble or dew point. A table of the
// components' mole fractions in each phase on a terminal; JSON the result object; CSV and NDJSON one
// row per phase.
import { Command, InvalidArgumentError, Option } from 'commander';
import { usageError } from '../../api/errors.js';
import { parsePressure, parseTemperature } from '../../units/quantities.js';
import { FLASH_MODELS, type FlashModel, type FlashRequest, type FlashResult } from '../../vle/mixture-flash.js';
import { flag, moleFractions } from '../arguments.js';
import { action, type Deps } from '../command.js';
import type { Context } from '../context.js';
import { examples } from '../help.js';
import { printResult, type Column, type Row, type View } from '../output.js';

interface Options {
  z?: number[];
  t?: number;
  p?: number;
  vf?: number;
  model?: FlashModel;
}

function vaporFraction(s: string): number {
  const v = Number(s);
  if (!s.trim() || (v !== 0 && v !== 1)) throw new InvalidArgumentError('expected 0 (bubble point) or 1 (dew point)');
  return v;
}

export function flashCommand(deps: Deps): Command {
  return new Command('flash')
    .description('the equilibrium phases of a mixture of 2 to 20 compounds: an isothermal flash (--t and --p), a bubble or dew point (--vf 0 or 1 with --t or --p), by Peng–Robinson or an activity model')
    .argument('[compounds...]', 'the components: compound ids, CAS numbers or names (quote names with spaces)')
    .addOption(new Option('--z <list>', 'feed mole fractions in the order of the compounds, comma-separated (normalised when they sum to within 1 % of 1)').argParser(moleFractions('0.8,0.15,0.05', false)))
    .addOption(new Option('--t <temperature>', 'temperature, with a unit: 220 (K), -50C, 77F').argParser(flag(parseTemperature)))
    .addOption(new Option('--p <pressure>', 'pressure, with a unit: 3000 (kPa), 3MPa, 30bar, 1atm').argParser(flag(parsePressure)))
    .addOption(new Option('--vf <0|1>', 'vapour fraction: 0 the bubble point, 1 the dew point (with --t: its pressure; with --p: its temperature)').argParser(vaporFraction))
    .addOption(new Option('--model <model>', 'pr (Peng–Robinson, φ–φ) or an activity model with modified Raoult\'s law (γ–φ); default: pr above a component\'s Tc, at P ≥ 1 MPa or where the pairs have kij and no activity set, else the activity model with sets for every pair').choices(FLASH_MODELS))
    .addHelpText(
      'after',
      examples(
        'chem flash methane ethane propane --z 0.8,0.15,0.05 --t 200K --p 2MPa',
        'chem flash propane n-butane --z 0.6,0.4 --p 1MPa --vf 0',
        'chem flash ethanol water methanol --z 0.3,0.5,0.2 --p 1atm --vf 0 --format csv',
      ),
    )
    .action(action(deps, (ctx, words, opts: Options) => runFlash(ctx, words, opts)));
}

/** Rows (CSV, NDJSON): one per phase, with each component's mole fraction under its name. */
export function flashView(r: FlashResult): View<FlashResult> {
  const names = r.components.map((c) => c.name);
  const columns: Column[] = [
    { key: 'phase' },
    { key: 'fraction' },
    { key: 't', header: 'T', unit: 'K' },
    { key: 'p', header: 'P', unit: 'kPa' },
    { key: 'rho', header: 'ρ', unit: 'kg/m³' },
    ...names.map((n, i) => ({ key: `x${i}`, header: `x ${n}` })),
  ];
  const rows = (res: FlashResult): Row[] => res.phases.map((ph) => ({ phase: ph.phase, fraction: ph.fraction, t: res.t, p: res.p, rho: ph.rho, ...Object.fromEntries(ph.x.map((x, i) => [`x${i}`, x])) }));
  return {
    columns,
    rows,
    table: (res, out) => {
      const t = `${out.number(Number(out.convert('K', res.t).toFixed(3)))} ${out.unit('K')}`;
      const p = `${out.number(Number(out.convert('kPa', res.p).toPrecision(6)))} ${out.unit('kPa')}`;
      const n = res.phases.filter((ph) => ph.fraction > 0).length;
      const text = out.lines(`${res.model} at ${t}, ${p}: ${n === 1 ? `one phase (${res.phases.find((ph) => ph.fraction > 0)!.phase})` : `${n} phases`}, vapour fraction ${res.vf}\n`);
      const head = ['component', 'z', ...res.phases.map((ph) => (ph.fraction === 0 ? `${ph.phase} (incipient)` : ph.phase))];
      const body = res.components.map((c, i) => [c.name, out.number(res.z[i]!), ...res.phases.map((ph) => out.number(ph.x[i]!))]);
      body.push(['fraction', '', ...res.phases.map((ph) => out.number(ph.fraction))]);
      body.push([`ρ (${out.unit('kg/m³')})`, '', ...res.phases.map((ph) => (ph.rho == null ? '—' : out.number(ph.rho)))]);
      return text + out.table(head, body);
    },
  };
}

export async function runFlash(ctx: Context, words: string[] | undefined, opts: Options): Promise<number> {
  if (!words?.length) throw usageError('usage: chem flash COMPOUND COMPOUND… --z LIST with two of --t, --p, --vf (see chem flash --help)');
  if (!opts.z) throw usageError('give the feed mole fractions: --z LIST, one per compound');
  const request: FlashRequest = { components: words, z: opts.z, ...(opts.t !== undefined && { t: opts.t }), ...(opts.p !== undefined && { p: opts.p }), ...(opts.vf !== undefined && { vf: opts.vf }), ...(opts.model && { model: opts.model }) };
  const { checkFlash } = await import('../../vle/mixture-flash.js');
  checkFlash(request);
  const result = await (await ctx.backend()).flash(request);
  for (const m of result.notices) ctx.notice(m);
  await printResult(ctx, flashView(result), result);
  return 0;
}
