import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { buildContext } from '../../src/cli/command.js';
import { streamIO } from '../../src/cli/context.js';
import { csvField, csvLine, printResult } from '../../src/cli/output.js';
import { tableNumber } from '../../src/api/precision.js';
import { conversionView } from '../../src/cli/commands/convert.js';
import type { ConversionResult } from '../../src/api/types.js';
import { runBatch } from '../../src/cli/batch.js';
import { testConfigDir } from '../helpers.js';

const golden = (name: string) => readFileSync(new URL(`../fixtures/golden/${name}`, import.meta.url), 'utf8');

// Spec 2.4: a conversion result has cid, inchi, inchikey, name and smiles, all strings.
const ethanol: ConversionResult = {
  cid: '8-570-2',
  name: 'ethanol, absolute',
  inchi: 'InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3',
  inchikey: 'LFQSCWFLJHTTHZ-UHFFFAOYSA-N',
  smiles: 'CCO',
};

async function render(format: string, tty = false, columns = 80): Promise<string> {
  let text = '';
  const out = Object.assign(new Writable({ write: (c, _e, cb) => ((text += c.toString()), cb()) }), { isTTY: tty, columns });
  const io = streamIO(Readable.from([]), out, new Writable({ write: (_c, _e, cb) => cb() }));
  const ctx = buildContext({ io, env: { CHEM_CONFIG_DIR: testConfigDir, NO_COLOR: '1' }, setExit: () => {} }, { format }, false);
  await printResult(ctx, conversionView, ethanol);
  return text;
}

describe('output formats against hand-written golden files', () => {
  it('json is the exact v1 body', async () => {
    expect(await render('json')).toBe(golden('conversion.json'));
    expect(JSON.parse(await render('json'))).toEqual(ethanol);
  });
  it('ndjson is one compact line', async () => {
    expect(await render('ndjson')).toBe(golden('conversion.ndjson'));
  });
  it('csv follows RFC 4180', async () => {
    expect(await render('csv')).toBe(golden('conversion.csv'));
  });
  it('table fits an 80-column terminal and shows every value', async () => {
    const t = await render('table', true, 80);
    for (const line of t.trimEnd().split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    expect(t).toContain('LFQSCWFLJHTTHZ-UHFFFAOYSA-N');
    expect(t.replace(/\s/g, '')).toContain('InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3');
  });
});

describe('CSV quoting (RFC 4180)', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\r', '"cr\r"'],
    ['', ''],
  ])('%j → %j', (input, expected) => expect(csvField(input)).toBe(expected));
  it('numbers, null and undefined', () => {
    expect(csvLine([1.5, null, undefined, true, 'x'])).toBe('1.5,,,true,x\r\n');
  });
  it('a non-finite number is an empty cell, never NaN or Infinity', () => {
    expect(csvLine([NaN, Infinity, -Infinity, 0])).toBe(',,,0\r\n');
  });
});

describe('table numbers', () => {
  it('round to 6 significant digits, exponent only for extreme magnitudes', () => {
    expect(tableNumber(337.5400000001)).toBe('337.54');
    expect(tableNumber(0.000651157)).toBe('0.000651157');
    expect(tableNumber(6.5e-5)).toBe('6.5000e-5');
    expect(tableNumber(-0.0014)).toBe('-0.0014');
  });
  it('a non-finite number is an empty cell', () => {
    for (const v of [NaN, Infinity, -Infinity]) expect(tableNumber(v)).toBe('');
    expect(tableNumber(0)).toBe('0');
  });
});

describe('batch output is gathered', () => {
  const run = async (lines: string[], format: string, slowAfter?: number) => {
    const writes: string[] = [];
    const out = new Writable({ write: (c, _e, cb) => (writes.push(c.toString()), cb()) });
    const io = streamIO(Readable.from([]), out, new Writable({ write: (_c, _e, cb) => cb() }));
    const ctx = buildContext({ io, env: { CHEM_CONFIG_DIR: testConfigDir, NO_COLOR: '1' }, setExit: () => {} }, { format }, false);
    const view = { columns: [{ key: 'n' }], rows: (r: { n: number }) => [r] };
    async function* input() {
      for (const [i, line] of lines.entries()) {
        if (i === slowAfter) await new Promise((r) => setTimeout(r, 50)); // a pause in the input
        yield line;
      }
    }
    const seen: number[] = [];
    const code = await runBatch(ctx, input(), async (s) => (seen.push(writes.length), { n: Number(s) }), view, { concurrency: 1 });
    return { code, writes, seen };
  };

  it('3 000 CSV rows go out in a few writes, in order, each row once', async () => {
    const lines = Array.from({ length: 3000 }, (_, i) => String(i));
    const { code, writes } = await run(lines, 'csv');
    expect(code).toBe(0);
    expect(writes.length).toBeLessThan(10); // ~21 000 characters: one write a row before
    expect(writes.join('')).toBe('input,n,error\r\n' + lines.map((l) => `${l},${l},\r\n`).join(''));
  });

  it('what is gathered goes out when the input pauses', async () => {
    const { writes, seen } = await run(['1', '2', '3'], 'ndjson', 2);
    expect(seen[2]).toBeGreaterThan(0); // the first two rows were written before the third line came
    expect(writes.join('')).toBe(['1', '2', '3'].map((n) => `{"input":"${n}","result":{"n":${n}}}\n`).join(''));
  });
});
