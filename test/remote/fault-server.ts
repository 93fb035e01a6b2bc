// A small v1 server on loopback that answers from a script of faults, for the remote client's tests.
// Each request takes the next fault planned for its key (the last path segment, or `q` for search),
// else the `fallback` fault; `ok` answers a valid v1 body built from the request itself.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault =
  | 'ok'
  | '429' // Retry-After: retryAfter
  | '500' // our error dialect
  | '503' // an HTML error page
  | '403'
  | '404'
  | 'html' // 200 with an HTML page
  | 'truncated' // 200, complete response, JSON cut in the middle
  | 'cut' // 200, connection closed half-way through the announced body
  | 'reset' // connection destroyed before any response
  | 'slow' // 200, body trickles slower than any sane body timeout
  | 'echo' // 400 whose body repeats the request's Authorization header (a broken proxy)
  | 'bad-shape'; // 200, JSON missing required fields

export interface Seen {
  method: string;
  /** Raw request target as received (still percent-encoded). */
  url: string;
  /** Decoded key of the request. */
  key: string;
  auth: string | undefined;
  at: number;
  fault: Fault;
}

export interface FaultServer {
  /** Base URL, `http://127.0.0.1:<port>/api/v1`. */
  base: string;
  port: number;
  seen: Seen[];
  retryAfter: string;
  /** Fault for requests without a planned one. */
  fallback: (key: string, n: number) => Fault;
  plan(key: string, ...faults: Fault[]): void;
  close(): Promise<void>;
}

const PAGE = 100;
const TOTAL = 250;

function decode(s: string): string {
  return decodeURIComponent(s);
}

/** Body of a successful answer for the endpoint, derived from the request. */
function okBody(parts: string[], url: URL): unknown {
  const [ep, a, b] = parts;
  if (ep === 'convert') return { cid: '27-471-9', inchi: '', inchikey: '', name: decode(b!), smiles: decode(b!), extra_field: a };
  if (ep === 'cid' && b === 'mixtures') return { cid: decode(a!), mixtures: [] };
  if (ep === 'cid') return { comp: { id: decode(a!), compound: 'ethanol', type: 'C', fixed_props: { tb: [{ v: 351.44, s: 'nist' }] }, future_field: { kept: true } } };
  if (ep === 'mid') return { mix: { id: decode(a!), name: 'x / y', kind: 'binary', components: [{ cid: '1-2-3', name: 'x' }], src: {}, params: [] } };
  if (ep === 'predict') {
    return {
      info: { tb: { desc: 'Normal Boiling Point', sym: 'T<sub>boil</sub>', unit: 'K' } },
      properties: { tdep: {}, fixed: { tb: [{ u: 'tb', s: 'joback', v: 340.1, calc: true, r: 'Joback/Reid (1987)' }] }, corr: {}, pdep: {}, allprops: ['tb'], descr: {} },
    };
  }
  if (ep === 'search') {
    const p = Number(url.searchParams.get('p') ?? 1);
    const from = (p - 1) * PAGE;
    const to = Math.min(TOTAL, from + PAGE);
    const comps = Array.from({ length: Math.max(0, to - from) }, (_, i) => ({ id: `${from + i + 1}-000-0`, compound: `hit ${from + i + 1}`, type: 'C' }));
    return {
      comps,
      next_page: to < TOTAL ? p + 1 : null,
      prev_page: p > 1 ? p - 1 : null,
      query: url.searchParams.get('q'),
      range: comps.length ? [from + 1, to] : [0, 0],
      search_time: 0.001,
      suggestions: null,
      total: TOTAL,
    };
  }
  return undefined;
}

export async function startFaultServer(): Promise<FaultServer> {
  const plans = new Map<string, Fault[]>();
  let n = 0;
  const state: FaultServer = {
    base: '',
    port: 0,
    seen: [],
    retryAfter: '1',
    fallback: () => 'ok',
    plan: (key, ...faults) => plans.set(key, [...(plans.get(key) ?? []), ...faults]),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const json = (res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...extra });
    res.end(text);
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url!, 'http://x');
    const parts = url.pathname.replace(/^\/api\/v1\//, '').split('/');
    const key = parts[0] === 'search' ? (url.searchParams.get('q') ?? '') : decode(parts[parts[0] === 'cid' && parts[2] === 'mixtures' ? 1 : parts.length - 1]!);
    const fault = plans.get(key)?.shift() ?? state.fallback(key, n);
    n++;
    state.seen.push({ method: req.method!, url: req.url!, key, auth: req.headers.authorization, at: Date.now(), fault });
    const limits = { 'ratelimit-limit': '30', 'ratelimit-remaining': '29', 'ratelimit-reset': '1' };
    switch (fault) {
      case 'ok': {
        const body = okBody(parts, url);
        return body ? json(res, 200, body, limits) : json(res, 404, { error: { status: 404, message: 'no such endpoint' } });
      }
      case '429':
        return json(res, 429, { error: { status: 429, message: 'rate limit exceeded' } }, { 'retry-after': state.retryAfter, 'ratelimit-limit': '30', 'ratelimit-remaining': '0', 'ratelimit-reset': state.retryAfter });
      case '500':
        return json(res, 500, { error: { status: 500, message: 'database hiccup' } });
      case '503': {
        const page = '<!DOCTYPE html><html><head><title>503</title><style>p{color:red}</style></head><body><h1>Service Unavailable</h1><p>Back soon.</p></body></html>';
        res.writeHead(503, { 'content-type': 'text/html' });
        return res.end(page);
      }
      case '403':
        res.writeHead(403, { 'content-type': 'text/plain' });
        return res.end('Forbidden');
      case '404':
        return json(res, 404, { error: { status: 404, message: `compound not found: ${key}` } });
      case 'html':
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<!doctype html><html><body>Please log in</body></html>');
      case 'truncated': {
        const text = JSON.stringify(okBody(parts, url)).slice(0, 20);
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': text.length });
        return res.end(text);
      }
      case 'cut': {
        const text = JSON.stringify(okBody(parts, url));
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': text.length });
        res.write(text.slice(0, 10));
        return setTimeout(() => res.socket?.destroy(), 10);
      }
      case 'reset':
        return req.socket.destroy();
      case 'slow': {
        const text = JSON.stringify(okBody(parts, url));
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': text.length });
        res.write(text.slice(0, 1));
        const t = setTimeout(() => res.end(text.slice(1)), 2000);
        return res.on('close', () => clearTimeout(t));
      }
      case 'echo':
        res.writeHead(400, { 'content-type': 'text/plain' });
        return res.end(`internal error while handling Authorization: ${req.headers.authorization}`);
      case 'bad-shape':
        return json(res, 200, { comps: 'nope' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as AddressInfo).port;
  state.base = `http://127.0.0.1:${state.port}/api/v1`;
  return state;
}

/** A clock whose sleeps take no real time: `now` jumps to the end of the sleep. */
export function virtualClock(start = 1_000_000) {
  let t = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => t,
    sleep: (ms: number) =>
      new Promise<void>((resolve) => {
        sleeps.push(ms);
        const target = t + ms;
        setImmediate(() => {
          t = Math.max(t, target);
          resolve();
        });
      }),
    advance: (ms: number) => void (t += ms),
  };
}
