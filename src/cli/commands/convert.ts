// chem convert FROM VALUE: identifiers of a compound (spec 4.4), also for a molfile and in batch.
import { Argument, Command } from 'commander';
import { readFile } from 'node:fs/promises';
import { CONVERT_FORMATS, type ConversionResult, type ConvertFormat } from '../../api/types.js';
import { usageError } from '../../api/errors.js';
import { action, type Deps } from '../command.js';
import type { Context } from '../context.js';
import { readLines, runBatch } from '../batch.js';
import { printResult, type View } from '../output.js';
import { examples } from '../help.js';

export interface ConvertOptions {
  /** The input format (checked by commander against CONVERT_FORMATS). */
  from?: ConvertFormat;
  /** The compound in that format, or - for one per line from stdin. */
  value?: string;
  /** --file: a molfile instead of FROM VALUE. */
  file?: string;
  strict?: boolean;
}

const FIELDS = ['cid', 'name', 'inchi', 'inchikey', 'smiles'] as const;

export const conversionView: View<ConversionResult> = {
  columns: FIELDS.map((key) => ({ key })),
  rows: (r) => [Object.fromEntries(FIELDS.map((k) => [k, r[k]]))],
  table: (r, out) => out.table(['', { header: '', fit: 'wrap' }], FIELDS.map((k) => [k, r[k] || '—'])),
};

/** Set (to "OPSIN 2.7.0") when the structure was read from a name the database does not hold. */
const FROM_NAME = 'structure_from_name';

/** Conversions from a name: one more column, filled when OPSIN read the name. */
const nameView: View<ConversionResult> = {
  columns: [...conversionView.columns, { key: FROM_NAME, optional: true }],
  rows: (r) => [{ ...conversionView.rows(r)[0], [FROM_NAME]: (r[FROM_NAME] as string | undefined) ?? '' }],
  table: (r, out) => {
    const rows = FIELDS.map((k) => [k, r[k] || '—']);
    if (r[FROM_NAME]) rows.push(['read by', `${r[FROM_NAME] as string} (the database does not hold this name)`]);
    return out.table(['', { header: '', fit: 'wrap' }], rows);
  },
};

export function convertCommand(deps: Deps): Command {
  return new Command('convert')
    .description('convert a compound between identifier formats: cid, name, SMILES, InChI, InChIKey')
    .addArgument(new Argument('[from]', 'input format').choices(CONVERT_FORMATS))
    .argument('[value]', 'the compound in that format, or - to read one per line from stdin')
    .option('--file <path>', 'read the structure from a molfile (V2000/V3000)')
    .option('--strict', 'answer only from the database (404 when not found), as the v1 API does')
    .addHelpText(
      'after',
      examples(
        'chem convert smiles "C[C@H](N)C(=O)O"',
        'chem convert name ethanol --json',
        'chem convert inchikey LFQSCWFLJHTTHZ-UHFFFAOYSA-N',
        'chem convert --file caffeine.mol',
        'cut -f2 list.tsv | chem convert smiles - --format csv',
      ),
    )
    .action(action(deps, (ctx, [from, value], opts: ConvertOptions) => runConvert(ctx, { ...opts, from: from as ConvertFormat | undefined, value })));
}

export async function runConvert(ctx: Context, opts: ConvertOptions): Promise<number> {
  const { from, value } = opts;
  const backend = await ctx.backend();
  const convertOpts = { strict: opts.strict, onNotice: ctx.notice };
  if (opts.file) {
    if (from !== undefined) throw usageError('give either --file or FROM VALUE, not both');
    const { parseMolfile, canonicalSmiles } = await import('../../chem/molecule.js');
    const smiles = canonicalSmiles(parseMolfile(await readFile(opts.file, 'utf8')));
    await printResult(ctx, conversionView, await backend.convert('smiles', smiles, convertOpts));
    return 0;
  }
  if (!from || value === undefined) throw usageError('usage: chem convert FROM VALUE (see chem convert --help)');
  const view = from === 'name' ? nameView : conversionView;
  if (value === '-') {
    const quietNotice = { ...convertOpts, onNotice: undefined };
    return runBatch(ctx, readLines(ctx.io.stdin), (v) => backend.convert(from, v, quietNotice), view);
  }
  await printResult(ctx, view, await backend.convert(from, value, convertOpts));
  return 0;
}
