// The commander program: global options and the list of commands. Each command lives in its own
// module under commands/ and is imported here; heavy work is imported inside the actions.
import { Command, Option } from 'commander';
import type { Deps } from './command.js';
import { VERSION } from './version.js';
import { CONFIG_KEYS } from './config.js';
import { FORMATS } from './context.js';
import { examples } from './help.js';
import { fieldList } from './arguments.js';
import { convertCommand } from './commands/convert.js';
import { searchCommand } from './commands/search.js';
import { predictCommand } from './commands/predict.js';
import { configCommand } from './commands/config.js';
import { completionCommand } from './commands/completion.js';
import { cacheCommand } from './commands/cache.js';
import { serveCommand } from './commands/serve.js';
import { mcpCommand } from './commands/mcp.js';
import { mixturesCommand } from './commands/mixtures.js';
import { midCommand } from './commands/mid.js';
import { cidCommand } from './commands/cid.js';
import { dbCommand } from './commands/db.js';
import { plotCommand } from './commands/plot.js';
import { lleCommand } from './commands/lle.js';
import { vleCommand } from './commands/vle.js';
import { stateCommand } from './commands/state.js';
import { flashCommand } from './commands/flash.js';


export function buildProgram(deps: Deps): Command {
  const program = new Command('chem')
    .description('Chemical compound lookups, structure conversions and property predictions (v1 API)')
    .version(VERSION, '-V, --version')
    .addOption(new Option('-f, --format <format>', 'output format (default: table on a terminal; piped: json, ndjson for streams and batches)').choices(FORMATS))
    .option('--json', 'shorthand for --format json')
    .option('--no-color', 'disable colours (also NO_COLOR)')
    .option('-q, --quiet', 'no notices on stderr, only errors')
    .option('--debug', 'log details (requests, timings) on stderr')
    .option('--db <path>', 'SQLite database (default: config db, CHEM_DB, or the XDG data dir)')
    .addOption(new Option('--temp <unit>', 'temperature unit of rows (table, CSV, NDJSON --fields)').choices(CONFIG_KEYS.temp.values))
    .addOption(new Option('--pressure <unit>', 'pressure unit of rows (table, CSV, NDJSON --fields)').choices(CONFIG_KEYS.pressure.values))
    .addOption(new Option('--energy <unit>', 'energy unit of rows (table, CSV, NDJSON --fields)').choices(CONFIG_KEYS.energy.values))
    .addOption(new Option('--fields <list>', 'comma-separated columns for table, CSV and NDJSON rows (e.g. id,compound,tb)').argParser(fieldList))
    .option('--wide', 'tables: print long text whole instead of cutting it with "…" to the terminal\'s width')
    .option('--convert-json', 'apply the unit options to JSON documents too (default: spec units)')
    .addOption(new Option('--backend <kind>', 'local engine or remote v1 API (default: config backend, CHEM_BACKEND; remote when an API key is set, else local)').choices(CONFIG_KEYS.backend.values))
    .option('--no-cache', 'remote backend: neither read nor write the response cache')
    .option('--insecure', 'remote backend: allow sending the API key over plain http to a non-loopback host')
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (s) => void deps.io.stdout.write(s),
      writeErr: (s) => void deps.io.stderr.write(s),
      // Help is laid out for the io it is written to (80 columns off a terminal), not for the process's stdout.
      getOutHelpWidth: () => deps.io.columns,
      getErrHelpWidth: () => deps.io.columns,
    })
    .exitOverride();

  const commands = [
    searchCommand(deps),
    convertCommand(deps),
    predictCommand(deps),
    configCommand(deps),
    cacheCommand(deps),
    completionCommand(deps),
    serveCommand(deps),
    mcpCommand(deps),
    mixturesCommand(deps),
    midCommand(deps),
    cidCommand(deps),
    dbCommand(deps),
    plotCommand(deps),
    vleCommand(deps),
    stateCommand(deps),
    flashCommand(deps),
    lleCommand(deps),
  ];
  for (const cmd of commands) program.addCommand(inherit(cmd, program));
  program.addHelpText('after', examples('chem convert smiles CCO', 'chem predict "c1ccccc1O" --json', 'chem search benzene', 'chem config set api-key'));
  return program;
}

/** Output, exit and suggestion settings for a command and all its subcommands. */
function inherit(cmd: Command, parent: Command): Command {
  // a command that reads excess arguments itself (chem vle names what to use for three) keeps doing so
  const excess = (cmd as unknown as { _allowExcessArguments: boolean })._allowExcessArguments;
  cmd.copyInheritedSettings(parent);
  cmd.allowExcessArguments(excess);
  for (const sub of cmd.commands) inherit(sub, cmd);
  return cmd;
}
