// chem plot over a database built from the store fixture mirror: the points plotted are the
// record's, in display units; terminal, SVG and PNG charts; errors and batches.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compoundIdFor } from '../../src/api/ids.js';
import type { Compound, DataPoint } from '../../src/api/types.js';
import { buildDatabase } from '../../src/local/store/build.js';
import { plotSeries } from '../../src/plot/data.js';
import { property } from '../../src/api/properties.js';
import { vegaLiteSpec } from '../../src/plot/chart.js';
import { kittyImage, kittySupported } from '../../src/plot/terminal.js';
import { runChem } from '../helpers.js';

const MIRROR = join(import.meta.dirname, '../fixtures/store/mirror');
const dir = mkdtempSync(join(tmpdir(), 'chem-plot-'));
const dbPath = join(dir, 'chem.db');
const ETHANOL = compoundIdFor('LFQSCWFLJHTTHZ-UHFFFAOYSA-N');
const K = { temp: 'K', pressure: 'kPa', energy: 'kJ/mol' } as const;
let record: Compound;

const chem = (args: string[], opts = {}) => runChem(['--db', dbPath, '--backend', 'local', ...args], opts);

beforeAll(async () => {
  await buildDatabase({ from: MIRROR, dbPath, threads: 1, steps: [], now: 1_700_000_000 });
  record = JSON.parse((await chem(['cid', ETHANOL, '--json'])).stdout).comp;
}, 60_000);

