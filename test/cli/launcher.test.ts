// bin/chem.js: the V8 code cache of a command is written by the first run that did its work, not by one that
// stopped at a usage error or printed help (its thin cache would slow every later start).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cache = mkdtempSync(join(tmpdir(), 'chem-code-cache-'));
afterAll(() => rmSync(cache, { recursive: true, force: true }));
const chem = (...args: string[]) => spawnSync('node', [join(root, 'bin/chem.js'), ...args], { encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: cache } });
const files = () => (existsSync(join(cache, 'chem/code')) ? readdirSync(join(cache, 'chem/code')) : []);

describe.skipIf(!existsSync(join(root, 'dist/chem.cjs')))('the launcher\'s code cache', () => {
  it('is not written by a run that failed or printed help, and is written by the first that did its work', () => {
    expect(chem('predict', 'CCO', 'CCC').status).toBe(2); // usage error: too many arguments
    expect(chem('predict', '--help').status).toBe(0);
    expect(files().filter((f) => f.endsWith('-predict.bin'))).toEqual([]);
    const r = chem('predict', 'CCO', '--json');
    expect(r.status, r.stderr).toBe(0);
    expect(files().filter((f) => f.endsWith('-predict.bin'))).toHaveLength(1);
  });
});
