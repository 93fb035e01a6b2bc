// chem predict end to end: the CCO numbers, options, errors, and 10 000-line batches (in-process on the
// main thread, and spawned from dist/ where big CSV batches run on worker threads).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { streamIO } from '../../src/cli/context.js';
import { runChem, testConfigDir } from '../helpers.js';
import type { PredictionResult } from '../../src/api/types.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const built = existsSync(`${root}dist/local/predict/worker.js`);

const CSV_HEADER =
  'input,mw (g/mol),mr,tf (K),tb (K),tc (K),pc (kPa),vc (m³/kmol),af,hf (kJ/mol),gf (kJ/mol),hvap (kJ/mol),hfus (kJ/mol),' +
  'log10ws,logp,mcvol (ml/mol),dvisc@298.15K (Pa×s),cpg@298.15K (J/(mol×K)),' +
  'hvapt@298.15K (kJ/mol),pvap@298.15K (kPa),rhol@298.15K (kg/m³),srf@298.15K (N/m),cpl@298.15K (J/(mol×K)),tcondl@298.15K (W/(m×K)),error';

/**
 * 10 000 .smi lines ("SMILES name"), with invalid SMILES and empty lines mixed in. Hydrogen bromide has no Joback
 * estimate (its tb is the direct fallback's); carbon monoxide's charges give it no Crippen types.
 */
const good = ['CCO ethanol', 'c1ccccc1 benzene', 'CC(=O)O', 'CCCCCCCC(=O)OC', 'O water', 'CS(C)(=O)=O', 'Br hydrogen bromide', '[C-]#[O+]'];
const lines = Array.from({ length: 10_000 }, (_, i) => (i % 97 === 5 ? `C1CC(${i} broken` : i % 1000 === 999 ? '' : good[i % good.length]));
const stdin = lines.join('\n') + '\n';
const expectRowError = (i: number) => (i % 97 === 5 ? 404 : i % 1000 === 999 ? 400 : 0);

describe('chem predict', () => {
  it('CCO --json: tb 337.54 K and tc 499.4 K (joback), logp -0.0014 (crippen), mcvol 44.91 ml/mol', async () => {
    const r = await runChem(['predict', 'CCO', '--json']);
    expect(r.code).toBe(0);
    const p = (JSON.parse(r.stdout) as PredictionResult).properties.fixed;
    const joback = (k: string) => p[k].find((x) => x.s === 'joback')!;
    expect(p.tb[0].s).toMatch(/^chem-ml-1\.1/); // the model's point first (test/ml), Joback's after it
    expect(joback('tb')).toEqual({ u: 'tb', s: 'joback', v: 337.54, calc: true, r: 'Joback/Reid (1987)' });
    expect(joback('tc').v).toBeCloseTo(499.4, 1);
    expect(joback('logp')).toBeUndefined();
    expect(p.logp.find((x) => x.s === 'crippen')).toMatchObject({ v: -0.0014, r: 'Wildman/Crippen (1999)' });
    expect(p.mcvol[0].v).toBeCloseTo(44.91, 2);
  });

  it('--prop limits the keys and --t adds temperatures', async () => {
    const r = await runChem(['predict', 'CC(C)=O', '--json', '--prop', 'tb,cpg', '--t', '300,555']);
    const res = JSON.parse(r.stdout) as PredictionResult;
    expect(Object.keys(res.properties.fixed)).toEqual(['tb']);
    expect(Object.keys(res.properties.tdep)).toEqual(['cpg']);
    expect(Object.keys(res.info).sort()).toEqual(['cpg', 'tb']);
    expect(res.properties.tdep.cpg.find((p) => p.t === 300)!.v).toBeCloseTo(75.33, 2); // Joback worked example
    expect(res.properties.tdep.cpg.some((p) => p.t === 555)).toBe(true);
  });

  it('--t: the corresponding-states estimates at each temperature, and a notice for those outside their domain', async () => {
    const r = await runChem(['predict', 'CCCCCC', '--prop', 'pvap,rhol', '--t', '298.15,600', '--json']);
    expect(r.code).toBe(0);
    const { tdep, fixed } = (JSON.parse(r.stdout) as PredictionResult).properties;
    expect(fixed).toEqual({}); // the constants they were computed from are not asked for
    expect(tdep.pvap.map((p) => p.t)).toEqual([298.15]); // n-hexane's predicted Tc is ~510 K: none at 600 K
    expect(tdep.pvap[0]).toMatchObject({ u: 'pvap', calc: true, s: expect.stringMatching(/^lee-kesler-anchored\(chem-ml-1\.1(-beta)?\)$/) });
    expect(r.stderr).toMatch(/no pvap estimate at 600 K/);
    expect(r.stderr).toMatch(/no rhol estimate at 600 K/);
  });

  it('prints a table of property (key and symbol once), value, unit, T and method', async () => {
    const r = await runChem(['predict', 'CCO', '--format', 'table', '--prop', 'tb,cpg', '--t', '500'], { columns: 200 });
    expect(r.stdout).toMatch(/^property\s+value\s+unit\s+T \(K\)\s+method$/m);
    // the model's point as v ± e, both to e's second digit (ethanol: 354 ± 34 K)
    expect(r.stdout).toMatch(/^tb Tboil\s+\d{3}(\.\d)? ± \d+(\.\d)?\s+K\s/m);
    expect(r.stdout).toMatch(/^\s+337\.54\s+Joback\/Reid \(1987\)$/m);
    expect(r.stdout).toMatch(/^\s+94\.221\s+500\s+Joback\/Reid \(1987\)$/m);
  });

  it('an invalid SMILES is the spec 404 with the parser message and exit code 3', async () => {
    const r = await runChem(['predict', 'C1CC']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/invalid SMILES "C1CC".*ring closure/);
  });

  it('bad options are usage errors (exit 2)', async () => {
    expect((await runChem(['predict', 'CCO', '--prop', 'nope'])).code).toBe(2);
    expect((await runChem(['predict', 'CCO', '--prop', 'ie'])).stderr).toMatch(/not predicted locally/);
    expect((await runChem(['predict', 'CCO', '--t', 'hot'])).code).toBe(2);
    expect((await runChem(['predict', 'CCO', '--jobs', '-1'])).code).toBe(2);
  });

  it('a single CSV prediction has the documented columns', async () => {
    const r = await runChem(['predict', 'CCO', '--format', 'csv']);
    const [head, row] = r.stdout.split('\r\n');
    expect('input,' + head + ',error').toBe(CSV_HEADER);
    // the columns carry the first point of each key, the model's where there is one
    const json = (JSON.parse((await runChem(['predict', 'CCO', '--json'])).stdout) as PredictionResult).properties.fixed;
    expect(Number(row.split(',')[3])).toBeCloseTo(json.tb[0].v, 2);
  });

  it('a 10 000-line batch with invalid lines gives 10 000 NDJSON rows in order', async () => {
    const r = await runChem(['predict', '-', '--format', 'ndjson'], { stdin });
    const rows = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(rows).toHaveLength(10_000);
    rows.forEach((row, i) => {
      expect(row.input).toBe(lines[i]);
      const status = expectRowError(i);
      if (status) expect(row.error.status).toBe(status);
      else expect(row.result.properties.fixed.logp.map((p: { s: string }) => p.s)).toEqual([expect.stringMatching(/^chem-ml-1\.1/), 'crippen']);
    });
    expect(r.code).toBe(7);
  }, 120_000);
});