describe('chem plot', () => {
  it('plots every point of the record with a temperature, told apart by kind', async () => {
    const r = await chem(['plot', ETHANOL, 'hvapt', '--json']);
    expect(r.code).toBe(0);
    const [plot] = JSON.parse(r.stdout).plots;
    const stored = (record.tpdep_props!.hvapt as DataPoint[]).filter((p) => p.t !== undefined);
    expect(plot.points).toHaveLength(stored.length);
    // CRC Handbook Heat of Vaporization.tsv, ethanol: Hvap298 = 42360 J/mol, one measured point.
    const crc = plot.points.filter((p: { s: string }) => p.s === 'crc');
    expect(crc).toEqual([expect.objectContaining({ t: 298.15, v: 42.36, kind: 'measured' })]);
    // ChemSep eq. 106 is sampled on a grid: those points are one correlation curve.
    const chemsep = plot.points.filter((p: { s: string }) => p.s === 'chemsep');
    expect(chemsep.length).toBeGreaterThanOrEqual(5);
    expect(new Set(chemsep.map((p: { kind: string }) => p.kind))).toEqual(new Set(['correlation']));
  });

  it('converts the axes to the display units', async () => {
    const r = await chem(['plot', ETHANOL, 'hvapt', '--json', '--temp', 'C', '--energy', 'kcal/mol']);
    const [plot] = JSON.parse(r.stdout).plots;
    expect(plot.tUnit).toBe('°C');
    expect(plot.unit).toBe('kcal/mol');
    // 298.15 K = 25 °C; 42.36 kJ/mol / 4.184 = 10.1243 kcal/mol, to the digits that read back as 42.36: 10.124
    const crc = plot.points.find((p: { s: string }) => p.s === 'crc');
    expect(crc.t).toBe(25);
    expect(crc.v).toBe(10.124);
  });

  it('draws a braille chart that fits the terminal width, labelled in display units', async () => {
    const r = await chem(['plot', ETHANOL, 'hvapt', '--temp', 'C'], { tty: true, columns: 72, env: { NO_COLOR: '1' } });
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    for (const l of lines) expect([...l].length).toBeLessThanOrEqual(72);
    expect(r.stdout).toContain('ΔvapH (kJ/mol)');
    expect(r.stdout).toContain('T (°C)');
    expect(r.stdout).toMatch(/[\u2801-\u28ff]/);
    expect(r.stdout).toContain('CRC Handbook of Chemistry and Physics: measured (1 point)');
  });

  it('kitty graphics: the PNG in base64 chunks of at most 4096, scaled to the terminal width', async () => {
    const r = await chem(['plot', ETHANOL, 'hvapt', '--terminal', 'kitty'], { tty: true, columns: 100 });
    expect(r.code).toBe(0);
    // eslint-disable-next-line no-control-regex -- the kitty escape sequences themselves
    const chunks = [...r.stdout.matchAll(/\x1b_G([^;]*);([A-Za-z0-9+/=]*)\x1b\\/g)];
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks[0]![1]).toBe('a=T,f=100,c=100,m=1');
    expect(chunks.at(-1)![1]).toBe('m=0');
    for (const c of chunks) expect(c[2]!.length).toBeLessThanOrEqual(4096);
    const png = Buffer.from(chunks.map((c) => c[2]).join(''), 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(kittyImage(Buffer.from('x'), 80)).toBe('\x1b_Ga=T,f=100,c=80,m=0;eA==\x1b\\\n');
    expect(kittySupported({ TERM: 'xterm-kitty' })).toBe(true);
    expect(kittySupported({ TERM_PROGRAM: 'WezTerm' })).toBe(true);
    expect(kittySupported({ TERM: 'xterm-256color' })).toBe(false);
  });

  it('writes an SVG with the axis titles, and a PNG at twice its size', async () => {
    const svg = join(dir, 'e.svg');
    const r = await chem(['plot', ETHANOL, 'hvapt', 'dvisc', '--out', svg, '--pressure', 'bar']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`wrote ${svg}`);
    expect(r.stdout).toBe('');
    const text = readFileSync(svg, 'utf8');
    expect(text).toMatch(/^<svg/);
    for (const title of ['ΔvapH (kJ/mol)', 'η (Pa×s)', 'T (K)', 'Ethanol', 'CRC Handbook of Chemistry and Physics']) expect(text).toContain(title);
    const png = join(dir, 'e.png');
    expect((await chem(['plot', ETHANOL, 'hvapt', 'dvisc', '--out', png, '--pressure', 'bar'])).code).toBe(0);
    const buf = readFileSync(png);
    expect(buf.subarray(1, 4).toString()).toBe('PNG');
    const svgWidth = Number(/^<svg[^>]* width="(\d+)"/.exec(readFileSync(svg, 'utf8'))![1]);
    expect(buf.readUInt32BE(16)).toBe(svgWidth * 2);
  });

  it('one line and a documented exit code for bad keys, unknown ids and missing data', async () => {
    const cases: [string[], number, RegExp][] = [
      [[ETHANOL, 'tb'], 2, /"tb" does not depend on temperature/],
      [[ETHANOL, 'nope'], 2, /unknown property "nope"/],
      [[ETHANOL, 'cps'], 3, /no cps data with a temperature for Ethanol/],
      [[compoundIdFor('AAAAAAAAAAAAAA-UHFFFAOYSA-N'), 'cpg'], 3, /no compound with id/],
      [[ETHANOL, 'cpg', '--out', join(dir, 'x.pdf')], 2, /must end in \.svg or \.png/],
      [['-', 'cpg'], 2, /give --out/],
    ];
    for (const [args, code, message] of cases) {
      const r = await chem(['plot', ...args]);
      expect(r.code, args.join(' ')).toBe(code);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    }
  });

  it('without a key: every T-dependent key the record holds', async () => {
    const r = await chem(['plot', ETHANOL, '--json']);
    expect(r.code).toBe(0);
    const expected = Object.entries(record.tpdep_props ?? {}).filter(([k, points]) => property(k)?.dep.includes('T') && points.some((p) => p.t !== undefined));
    expect(JSON.parse(r.stdout).plots.map((p: { key: string }) => p.key)).toEqual(expected.map(([k]) => k));
    expect(expected.length).toBeGreaterThanOrEqual(3);
  });

  it('a key without data beside one with data: a notice, and the other is plotted', async () => {
    const r = await chem(['plot', ETHANOL, 'cps', 'hvapt', '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/no cps data/);
    expect(JSON.parse(r.stdout).plots.map((p: { key: string }) => p.key)).toEqual(['hvapt']);
  });

  it('batch: one file and one row per id, an error row for a bad one (exit 7)', async () => {
    const bad = compoundIdFor('AAAAAAAAAAAAAA-UHFFFAOYSA-N');
    const r = await chem(['plot', '-', 'hvapt', '--out', join(dir, 'b-{id}.svg'), '--format', 'csv'], { stdin: `${ETHANOL}\n${bad}\n` });
    expect(r.code).toBe(7);
    const rows = r.stdout.trim().split('\r\n');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain(`b-${ETHANOL}.svg`);
    expect(rows[2]).toMatch(/no compound with id/);
    expect(existsSync(join(dir, `b-${ETHANOL}.svg`))).toBe(true);
  });
});

describe('plot series and scales', () => {
  const comp = (points: DataPoint[]): Compound => ({ id: '1-1-1', compound: 'x', type: 'C', tpdep_props: { dvisc: points }, src: { a: { db: 'Source A', url: '' } } });

  it('a log axis for positive values over two decades or more, linear otherwise', () => {
    // Water's liquid viscosity: 1.79 mPa·s at 273.15 K, 0.28 mPa·s at 373.15 K (one decade): linear.
    const water = plotSeries(comp([{ v: 1.79e-3, t: 273.15, s: 'a' }, { v: 2.82e-4, t: 373.15, s: 'a' }]), 'dvisc', K);
    expect(water.log).toBe(false);
    const wide = plotSeries(comp([{ v: 1e-2, t: 200, s: 'a' }, { v: 5e-5, t: 500, s: 'a' }]), 'dvisc', K);
    expect(wide.log).toBe(true);
    // A vapour pressure is on a log axis even over less than a decade (ethanol, 101.325 kPa at its
    // normal boiling point 351.44 K, 53.8 kPa at 331.15 K).
    if (property('pvap')) {
      const pvap = plotSeries({ ...comp([]), tpdep_props: { pvap: [{ v: 53.8, t: 331.15, s: 'a' }, { v: 101.325, t: 351.44, s: 'a' }] } }, 'pvap', K);
      expect(pvap.log).toBe(true);
    }
    const layers = (vegaLiteSpec('x', [wide]).vconcat as { encoding: { y: { scale: { type?: string } } } }[])[0]!;
    expect(layers.encoding.y.scale.type).toBe('log');
  });

  it('points of one source sharing a comment are a curve; a lone point or a prediction is not', () => {
    const s = plotSeries(
      comp([
        { v: 1e-3, t: 300, s: 'a', c: 'eq. 101, 250–400 K' },
        { v: 5e-4, t: 350, s: 'a', c: 'eq. 101, 250–400 K' },
        { v: 8e-4, t: 320, s: 'a', c: 'at 1 atm' },
        { v: 9e-4, t: 310, s: 'a', calc: true },
        { v: 3e-3, t: 330, s: 'a', o: true },
      ]),
      'dvisc',
      K,
    );
    expect(s.points.map((p) => [p.t, p.kind, p.outlier])).toEqual([
      [300, 'correlation', false],
      [310, 'calculated', false],
      [320, 'measured', false],
      [330, 'measured', true],
      [350, 'correlation', false],
    ]);
  });
});
