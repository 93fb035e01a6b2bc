// chem mcp --http: the MCP server over Streamable HTTP (stateless: a server and transport per POST,
// JSON answers, no session to keep or steal), behind chem serve's keys and limits. Every request
// to /mcp needs `Authorization: Bearer <key>` from the key file (401 without one, 403 for a wrong
// one); each tool call takes a token from the key's bucket (chem serve's policy: a burst of 30, then
// 2 a second; 429 with Retry-After when empty), requests without a valid key from their address's;
// at most 64 calls at once (503 beyond), bodies up to 64 kB (413). GET and DELETE are 405: there is no
// server-to-client stream and no session.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { toChemError } from '../api/errors.js';
import { bearer, type KeyStore } from '../server/keys.js';
import { RateLimiter, type Decision, type Limiter } from '../server/limiter.js';

export const MCP_PATH = '/mcp';

export interface HttpOptions {
  host: string;
  port: number;
  /** Valid keys; null serves without authentication (the command allows it on loopback only). */
  keys: KeyStore | null;
  /** Default: an in-process RateLimiter with chem serve's policy. */
  limiter?: Limiter;
  /** Tool calls in progress at once; beyond it requests fail fast with 503. */
  maxConcurrent?: number;
  /** Longest request body, bytes. */
  maxBody?: number;
}

export interface Listening {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** A JSON-RPC error answer (the body MCP clients read), with an HTTP status. */
function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000 - (status % 100), message }, id: null }));
}

/** The body, up to `max` bytes (null when longer). */
async function readBody(req: IncomingMessage, max: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** How many tool calls a JSON-RPC message (or batch) holds: what the rate limit counts. */
const toolCalls = (msg: unknown): number => (Array.isArray(msg) ? msg.reduce((n: number, m) => n + toolCalls(m), 0) : (msg as { method?: unknown } | null)?.method === 'tools/call' ? 1 : 0);

/** Takes `n` tokens (at least one is asked for, so a refusal is known); the last decision. */
async function take(limiter: Limiter, client: string, n: number): Promise<Decision> {
  let d = await limiter.take(client);
  for (let i = 1; i < n && d.allowed; i++) d = await limiter.take(client);
  return d;
}

/** Serves `makeServer()`'s tools at http://host:port/mcp until close(). */
export async function serveMcpHttp(makeServer: () => Server, opts: HttpOptions): Promise<Listening> {
  const { keys } = opts;
  const limiter = opts.limiter ?? new RateLimiter();
  const maxConcurrent = opts.maxConcurrent ?? 64;
  const maxBody = opts.maxBody ?? 64 * 1024;
  let inFlight = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== MCP_PATH) return refuse(res, 404, `no such endpoint: the MCP endpoint is ${MCP_PATH}`);
    const key = bearer(req.headers.authorization);
    const keyId = keys && key ? keys.check(key) : null;
    if (keys && !keyId) {
      // refusals count against the address, so keys cannot be guessed at speed
      const d = await take(limiter, `ip:${req.socket.remoteAddress}`, 1);
      if (!d.allowed) return refuse(res, 429, `rate limit exceeded: retry in ${d.retryAfter} s`, d.headers);
      if (!key) return refuse(res, 401, 'missing API key: send the header "Authorization: Bearer <key>"', { 'WWW-Authenticate': 'Bearer realm="chem"' });
      return refuse(res, 403, 'invalid API key');
    }
    if (req.method !== 'POST') return refuse(res, 405, `${req.method} is not served: POST JSON-RPC messages to ${MCP_PATH}`, { Allow: 'POST' });
    const text = await readBody(req, maxBody);
    if (text === null) return refuse(res, 413, `request body over ${maxBody} bytes`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return refuse(res, 400, 'the body is not JSON');
    }
    const calls = toolCalls(body);
    if (calls) {
      const d = await take(limiter, keyId ? `key:${keyId}` : `ip:${req.socket.remoteAddress}`, calls);
      for (const [h, v] of Object.entries(d.headers)) res.setHeader(h, v);
      if (!d.allowed) return refuse(res, 429, `rate limit exceeded: retry in ${d.retryAfter} s`, d.headers);
      if (inFlight + calls > maxConcurrent) return refuse(res, 503, 'server busy, try again later', { 'Retry-After': '1' });
    }
    inFlight += calls;
    const server = makeServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.once('close', () => {
      inFlight -= calls;
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };

  const httpServer = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) refuse(res, 500, toChemError(err).message);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(opts.port, opts.host, () => resolve());
  });
  const { port } = httpServer.address() as AddressInfo;
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  return {
    url: `http://${host}:${port}${MCP_PATH}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeIdleConnections();
      }),
  };
}
