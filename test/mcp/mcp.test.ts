// chem mcp through the SDK's own Client, over stdio (bin/chem.js spawned: `npm run build` first) and
// over Streamable HTTP (the command run in-process), on the vle fixture database (ethanol and water
// with DECHEMA's NRTL set and McGarry's Wagner constants: every tool has something to answer). Each
// answer's structuredContent is compared with the CLI's --json for the same question, run in-process.
import { EventEmitter } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMcp } from '../../src/cli/commands/mcp.js';
import { LocalBackend } from '../../src/local/backend.js';
import { buildDatabase } from '../../src/local/store/build.js';
import { runChem, testContext } from '../helpers.js';

const ROOT = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'chem-mcp-'));
const dbPath = join(dir, 'chem.db');
const env = { CHEM_CONFIG_DIR: join(dir, 'cfg'), HOME: dir, XDG_CACHE_HOME: join(dir, 'cache'), PATH: process.env.PATH ?? '' };
const KEYS = ['mcp-test-key-1', 'mcp-test-key-2'];
const FLASHES = typeof (LocalBackend.prototype as { flash?: unknown }).flash === 'function';

/** The CLI's --json for the same question. */
async function cliJson(args: string[]): Promise<Record<string, unknown>> {
  const r = await runChem(['--db', dbPath, '--backend', 'local', ...args, '--json'], { env });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

/** The CLI's one-line error (what follows "chem: error: ") and its exit code. */
async function cliError(args: string[]): Promise<{ code: number; message: string }> {
  const r = await runChem(['--db', dbPath, '--backend', 'local', ...args], { env });
  return { code: r.code, message: /chem: error: (.*)/.exec(r.stderr)?.[1] ?? r.stderr };
}

/** A search's time is measured, not computed: left out of the comparison. */
const timeless = (v: unknown) => {
  const { search_time: _t, ...rest } = v as Record<string, unknown>;
  return rest;
};

/** Each tool, a question, and the chem command line of the same question. */
const QUESTIONS: { tool: string; args: Record<string, unknown>; cli: string[]; timed?: boolean }[] = [
  { tool: 'search_compounds', args: { query: 'ethanol' }, cli: ['search', 'ethanol'], timed: true },
  { tool: 'search_compounds', args: { query: 'C2H6O', limit: 1 }, cli: ['search', 'C2H6O', '--limit', '1'], timed: true },
  { tool: 'get_compound', args: { compound: 'ethanol' }, cli: ['cid', 'ethanol'] },
  { tool: 'get_compound', args: { compound: '7732-18-5', props: ['pvap', 'tb'] }, cli: ['cid', '7732-18-5', '--prop', 'pvap,tb'] },
  { tool: 'properties_at', args: { compound: 'ethanol', t: '40C', p: 101.325 }, cli: ['state', 'ethanol', '--t', '40C', '--p', '101.325'] },
  { tool: 'properties_at', args: { compound: 'water', p: '70kPa' }, cli: ['state', 'water', '--p', '70kPa'] },
  { tool: 'predict_properties', args: { smiles: 'CCO', props: ['tb', 'pvap'], t: [300, 350] }, cli: ['predict', 'CCO', '--prop', 'tb,pvap', '--t', '300,350'] },
  { tool: 'predict_properties', args: { smiles: 'c1ccccc1O' }, cli: ['predict', 'c1ccccc1O'] },
  { tool: 'convert_identifier', args: { from: 'smiles', value: 'CCO' }, cli: ['convert', 'smiles', 'CCO'] },
  { tool: 'vle_diagram', args: { a: 'ethanol', b: 'water', x: [0.1, 0.5, 0.9] }, cli: ['vle', 'ethanol', 'water', '--x', '0.1,0.5,0.9'] },
  { tool: 'vle_diagram', args: { a: 'ethanol', b: 'water', t: 343.15 }, cli: ['vle', 'ethanol', 'water', '--t', '343.15'] },
];

const call = (client: Client, name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

/** The checks both transports must pass. */
function conformance(connect: () => Promise<Client>, concurrentClient: () => Promise<Client> = connect) {
  let client: Client;
  beforeAll(async () => {
    client = await connect();
  }, 60_000);
  afterAll(() => client?.close());

  it('lists the seven tools, each with an object input schema and a description', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['search_compounds', 'get_compound', 'properties_at', 'predict_properties', 'convert_identifier', 'vle_diagram', 'flash']);
    for (const t of tools) {
      expect(t.inputSchema.type).toBe('object');
      expect(t.description!.length).toBeGreaterThan(200);
      expect(t.annotations?.readOnlyHint).toBe(true);
    }
    expect(tools.find((t) => t.name === 'get_compound')!.inputSchema.required).toEqual(['compound']);
  });

  for (const q of QUESTIONS) {
    it(`${q.tool} ${JSON.stringify(q.args)} answers what chem ${q.cli.join(' ')} --json prints`, async () => {
      const [r, expected] = await Promise.all([call(client, q.tool, q.args), cliJson(q.cli)]);
      expect(r.isError, textOf(r)).toBeFalsy();
      expect(q.timed ? timeless(r.structuredContent) : r.structuredContent).toEqual(q.timed ? timeless(expected) : expected);
      expect(textOf(r).length).toBeGreaterThan(20);
    });
  }

  it('the text summary quotes the recommended values with units and sources', async () => {
    const r = await call(client, 'properties_at', { compound: 'ethanol', t: 313.15, props: ['pvap'] });
    // McGarry's Wagner constants for ethanol at 40 °C: 17.92 kPa (NIST WebBook: 17.9 kPa)
    expect(textOf(r)).toMatch(/at 313\.15 K: pvap 17\.9\d* kPa \(mcgarry\)/);
  });

  // Backend.flash comes with chem flash (issue 47): until then the tool says the build cannot flash
  it(FLASHES ? 'flash answers what chem flash ethanol water --z 0.4,0.6 --t 355 --p 101.325 --json prints' : 'flash says this build has no flash calculation', async () => {
    const r = await call(client, 'flash', { components: ['ethanol', 'water'], z: [0.4, 0.6], t: 355, p: 101.325 });
    if (!FLASHES) {
      expect(r.isError).toBe(true);
      expect(textOf(r)).toMatch(/no flash calculation/);
      return;
    }
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(r.structuredContent).toEqual(await cliJson(['flash', 'ethanol', 'water', '--z', '0.4,0.6', '--t', '355', '--p', '101.325']));
  });

  it('three bad inputs are error results with the CLI\'s message, and the next call is answered', async () => {
    const unknown = await call(client, 'get_compound', { compound: 'unobtainium' });
    expect(unknown.isError).toBe(true);
    const cli = await cliError(['cid', 'unobtainium']);
    expect(cli.code).toBe(3);
    expect(textOf(unknown)).toBe(cli.message);
    expect(unknown.structuredContent).toEqual({ error: { status: 404, message: cli.message } });

    const smiles = await call(client, 'predict_properties', { smiles: 'C1CC' });
    expect(smiles.isError).toBe(true);
    expect(textOf(smiles)).toBe((await cliError(['predict', 'C1CC'])).message);

    const cold = await call(client, 'properties_at', { compound: 'ethanol', t: -5 });
    expect(cold.isError).toBe(true);
    expect(textOf(cold)).toMatch(/^t = -5: not a temperature above absolute zero$/);

    const typed = await call(client, 'search_compounds', { query: 42, extra: true });
    expect(typed.isError).toBe(true);
    expect(textOf(typed)).toMatch(/unknown argument "extra"/);

    const good = await call(client, 'convert_identifier', { from: 'name', value: 'water' });
    expect(good.isError).toBeFalsy();
    expect(good.structuredContent).toEqual(await cliJson(['convert', 'name', 'water']));
  });

  it('20 concurrent calls all succeed, each with its own answer', async () => {
    const c = await concurrentClient();
    try {
      const words = ['ethanol', 'water', '64-17-5', '7732-18-5', 'CCO'];
      const names = [['name', 'ethanol'], ['smiles', 'O'], ['inchikey', 'LFQSCWFLJHTTHZ-UHFFFAOYSA-N']] as const;
      const asks = Array.from({ length: 20 }, (_, i) => {
        const [from, value] = names[i % names.length]!;
        return i % 2 ? call(c, 'convert_identifier', { from, value }) : call(c, 'properties_at', { compound: words[i % words.length], t: 300 + i, props: ['pvap'] });
      });
      const answers = await Promise.all(asks);
      answers.forEach((r, i) => {
        expect(r.isError, textOf(r)).toBeFalsy();
        if (i % 2 === 0) expect((r.structuredContent as { states: { t: number }[] }).states[0]!.t).toBe(300 + i);
        else expect((r.structuredContent as { inchikey: string }).inchikey).toBe(names[i % names.length]![1] === 'O' ? 'XLYOFNOQVPJJNP-UHFFFAOYSA-N' : 'LFQSCWFLJHTTHZ-UHFFFAOYSA-N');
      });
    } finally {
      if (c !== client) await c.close();
    }
  });
}