describe('chem predict - on a terminal', () => {
  it('answers each typed line before the input ends', async () => {
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    const out: string[] = [];
    const sink = (to?: string[]) => new Writable({ write: (c, _e, cb) => (to?.push(String(c)), cb()) });
    const env = { CHEM_CONFIG_DIR: testConfigDir, HOME: testConfigDir, PATH: process.env.PATH };
    const done = main(['predict', '-', '--format', 'ndjson'], { io: streamIO(stdin, sink(out), sink()), env });
    stdin.write('CCO\n');
    await vi.waitFor(() => expect(out.join('')).toContain('{"input":"CCO","result":{'), { timeout: 30_000, interval: 50 });
    stdin.write('C1CC\n');
    await vi.waitFor(() => expect(out.join('')).toContain('{"input":"C1CC","error":{"status":404'), { timeout: 30_000, interval: 50 });
    stdin.end();
    expect(await done).toBe(7);
  }, 60_000);
});

describe.skipIf(!built)('chem predict batches on worker threads (built dist/)', () => {
  const run = (args: string[]) => spawnSync('node', [`${root}bin/chem.js`, 'predict', '-', ...args], { input: stdin, encoding: 'utf8', maxBuffer: 1 << 30 });

  it('10 000 CSV rows in input order, identical to the main-thread run', () => {
    const pooled = run(['--format', 'csv', '--jobs', '2']); // two workers, whatever the default on this machine
    const inline = run(['--format', 'csv', '--jobs', '0']);
    expect(pooled.status).toBe(7);
    const out = pooled.stdout.split('\r\n');
    expect(out[0]).toBe(CSV_HEADER);
    expect(out).toHaveLength(10_002); // header, 10 000 rows, final CRLF
    for (let i = 0; i < 10_000; i += 1) {
      const status = expectRowError(i);
      const cells = out[i + 1];
      if (status) expect(cells.endsWith(',')).toBe(false); // the error column is filled
      else expect(cells.endsWith(',')).toBe(true);
    }
    expect(pooled.stdout).toBe(inline.stdout);
  }, 120_000);

  it('10 000 NDJSON rows (JSON texts made on the workers) identical to the main-thread run', () => {
    const pooled = run(['--format', 'ndjson', '--jobs', '2']);
    const inline = run(['--format', 'ndjson', '--jobs', '0']);
    expect(pooled.status).toBe(7);
    expect(pooled.stdout.split('\n')).toHaveLength(10_001);
    expect(pooled.stdout).toBe(inline.stdout);
  }, 120_000);

  it('--jobs 1 (a walker thread walks the model trees): the same CSV and NDJSON as the main-thread run', () => {
    for (const format of ['csv', 'ndjson']) {
      const walked = run(['--format', format, '--jobs', '1']);
      const inline = run(['--format', format, '--jobs', '0']);
      expect(walked.status).toBe(7);
      expect(walked.stdout).toBe(inline.stdout);
      if (format !== 'ndjson') continue;
      // line 6, hydrogen bromide: its tb is the direct fallback's point (Joback has none), walked on the walker
      const { input, result } = JSON.parse(walked.stdout.split('\n')[6]) as { input: string; result: PredictionResult };
      expect(input).toBe('Br hydrogen bromide');
      expect(result.properties.fixed.tb[0].c).toMatch(/^learnt directly/);
    }
    // a subset of the properties, with a model (one walk of one model) and without one (no walk at all)
    for (const props of ['mcvol,tb', 'mcvol']) {
      const walked = run(['--format', 'csv', '--jobs', '1', '--prop', props]);
      expect(walked.status).toBe(7);
      expect(walked.stdout).toBe(run(['--format', 'csv', '--jobs', '0', '--prop', props]).stdout);
    }
  }, 180_000);
});
