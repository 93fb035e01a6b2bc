// Starts the server on an ephemeral loopback port (over any backend, or over a local database, or a
// fixture built into one) and sends raw GET requests (node:http sends the path exactly as given, so
// percent-encoding and odd paths reach the server untouched).
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { LocalBackend } from '../../src/local/backend.js';
import { buildDatabase, type BuildOptions } from '../../src/local/store/build.js';
import { buildServer, type ServerOptions } from '../../src/server/app.js';
import { KeyStore } from '../../src/server/keys.js';
import { RateLimiter } from '../../src/server/limiter.js';

/** A logger writing its JSON lines into `lines`. */
export function memoryLogger(lines: string[]): FastifyBaseLogger {
  return pino({}, { write: (s: string) => void lines.push(s.trimEnd()) });
}

/** The request lines of a log, parsed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON, read field by field in assertions
export const requestLines = (lines: string[]): any[] => lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');

export interface Started {
  port: number;
  logs: string[];
  close(): Promise<void>;
}

export async function start(opts: ServerOptions): Promise<Started> {
  const logs: string[] = [];
  const app = buildServer({ logger: memoryLogger(logs), ...opts });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { port, logs, close: () => app.close() };
}

export interface Served extends Started {
  backend: LocalBackend;
}

/** The server over the local database at `dbPath`, behind the API key `key`, rate limits out of the way; close() closes the backend too. */
export async function serveLocal(dbPath: string, key: string, env: Record<string, string | undefined> = {}): Promise<Served> {
  const backend = new LocalBackend({ dbPath, env, notice: () => {} });
  const srv = await start({ backend, keys: new KeyStore([key]), limiter: new RateLimiter({ burst: 1e9 }) });
  return {
    ...srv,
    backend,
    close: async () => {
      await srv.close();
      await backend.close();
    },
  };
}

export interface ServedFixture extends Served {
  dbPath: string;
  /** Environment of a remote chem reading this server (config and cache directories of its own). */
  remoteEnv: Record<string, string>;
}

/** test/fixtures/`fixture` built into a database in a new temporary directory, served as serveLocal does. */
export async function serveFixture(fixture: string, key: string, build: Partial<Omit<BuildOptions, 'from' | 'dbPath'>> = {}): Promise<ServedFixture> {
  const dir = mkdtempSync(join(tmpdir(), 'chem-served-'));
  const dbPath = join(dir, 'chem.db');
  await buildDatabase({ from: join(import.meta.dirname, '../fixtures', fixture), dbPath, threads: 1, ...build });
  const srv = await serveLocal(dbPath, key);
  const remoteEnv = { CHEM_BASE_URL: `http://127.0.0.1:${srv.port}/api/v1`, CHEM_API_KEY: key, CHEM_CONFIG_DIR: join(dir, 'cfg'), XDG_CACHE_HOME: join(dir, 'cache') };
  return { ...srv, dbPath, remoteEnv };
}

export interface Response {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON, read field by field in assertions
  body: any;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

export function get(port: number, path: string, key?: string | null, headers: Record<string, string> = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const auth: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
    const req = http.request({ host: '127.0.0.1', port, path, agent, headers: { ...auth, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        resolve({ status: res.statusCode!, headers: res.headers, text, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Path of an endpoint with one value percent-encoded the documented way. */
export const enc = encodeURIComponent;
