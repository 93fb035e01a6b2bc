// chem serve: the v1 REST API (spec part 4) over the configured backend, with API keys, per-key
// rate limits (in-process, or shared by replicas in Redis), health, readiness and metrics routes,
// and JSON log lines on stderr. SIGHUP reloads the keys, SIGINT/SIGTERM stop gracefully (requests
// in progress finish; a second signal drops the open connections).
import { readFileSync } from 'node:fs';
import { Command, Option } from 'commander';
import { ChemError, usageError } from '../../api/errors.js';
import { isLoopback } from '../../util/loopback.js';
import { action, type Deps } from '../command.js';
import type { Context } from '../context.js';
import { examples } from '../help.js';
import { wholeNumberIn } from '../arguments.js';
import { VERSION } from '../version.js';

interface Options {
  host: string;
  port: number;
  keys?: string;
  auth: boolean;
  redis?: string;
  redisFailure?: 'open' | 'closed';
  redisKeys?: boolean;
  metricsTokenFile?: string;
  trustProxy?: string;
}

/** The signals the server listens to; the process by default, an EventEmitter in tests. */
export interface Signals {
  on(event: 'SIGHUP' | 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
  off(event: 'SIGHUP' | 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
}

/** How often replicas re-read the key digests in Redis (--redis-keys), ms. */
const REDIS_KEYS_EVERY_MS = 5000;

export function serveCommand(deps: Deps): Command {
  return new Command('serve')
    .description('serve the v1 REST API (/api/v1/...) and its web page (/) over HTTP, with API keys and per-key rate limits')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .addOption(new Option('--port <port>', 'port to listen on (0: any free port)').argParser(wholeNumberIn(0, 65535)).default(8080))
    .option('--keys <file>', 'API keys, one per line (# comments allowed); re-read on SIGHUP')
    .option('--no-auth', 'serve without API keys (loopback addresses only)')
    .option('--redis <url>', 'keep the rate-limit buckets in Redis or Valkey, shared by replicas (env CHEM_REDIS_URL)')
    .addOption(new Option('--redis-failure <mode>', 'while Redis is unreachable: closed = 503, open = each replica limits alone').choices(['open', 'closed']).default('closed'))
    .option('--redis-keys', `also accept keys whose SHA-256 (hex) is in the Redis set chem:keys, re-read every ${REDIS_KEYS_EVERY_MS / 1000} s`)
    .option('--metrics-token-file <file>', 'token that opens /metrics to non-loopback clients (env CHEM_METRICS_TOKEN)')
    .option('--trust-proxy <addresses>', 'proxies (comma-separated addresses or CIDR ranges) whose X-Forwarded-For gives the client address')
    .addHelpText(
      'after',
      examples(
        'chem serve --keys keys.txt',
        'chem serve --host 0.0.0.0 --port 8080 --keys /etc/chem/keys --db /srv/chem.sqlite',
        'chem serve --keys keys.txt --redis redis://127.0.0.1:6379 --trust-proxy 127.0.0.1',
        'chem serve --no-auth --port 0',
        'kill -HUP <pid>        # re-read the key file',
      ),
    )
    .action(action(deps, (ctx, _args, opts: Options) => runServe(ctx, opts)));
}

function readSecret(path: string, what: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ChemError(400, `cannot read the ${what} ${path}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  const secret = text.replace(/#.*/g, '').trim();
  if (!secret || /\s/.test(secret)) throw new ChemError(400, `the ${what} ${path} must hold one token`);
  return secret;
}

/** Runs until a stop signal; resolves once the server has closed. `onListening` gets the address. */
export async function runServe(ctx: Context, opts: Options, signals: Signals = process, onListening?: (url: string) => void): Promise<number> {
  const redisUrl = opts.redis ?? (ctx.env.CHEM_REDIS_URL || undefined);
  if (opts.redisKeys && !redisUrl) throw usageError('--redis-keys needs --redis URL (or CHEM_REDIS_URL)');
  if (redisUrl && !/^rediss?:$/.test(URL.parse(redisUrl)?.protocol ?? '')) {
    throw usageError('invalid --redis URL: expected redis://[user:password@]host[:port][/db] or rediss://…');
  }
  const trustProxy = opts.trustProxy?.split(',').map((s) => s.trim()).filter(Boolean);
  const { KeyStore } = await import('../../server/keys.js');
  const { buildServer, API_PREFIX } = await import('../../server/app.js');
  const { pino } = await import('pino');
  // JSON lines; the Authorization header is redacted wherever a request object is logged.
  const log = pino({ redact: ['req.headers.authorization', 'headers.authorization'] }, ctx.io.stderr);

  let keys: InstanceType<typeof KeyStore> | null = null;
  if (!opts.auth) {
    if (!isLoopback(opts.host)) throw usageError(`--no-auth is allowed only on a loopback address (127.0.0.1, ::1, localhost), not ${opts.host}`);
    log.warn('chem: WARNING: --no-auth: the API accepts requests WITHOUT any key (loopback only). Do not expose this port.');
  } else {
    if (!opts.keys && !opts.redisKeys) throw usageError('give --keys FILE (one API key per line) or --redis-keys, or --no-auth on a loopback address');
    keys = opts.keys ? KeyStore.fromFile(opts.keys) : new KeyStore();
  }
  const metricsToken = opts.metricsTokenFile ? readSecret(opts.metricsTokenFile, 'metrics token file') : ctx.env.CHEM_METRICS_TOKEN || undefined;
  if (metricsToken && keys?.check(metricsToken)) throw usageError('the metrics token must not be an API key');

  const ready: Record<string, () => Promise<unknown>> = {};
  let limiter;
  let link: import('../../server/redis.js').RedisLink | undefined;
  let syncKeys = async () => {};
  if (redisUrl) {
    const { RedisLink, RedisLimiter, redisKeyDigests } = await import('../../server/redis.js');
    const failure = opts.redisFailure ?? 'closed';
    const consequence = failure === 'closed' ? 'API requests get 503 (--redis-failure closed)' : 'each replica limits on its own (--redis-failure open)';
    link = new RedisLink(redisUrl, { info: (m) => log.info(`chem: ${m}`), warn: (m) => log.warn(`chem: ${m}`) }, consequence);
    await link.connect();
    limiter = new RedisLimiter(link, failure);
    ready.redis = () => link!.ping();
    if (opts.redisKeys && keys) {
      const store = keys;
      // A failed read keeps the digests read last (the link logs the outage).
      syncKeys = () => redisKeyDigests(link!).then((d) => store.setShared(d), () => {});
      await syncKeys();
    }
  }

  const backend = await ctx.backend({ feedback: false });
  // The answers depend on the database build, the program and the models: together they name a build.
  let buildId: string | undefined;
  const { LocalBackend } = await import('../../local/backend.js');
  if (backend instanceof LocalBackend) {
    const opening = backend.store();
    ready.database = () => opening;
    opening.then(
      (store) => (buildId = `${VERSION}\0${store.meta('built_at') ?? ''}\0${ctx.env.CHEM_MODELS ?? ''}`),
      (e: Error) => log.warn(`chem: database unavailable: ${e.message}`),
    );
  }

  const app = buildServer({ backend, keys, limiter, logger: log, buildId: () => buildId, ready, metricsToken, trustProxy });
  const url = await app.listen({ host: opts.host, port: opts.port });
  const keyText = keys ? [opts.keys && `keys from ${opts.keys}`, opts.redisKeys && 'keys from Redis'].filter(Boolean).join(' and ') + ` (${keys.size} now)` : 'no auth';
  log.info(`chem: serving ${url}${API_PREFIX} (${keyText}, ${backend.kind} backend, rate limits ${link ? 'in Redis' : 'in this process'}); Ctrl-C stops`);
  onListening?.(url);
  const timer = opts.redisKeys ? setInterval(() => void syncKeys(), REDIS_KEYS_EVERY_MS).unref() : undefined;

  await new Promise<void>((resolve) => {
    let stopping = false;
    const reload = () => {
      void syncKeys();
      if (!keys || !opts.keys) return;
      try {
        log.info(`chem: SIGHUP: ${keys.load(opts.keys)} key(s) loaded from ${opts.keys}`);
      } catch (e) {
        log.warn(`chem: SIGHUP: ${(e as Error).message}; keeping the previous keys`);
      }
    };
    const stop = () => {
      if (stopping) {
        log.info('chem: closing open connections');
        app.server.closeAllConnections();
        return;
      }
      stopping = true;
      log.info('chem: shutting down (requests in progress finish; signal again to drop connections)');
      clearInterval(timer);
      app.close().then(async () => {
        await link?.close();
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
