// Entry point: runs the program with the process's streams and maps every failure to one line on
// stderr and a documented exit code (see src/api/errors.ts).
import { CommanderError } from 'commander';
import { EXIT, toChemError } from '../api/errors.js';
import { streamIO, type IO } from './context.js';
import type { Env } from './config.js';
import { buildProgram } from './program.js';

export interface MainDeps {
  io?: IO;
  env?: Env;
}

export async function main(argv: string[], deps: MainDeps = {}): Promise<number> {
  const io = deps.io ?? streamIO(process.stdin, process.stdout, process.stderr);
  const env = deps.env ?? process.env;
  let exit = EXIT.ok as number;
  // Help and version go straight to stdout (commander): a reader gone early (`chem --help | head -1`) shows up as
  // an 'error' event there, not through io.write. Stop quietly with the exit so far, as any filter does.
  if (!deps.io) {
    process.stdout.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE') throw err;
      process.exit(exit);
    });
  }
  const chalk = io.stdoutIsTTY ? await import('chalk') : undefined;
  const program = buildProgram({ io, env, setExit: (c) => (exit = c), chalk });
  if (argv.length === 0) {
    io.stdout.write(program.helpInformation());
    return EXIT.ok;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return exit;
  } catch (err) {
    if (err instanceof CommanderError) {
      // commander already printed its one-line message; help and version are not errors.
      return err.exitCode === 0 || err.code === 'commander.helpDisplayed' || err.code === 'commander.version' ? EXIT.ok : EXIT.usage;
    }
    // The reader of stdout went away (`chem … | head`): nothing more to say, as for any filter.
    if ((err as NodeJS.ErrnoException).code === 'EPIPE') return EXIT.ok;
    const e = toChemError(err);
    io.stderr.write(`chem: error: ${e.message}\n`);
    if (argv.includes('--debug') && err instanceof Error && err.stack) io.stderr.write(err.stack + '\n');
    return e.exitCode;
  }
}
