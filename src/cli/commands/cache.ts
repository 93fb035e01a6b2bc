// chem cache clear|path: the remote backend's response cache (XDG cache dir).
import { Command } from 'commander';
import { action, type Deps } from '../command.js';
import { responseCacheDir } from '../backend-factory.js';
import { examples } from '../help.js';

export function cacheCommand(deps: Deps): Command {
  const cmd = new Command('cache').description("the remote backend's response cache (see also --no-cache)");
  cmd
    .command('clear')
    .description('delete every cached response')
    .addHelpText('after', examples('chem cache clear'))
    .action(
      action(deps, async (ctx) => {
        const { DiskCache } = await import('../../remote/cache.js');
        const n = await DiskCache.clear(responseCacheDir(ctx.env));
        ctx.notice(`${n} cached response${n === 1 ? '' : 's'} removed`);
      }),
    );
  cmd
    .command('path')
    .description('print the directory of the cache')
    .addHelpText('after', examples('chem cache path'))
    .action(
      action(deps, async (ctx) => {
        await ctx.io.write(responseCacheDir(ctx.env) + '\n');
      }),
    );
  return cmd;
}
