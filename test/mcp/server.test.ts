// The MCP server in-process (the SDK's Client over its in-memory transport), on the vle fixture: the size
// limit of an answer (a record cut to its recommended points, other answers refused with what to ask
// for), the flash tool wired to a function, timeouts, an HTTP rate limit of a key's tool calls, and the tools
// over the remote backend.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompoundResponse } from '../../src/api/types.js';
import { LocalBackend } from '../../src/local/backend.js';
import { buildDatabase } from '../../src/local/store/build.js';
import type { FlashRunner } from '../../src/mcp/flash.js';
import { serveMcpHttp } from '../../src/mcp/http.js';
import { createMcpServer, type McpOptions } from '../../src/mcp/server.js';
import { KeyStore } from '../../src/server/keys.js';
import { RateLimiter } from '../../src/server/limiter.js';
import { runChem, testContext } from '../helpers.js';
import { serveFixture } from '../server/http.js';

const dir = mkdtempSync(join(tmpdir(), 'chem-mcp-server-'));
const dbPath = join(dir, 'chem.db');
let backend: LocalBackend;

beforeAll(async () => {
  await buildDatabase({ from: join(import.meta.dirname, '../fixtures/vle'), dbPath, threads: 1 });
  backend = new LocalBackend({ dbPath, env: {}, notice: () => {} });
}, 120_000);
afterAll(() => backend?.close());

async function client(opts: Partial<McpOptions> = {}): Promise<Client> {
  const [a, b] = InMemoryTransport.createLinkedPair();
  await createMcpServer(backend, { version: 'test', ...opts }).connect(b);
  const c = new Client({ name: 'test', version: '1' });
  await c.connect(a);
  return c;
}

const call = (c: Client, name: string, args: Record<string, unknown>) => c.callTool({ name, arguments: args }) as Promise<CallToolResult>;
const textOf = (r: CallToolResult) => r.content.map((x) => (x.type === 'text' ? x.text : '')).join('\n');

describe('the size of an answer', () => {
  it('a record over the limit keeps one point a property, says what it left out, and fits', async () => {
    const whole = (await call(await client(), 'get_compound', { compound: 'ethanol' })).structuredContent as unknown as CompoundResponse;
    const chars = JSON.stringify(whole).length;
    const points = (m: object | undefined) => Object.values(m ?? {}).flat().length;
    const all = points(whole.comp.fixed_props) + points(whole.comp.tpdep_props);
    const limit = 6000;
    expect(chars).toBeGreaterThan(limit);
    const r = await call(await client({ maxChars: limit }), 'get_compound', { compound: 'ethanol' });
    expect(r.isError).toBeFalsy();
    const cut = r.structuredContent as unknown as CompoundResponse & { cut: { chars: number; limit: number; points_left_out: number } };
    expect(JSON.stringify(cut).length).toBeLessThanOrEqual(limit);
    expect(cut.cut).toMatchObject({ chars, limit });
    for (const ps of [...Object.values(cut.comp.fixed_props!), ...Object.values(cut.comp.tpdep_props!)]) expect(ps).toHaveLength(1);
    expect(cut.cut.points_left_out).toBe(all - Object.keys({ ...whole.comp.fixed_props, ...whole.comp.tpdep_props }).length);
    // the recommended point of a fixed property is the record's first; no drawing, no molfiles
    expect(cut.comp.fixed_props!.tb).toEqual([whole.comp.fixed_props!.tb![0]]);
    expect(cut.comp.drawing).toBeUndefined();
    expect(cut.comp.mol3d).toBeUndefined();
    expect(textOf(r)).toMatch(/over the 6 kB limit.*ask get_compound again with props/);
  });

  it('another answer over the limit is an error result saying what to ask for', async () => {
    const r = await call(await client({ maxChars: 100 }), 'search_compounds', { query: 'ethanol' });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/^the answer is 1 kB, over the 0\.1 kB an answer may hold: ask for a smaller limit$/);
  });
});

