import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runChem } from '../helpers.js';

const fresh = () => mkdtempSync(join(tmpdir(), 'chem-config-'));
const SECRET = 'sk-test-9f8e7d6c5b4a39281706';

describe('chem config', () => {
  it('stores the file with mode 0600 and masks the key', async () => {
    const dir = fresh();
    const env = { CHEM_CONFIG_DIR: dir };
    expect((await runChem(['config', 'set', 'api-key', SECRET], { env })).code).toBe(0);
    const path = (await runChem(['config', 'path'], { env })).stdout.trim();
    expect(path).toBe(join(dir, 'config.json'));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8'))['api-key']).toBe(SECRET);
    const get = await runChem(['config', 'get', 'api-key'], { env });
    expect(get.stdout.trim()).toBe('****1706');
    const list = await runChem(['config', 'list', '--json'], { env });
    expect(list.stdout).not.toContain(SECRET);
    expect(JSON.parse(list.stdout)['api-key']).toBe('****1706');
  });

  it('reads the key from stdin when no value is given', async () => {
    const env = { CHEM_CONFIG_DIR: fresh() };
    const r = await runChem(['config', 'set', 'api-key'], { env, stdin: `${SECRET}\n` });
    expect(r.code).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(SECRET);
    expect((await runChem(['config', 'get', 'api-key'], { env })).stdout.trim()).toBe('****1706');
  });

  it('environment variables override the file', async () => {
    const env = { CHEM_CONFIG_DIR: fresh() };
    await runChem(['config', 'set', 'base-url', 'https://file.example/api/v1'], { env });
    expect((await runChem(['config', 'get', 'base-url'], { env })).stdout.trim()).toBe('https://file.example/api/v1');
    const over = { ...env, CHEM_BASE_URL: 'https://env.example/api/v1' };
    expect((await runChem(['config', 'get', 'base-url'], { env: over })).stdout.trim()).toBe('https://env.example/api/v1');
    const list = JSON.parse((await runChem(['config', 'list', '--json'], { env: { ...over, CHEM_DB: '/tmp/x.sqlite' } })).stdout);
    expect(list.db).toBe('/tmp/x.sqlite');
  });

  it('rejects unknown keys and invalid values with the usage exit code', async () => {
    const env = { CHEM_CONFIG_DIR: fresh() };
    const bad = await runChem(['config', 'set', 'colour', 'red'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown config key "colour"/);
    expect((await runChem(['config', 'set', 'backend', 'cloud'], { env })).code).toBe(2);
    expect((await runChem(['config', 'unset', 'backend'], { env })).code).toBe(0);
  });

  it('a bad value in the file: chem config still works and repairs it; other commands name the key and the fix', async () => {
    const dir = fresh();
    const env = { CHEM_CONFIG_DIR: dir };
    const file = join(dir, 'config.json');
    writeFileSync(file, JSON.stringify({ temp: 'X', pressure: 'bar' }));
    for (const argv of [['db', 'path'], ['cache', 'path']]) {
      const r = await runChem(argv, { env });
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`chem: error: invalid value "X" for temp in the config file ${file} (expected one of K, C, F): fix it with "chem config set temp K" or "chem config unset temp"\n`);
    }
    expect(await runChem(['config', 'path'], { env })).toMatchObject({ code: 0, stdout: `${file}\n` });
    const get = await runChem(['config', 'get', 'temp'], { env });
    expect(get).toMatchObject({ code: 0, stdout: 'X\n' });
    expect(get.stderr).toMatch(/invalid value "X" for temp/);
    const list = await runChem(['config', 'list', '--json'], { env });
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toMatchObject({ temp: 'X', pressure: 'bar' });
    expect(list.stderr.trim().split('\n')).toHaveLength(1);
    expect(await runChem(['config', 'unset', 'temp'], { env })).toMatchObject({ code: 0, stderr: '' });
    writeFileSync(file, JSON.stringify({ temp: 'X', pressure: 'bar' }));
    expect(await runChem(['config', 'set', 'temp', 'C'], { env })).toMatchObject({ code: 0, stderr: 'chem: temp set\n' });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ temp: 'C', pressure: 'bar' });
    expect(await runChem(['db', 'path'], { env })).toMatchObject({ code: 0, stderr: '' });
  });

  it('a file that is not JSON: chem config set starts a new one and keeps the old; other commands say how to fix it', async () => {
    const dir = fresh();
    const env = { CHEM_CONFIG_DIR: dir };
    const file = join(dir, 'config.json');
    writeFileSync(file, '{"temp": "C",');
    const r = await runChem(['db', 'path'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^chem: error: cannot read the config file ${file} \\(.+\\): fix it, or start a new one with "chem config set KEY VALUE" \\(the old file is kept as config\\.json\\.broken\\)\\n$`));
    expect((await runChem(['config', 'path'], { env })).code).toBe(0);
    expect((await runChem(['config', 'list'], { env })).code).toBe(0);
    const set = await runChem(['config', 'set', 'temp', 'F'], { env });
    expect(set.code).toBe(0);
    expect(set.stderr).toMatch(/kept as .*config\.json\.broken, starting a new one/);
    expect(readFileSync(`${file}.broken`, 'utf8')).toBe('{"temp": "C",');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ temp: 'F' });
    expect((await runChem(['db', 'path'], { env })).code).toBe(0);
    writeFileSync(file, '[]');
    expect((await runChem(['config', 'unset', 'temp'], { env })).code).toBe(0);
    expect(existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}).toEqual({});
  });

  it('a bad value in the environment names the variable; chem config still works', async () => {
    const env = { CHEM_CONFIG_DIR: fresh(), CHEM_BACKEND: 'cloud' };
    const r = await runChem(['db', 'path'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('chem: error: invalid value "cloud" in CHEM_BACKEND for backend (expected one of local, remote): set CHEM_BACKEND to a valid value or unset it\n');
    const list = await runChem(['config', 'list', '--json'], { env });
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout).backend).toBe('cloud');
    expect((await runChem(['config', 'set', 'temp', 'C'], { env })).code).toBe(0);
  });
});
