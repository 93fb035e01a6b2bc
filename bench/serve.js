#!/usr/bin/env node
// Benchmark of `chem serve`: requests/s and p99 latency of GET /api/v1/cid/{id} and /api/v1/search
// under a bounded loopback load (autocannon, 10 connections), beside a bare node:http server that
// answers the same bytes as a fixed, pre-serialised JSON body. Each server runs in its own child
// process; autocannon runs here. Goal: chem serve >= 50 % of the bare server's rate.
//
// When Debian's redis-server is installed, a third server keeps its rate-limit buckets in a
// redis-server started here on a free loopback port (`chem serve --redis`), and a sequential
// client (one connection, one request at a time) measures the median time per request of chem
// with the in-process limiter and with Redis, alternating. Goal: Redis adds <= 1 ms at the median.
//
//   npm run build && node bench/serve.js [--db PATH] [--seconds 5] [--rounds 3] [--connections 10] [--requests 2000]
//
// Without --db the chem server answers from an in-memory backend holding one realistic compound
// record (caffeine: identifiers, 2D/3D molfiles, PNG drawing, and the local predictor's ~20
// data points) and a 10-compound search page, so the numbers measure the server (auth, rate
// limiter, routing, validation, serialisation, log), not the database. With --db it serves the
// real LocalBackend over that SQLite file.
import { fork, spawn, spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { parseArgs } from 'node:util';

const KEY = 'bench-key-0123456789abcdef';
const { values: opt } = parseArgs({
  options: {
    child: { type: 'string' },
    db: { type: 'string' },
    redis: { type: 'string' },
    requests: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
  },
});

/** A compound record as the database would hold it, built with the project's own toolkit. */
async function realisticData() {
  const { parseSmiles, canonicalSmiles, hillFormula, masses } = await import('../dist/chem/molecule.js');
  const { molfile2d, molfile3d } = await import('../dist/chem/molfile.js');
  const { pngDataUri } = await import('../dist/chem/drawing.js');
  const { inchiOf } = await import('../dist/chem/inchi.js');
  const { compoundIdFor } = await import('../dist/api/ids.js');
  const { LocalBackend } = await import('../dist/local/backend.js');
  const smiles = 'Cn1c(=O)c2c(ncn2C)n(C)c1=O';
  const mol = parseSmiles(smiles, { coordinates: true });
  const { inchi, inchikey } = await inchiOf(smiles);
  const pred = await new LocalBackend({ dbPath: '/nonexistent', env: {}, notice: () => {} }).predict(smiles);
  const comp = {
    id: compoundIdFor(inchikey),
    rev: 1,
    compound: 'Caffeine',
    cas: '58-08-2',
    inchi,
    inchikey,
    formula: hillFormula(mol),
    type: 'C',
    mw: masses(mol).mw,
    smiles: canonicalSmiles(mol),
    drawing: await pngDataUri(smiles),
    other_names: ['1,3,7-Trimethylxanthine', 'Guaranine', 'Methyltheobromine', 'Theine'],
    src: { pred: { db: 'chem local predictor', url: 'https://example.org/chem' } },
    fixed_props: pred.properties.fixed,
    tpdep_props: pred.properties.tdep,
    descr: pred.properties.descr,
    mol2d: molfile2d(mol),
    mol3d: molfile3d(mol),
    mtime: 1784000000,
  };
  const brief = ({ id, compound, cas, inchi, inchikey, formula, type, mw, smiles }) => ({ id, compound, cas, inchi, inchikey, formula, type, mw, smiles, has_outliers: false });
  const comps = Array.from({ length: 10 }, (_, i) => ({ ...brief(comp), compound: `${comp.compound} ${i + 1}` }));
  const search = { comps, next_page: 2, prev_page: null, query: 'caffeine', range: [1, 10], search_time: 0.002, suggestions: null, total: 37 };
  return { comp, search };
}

async function child(kind) {
  let server;
  let paths;
  if (kind === 'bare') {
    const { comp, search } = await realisticData();
    const bodies = { cid: JSON.stringify({ comp }), search: JSON.stringify(search) };
    paths = { cid: `/api/v1/cid/${comp.id}`, search: '/api/v1/search?q=caffeine' };
    server = http.createServer((req, res) => {
      const body = req.url.startsWith('/api/v1/search') ? bodies.search : bodies.cid;
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
    await new Promise((r) => server.listen(0, '127.0.0.1', r));
    process.send({ port: server.address().port, paths, bytes: { cid: Buffer.byteLength(bodies.cid), search: Buffer.byteLength(bodies.search) } });
    return;
  }
  const { buildServer } = await import('../dist/server/app.js');
  const { KeyStore } = await import('../dist/server/keys.js');
  const { RateLimiter } = await import('../dist/server/limiter.js');
  const { RedisLink, RedisLimiter } = await import('../dist/server/redis.js');
  const { pino } = await import('pino');
  let backend;
  if (opt.db) {
    const { LocalBackend } = await import('../dist/local/backend.js');
    backend = new LocalBackend({ dbPath: opt.db, env: {}, notice: () => {} });
    const hits = await backend.search('caffeine');
    paths = { cid: `/api/v1/cid/${hits.comps[0].id}`, search: '/api/v1/search?q=caffeine' };
  } else {
    const { comp, search } = await realisticData();
    const { ChemError } = await import('../dist/api/errors.js');
    const missing = async () => { throw new ChemError(404, 'not in the benchmark backend'); };
    backend = {
      kind: 'local',
      search: async (q) => ({ ...search, query: q }),
      compound: async (cid) => { if (cid !== comp.id) throw new ChemError(404, `no compound ${cid}`); return { comp }; },
      mixtures: missing, mixture: missing, convert: missing, predict: missing,
      close: async () => {},
    };
    paths = { cid: `/api/v1/cid/${comp.id}`, search: '/api/v1/search?q=caffeine' };
  }
  // One key for all the load: the limiter still runs on every request, with a bucket too big to
  // refuse; the log lines are written (to /dev/null) as chem serve writes them.
  const logger = pino({ redact: ['req.headers.authorization'] }, createWriteStream('/dev/null'));
  let limiter = new RateLimiter({ burst: 1e12 });
  if (kind === 'redis') {
    const link = new RedisLink(opt.redis, { info: () => {}, warn: (m) => console.error(m) });
    await link.connect();
    limiter = new RedisLimiter(link, 'closed', { burst: 1e12 });
  }
  const app = buildServer({ backend, keys: new KeyStore([KEY]), limiter, logger });
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.send({ port: app.server.address().port, paths });
}

function startChild(kind) {
  const args = ['--child', kind, ...(opt.db ? ['--db', opt.db] : []), ...(opt.redis ? ['--redis', opt.redis] : [])];
  const proc = fork(new URL(import.meta.url), args, { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    proc.once('message', (info) => resolve({ proc, ...info }));
    proc.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
}

async function load(url, seconds) {
  const { default: autocannon } = await import('autocannon');
  const r = await autocannon({ url, connections: Number(opt.connections), duration: seconds, headers: { authorization: `Bearer ${KEY}` } });
  if (r.non2xx || r.errors || r.timeouts) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  return { rps: r.requests.average, p99: r.latency.p99, n: r.requests.total };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** A redis-server on a free loopback port, without persistence; null when it is not installed. */
async function startRedis() {
  if (spawnSync('redis-server', ['--version']).status !== 0) return null;
  const port = await freePort();
  const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d) => (out += d) && /Ready to accept connections/.test(out) && resolve());
    proc.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
  return { proc, url: `redis://127.0.0.1:${port}` };
}

/** Times `n` requests one after another on one keep-alive connection; milliseconds each. */
async function sequential(url, n) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise((resolve, reject) => {
      const t0 = process.hrtime.bigint();
      http
        .get(url, { agent, headers: { authorization: `Bearer ${KEY}` } }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve(Number(process.hrtime.bigint() - t0) / 1e6) : reject(new Error(`${url}: HTTP ${res.statusCode}`))));
        })
        .on('error', reject);
    });
  const times = [];
  for (let i = 0; i < n; i++) times.push(await once());
  agent.destroy();
  return times;
}

