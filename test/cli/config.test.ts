import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
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
});
