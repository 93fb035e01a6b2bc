// chem completion bash|zsh|fish: prints a completion script generated from this program.
import { Argument, Command } from 'commander';
import { action, type Deps } from '../command.js';
import { examples } from '../help.js';
import { SHELLS } from '../completion.js';

export function completionCommand(deps: Deps): Command {
  return new Command('completion')
    .description('print a shell completion script (bash, zsh, fish)')
    .addArgument(new Argument('<shell>', 'the shell').choices(Object.keys(SHELLS)))
    .addHelpText(
      'after',
      examples(
        'chem completion bash > ~/.local/share/bash-completion/completions/chem',
        'chem completion zsh > "${fpath[1]}/_chem"',
        'chem completion fish > ~/.config/fish/completions/chem.fish',
      ),
    )
    .action(
      action(deps, async (ctx, [shell], _opts, cmd) => {
        let root = cmd;
        while (root.parent) root = root.parent;
        await ctx.io.write(SHELLS[shell as keyof typeof SHELLS](root));
      }),
    );
}
