#!/usr/bin/env node
// npm run screenshots: the search, compound and predict pages of chem serve in headless chromium,
// written to docs/screenshots/. The database is CHEM_DB when set (the full database gives the
// richer pages docs/serve.md shows), else one built from the test fixture mirror. The server runs
// in-process on a loopback port without auth; chromium is Debian's (CHEM_CHROMIUM to override).
/* global document, window -- in the functions page.evaluate runs in the browser */
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'docs/screenshots');
const CHROMIUM = process.env.CHEM_CHROMIUM ?? '/usr/bin/chromium';
const ETHANOL = '69749139-429-6';

if (!existsSync(join(ROOT, 'dist/server/app.js'))) throw new Error('run npm run build first');
if (!existsSync(CHROMIUM)) {
  console.error(`screenshots: ${CHROMIUM} not found (apt-get install chromium)`);
  process.exit(6);
}

const { buildServer } = await import(join(ROOT, 'dist/server/app.js'));
const { LocalBackend } = await import(join(ROOT, 'dist/local/backend.js'));
const { RateLimiter } = await import(join(ROOT, 'dist/server/limiter.js'));
const { chromium } = await import('playwright-core');

let dbPath = process.env.CHEM_DB;
if (!dbPath) {
  const { buildDatabase } = await import(join(ROOT, 'dist/local/store/build.js'));
  dbPath = join(mkdtempSync(join(tmpdir(), 'chem-shots-')), 'chem.db');
  await buildDatabase({ from: join(ROOT, 'test/fixtures/store/mirror'), dbPath, threads: 1, steps: [] });
}
const backend = new LocalBackend({ dbPath, env: {}, notice: () => {} });
const app = buildServer({ backend, keys: null, limiter: new RateLimiter({ burst: 1e9 }) });
const base = await app.listen({ host: '127.0.0.1', port: 0 });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
mkdirSync(OUT, { recursive: true });

/** One page: open, wait for what it shows, write the screenshot of the top `height` pixels. */
async function shot(name, hash, ready, { width = 1280, height = 900 } = {}) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(`${base}/${hash}`);
  await ready(page);
  const file = join(OUT, `${name}.png`);
  await page.screenshot({ path: file });
  await page.close();
  console.log(file);
}

const plotsDrawn = async (page) => {
  await page.locator('.plots img').first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => [...document.querySelectorAll('.plots img')].every((i) => i.complete && i.naturalWidth > 0));
  await page.locator('.plots').scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, 0));
};

try {
  await shot('search', '#/search?q=ethanol', async (p) => {
    await p.locator('ol.results li').first().waitFor();
    // the drawings on the screen, fetched as they come into view
    await p.waitForFunction(() => [...document.querySelectorAll('img.thumb')].filter((i) => i.getBoundingClientRect().top < window.innerHeight).every((i) => i.complete && i.naturalWidth > 0), null, { timeout: 60_000 });
  });
  await shot('compound', `#/cid/${ETHANOL}`, plotsDrawn, { height: 1250 });
  await shot('compound-360', `#/cid/${ETHANOL}`, (p) => p.locator('h1').waitFor(), { width: 360, height: 800 });
  await shot('predict', '#/predict?smiles=c1ccccc1O', (p) => p.locator('#prediction table').first().waitFor({ timeout: 60_000 }));
} finally {
  await browser.close();
  await app.close();
  await backend.close();
}
