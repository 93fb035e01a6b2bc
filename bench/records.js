#!/usr/bin/env node
// Benchmark of compound records (GET /cid/{id}, `chem cid -`) over a random sample of ids of the
// database (salts and large molecules included, as they come; seeded, so every run reads the same):
//  1. `chem serve` latency: one request at a time to a chem server in a child process, p50 and p99,
//     beside the peer: a plain SQLite read of the same rows (`SELECT * FROM compounds WHERE id = ?`)
//     in this process. Goals: p50 <= 20 ms, p99 <= 100 ms.
//  2. `chem cid -` throughput (records/s) for the CSV rows and for whole NDJSON records (drawing,
//     mol2d, mol3d, predictions), beside a node process that reads the same rows from SQLite and
//     prints them as JSON lines. Goal >= 50/s.
//  3. What naming a compound costs (src/lookup/resolve.ts): `chem cid` of ethanol by name, CAS number, InChIKey
//     and SMILES against `chem cid ID` (which resolves nothing), whole processes run in pairs, the median
//     of the pairs' ratios. Goal <= 1.1.
// Every record with a structure should be whole: the server's answers are checked for drawing,
// mol2d and mol3d, and the ones without are counted.
//
//   npm run build && node bench/records.js --db PATH [--n 1000] [--batch 200] [--seed 1]
import { fork, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';

const KEY = 'bench-key-0123456789abcdef';
const { values: opt } = parseArgs({
  options: {
    child: { type: 'boolean' },
    db: { type: 'string', default: process.env.CHEM_DB },
    n: { type: 'string', default: '1000' },
    batch: { type: 'string', default: '200' },
    seed: { type: 'string', default: '1' },
  },
});
if (!opt.db || !existsSync(opt.db)) {
  console.error('usage: node bench/records.js --db PATH (a database built with "chem db build")');
  process.exit(2);
}

async function child() {
  const { buildServer } = await import('../dist/server/app.js');
  const { KeyStore } = await import('../dist/server/keys.js');
  const { RateLimiter } = await import('../dist/server/limiter.js');
  const { LocalBackend } = await import('../dist/local/backend.js');
  const backend = new LocalBackend({ dbPath: opt.db, env: {}, notice: () => {} });
  const app = buildServer({ backend, keys: new KeyStore([KEY]), limiter: new RateLimiter({ burst: 1e12 }), log: () => {} });
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.send({ port: app.server.address().port });
}

/** `n` ids drawn without replacement by a seeded generator, and how many have a structure. */
async function sample(n) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(opt.db, { readonly: true });
  const all = db.prepare('SELECT id, smiles IS NOT NULL AS s FROM compounds ORDER BY id').raw().all();
  let x = Number(opt.seed) >>> 0 || 1;
  const next = () => ((x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [all[i], all[j]] = [all[j], all[i]];
  }
  const picked = all.slice(0, n);
  return { db, ids: picked.map((r) => r[0]), structures: picked.filter((r) => r[1]).length, warmUp: all.slice(n).find((r) => r[1])[0] };
}

const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const ms = (x) => `${x.toFixed(2)} ms`.padStart(10);

async function serve(db, ids, warmUp) {
  const read = db.prepare('SELECT * FROM compounds WHERE id = ?');
  const peer = ids.map((id) => {
    const t = performance.now();
    read.get(id);
    return performance.now() - t;
  });
  const proc = fork(new URL(import.meta.url), ['--child', '--db', opt.db], { stdio: 'inherit' });
  const { port } = await new Promise((resolve, reject) => {
    proc.once('message', resolve);
    proc.once('exit', (code) => reject(new Error(`chem server exited with ${code}`)));
  });
  const times = [];
  const statuses = new Map();
  let notices = 0;
  let structures = 0;
  const missing = { drawing: 0, mol2d: 0, mol3d: 0 };
  try {
    const { fetch } = await import('undici');
    const get = (id) => fetch(`http://127.0.0.1:${port}/api/v1/cid/${id}`, { headers: { authorization: `Bearer ${KEY}` } });
    await (await get(warmUp)).text(); // a structure outside the sample: loads the modules and toolkits, opens the database
    for (const id of ids) {
      const t = performance.now();
      const res = await get(id);
      const body = await res.text();
      times.push(performance.now() - t);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status !== 200) continue;
      const c = JSON.parse(body).comp;
      if (c.notices) notices++;
      if (!c.smiles) continue;
      structures++;
      for (const f of Object.keys(missing)) if (!c[f]) missing[f]++;
    }
  } finally {
    proc.kill('SIGTERM');
  }
  const p50 = quantile(times, 0.5);
  const p99 = quantile(times, 0.99);
  console.log(`GET /cid/{id} on chem serve, ${ids.length} ids one at a time (statuses ${[...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')}; ${notices} records with a part left out)`);
  console.log(`  of ${structures} records with a structure, without drawing ${missing.drawing}, without mol2d ${missing.mol2d}, without mol3d ${missing.mol3d}`);
  console.log(`  plain SQLite row read       p50 ${ms(quantile(peer, 0.5))}  p99 ${ms(quantile(peer, 0.99))}`);
  console.log(`  chem serve                  p50 ${ms(p50)}  p99 ${ms(p99)}  max ${ms(Math.max(...times))}   ratio p50 ${(p50 / quantile(peer, 0.5)).toFixed(0)}x, p99 ${(p99 / quantile(peer, 0.99)).toFixed(0)}x`);
  // an error answers fast: the goals hold only for whole records
  if (statuses.size !== 1 || !statuses.has(200)) console.log('  goals not judged: some answers were not records (rebuild the database?)');
  else console.log(`  goals p50 <= 20 ms: ${p50 <= 20 ? 'met' : 'NOT met'}; p99 <= 100 ms: ${p99 <= 100 ? 'met' : 'NOT met'}`);
}