beforeAll(async () => {
  await buildDatabase({ from: join(ROOT, 'test/fixtures/vle'), dbPath, threads: 1 });
  writeFileSync(join(dir, 'keys.txt'), `# test keys\n${KEYS.join('\n')}\n`);
}, 120_000);

describe('chem mcp over stdio', () => {
  conformance(async () => {
    const client = new Client({ name: 'chem-test', version: '1' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [join(ROOT, 'bin/chem.js'), '--db', dbPath, 'mcp'], env, stderr: 'ignore' }));
    return client;
  });
});

describe('chem mcp --http', () => {
  const signals = new EventEmitter();
  let url = '';
  let running: Promise<number>;
  beforeAll(async () => {
    const { ctx } = testContext({ env, globals: { db: dbPath } });
    const listening = new Promise<string>((resolve) => {
      running = runMcp(ctx, { http: true, host: '127.0.0.1', port: 0, keys: join(dir, 'keys.txt'), auth: true }, signals, resolve);
    });
    url = await listening;
  }, 60_000);
  afterAll(async () => {
    signals.emit('SIGTERM');
    expect(await running).toBe(0);
  });

  const connect = (key: string) => async () => {
    const client = new Client({ name: 'chem-test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
    return client;
  };
  // the concurrent calls under a key of their own: a key's bucket holds a burst of 30 calls (chem serve's policy)
  conformance(connect(KEYS[0]!), connect(KEYS[1]!));

  const post = (headers: Record<string, string>) =>
    fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });

  it('without a key: 401 and a Bearer challenge; with a wrong key: 403; a GET with a key: 405', async () => {
    const none = await post({});
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await none.json()).error.message).toMatch(/missing API key/);
    expect((await post({ Authorization: 'Bearer not-a-key' })).status).toBe(403);
    expect((await post({ Authorization: `Bearer ${KEYS[0]}` })).status).toBe(200);
    expect((await fetch(url, { headers: { Authorization: `Bearer ${KEYS[0]}` } })).status).toBe(405);
  });

  it('a client without a key cannot connect', async () => {
    const client = new Client({ name: 'chem-test', version: '1' });
    await expect(client.connect(new StreamableHTTPClientTransport(new URL(url)))).rejects.toThrow();
  });
});
