// chem search QUERY: the v1 search (spec 2.3/4.6) as a table, JSON, CSV; every page with --all,
// the best hit with --first, one query per line with -.
import { Command, Option } from 'commander';
import { casNotice, cutPage, noMatch } from '../../answers/search.js';
import { notFound, usageError } from '../../api/errors.js';
import type { Compound, SearchResult } from '../../api/types.js';
import { action, type Deps } from '../command.js';
import { wholeNumber } from '../arguments.js';
import type { Context } from '../context.js';
import { formatOf, openWriter, printResult, type Column, type Row, type View } from '../output.js';
import { examples } from '../help.js';

export interface SearchOptions {
  /** The query (words joined), or - for one query per line from stdin. */
  query: string;
  page?: number;
  all?: boolean;
  first?: boolean;
  /** At most this many compounds (of the page; with --all, in all). */
  limit?: number;
}

/** Rows a terminal table shows of a page when --limit is not given. */
const TERMINAL_ROWS = 20;

const COLUMNS: Column[] = [
  { key: 'id' },
  { key: 'compound', header: 'name', fit: 'truncate' },
  { key: 'formula', fit: 'truncate' },
  { key: 'cas' },
  { key: 'mw' },
  // In tables only when some compound has them.
  { key: 'tb', unit: 'K', optional: true },
  { key: 'tf', unit: 'K', optional: true },
];

function compoundRow(c: Compound): Row {
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
  return { id: c.id, compound: c.compound, formula: c.formula, cas: c.cas, mw: c.mw, tb: num(c.tb), tf: num(c.tf) };
}

export const searchView: View<SearchResult> = { columns: COLUMNS, rows: (r) => r.comps.map(compoundRow) };

/** One compound: --first, and the items of --all. */
const compoundView: View<Compound> = { columns: COLUMNS, rows: (c) => [compoundRow(c)] };

export function searchCommand(deps: Deps): Command {
  return new Command('search')
    .description('search compounds by name, synonym, CAS, formula, InChI/InChIKey, SMILES and property ranges')
    .argument('[query...]', 'the query (words are joined), or - to read one query per line from stdin')
    .addOption(new Option('-p, --page <n>', 'page to show, numbered from 1 (100 compounds a page)').argParser(wholeNumber(1, 'a page number >= 1')))
    .addOption(new Option('-L, --limit <n>', 'at most N compounds (default on a terminal: 20 of the page; with --all: every one)').argParser(wholeNumber(1)))
    .addOption(new Option('--all', 'every page, one compound per row (NDJSON when piped, unless --format is given)').conflicts('first'))
    .addOption(new Option('--first', 'only the best hit (exit 3 when nothing matches)').conflicts('limit'))
    .addHelpText(
      'after',
      `
Query language (combine text with filters; numbers in the property registry's units, K for temperatures):
  benzene, "acetic acid"      names and synonyms: exact name > exact synonym > prefix > word match
  64-17-5                     CAS (a wrong check digit is reported with the corrected number)
  LFQSCWFLJHTTHZ-UHFFFAOYSA-N InChIKey; its first block alone matches every stereoisomer
  InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3, CCO, c1ccccc1O   InChI and SMILES (exact structure, then stereoisomers)
  C2H6O, OH2                  formulas in any element order: every isomer
  tb:300..400  tc>500  mw<100  tf:273.15  has:hfus    property filters
  smiles:CO  formula:CO  name:"..."  cas:...  inchikey:...   force one reading of the text
  sub:C(=O)[OH]  sub:[NX3;H2]  sim:CC(=O)Oc1ccccc1C(=O)O>=0.7   substructure (SMILES/SMARTS); similarity (Tanimoto, default >= 0.5)
` +
        examples(
          'chem search benzene',
          'chem search benzene --limit 100',
          'chem search 64-17-5 --json',
          'chem search C2H6O',
          'chem search "alcohol tb:350..360"',
          'chem search --first aspirin --format csv',
          'chem search "tb:350..351" --all > hits.ndjson',
          'printf "ethanol\\nacetone\\n" | chem search - --format csv',
        ),
    )
    .action(action(deps, (ctx, args, opts: Omit<SearchOptions, 'query'>) => runSearch(ctx, { ...opts, query: args.join(' ').trim() })));
}

export async function runSearch(ctx: Context, opts: SearchOptions): Promise<number> {
  const { query, page } = opts;
  if (!query) throw usageError('usage: chem search QUERY (see chem search --help)');
  const backend = await ctx.backend();

  if (query === '-') {
    // One row per query: the best hit in table/CSV, the whole v1 result in JSON/NDJSON.
    const { readLines, runBatch } = await import('../batch.js');
    return runBatch(ctx, readLines(ctx.io.stdin), (q) => backend.search(q, page), searchView);
  }
  casNotice(query, ctx.notice);
  if (opts.first) {
    const r = await backend.search(query, 1);
    const best = r.comps[0];
    if (!best) throw notFound(noMatch(query, r));
    await printResult(ctx, compoundView, best);
    return 0;
  }
  if (opts.all) return streamAll(ctx, query, page ?? 1, opts.limit ?? Infinity, (p) => backend.search(query, p));

  const r = await backend.search(query, page);
  // A terminal shows the start of the page; JSON and piped output keep the v1 page unless --limit is given.
  const shown = cutPage(r, opts.limit ?? (ctx.format === 'table' && ctx.io.stdoutIsTTY ? TERMINAL_ROWS : Infinity));
  await printResult(ctx, searchView, shown);
  if (r.total === 0) ctx.notice(noMatch(query, r));
  else if (ctx.format === 'table') ctx.notice(pageLine(r, shown.comps.length, page ?? 1));
  return 0;
}

/** The stderr line under a terminal table: where the page stands and, when there is more, how to see it. */
function pageLine(r: SearchResult, shown: number, page: number): string {
  const pages = Math.ceil(r.total / 100);
  if (!r.comps.length) return `page ${page} is past the end: ${pages} page(s), total ${r.total}`;
  const cut = shown < r.comps.length;
  const more = [cut ? `--limit ${r.comps.length}` : '', r.next_page ? `--page ${r.next_page}` : '', shown < r.total ? '--all' : ''].filter(Boolean);
  return `${cut ? `${shown} shown, ` : ''}page ${page} of ${pages}, total ${r.total}${more.length ? `; more: ${more.join(', ')}` : ''}`;
}

/** --all: every page from `first` on, written as it arrives, one compound per row (a table a page), at most `limit`. */
async function streamAll(ctx: Context, query: string, first: number, limit: number, fetch: (page: number) => Promise<SearchResult>): Promise<number> {
  const writer = openWriter(ctx, compoundView, 'stream');
  let total = 0;
  let written = 0;
  for (let p: number | null = first; p !== null && written < limit; ) {
    const r = await fetch(p);
    total = r.total;
    if (!r.comps.length) {
      if (r.total === 0) ctx.notice(noMatch(query, r));
      break;
    }
    for (const c of r.comps.slice(0, limit - written)) await writer.write({ result: c });
    written += Math.min(r.comps.length, limit - written);
    await writer.flush();
    p = r.next_page;
  }
  await writer.end();
  if (formatOf(ctx, 'stream') === 'table' && total) ctx.notice(written < total ? `${written} of ${total}` : `total ${total}`);
  return 0;
}
