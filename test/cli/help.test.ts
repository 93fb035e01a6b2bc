import { describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli/program.js';
import { streamIO } from '../../src/cli/context.js';
import { Readable, Writable } from 'node:stream';
import { runChem } from '../helpers.js';

const nul = () => new Writable({ write: (_c, _e, cb) => cb() });
const program = buildProgram({ io: streamIO(Readable.from([]), nul(), nul()), env: {}, setExit: () => {} });

function leaves(cmd: Command, path: string[] = []): string[][] {
  const subs = cmd.commands.filter((c) => c.name() !== 'help');
  return subs.length ? subs.flatMap((c) => leaves(c, [...path, c.name()])) : [path];
}

describe('help', () => {
  it.each(leaves(program).map((p) => [p.join(' ')]))('chem %s --help shows examples', async (path) => {
    const r = await runChem([...path.split(' '), '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Examples:\n {2}\$ chem /);
  });

  it('chem alone prints an overview listing the commands', async () => {
    const r = await runChem([]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Commands:/);
    expect(r.stdout).toMatch(/convert/);
  });

  it('a mistyped command suggests the closest', async () => {
    const r = await runChem(['convrt']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Did you mean convert\?/);
  });
});
