// chem mcp: chem's lookups as MCP tools for assistants (src/mcp), over stdio (the default: the
// assistant starts `chem mcp` and talks on its stdin/stdout) or Streamable HTTP (--http, behind chem
// serve's API keys and limits). Notices go to stderr; stdout carries only the protocol. The SDK is
// loaded here, in the action, so no other command pays for it. SIGHUP re-reads the keys (HTTP),
// SIGINT/SIGTERM stop.
import { Command, Option } from 'commander';
import { usageError } from '../../api/errors.js';
import { isLoopback } from '../../util/loopback.js';
import { wholeNumberIn } from '../arguments.js';
import { action, type Deps } from '../command.js';
import type { Context } from '../context.js';
import { examples } from '../help.js';
import type { Signals } from '../signals.js';
import { VERSION } from '../version.js';

export interface McpCommandOptions {
  http?: boolean;
  host: string;
  port: number;
  keys?: string;
  auth: boolean;
  jsonText?: boolean;
}

export function mcpCommand(deps: Deps): Command {
  return new Command('mcp')
    .description('serve chem as MCP tools for assistants (search, records, properties at T and P, predictions, conversions, VLE, flash): over stdio, or Streamable HTTP with --http')
    .option('--http', 'serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio, with API keys and the rate limits of chem serve')
    .option('--host <host>', 'HTTP: address to listen on', '127.0.0.1')
    .addOption(new Option('--port <port>', 'HTTP: port to listen on (0: any free port)').argParser(wholeNumberIn(0, 65535)).default(8081))
    .option('--keys <file>', 'HTTP: API keys, one per line (# comments allowed), as chem serve reads them; re-read on SIGHUP')
    .option('--no-auth', 'HTTP: serve without API keys (loopback addresses only)')
    .option('--json-text', "also give each answer's JSON as text, for clients that show the model only the text")
    .addHelpText('after', examples('chem mcp', 'chem --db ~/chem.sqlite mcp', 'chem mcp --http --port 8081 --keys keys.txt', 'chem --backend remote mcp'))
    .action(action(deps, (ctx, _args, opts: McpCommandOptions) => runMcp(ctx, opts)));
}

/** Runs until stdin ends (stdio) or a stop signal (both); `onListening` gets the HTTP address. */
export async function runMcp(ctx: Context, opts: McpCommandOptions, signals: Signals = process, onListening?: (url: string) => void): Promise<number> {
  if (!opts.http && (opts.keys || !opts.auth)) throw usageError('--keys and --no-auth are for --http (stdio needs no key: only the process that started chem mcp talks to it)');
  let keys: import('../../server/keys.js').KeyStore | null = null;
  if (opts.http) {
    if (!opts.auth) {
      if (!isLoopback(opts.host)) throw usageError(`--no-auth is allowed only on a loopback address (127.0.0.1, ::1, localhost), not ${opts.host}`);
      ctx.notice('WARNING: --no-auth: the MCP endpoint accepts requests WITHOUT any key (loopback only). Do not expose this port.');
    } else {
      if (!opts.keys) throw usageError('give --keys FILE (one API key per line), or --no-auth on a loopback address');
      const { KeyStore } = await import('../../server/keys.js');
      keys = KeyStore.fromFile(opts.keys);
    }
  }
  const { createMcpServer } = await import('../../mcp/server.js');
  const backend = await ctx.backend({ feedback: false });
  const mcpOpts = { version: VERSION, jsonText: opts.jsonText };
  const stopped = new Promise<void>((resolve) => {
    const stop = () => {
      for (const s of ['SIGINT', 'SIGTERM'] as const) signals.off(s, stop);
      resolve();
    };
    signals.on('SIGINT', stop);
    signals.on('SIGTERM', stop);
  });

  if (!opts.http) {
    const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
    const server = createMcpServer(backend, mcpOpts);
    const ended = new Promise<void>((resolve) => {
      ctx.io.stdin.once('end', resolve);
      ctx.io.stdin.once('close', resolve);
    });
    // each answer waits for its own drain when stdout pushes back: many answers at once are many listeners
    ctx.io.stdout.setMaxListeners(0);
    await server.connect(new StdioServerTransport(ctx.io.stdin, ctx.io.stdout));
    await Promise.race([ended, stopped]);
    await server.idle();
    await server.close();
    return 0;
  }

  const { serveMcpHttp } = await import('../../mcp/http.js');
  const served = await serveMcpHttp(() => createMcpServer(backend, mcpOpts), { host: opts.host, port: opts.port, keys });
  ctx.notice(`serving MCP at ${served.url} (${keys ? `keys from ${opts.keys} (${keys.size} now)` : 'no auth'}, ${backend.kind} backend); Ctrl-C stops`);
  onListening?.(served.url);
  const reload = () => {
    if (!keys || !opts.keys) return;
    try {
      ctx.notice(`SIGHUP: ${keys.load(opts.keys)} key(s) loaded from ${opts.keys}`);
    } catch (e) {
      ctx.notice(`SIGHUP: ${(e as Error).message}; keeping the previous keys`);
    }
  };
  signals.on('SIGHUP', reload);
  await stopped;
  signals.off('SIGHUP', reload);
  await served.close();
  return 0;
}
