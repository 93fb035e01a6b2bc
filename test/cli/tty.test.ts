// Runs the built binary under a real pseudo-terminal (util-linux `script`) to check what only a
// terminal shows: table width, colour, spinners — and that pipes get none of it.
import { beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { testConfigDir } from '../helpers.js';
import { buildFixtureDb } from '../search/fixture-db.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
// No CHEM_DATA_DIR and a private HOME: a command must never find or build a database here.
const baseEnv = { PATH: process.env.PATH, TERM: 'xterm-256color', HOME: testConfigDir, CHEM_CONFIG_DIR: testConfigDir };
const FULL_DB = process.env.CHEM_TEST_FULL_DB && existsSync(process.env.CHEM_TEST_FULL_DB) ? process.env.CHEM_TEST_FULL_DB : undefined;
const haveScript = spawnSync('script', ['--version']).status === 0 && existsSync(`${root}dist/cli/main.js`);
const ESC = String.fromCharCode(27);
const ANSI = new RegExp(`${ESC}\\[[0-9;?]*[A-Za-z]`, 'g');
const BOLD = `${ESC}[1m`;

function inTty(cmd: string, env: Record<string, string> = {}, cols = 80): string {
  return execFileSync('script', ['-qec', `stty cols ${cols} rows 40; ${cmd}`, '/dev/null'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...baseEnv, ...env },
  });
}

const CLEAR_LINE = new RegExp(`${ESC}\\[0?K`);
/** The lines a command leaves on a terminal: what a spinner cleared (erase line) and escape sequences removed. */
const shownLines = (out: string) => out.split(/\r?\n/).map((l) => l.split(CLEAR_LINE).pop()!.replace(ANSI, ''));
const width = (line: string) => [...line].length;