function batch(ids) {
  const bin = new URL('../bin/chem.js', import.meta.url).pathname;
  // the best of 3 runs (the first run of a command after a build also writes its code cache)
  const rate = (args) => {
    const n = ids.length;
    const input = ids.join('\n') + '\n';
    let best = 0;
    for (let round = 0; round < 3; round++) {
      const t = performance.now();
      const r = spawnSync(process.execPath, args, { input, encoding: 'utf8', maxBuffer: 1 << 30, env: { ...process.env, NO_COLOR: '1' } });
      if (r.status !== 0 && r.status !== 1) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr.slice(0, 500)}`);
      best = Math.max(best, n / ((performance.now() - t) / 1000));
    }
    return best;
  };
  const peerScript = `const D=require('better-sqlite3');const db=new D(${JSON.stringify(opt.db)},{readonly:true});const q=db.prepare('SELECT * FROM compounds WHERE id = ?');
    let out='';for(const id of require('fs').readFileSync(0,'utf8').split('\\n'))if(id)out+=JSON.stringify(q.get(id)??null)+'\\n';process.stdout.write(out);`;
  const peer = rate(['-e', peerScript]);
  const csv = rate([bin, '--db', opt.db, 'cid', '-', '--format', 'csv']);
  const ndjson = rate([bin, '--db', opt.db, 'cid', '-', '--format', 'ndjson']);
  console.log(`chem cid - over ${ids.length} ids, whole process`);
  console.log(`  node + SQLite, rows as JSON lines      ${peer.toFixed(0).padStart(7)} records/s`);
  console.log(`  chem cid - --format csv                ${csv.toFixed(0).padStart(7)} records/s   ratio ${(csv / peer).toFixed(3)}   goal >= 50/s: ${csv >= 50 ? 'met' : 'NOT met'}`);
  console.log(`  chem cid - --format ndjson (whole)     ${ndjson.toFixed(1).padStart(7)} records/s   ratio ${(ndjson / peer).toFixed(3)}   goal >= 50/s: ${ndjson >= 50 ? 'met' : 'NOT met'}`);
}

function naming() {
  const bin = new URL('../bin/chem.js', import.meta.url).pathname;
  const wall = (word) => {
    const t = performance.now();
    const r = spawnSync(process.execPath, [bin, '--db', opt.db, 'cid', word, '--format', 'csv'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`chem cid ${word} exited ${r.status}: ${r.stderr.slice(0, 500)}`);
    return performance.now() - t;
  };
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const id = spawnSync(process.execPath, [bin, '--db', opt.db, 'cid', '64-17-5', '--format', 'csv'], { encoding: 'utf8' }).stdout.split('\n')[1].split(',')[0];
  console.log(`chem cid ethanol by other words against chem cid ${id} (--format csv), 15 pairs each after a warm-up, whole process`);
  const byId = [];
  for (const word of ['ethanol', '64-17-5', 'LFQSCWFLJHTTHZ-UHFFFAOYSA-N', 'CCO']) {
    wall(word);
    wall(id);
    const ratios = [];
    for (let i = 0; i < 15; i++) {
      const a = wall(word);
      const b = wall(id);
      byId.push(b);
      ratios.push(a / b);
    }
    const r = median(ratios);
    console.log(`  ${word.padEnd(28)} ratio ${r.toFixed(3)}   goal <= 1.1: ${r <= 1.1 ? 'met' : 'NOT met'}`);
  }
  console.log(`  chem cid ${id} median ${median(byId).toFixed(1)} ms`);
}

if (opt.child) await child();
else {
  const { db, ids, structures, warmUp } = await sample(Number(opt.n));
  console.log(`${ids.length} random ids of ${opt.db} (seed ${opt.seed}), ${structures} with a structure; Node ${process.version}`);
  await serve(db, ids, warmUp);
  batch(ids.slice(0, Number(opt.batch)));
  naming();
}
