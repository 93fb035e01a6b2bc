#!/usr/bin/env node
// Benchmark of chem mcp's start-up: the time from starting `chem mcp` (stdio) to the first tool answer
// (initialize, then get_compound of ethanol's record) against a cold `chem cid <ethanol's id> --json` (start
// to exit), processes started in turn (A B A B …) and the ratio taken pair by pair, median. Goal <= 1.5x.
// The client is a few lines of JSON-RPC over the pipes, so the SDK's client costs nothing on either side.
// Also the answers per second of 200 get_compound calls (ids of 10 compounds) to one server.
//
//   npm run build && node bench/mcp.js --db PATH [--runs 9]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: opt } = parseArgs({ options: { db: { type: 'string', default: process.env.CHEM_DB }, runs: { type: 'string', default: '9' } } });
if (!opt.db || !existsSync(opt.db)) {
  console.error('usage: node bench/mcp.js --db PATH (a database built with "chem db build")');
  process.exit(2);
}
const runs = Number(opt.runs);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const bin = fileURLToPath(new URL('../bin/chem.js', import.meta.url));
const args = ['--db', opt.db];
// the backend by environment: bin/chem.js names a command's code cache for the first bare word of its
// arguments, which `--backend local` would make "local" for both commands
const env = { ...process.env, CHEM_BACKEND: 'local' };

const cid = (id) => {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [bin, ...args, 'cid', id, '--json'], { encoding: 'utf8', maxBuffer: 1 << 26, env });
  if (r.status !== 0) throw new Error(`chem cid ${id}: exit ${r.status}: ${r.stderr}`);
  return { ms: performance.now() - t0, out: r.stdout };
};

/** Starts chem mcp; `ask(method, params)` sends a request and resolves with its answer. */
function server() {
  const child = spawn(process.execPath, [bin, ...args, 'mcp'], { stdio: ['pipe', 'pipe', 'inherit'], env });
  const waiting = new Map();
  createInterface({ input: child.stdout }).on('line', (line) => {
    const msg = JSON.parse(line);
    waiting.get(msg.id)?.(msg);
    waiting.delete(msg.id);
  });
  let id = 0;
  const send = (msg) => child.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...msg }) + '\n');
  const ask = (method, params) =>
    new Promise((resolve) => {
      waiting.set(++id, resolve);
      send({ id, method, params });
    });
  const start = async () => {
    await ask('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } });
    send({ method: 'notifications/initialized' });
  };
  const stop = () => new Promise((resolve) => child.once('exit', resolve).stdin.end());
  return { ask, start, stop };
}

const record = (s, id) => s.ask('tools/call', { name: 'get_compound', arguments: { compound: id } });

/** Start to the first answer of get_compound. */
async function firstAnswer(id) {
  const t0 = performance.now();
  const s = server();
  await s.start();
  const r = await record(s, id);
  const ms = performance.now() - t0;
  await s.stop();
  if (r.result?.isError || !r.result?.structuredContent?.comp) throw new Error(`get_compound ${id}: ${JSON.stringify(r).slice(0, 300)}`);
  return { ms, comp: r.result.structuredContent };
}

const ETHANOL = JSON.parse(cid('ethanol').out).comp.id;
// the code caches of both commands are written once; the tool's answer is the command's JSON, or (a record over
// the size limit) its short form
const answer = (await firstAnswer(ETHANOL)).comp;
const whole = cid(ETHANOL).out;
const same = answer.cut ? `cut to ${JSON.stringify(answer).length} characters (the whole record: ${answer.cut.chars})` : JSON.stringify(answer) === JSON.stringify(JSON.parse(whole)) ? 'yes' : 'NO';
const [a, b, ratios] = [[], [], []];
for (let i = 0; i < runs; i++) {
  const m = (await firstAnswer(ETHANOL)).ms;
  const c = cid(ETHANOL).ms;
  a.push(m);
  b.push(c);
  ratios.push(m / c);
}
const ratio = median(ratios);
console.log(`cold start (median of ${runs} pairs):`);
console.log(`  chem mcp: start, initialize, first get_compound answer  ${median(a).toFixed(0).padStart(5)} ms`);
console.log(`  chem cid ${ETHANOL} --json (start to exit)        ${median(b).toFixed(0).padStart(5)} ms`);
console.log(`  ratio ${ratio.toFixed(2)} (goal <= 1.5): ${ratio <= 1.5 ? 'met' : 'NOT met'}; the answer equals chem cid --json: ${same}`);

const names = ['water', 'ethanol', 'methanol', 'acetone', 'benzene', 'toluene', 'hexane', 'acetic acid', 'chloroform', 'phenol'];
const s = server();
await s.start();
const ids = [];
for (const n of names) {
  const r = await s.ask('tools/call', { name: 'search_compounds', arguments: { query: n, limit: 1 } });
  const id = r.result?.structuredContent?.comps?.[0]?.id;
  if (id) ids.push(id);
}
await Promise.all(ids.map((id) => record(s, id))); // warm
const t0 = performance.now();
const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => record(s, ids[i % ids.length])));
const seconds = (performance.now() - t0) / 1000;
await s.stop();
const ok = answers.filter((r) => r.result && !r.result.isError).length;
console.log(`\n200 get_compound calls at once to one server (${ids.length} records): ${ok} answered, ${(200 / seconds).toFixed(0)} answers/s`);
