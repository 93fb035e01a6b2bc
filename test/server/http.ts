// Starts the server on an ephemeral loopback port and sends raw GET requests (node:http sends the
// path exactly as given, so percent-encoding and odd paths reach the server untouched).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { buildServer, type ServerOptions } from '../../src/server/app.js';

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
