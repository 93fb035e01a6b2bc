// chem serve: the v1 REST API (spec part 4) over the configured backend, with API keys, per-key
// rate limits and a request log on stderr. SIGHUP reloads the key file, SIGINT/SIGTERM stop
// gracefully (requests in progress finish; a second signal drops the open connections).
import { Command } from 'commander';
import { usageError } from '../../api/errors.js';
import { isLoopback } from '../../loopback.js';
import { action, type Deps } from '../command.js';
import type { Context } from '../context.js';
import { examples } from '../help.js';

interface Options {
  host: string;
  port: string;
  keys?: string;
  auth: boolean;
}

/** The signals the server listens to; the process by default, an EventEmitter in tests. */
export interface Signals {
  on(event: 'SIGHUP' | 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
  off(event: 'SIGHUP' | 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
}

export function serveCommand(deps: Deps): Command {
  return new Command('serve')
    .description('serve the v1 REST API (/api/v1/...) over HTTP, with API keys and per-key rate limits')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--port <port>', 'port to listen on (0: any free port)', '8080')
    .option('--keys <file>', 'API keys, one per line (# comments allowed); re-read on SIGHUP')
    .option('--no-auth', 'serve without API keys (loopback addresses only)')
    .addHelpText(
      'after',
      examples(
        'chem serve --keys keys.txt',
        'chem serve --host 0.0.0.0 --port 8080 --keys /etc/chem/keys --db /srv/chem.sqlite',
        'chem serve --no-auth --port 0',
        'kill -HUP <pid>        # re-read the key file',
      ),
    )
    .action(action(deps, (ctx, _args, opts: Options) => runServe(ctx, opts)));
}

/** Runs until a stop signal; resolves once the server has closed. `onListening` gets the address. */
export async function runServe(ctx: Context, opts: Options, signals: Signals = process, onListening?: (url: string) => void): Promise<number> {
  const port = Number(opts.port);
  if (!/^\d+$/.test(opts.port) || port > 65535) throw usageError(`invalid port "${opts.port}": expected 0..65535`);
  const { KeyStore } = await import('../../server/keys.js');
  const { buildServer, API_PREFIX } = await import('../../server/app.js');
  const err = (line: string) => void ctx.io.stderr.write(`${line}\n`);

  let keys: InstanceType<typeof KeyStore> | null = null;
  if (!opts.auth) {
    if (!isLoopback(opts.host)) throw usageError(`--no-auth is allowed only on a loopback address (127.0.0.1, ::1, localhost), not ${opts.host}`);
    err('chem: WARNING: --no-auth: the API accepts requests WITHOUT any key (loopback only). Do not expose this port.');
  } else {
    if (!opts.keys) throw usageError('give --keys FILE (one API key per line), or --no-auth on a loopback address');
    keys = KeyStore.fromFile(opts.keys);
  }

  const backend = await ctx.backend({ feedback: false });
  const app = buildServer({ backend, keys, log: err });
  const url = await app.listen({ host: opts.host, port });
  err(`chem: serving ${url}${API_PREFIX} (${keys ? `${keys.size} key(s) from ${opts.keys}` : 'no auth'}, ${backend.kind} backend); Ctrl-C stops`);
  onListening?.(url);

  await new Promise<void>((resolve) => {
    let stopping = false;
    const reload = () => {
      if (!keys || !opts.keys) return;
      try {
        err(`chem: SIGHUP: ${keys.load(opts.keys)} key(s) loaded from ${opts.keys}`);
      } catch (e) {
        err(`chem: SIGHUP: ${(e as Error).message}; keeping the previous keys`);
      }
    };
    const stop = () => {
      if (stopping) {
        err('chem: closing open connections');
        app.server.closeAllConnections();
        return;
      }
      stopping = true;
      err('chem: shutting down (requests in progress finish; signal again to drop connections)');
      app.close().then(() => {
        for (const s of ['SIGINT', 'SIGTERM'] as const) signals.off(s, stop);
        signals.off('SIGHUP', reload);
        resolve();
      });
    };
    signals.on('SIGHUP', reload);
    signals.on('SIGINT', stop);
    signals.on('SIGTERM', stop);
  });
  return 0;
}
