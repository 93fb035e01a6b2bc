// One writer (src/cli/output.ts) for single results, streams (search --all) and batches (-): every
// output option means the same in each of them, on the search fixture database.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { compoundIdFor } from '../../src/api/ids.js';
import { runChem, testConfigDir } from '../helpers.js';
import { buildFixtureDb } from '../search/fixture-db.js';

let dbPath: string;
beforeAll(async () => {
  dbPath = await buildFixtureDb();
}, 60_000);
const chem = (args: string[], opts: Parameters<typeof runChem>[1] = {}) => runChem(['--db', dbPath, ...args], opts);

const ETHANOL = compoundIdFor('LFQSCWFLJHTTHZ-UHFFFAOYSA-N');
/** The same compound (ethanol, tb 351.37 K) as a single result, a stream item and a batch row. */
const KINDS: Record<string, [string[], string | undefined]> = {
  single: [['search', '64-17-5'], undefined],
  first: [['search', '--first', '64-17-5'], undefined],
  stream: [['search', '64-17-5', '--all'], undefined],
  batch: [['search', '-'], '64-17-5\n'],
};
const ndjson = (s: string) => s.trimEnd().split('\n').map((l) => JSON.parse(l));

describe('--fields and units mean the same for single results, streams and batches', () => {
  it('search --all --fields id --format ndjson prints only the ids', async () => {
    const r = await chem(['search', 'tb:200..400', '--all', '--fields', 'id', '--format', 'ndjson']);
    expect(r.code).toBe(0);
    const rows = ndjson(r.stdout);
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) expect(Object.keys(row)).toEqual(['id']);
  });

  for (const [kind, [args, stdin]] of Object.entries(KINDS)) {
    it(`${kind}: NDJSON rows of the chosen fields, in display units`, async () => {
      const r = await chem([...args, '--fields', 'id,tb', '--temp', 'C', '--format', 'ndjson'], { stdin });
      expect(r.code).toBe(0);
      const [row, ...more] = ndjson(r.stdout);
      expect(more).toEqual([]);
      expect(row).toEqual({ ...(kind === 'batch' ? { input: '64-17-5' } : {}), id: ETHANOL, tb: 78.22 });
    });

    it(`${kind}: CSV columns of the chosen fields, unit in the header`, async () => {
      const r = await chem([...args, '--fields', 'id,tb', '--temp', 'C', '--format', 'csv'], { stdin });
      expect(r.code).toBe(0);
      const lines = r.stdout.split('\r\n').filter(Boolean);
      expect(lines).toEqual(kind === 'batch' ? ['input,id,tb (°C),error', `64-17-5,${ETHANOL},78.22,`] : ['id,tb (°C)', `${ETHANOL},78.22`]);
    });

    it(`${kind}: a table of the chosen fields`, async () => {
      const r = await chem([...args, '--no-color', '--fields', 'tb,id', '--temp', 'F'], { stdin, tty: true, columns: 120 });
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(kind === 'batch' ? /^input\s+tb \(°F\)\s+id$/m : /^tb \(°F\)\s+id$/m);
      expect(r.stdout).toContain('172.8'); // 351.37 K = 172.796 °F, to the digits that read back as 351.37 K
      expect(r.stdout).not.toMatch(/formula|error/); // no other column, no empty error column
    });

    it(`${kind}: JSON keeps the v1 documents in spec units, whatever --fields and --temp`, async () => {
      const r = await chem([...args, '--fields', 'id', '--temp', 'C', '--json'], { stdin });
      const body = JSON.parse(r.stdout);
      const compound = { single: () => body.comps[0], first: () => body, stream: () => body[0], batch: () => body[0].result.comps[0] }[kind]!();
      expect(compound).toMatchObject({ id: ETHANOL, tb: 351.37, formula: 'C2H6O' });
    });

    it(`${kind}: an unknown field is a usage error in every format`, async () => {
      for (const format of ['json', 'ndjson', 'csv', 'table']) {
        const r = await chem([...args, '--fields', 'id,boiling', '--format', format], { stdin });
        expect(r.code).toBe(2);
        expect(r.stderr).toMatch(/unknown field "boiling"/);
        expect(r.stdout).toBe('');
      }
    });
  }

  it('NDJSON without --fields: the v1 documents (stream items are compounds, batch rows {input, result})', async () => {
    const [item] = ndjson((await chem(['search', '64-17-5', '--all', '--format', 'ndjson'])).stdout);
    expect(item).toMatchObject({ id: ETHANOL, tb: 351.37, formula: 'C2H6O' });
    const [row] = ndjson((await chem(['search', '-', '--format', 'ndjson'], { stdin: '64-17-5\n' })).stdout);
    expect(row.input).toBe('64-17-5');
    expect(row.result.comps[0]).toMatchObject({ id: ETHANOL, tb: 351.37 });
  });

  it('piped default: JSON for one result, NDJSON for streams and batches; --json makes them arrays', async () => {
    expect(JSON.parse((await chem(['search', '64-17-5'])).stdout).total).toBe(1);
    expect(ndjson((await chem(['search', '64-17-5', '--all'])).stdout)).toHaveLength(1);
    expect(ndjson((await chem(['search', '-'], { stdin: 'ethanol\nbenzene\n' })).stdout)).toHaveLength(2);
    expect(JSON.parse((await chem(['search', '64-17-5', '--all', '--json'])).stdout)).toHaveLength(1);
    expect(JSON.parse((await chem(['search', '-', '--json'], { stdin: 'ethanol\nbenzene\n' })).stdout)).toHaveLength(2);
    expect(JSON.parse((await chem(['search', 'nothing-like-this', '--all', '--json'])).stdout)).toEqual([]);
  });

  it('--convert-json converts the data points of single results and of batch rows alike', async () => {
    const one = JSON.parse((await chem(['cid', ETHANOL, '--json', '--convert-json', '--temp', 'C'])).stdout);
    const rows = JSON.parse((await chem(['cid', '-', '--json', '--convert-json', '--temp', 'C'], { stdin: `${ETHANOL}\n` })).stdout);
    const tb = one.comp.fixed_props.tb[0];
    expect(tb.unit).toBe('°C');
    expect(rows[0].result.comp.fixed_props.tb[0]).toEqual(tb);
    const plain = JSON.parse((await chem(['cid', '-', '--json', '--temp', 'C'], { stdin: `${ETHANOL}\n` })).stdout);
    expect(plain[0].result.comp.fixed_props.tb[0].unit).toBeUndefined();
  });

  it('an id cut from a CSV row (CRLF) is read as the id', async () => {
    const id = (await chem(['search', '64-17-5', '--format', 'csv', '--fields', 'id'])).stdout.split('\n')[1]!;
    expect(id).toMatch(/\r$/);
    const r = await chem(['cid', id, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).comp.cas).toBe('64-17-5');
  });

  it('CSV of an empty stream is the header alone', async () => {
    const r = await chem(['search', 'nothing-like-this', '--all', '--format', 'csv', '--fields', 'id,compound']);
    expect(r.stdout).toBe('id,name\r\n');
  });

  it('tables leave out tb/tf when no row has them, in single results and streams', async () => {
    for (const args of [['search', 'benzene-d6'], ['search', 'benzene-d6', '--all']]) {
      const r = await chem([...args, '--no-color'], { tty: true, columns: 160 });
      expect(r.stdout).toContain('benzene-d6');
      expect(r.stdout).toMatch(/^id\s+name\s+formula\s+cas\s+mw\s+tf \(K\)$/m);
      expect(r.stdout).not.toMatch(/tb \(K\)/);
    }
  });

  it('chem config list takes --format and --fields like every other command', async () => {
    const env = { CHEM_TEMP: 'C' };
    const csv = await runChem(['config', 'list', '--format', 'csv', '--fields', 'key,value'], { env });
    expect(csv.stdout.split('\r\n')).toEqual(expect.arrayContaining(['key,value', 'temp,C']));
    const json = await runChem(['config', 'list', '--json'], { env });
    expect(JSON.parse(json.stdout)).toMatchObject({ temp: 'C' });
  });

  const root = fileURLToPath(new URL('../../', import.meta.url));
  it.skipIf(!existsSync(`${root}dist/cli/main.js`))('a reader that stops early (chem … | head) ends the output quietly, exit 0', () => {
    const input = `${dbPath}.lines`;
    writeFileSync(input, 'CCO\n'.repeat(3000)); // more than a pipe holds
    const r = spawnSync('bash', ['-c', `node bin/chem.js --db ${dbPath} convert smiles - < ${input} | head -1 >/dev/null; exit \${PIPESTATUS[0]}`], {
      cwd: root,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: testConfigDir, CHEM_CONFIG_DIR: testConfigDir },
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it.skipIf(!existsSync(`${root}dist/cli/main.js`))('help cut short by its reader (chem --help | head -c 1) ends quietly, exit 0', () => {
    // commander writes help straight to stdout: the EPIPE arrives as an 'error' event, not through io.write
    for (let i = 0; i < 5; i++) {
      const r = spawnSync('bash', ['-c', 'node bin/chem.js --help | head -c 1 >/dev/null; exit ${PIPESTATUS[0]}'], {
        cwd: root,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, HOME: testConfigDir, CHEM_CONFIG_DIR: testConfigDir },
      });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
    }
  });
});
