#!/usr/bin/env node
// Benchmark of the web page with a full page of search results (100 compounds, each with a small
// structure drawing fetched as it comes near the screen), in Debian's chromium against `chem serve`
// (a child process, no auth) on the database:
//  - the drawings on the screen loaded after opening the results page, beside the peer: the list of
//    100 results shown (page, assets, search request and layout, before any drawing arrives), and the
//    search request alone (the same query through fetch in the same page);
//  - scrolling screen by screen to the end: time, drawing requests and bytes for all 100 drawings.
// The first round also loads RDKit in the server (cold); later rounds start from a new browser page
// (no drawing kept there) with the server's kept drawings (warm). Goal: the drawings on the screen
// within 2x the time the list takes to show, warm (the drawings at most double the wait).
//
//   npm run build && node bench/ui.js --db PATH [--query benzene] [--rounds 5]
/* global document, window, fetch -- in the functions page.evaluate runs in the browser */
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';

const CHROMIUM = process.env.CHEM_CHROMIUM ?? '/usr/bin/chromium';
const { values: opt } = parseArgs({
  options: {
    child: { type: 'boolean' },
    db: { type: 'string', default: process.env.CHEM_DB },
    query: { type: 'string', default: 'benzene' },
    rounds: { type: 'string', default: '5' },
  },
});
if (!opt.db || !existsSync(opt.db)) {
  console.error('usage: node bench/ui.js --db PATH (a database built with "chem db build")');
  process.exit(2);
}

async function child() {
  const { buildServer } = await import('../dist/server/app.js');
  const { RateLimiter } = await import('../dist/server/limiter.js');
  const { LocalBackend } = await import('../dist/local/backend.js');
  const backend = new LocalBackend({ dbPath: opt.db, env: {}, notice: () => {} });
  const app = buildServer({ backend, keys: null, limiter: new RateLimiter({ burst: 1e12 }), log: () => {} });
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.send(app.server.address().port);
}

async function parent() {
  if (!existsSync(CHROMIUM)) {
    console.log(`skipped: ${CHROMIUM} not found (apt-get install chromium)`);
    return;
  }
  const server = fork(new URL(import.meta.url), ['--child', '--db', opt.db], { stdio: 'inherit' });
  const port = await new Promise((resolve) => server.once('message', resolve));
  const base = `http://127.0.0.1:${port}`;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const onScreenLoaded = () =>
    [...document.querySelectorAll('img.thumb')]
      .filter((i) => {
        const r = i.getBoundingClientRect();
        return r.bottom > 0 && r.top < window.innerHeight;
      })
      .every((i) => i.complete && i.naturalWidth > 0);
  const rows = [];
  try {
    for (let round = 1; round <= Number(opt.rounds); round++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      let requests = 0;
      let bytes = 0;
      page.on('response', async (r) => {
        if (!r.url().includes('/api/v1/depict?')) return;
        requests++;
        bytes += (await r.body()).length;
      });
      const t0 = Date.now();
      await page.goto(`${base}/#/search?q=${encodeURIComponent(opt.query)}`);
      await page.locator('ol.results > li').nth(99).waitFor({ state: 'attached', timeout: 60_000 });
      const list = Date.now() - t0;
      await page.waitForFunction(onScreenLoaded, null, { timeout: 60_000 });
      const screen = Date.now() - t0;
      const search = await page.evaluate(async (q) => {
        const t = performance.now();
        await (await fetch(`/api/v1/search?q=${encodeURIComponent(q)}&p=1`, { cache: 'no-store' })).json();
        return performance.now() - t;
      }, opt.query);
      const t1 = Date.now();
      for (;;) {
        const end = await page.evaluate(() => {
          const y = window.scrollY;
          window.scrollBy(0, window.innerHeight);
          return window.scrollY === y;
        });
        await page.waitForFunction(onScreenLoaded, null, { timeout: 60_000 });
        if (end) break;
      }
      const all = Date.now() - t1;
      const drawn = await page.evaluate(() => [...document.querySelectorAll('img.thumb')].filter((i) => i.naturalWidth > 0).length);
      rows.push({ round, list, screen, search, all, drawn, requests, bytes });
      await page.close();
    }
  } finally {
    await browser.close();
    server.kill();
  }
  console.log(`web page, search "${opt.query}" (100 results a page), ${opt.rounds} rounds, Node ${process.version}; round 1 cold (RDKit loads in the server)`);
  console.log('round  search request  list shown (peer)  on-screen drawings  ratio   all drawings by scrolling');
  for (const r of rows) {
    console.log(
      `${String(r.round).padStart(5)}  ${`${r.search.toFixed(0)} ms`.padStart(13)}  ${`${r.list} ms`.padStart(17)}  ${`${r.screen} ms`.padStart(18)}  ${`${(r.screen / r.list).toFixed(2)}x`.padStart(6)}   ${r.all} ms, ${r.drawn} drawn, ${r.requests} requests, ${(r.bytes / 1024).toFixed(0)} kB`,
    );
  }
  const warm = rows.slice(1).map((r) => r.screen / r.list).sort((a, b) => a - b);
  if (warm.length) {
    const median = warm[warm.length >> 1];
    console.log(`warm median ratio on-screen drawings / list shown: ${median.toFixed(2)}x   goal <= 2x: ${median <= 2 ? 'met' : 'not met'}`);
  }
}

if (opt.child) await child();
else await parent();
