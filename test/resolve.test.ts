// One resolver (src/lookup/resolve.ts) for every command that takes a compound: an id, CAS number, InChIKey (or
// its first block), SMILES or name gives the same record, locally and through chem serve; a word several
// records share takes the clearly better one with a notice naming the others, or is refused listing them.
// The ids are computed here from the records' keys (the InChIKey, or CAS:<cas> without a structure).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compoundIdFor } from '../src/api/ids.js';
import type { Compound, SearchResult } from '../src/api/types.js';
import type { Backend } from '../src/api/backend.js';
import { ChemError } from '../src/api/errors.js';
import { resolveCompound, resolveStructure } from '../src/lookup/resolve.js';
import { runChem } from './helpers.js';
import { serveFixture, type ServedFixture } from './server/http.js';

const KEY = 'resolve-test-key';
const ETHANOL = compoundIdFor('LFQSCWFLJHTTHZ-UHFFFAOYSA-N');
const XYLENES = compoundIdFor('CAS:1330-20-7'); // "xylene": the isomer mixture's main name, p-xylene's synonym
const P_XYLENE = compoundIdFor('URLKBWYHVLBVBO-UHFFFAOYSA-N');
let srv: ServedFixture;

beforeAll(async () => {
  srv = await serveFixture('search/data', KEY);
}, 60_000);
afterAll(() => srv.close());

const local = (argv: string[]) => runChem(['--db', srv.dbPath, '--backend', 'local', ...argv]);
const remote = (argv: string[]) => runChem(['--backend', 'remote', '--no-cache', ...argv], { env: srv.remoteEnv });
const WORDS = ['ethanol', 'Ethanol', '64-17-5', 'LFQSCWFLJHTTHZ-UHFFFAOYSA-N', 'LFQSCWFLJHTTHZ', 'CCO', 'OCC', ETHANOL];

