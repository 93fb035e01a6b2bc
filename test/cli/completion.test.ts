import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { runChem } from '../helpers.js';

const committed = (name: string) => readFileSync(new URL(`../../completions/${name}`, import.meta.url), 'utf8');

describe('completions', () => {
  it.each([
    ['bash', 'chem.bash'],
    ['zsh', '_chem'],
    ['fish', 'chem.fish'],
  ])('the committed %s script equals the generated one (npm run completions)', async (shell, file) => {
    const r = await runChem(['completion', shell]);
    expect(r.code).toBe(0);
    expect(committed(file)).toBe(r.stdout);
  });

  it('the bash script completes commands, subcommands and option values', () => {
    const complete = (...words: string[]) =>
      execFileSync('bash', ['-c', `source completions/chem.bash; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _chem; echo "\${COMPREPLY[*]}"`], {
        cwd: new URL('../../', import.meta.url),
        encoding: 'utf8',
      }).trim();
    expect(complete('chem', 'conv')).toBe('convert');
    expect(complete('chem', 'config', '')).toBe('set get unset list path');
    expect(complete('chem', '--format', '')).toBe('table json ndjson csv');
    expect(complete('chem', '--json', 'convert', 'in')).toBe('inchi inchikey');
    expect(complete('chem', 'predict', '--te')).toContain('--temp');
  });
});
