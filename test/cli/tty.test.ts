// Runs the built binary under a real pseudo-terminal (util-linux `script`) to check what only a
// terminal shows: table width, colour, spinners — and that pipes get none of it.
import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { testConfigDir } from '../helpers.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
// No CHEM_DATA_DIR and a private HOME: a command must never find or build a database here.
const baseEnv = { PATH: process.env.PATH, TERM: 'xterm-256color', HOME: testConfigDir, CHEM_CONFIG_DIR: testConfigDir };
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

describe.skipIf(!haveScript)('terminal behaviour', () => {
  it('tables fit an 80-column terminal', () => {
    const out = inTty('node bin/chem.js convert smiles "CN1C=NC2=C1C(=O)N(C(=O)N2C)C"');
    const lines = out.replace(ANSI, '').split(/\r?\n/).filter((l) => l.includes('│') || l.includes('─'));
    expect(lines.length).toBeGreaterThan(3);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(80);
    expect(out.replace(ANSI, '').replace(/[│\s]/g, '')).toContain('RYYVLZVUVIJVGH-UHFFFAOYSA-N');
  });

  it('colours on a terminal, none with NO_COLOR or --no-color', () => {
    expect(inTty('node bin/chem.js convert smiles CCO')).toContain(BOLD);
    expect(inTty('node bin/chem.js convert smiles CCO', { NO_COLOR: '1' })).not.toContain(BOLD);
    expect(inTty('node bin/chem.js --no-color convert smiles CCO')).not.toContain(BOLD);
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