describe('the flash tool', () => {
  it('answers with the function it is handed, its arguments read with units', async () => {
    const asked: unknown[] = [];
    // a stand-in for chem flash's function: it returns what it was asked, to show what the tool passes on
    const flash: FlashRunner = async (_b, req, onNotice) => {
      asked.push(req);
      onNotice('kij of the pair: 0 (none in the database)');
      const [a, b] = req.components;
      return { components: [{ cid: '1', name: a! }, { cid: '2', name: b! }], model: 'pr', t: req.t!, p: req.p!, z: req.z, vf: 0.25, phases: [{ phase: 'gas', fraction: 0.25, x: [0.9, 0.1], rho: 30.1 }, { phase: 'liquid', fraction: 0.75, x: [0.3, 0.7], rho: 610 }], notices: [] };
    };
    const r = await call(await client({ flash }), 'flash', { components: ['methane', 'n-decane'], z: [0.45, 0.55], t: '26.85C', p: '3MPa' });
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(asked).toEqual([{ components: ['methane', 'n-decane'], z: [0.45, 0.55], t: 300, p: 3000 }]);
    expect(textOf(r)).toMatch(/^methane \+ n-decane at 300 K and 3000 kPa \(pr\): vapour fraction 0\.25; gas 25\.0 % of the feed/);
    expect(textOf(r)).toMatch(/Notice: kij of the pair: 0/);
    expect(r.structuredContent).toMatchObject({ model: 'pr', vf: 0.25, phases: [{ phase: 'gas' }, { phase: 'liquid' }] });
  });

  it('refuses a malformed feed before asking', async () => {
    const c = await client({ flash: async () => Promise.reject(new Error('not reached')) });
    expect(textOf(await call(c, 'flash', { components: ['methane'], z: [1] }))).toBe('components must hold at least 2');
    expect(textOf(await call(c, 'flash', { components: ['methane', 'ethane'], z: [0.5, 1.5] }))).toBe('z: 1.5 is not a mole fraction in [0, 1]');
  });
});

describe('limits', () => {
  it('a call that takes too long answers with an error, and the server goes on', async () => {
    const slow: FlashRunner = () => new Promise(() => {});
    const c = await client({ flash: slow, timeoutMs: 1000 });
    const r = await call(c, 'flash', { components: ['a', 'b'], z: [0.5, 0.5], t: 300, p: 100 });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe('the call took longer than 1 s, try again later');
    // a database read, well within the second on a loaded machine (the store is open: the tests above read it)
    expect((await call(c, 'search_compounds', { query: 'water' })).isError).toBeFalsy();
  });

  it('over HTTP a key has a burst of tool calls, then 429 with Retry-After; listing tools costs nothing', async () => {
    let now = 0;
    const served = await serveMcpHttp(() => createMcpServer(backend, { version: 'test' }), { host: '127.0.0.1', port: 0, keys: new KeyStore(['k']), limiter: new RateLimiter({ burst: 3, perSecond: 1, now: () => now }) });
    try {
      const c = new Client({ name: 'test', version: '1' });
      await c.connect(new StreamableHTTPClientTransport(new URL(served.url), { requestInit: { headers: { Authorization: 'Bearer k' } } }));
      for (let i = 0; i < 5; i++) await c.listTools();
      for (let i = 0; i < 3; i++) expect((await call(c, 'convert_identifier', { from: 'smiles', value: 'O' })).isError).toBeFalsy();
      await expect(call(c, 'convert_identifier', { from: 'smiles', value: 'O' })).rejects.toThrow(/429|rate limit/);
      now += 1000; // one token back
      expect((await call(c, 'convert_identifier', { from: 'smiles', value: 'O' })).isError).toBeFalsy();
      await c.close();
    } finally {
      await served.close();
    }
  });
});

describe('over the remote backend', () => {
  it('the tools answer what the CLI prints on the same remote backend (chem serve of the fixture)', async () => {
    const served = await serveFixture('vle', 'remote-key');
    const env = { ...served.remoteEnv, CHEM_BACKEND: 'remote' };
    const { ctx } = testContext({ env });
    try {
      const remote = await ctx.backend({ feedback: false });
      expect(remote.kind).toBe('remote');
      const [a, b] = InMemoryTransport.createLinkedPair();
      await createMcpServer(remote, { version: 'test' }).connect(b);
      const c = new Client({ name: 'test', version: '1' });
      await c.connect(a);
      const cli = async (args: string[]) => JSON.parse((await runChem([...args, '--json'], { env })).stdout);
      const tools = (await c.listTools()).tools;
      expect(tools.find((t) => t.name === 'get_compound')!.annotations?.openWorldHint).toBe(true);
      expect((await call(c, 'get_compound', { compound: '64-17-5', props: ['pvap'] })).structuredContent).toEqual(await cli(['cid', '64-17-5', '--prop', 'pvap']));
      expect((await call(c, 'vle_diagram', { a: 'ethanol', b: 'water', x: [0.2, 0.8] })).structuredContent).toEqual(await cli(['vle', 'ethanol', 'water', '--x', '0.2,0.8']));
      const unknown = await call(c, 'get_compound', { compound: 'unobtainium' });
      expect(unknown.isError).toBe(true);
      expect(textOf(unknown)).toMatch(/unobtainium/);
      await c.close();
    } finally {
      await ctx.close();
      await served.close();
    }
  });
});
