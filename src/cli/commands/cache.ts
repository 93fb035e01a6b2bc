// chem cache clear|path: the remote backend's response cache (XDG cache dir).
import { Command } from 'commander';
import { action, type Deps } from '../command.js';
import type { Context } from '../context.js';
import { responseCacheDir } from '../backend-factory.js';
import { examples } from '../help.js';

export function cacheCommand(deps: Deps): Command {
  const cmd = new Command('cache').description("the remote backend's response cache (see also --no-cache)");
  const sub = (name: string, description: string, run: (ctx: Context) => Promise<void>) =>
    cmd.command(name).description(description).addHelpText('after', examples(`chem cache ${name}`)).action(action(deps, run));
  sub('clear', 'delete every cached response', async (ctx) => {
    const { DiskCache } = await import('../../remote/cache.js');
    const n = await DiskCache.clear(responseCacheDir(ctx.env));
    ctx.notice(`${n} cached response${n === 1 ? '' : 's'} removed`);
  });
  sub('path', 'print the directory of the cache', (ctx) => ctx.io.write(responseCacheDir(ctx.env) + '\n'));
  return cmd;
}