describe('chem cid COMPOUND', () => {
  it('the id, name, CAS number, InChIKey, its first block and SMILES all give ethanol, locally and through chem serve', async () => {
    for (const run of [local, remote]) {
      for (const word of WORDS) {
        const r = await run(['cid', word, '--format', 'csv']);
        expect(r.code, word).toBe(0);
        expect(r.stdout.split('\r\n')[1]!.split(',').slice(0, 3), word).toEqual([ETHANOL, 'ethanol', '64-17-5']);
        expect(r.stderr, word).toBe('');
      }
    }
  });

  it('chem mixtures and GET /cid/{cid} take the same words', async () => {
    const byId = await local(['mixtures', ETHANOL, '--json']);
    for (const word of ['ethanol', '64-17-5']) {
      expect((await local(['mixtures', word, '--json'])).stdout, word).toBe(byId.stdout);
      expect((await remote(['mixtures', word, '--json'])).stdout, word).toBe(byId.stdout);
    }
  });

  it("another record's main name is no synonym: the build drops xylene from p-xylene's names, so xylene names the mixture alone", async () => {
    for (const run of [local, remote]) {
      const r = await run(['cid', 'xylene', '--format', 'csv']);
      expect(r.code).toBe(0);
      expect(r.stdout.split('\r\n')[1]!.split(',')[0]).toBe(XYLENES);
      expect(r.stderr).toBe('');
      expect((await run(['cid', 'p-xylene', '--format', 'csv'])).stdout.split('\r\n')[1]!.split(',')[0]).toBe(P_XYLENE);
    }
  });

  it('an InChIKey block of several records, an unknown CAS number and an unknown name fail with the documented codes', async () => {
    const block = await local(['cid', 'QNAYBMKLOCPYGJ']); // the three alanines
    expect(block.code).toBe(2);
    expect(block.stderr).toMatch(/^chem: error: "QNAYBMKLOCPYGJ" is the first block of 3 compounds' InChIKeys: .*; give the whole key or an id\n$/);
    for (const name of ['L-alanine', 'D-alanine', 'DL-alanine']) expect(block.stderr).toContain(` ${name} (`);
    const cas = await local(['cid', '50-00-0']);
    expect([cas.code, cas.stderr]).toEqual([3, 'chem: error: no compound with CAS 50-00-0 in the database\n']);
    const typo = await local(['cid', '64-17-4']); // 64-17-5's check digit is 5
    expect([typo.code, typo.stderr]).toEqual([3, 'chem: error: no compound with CAS 64-17-4: its check digit is wrong (did you mean 64-17-5?)\n']);
    const smiles = await local(['cid', 'CCCCCCCCCCCCCCCCCC(O)C']);
    expect([smiles.code, smiles.stderr]).toEqual([3, 'chem: error: no compound with the structure CCCCCCCCCCCCCCCCCC(O)C in the database\n']);
    const letters = await local(['cid', 'CCCCCCCCCCCCCCCCCCO']);
    expect([letters.code, letters.stderr]).toEqual([3, 'chem: error: no compound named "CCCCCCCCCCCCCCCCCCO" in the database, nor with that structure\n']);
    // one edit from ethanol and no other name as close: read as ethanol, said on stderr
    const name = await local(['cid', 'ethanl', '--format', 'csv']);
    expect([name.code, name.stdout.split('\r\n')[1]!.split(',')[0], name.stderr]).toEqual([0, ETHANOL, 'chem: read "ethanl" as ethanol (64-17-5)\n']);
    // a prefix names no compound: a refusal listing the hits
    const prefix = await local(['cid', 'xyl']);
    expect(prefix.code).toBe(2);
    expect(prefix.stderr).toMatch(/^chem: error: "xyl" is ambiguous: .*xylene/);
  });
});

/** A backend over a few records: search is every record whose name or synonym holds the query, main names first. */
function stubBackend(comps: Compound[]): Backend {
  const fail = () => Promise.reject(new ChemError(404, 'not here'));
  return {
    kind: 'local',
    async search(q) {
      const n = q.toLowerCase();
      const main = comps.filter((c) => c.compound.toLowerCase() === n);
      const rest = comps.filter((c) => !main.includes(c) && [c.compound, ...(c.other_names ?? [])].some((x) => x.toLowerCase().includes(n)));
      // search rows carry no properties and no synonyms
      const rows = [...main, ...rest].map(({ id, compound, cas, smiles, type }) => ({ id, compound, cas, smiles, type }));
      return { comps: rows, total: rows.length, suggestions: null } as unknown as SearchResult;
    },
    async compound(cid) {
      const comp = comps.find((c) => c.id === cid);
      return comp ? { comp } : fail();
    },
    async convert(from, value) {
      const c = comps.find((c) => (from === 'cid' ? c.id : c.smiles) === value);
      return c ? { cid: c.id, name: c.compound, smiles: c.smiles ?? '', inchi: '', inchikey: '' } : fail();
    },
    mixtures: fail,
    mixture: fail,
    predict: fail,
    close: async () => {},
  };
}

const points = (n: number) => ({ tb: Array.from({ length: n }, (_, i) => ({ v: 300 + i, s: 'x' })) });
const record = (id: string, compound: string, extra: Partial<Compound> = {}): Compound => ({ id, compound, type: 'C', other_names: [], ...extra });

describe('resolveCompound: several records of one word', () => {
  it('a defined structure over an isomer mixture; twice the measured values over fewer; a notice naming the others', async () => {
    const notices: string[] = [];
    const onNotice = (m: string) => notices.push(m);
    const mixture = record('1-000-1', 'Pentene', { type: 'S', fixed_props: points(9) });
    const defined = record('2-000-2', 'Pentene', { smiles: 'CCCC=C', fixed_props: points(1) });
    expect(await resolveCompound(stubBackend([mixture, defined]), 'pentene', { onNotice })).toBe('2-000-2');
    const rich = record('3-000-3', 'Cephradine', { smiles: 'C', fixed_props: points(10) });
    const poor = record('4-000-4', 'cephradine', { smiles: 'CC', fixed_props: points(1) });
    expect(await resolveCompound(stubBackend([poor, rich]), 'Cephradine', { onNotice })).toBe('3-000-3');
    expect(notices).toEqual([
      '"pentene" names 2 compounds: took Pentene (2-000-2, a defined structure); also Pentene (1-000-1)',
      '"Cephradine" names 2 compounds: took Cephradine (3-000-3, 10 measured values against 1); also cephradine (4-000-4)',
    ]);
  });

  it('none clearly better (a synonym each, measured values close): 400 listing both', async () => {
    const a = record('5-000-5', 'Boron ion A', { other_names: ['boron, ion'], fixed_props: points(66) });
    const b = record('6-000-6', 'Boron ion B', { other_names: ['Boron, Ion'], fixed_props: points(67) });
    const err = await resolveCompound(stubBackend([a, b]), 'Boron, Ion').catch((e: ChemError) => e);
    expect(err).toBeInstanceOf(ChemError);
    expect((err as ChemError).status).toBe(400);
    expect((err as ChemError).message).toBe('"Boron, Ion" names 2 compounds: Boron ion B (6-000-6); Boron ion A (5-000-5); name one by id or CAS');
  });

  it('resolveStructure: a record\'s structure, or a SMILES the database lacks as it is', async () => {
    const backend = stubBackend([record('7-000-7', 'Ethanol', { smiles: 'CCO' })]);
    expect(await resolveStructure(backend, 'ethanol')).toEqual({ smiles: 'CCO', cid: '7-000-7', name: 'Ethanol' });
    expect(await resolveStructure(backend, 'C1CCCCC1N')).toEqual({ smiles: 'C1CCCCC1N' });
  });
});