async function main() {
  const seconds = Number(opt.seconds);
  const rounds = Number(opt.rounds);
  const redis = await startRedis();
  if (redis) opt.redis = redis.url;
  const kinds = redis ? ['bare', 'chem', 'redis'] : ['bare', 'chem'];
  // All servers stay up; the idle ones cost nothing. Rounds rotate the order so that load from
  // other processes on the machine falls on all alike; medians are reported.
  const servers = {};
  const runs = {};
  const perRequest = { chem: [], redis: [] };
  try {
    for (const kind of kinds) {
      servers[kind] = await startChild(kind);
      runs[kind] = { cid: [], search: [] };
    }
    for (const kind of kinds) for (const ep of ['cid', 'search']) await load(urlOf(servers[kind], ep), 1); // warm-up
    for (let i = 0; i < rounds; i++) {
      const order = kinds.map((_, j) => kinds[(i + j) % kinds.length]);
      for (const ep of ['cid', 'search']) for (const kind of order) runs[kind][ep].push(await load(urlOf(servers[kind], ep), seconds));
      if (redis) for (const kind of order.filter((k) => k !== 'bare')) perRequest[kind].push(...(await sequential(urlOf(servers[kind], 'search'), Number(opt.requests))));
    }
  } finally {
    for (const s of Object.values(servers)) s.proc.kill('SIGTERM');
    redis?.proc.kill('SIGTERM');
  }
  const backend = opt.db ? `LocalBackend over ${opt.db}` : 'in-memory backend with a realistic compound (no database)';
  console.log(`chem serve vs bare node:http, loopback, ${opt.connections} connections, ${rounds} rotating rounds of ${seconds} s, medians, Node ${process.version}`);
  console.log(`chem backend: ${backend}; body sizes: cid ${servers.bare.bytes.cid} B, search ${servers.bare.bytes.search} B`);
  if (!redis) console.log('redis-server not installed: chem --redis not measured');
  const name = { bare: 'bare', chem: 'chem', redis: 'chem --redis' };
  console.log(`endpoint         ${kinds.map((k) => `${name[k].padStart(13)} req/s  p99`).join('')}   chem/bare${redis ? '  redis/chem' : ''}`);
  for (const ep of ['cid', 'search']) {
    const m = Object.fromEntries(kinds.map((k) => [k, { rps: median(runs[k][ep].map((r) => r.rps)), p99: median(runs[k][ep].map((r) => r.p99)) }]));
    const ratio = m.chem.rps / m.bare.rps;
    const cells = kinds.map((k) => `${m[k].rps.toFixed(0).padStart(19)} ${`${m[k].p99} ms`.padStart(6)}`).join('');
    console.log(
      `${(ep === 'cid' ? '/cid/{id}' : '/search?q=').padEnd(16)}${cells} ${`${(ratio * 100).toFixed(0)} %`.padStart(10)}${redis ? `${`${((m.redis.rps / m.chem.rps) * 100).toFixed(0)} %`.padStart(12)}` : ''}${ratio >= 0.5 ? '' : '  (below the 50 % goal)'}`,
    );
  }
  if (redis) {
    const p50 = { chem: median(perRequest.chem), redis: median(perRequest.redis) };
    const added = p50.redis - p50.chem;
    console.log(
      `one request at a time, /search, ${perRequest.chem.length} requests each: median ${p50.chem.toFixed(3)} ms in-process limiter, ${p50.redis.toFixed(3)} ms Redis limiter: ` +
        `Redis adds ${added.toFixed(3)} ms (ratio ${(p50.redis / p50.chem).toFixed(2)})${added <= 1 ? '' : '  (above the 1 ms goal)'}`,
    );
  }
}

const urlOf = (server, ep) => `http://127.0.0.1:${server.port}${server.paths[ep]}`;

if (opt.child) await child(opt.child);
else await main();
