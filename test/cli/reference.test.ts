// The command reference in docs/commands/ is each command's own --help: the committed pages equal the
// generated ones (npm run reference), as the completions do.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commandReference } from '../../src/cli/reference.js';
import { runChem } from '../helpers.js';

const dir = new URL('../../docs/commands/', import.meta.url);
const pages = commandReference();

describe('command reference', () => {
  it('has one page per command and no page of a command that is gone', () => {
    expect(readdirSync(dir).sort()).toEqual([...pages.keys()].sort());
  });
  it.each([...pages.keys()])('the committed docs/commands/%s equals the generated one (npm run reference)', (file) => {
    expect(readFileSync(new URL(file, dir), 'utf8')).toBe(pages.get(file));
  });
  it('shows what chem predict --help prints, examples included', async () => {
    const r = await runChem(['predict', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('chem-ml');
    expect(pages.get('predict.md')).toContain(r.stdout.trimEnd());
  });
});
