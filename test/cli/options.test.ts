// Flags are parsed once, at the edge (src/cli/arguments.ts): a bad value is commander's one line on
// stderr and exit 2 before anything runs; run functions take typed values and a Context whose
// backend comes from Deps.
import { describe, expect, it } from 'vitest';
import { runChem, testContext } from '../helpers.js';
import { runSearch } from '../../src/cli/commands/search.js';
import { FakeBackend, byName } from '../server/fake-backend.js';

describe('typed options', () => {
  it.each([
    [['search', 'x', '--page', '0'], "option '-p, --page <n>' argument '0' is invalid. expected a page number >= 1"],
    [['search', 'x', '--limit', '2.5'], "option '-L, --limit <n>' argument '2.5' is invalid. expected a whole number >= 1"],
    [['search', 'x', '--all', '--first'], "option '--all' cannot be used with option '--first'"],
    [['predict', 'CCO', '--t', '298,-5'], 'option \'--t <list>\' argument \'298,-5\' is invalid. "-5" is not a temperature above absolute zero'],
    [['vle', 'a', 'b', '--p', '2 parsecs'], 'option \'--p <pressure>\' argument \'2 parsecs\' is invalid. "2 parsecs": unknown pressure unit "parsecs" (Pa, kPa, MPa, bar, mbar, atm, psi, mmHg, Torr)'],
    [['predict', 'CCO', '--prop', 'tb,boiling'], 'option \'--prop <keys>\' argument \'tb,boiling\' is invalid. unknown property key "boiling"'],
    [['predict', 'CCO', '--jobs', '-1'], "option '--jobs <n>' argument '-1' is invalid. expected a whole number >= 0"],
    [['--fields', ',', 'search', 'x'], "option '--fields <list>' argument ',' is invalid. expected column names, e.g. id,compound,tb"],
    [['--temp', 'R', 'search', 'x'], "option '--temp <unit>' argument 'R' is invalid. Allowed choices are K, C, F."],
    [['serve', '--port', '65536'], "option '--port <port>' argument '65536' is invalid. expected 0..65535"],
  ])('%j: one line on stderr, exit 2', async (argv, message) => {
    const r = await runChem(argv);
    expect(r).toEqual({ code: 2, stdout: '', stderr: `error: ${message}\n` });
  });

  it('a run function gets typed values and the backend Deps give it', async () => {
    const backend = new FakeBackend();
    const { ctx, stdout } = testContext({ backend, globals: { format: 'json' } });
    expect(await runSearch(ctx, { query: 'ethanol', page: 1, limit: 1 })).toBe(0);
    expect(backend.calls).toEqual([{ method: 'search', args: ['ethanol', 1] }]);
    const body = JSON.parse(stdout());
    expect(body.comps.map((c: { id: string }) => c.id)).toEqual([byName('Ethanol').id]);
    expect(body.range).toEqual([1, 1]);
  });
});