describe.skipIf(!haveScript)('terminal behaviour', () => {
  let db: string;
  beforeAll(async () => {
    db = await buildFixtureDb();
  }, 60_000);

  it('a key/value table fits an 80-column terminal; the InChI wraps, the InChIKey stays whole', () => {
    const out = shownLines(inTty('node bin/chem.js convert smiles "CN1C=NC2=C1C(=O)N(C(=O)N2C)C" 2>/dev/null'));
    for (const l of out) expect(width(l)).toBeLessThanOrEqual(80);
    expect(out.some((l) => /^inchikey\s+RYYVLZVUVIJVGH-UHFFFAOYSA-N$/.test(l))).toBe(true);
    expect(out.join('').replace(/\s/g, '')).toContain('InChI=1S/C8H10N4O2/c1-10-4-9-6-5(10)7(13)12(3)8(14)11(6)2/h4H,1-3H3');
  });

  it('chem state and chem predict --t fit an 80-column terminal, stderr included: long text cut, notices wrapped at spaces', () => {
    for (const cmd of [`state ethanol --t 40C,350 --p 1atm`, `state ethanol --p 70kPa`, `predict CCO --t 25C,350`, `predict "c1ccccc1O" --t 300,400 --prop pvap,rhol,tb`]) {
      const out = shownLines(inTty(`node bin/chem.js --db ${db} ${cmd} 2>&1`));
      for (const l of out) expect(width(l), `${cmd}: ${l}`).toBeLessThanOrEqual(80);
      expect(out.filter((l) => l.trim()).length, cmd).toBeGreaterThan(3);
    }
    // a notice longer than the terminal continues on indented lines; piped, it is one line
    const tty = shownLines(inTty(`node bin/chem.js --db ${db} state ethanol --p 70kPa 2>&1 >/dev/null`)).filter((l) => l);
    expect(tty[0]).toMatch(/^chem: saturation temperature at 70 kPa/);
    expect(tty[1]).toMatch(/^ {6}\S/);
    expect(tty.every((l) => l.startsWith('chem: ') || l.startsWith('      '))).toBe(true);
    const piped = spawnSync('node', ['bin/chem.js', '--db', db, 'state', 'ethanol', '--p', '70kPa'], { cwd: root, encoding: 'utf8', env: baseEnv });
    expect(piped.stderr.trim().split('\n').filter((l) => l.startsWith('chem: saturation')).length).toBe(1);
    expect(piped.stderr).toMatch(/^chem: saturation temperature at 70 kPa .{60,}$/m);
  });

  for (const cols of [80, 100]) {
    it(`search at ${cols} columns: no borders, the first 20 rows, whole ids, a hint how to see more`, () => {
      const out = shownLines(inTty(`node bin/chem.js --db ${db} search "has:tb" --limit 5`, {}, cols));
      for (const l of out) expect(width(l)).toBeLessThanOrEqual(cols);
      expect(out.join('\n')).not.toMatch(/[│─┌└]/);
      expect(out[0]).toMatch(/^id\s+name\s+formula\s+cas\s+mw\s+tb \(K\)\s+tf \(K\)$/);
      expect(out.filter((l) => /^\d+-\d{3}-\d\s/.test(l))).toHaveLength(5);
      expect(out.join('\n')).toMatch(/5 shown, page 1 of 1, total 13; more: --limit 13, --all/);
    });

    it(`cid at ${cols} columns: one summary row per property, no empty columns, nothing cut but names`, () => {
      const out = shownLines(inTty(`node bin/chem.js --db ${db} cid 69749139-429-6`, {}, cols));
      for (const l of out) expect(width(l)).toBeLessThanOrEqual(cols);
      expect(out).toContain('id           69749139-429-6');
      const header = out.find((l) => l.startsWith('property'))!;
      expect(header).toMatch(/^property\s+value\s+unit\s+source/);
      expect(header).not.toMatch(/T \(K\)/); // no fixed property has a temperature
      expect(out.filter((l) => /^tb\s/.test(l))).toHaveLength(1);
      expect(out.some((l) => /^tb\s+351\.37\s+K\s+yaws(\s+[\d.]+)?\s+\d+\s+\d+$/.test(l))).toBe(true);
    });

    it(`cid --points at ${cols} columns: property rows grouped (key and symbol once), nothing cut but names`, () => {
      const out = shownLines(inTty(`node bin/chem.js --db ${db} cid 69749139-429-6 --points`, {}, cols));
      for (const l of out) expect(width(l)).toBeLessThanOrEqual(cols);
      expect(out.filter((l) => /^tb Tboil\s/.test(l))).toHaveLength(1);
      expect(out.some((l) => /^tb Tboil\s+351\.37\s+K\s+yaws$/.test(l))).toBe(true);
    });
  }

  it.skipIf(!FULL_DB)('a record with outliers at 100 columns: the red marks close on their own line', () => {
    const out = inTty(`node bin/chem.js --db ${FULL_DB} cid 69749139-429-6 --points 2>/dev/null`, {}, 100).split(/\r?\n/);
    const red = out.filter((l) => l.includes(`${ESC}[31m`));
    expect(red.length).toBeGreaterThan(0);
    for (const l of out) expect(l.split(`${ESC}[31m`).length, l).toBe(l.split(`${ESC}[39m`).length);
    for (const l of shownLines(out.join('\n'))) expect(width(l)).toBeLessThanOrEqual(100);
  });

  it('a search on a terminal shows 20 rows of a page; piped and JSON output keep the v1 page', () => {
    // 13 compounds have a boiling point in the fixture: more than 10, fewer than 20.
    const limited = shownLines(inTty(`node bin/chem.js --db ${db} search "has:tb" --limit 10`));
    expect(limited.filter((l) => /^\d+-\d{3}-\d\s/.test(l))).toHaveLength(10);
    const all = shownLines(inTty(`node bin/chem.js --db ${db} search "has:tb"`));
    expect(all.filter((l) => /^\d+-\d{3}-\d\s/.test(l))).toHaveLength(13);
    expect(all.join('\n')).not.toMatch(/more:/);
    const piped = spawnSync('node', ['bin/chem.js', '--db', db, 'search', 'has:tb'], { cwd: root, encoding: 'utf8', env: baseEnv });
    expect(JSON.parse(piped.stdout).comps).toHaveLength(13);
  });

  it('first run: a command that finds no database asks once on a terminal (default no), never on a pipe', () => {
    const none = `${testConfigDir}/none/chem.sqlite`;
    const asked = spawnSync('script', ['-qec', `stty cols 80 rows 40; node bin/chem.js --db ${none} search benzene`, '/dev/null'], { cwd: root, encoding: 'utf8', env: baseEnv, input: '\n' });
    expect(asked.status).toBe(6);
    const text = asked.stdout.replace(ANSI, '');
    expect(text.match(/run "chem db pull" now: download \d+ MB of open data tables and build it \(about 2 minutes\)\? \[y\/N\]/g)).toHaveLength(1);
    expect(text).toMatch(/chem: error: no local database at .*none\/chem\.sqlite: run "chem db build --from DIR" or "chem db pull"/);
    expect(existsSync(none)).toBe(false);

    const piped = spawnSync('node', ['bin/chem.js', '--db', none, 'search', 'benzene'], { cwd: root, encoding: 'utf8', env: baseEnv, input: 'y\n' });
    expect(piped.status).toBe(6);
    expect(piped.stderr).toMatch(/^chem: error: no local database at [^\n]*\n$/);
    expect(piped.stdout).toBe('');
  });

  it('colours on a terminal, none with NO_COLOR or --no-color', () => {
    const search = (flags = '') => `node bin/chem.js --db ${db} ${flags} search ethanol`;
    expect(inTty(search())).toContain(BOLD);
    expect(inTty(search(), { NO_COLOR: '1' })).not.toContain(BOLD);
    expect(inTty(search('--no-color'))).not.toContain(BOLD);
  });

  it('nothing but data on the pipes: no spinner, no colour, no progress', () => {
    const r = spawnSync('node', ['bin/chem.js', '--quiet', 'convert', 'smiles', '-'], {
      cwd: root,
      input: 'CCO\nc1ccccc1\n',
      encoding: 'utf8',
      env: baseEnv,
    });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).not.toMatch(ANSI);
    expect(r.stdout.trim().split('\n').map((l) => JSON.parse(l).result.inchikey)).toEqual(['LFQSCWFLJHTTHZ-UHFFFAOYSA-N', 'UHOVQNZJYSORNB-UHFFFAOYSA-N']);
  });

  it('a batch on a terminal draws a progress line on stderr', () => {
    const out = inTty('printf "CCO\\nC\\n" | node bin/chem.js convert smiles - --format csv');
    expect(out).toMatch(/2 rows/);
  });
});
