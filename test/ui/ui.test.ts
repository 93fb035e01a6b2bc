// The web page of chem serve in a real browser: Debian's chromium driven by playwright-core loads
// the page from servers on loopback (the store fixture database; the fake backend for paging and
// mixtures; a backend answering 100 results a page for the structure drawings), searches, opens a
// compound, asks for its properties at a temperature and pressure, predicts, changes units, and the
// DOM is checked. The HTTP checks (headers, auth, plot and drawing routes) run without a browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { compoundIdFor } from '../../src/api/ids.js';
import { property } from '../../src/api/properties.js';
import { RateLimiter } from '../../src/server/limiter.js';
import { CSP } from '../../src/server/ui/routes.js';
import type { Compound, SearchResult } from '../../src/api/types.js';
import { FakeBackend, MIXTURES } from '../server/fake-backend.js';
import { get, serveFixture, start, type Served, type Started } from '../server/http.js';
import { HAVE_CHROMIUM, launchChromium } from './browser.js';

const KEY = 'ui-test-key-0123456789';
const ETHANOL = compoundIdFor('LFQSCWFLJHTTHZ-UHFFFAOYSA-N');
let keyed: Served; // store fixture database, API keys
let open: Started; // fake backend, no auth
let hundred: Started; // 100 results a page, no auth

/** Answers every search with one full page: 100 chains of 1 to 100 carbons, by name, each with its SMILES. */
class HundredBackend extends FakeBackend {
  override async search(query: string): Promise<SearchResult> {
    const comps = Array.from({ length: 100 }, (_, i): Compound => {
      const smiles = 'C'.repeat(i + 1);
      return { id: compoundIdFor(`CHAIN${i + 1}`), compound: `C${i + 1} chain`, formula: `C${i + 1}H${2 * i + 4}`, smiles };
    });
    return { comps, next_page: null, prev_page: null, query, range: [1, 100], search_time: 0.001, suggestions: null, total: 100 };
  }
}
let browser: Browser | undefined;

beforeAll(async () => {
  keyed = await serveFixture('store/mirror', KEY, { steps: [], now: 1_700_000_000 });
  const limiter = () => new RateLimiter({ burst: 1e9 });
  open = await start({ backend: new FakeBackend(), keys: null, limiter: limiter() });
  hundred = await start({ backend: new HundredBackend(), keys: null, limiter: limiter() });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await keyed?.close();
  await open?.close();
  await hundred?.close();
});

describe('the page over HTTP', () => {
  it('the page and its assets: no key needed, content types, cache headers, CSP, no data', async () => {
    const page = await get(keyed.port, '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toBe(CSP);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.text).not.toMatch(/ethanol/i);
    const assets = [...page.text.matchAll(/(?:href|src)="(\/ui\/[0-9a-f]{12}\/[\w.]+)"/g)].map((m) => m[1]!);
    expect(assets).toHaveLength(2);
    const beside = (name: string) => assets[0]!.replace(/[\w.]+$/, name);
    for (const [path, type] of [
      ...assets.map((a) => [a, a.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8']),
      [beside('server/ui/format.js'), 'text/javascript; charset=utf-8'], // imported by app.js, with the two it imports
      [beside('api/precision.js'), 'text/javascript; charset=utf-8'],
      [beside('units/display.js'), 'text/javascript; charset=utf-8'],
      [beside('properties.json'), 'application/json; charset=utf-8'],
    ]) {
      const res = await get(keyed.port, path!);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toBe(type);
      expect(res.headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
      expect(res.text, path).not.toMatch(/ethanol/i);
    }
    expect((await get(keyed.port, '/ui/000000000000/app.js')).status).toBe(404);
    expect((await get(keyed.port, assets[0]!.replace(/[\w.]+$/, 'secret.txt'))).status).toBe(404);
  });

  it('the data routes keep the key: plot SVG and drawing are 403 without it, SVG with it', async () => {
    for (const path of [`/api/v1/cid/${ETHANOL}/plot/hvapt`, '/api/v1/depict/CCO', '/api/v1/search?q=ethanol']) expect((await get(keyed.port, path)).status, path).toBe(403);
    const plot = await get(keyed.port, `/api/v1/cid/${ETHANOL}/plot/hvapt?temp=C`, KEY);
    expect(plot.status).toBe(200);
    expect(plot.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(plot.text).toMatch(/^<svg/);
    expect(plot.text).toContain('T (°C)');
    expect(plot.text).toContain('CRC Handbook of Chemistry and Physics');
    const notT = await get(keyed.port, `/api/v1/cid/${ETHANOL}/plot/tb`, KEY);
    expect(notT.status).toBe(400);
    expect(notT.body.error.message).toMatch(/does not depend on temperature/);
    expect((await get(keyed.port, `/api/v1/cid/${ETHANOL}/plot/cps`, KEY)).status).toBe(404);
    expect((await get(keyed.port, `/api/v1/cid/${ETHANOL}/plot/hvapt?temp=R`, KEY)).status).toBe(400);
    const drawing = await get(keyed.port, `/api/v1/depict/${encodeURIComponent('c1ccccc1O')}`, KEY);
    expect(drawing.status).toBe(200);
    expect(drawing.text).toMatch(/<svg[\s\S]*<\/svg>/);
    expect((await get(keyed.port, `/api/v1/depict/${encodeURIComponent('C1CC(')}`, KEY)).status).toBe(404);
  });

  it('draws many SMILES in one request, behind the key: null for one that cannot be drawn', async () => {
    const path = `/api/v1/depict?smiles=${encodeURIComponent('c1ccccc1O')}&smiles=CCO&smiles=${encodeURIComponent('C1CC(')}`;
    expect((await get(keyed.port, path)).status).toBe(403);
    const r = await get(keyed.port, path, KEY);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.drawings)).toEqual(['c1ccccc1O', 'CCO', 'C1CC(']);
    for (const s of ['c1ccccc1O', 'CCO']) expect(r.body.drawings[s]).toMatch(/^(<\?xml[^>]*>\s*)?<svg[\s\S]*<\/svg>\s*$/);
    // phenol's drawing has its O label (RDKit draws labels as paths classed by atom)
    expect(r.body.drawings['c1ccccc1O']).toContain('atom-6');
    expect(r.body.drawings['C1CC(']).toBeNull();
    // the same drawing when asked again (kept)
    expect((await get(keyed.port, '/api/v1/depict?smiles=CCO', KEY)).body.drawings.CCO).toBe(r.body.drawings.CCO);
    const many = Array(101).fill('smiles=C').join('&');
    for (const bad of ['/api/v1/depict', '/api/v1/depict?smiles=', `/api/v1/depict?${many}`]) expect((await get(keyed.port, bad, KEY)).status, bad).toBe(400);
  });
});

describe.skipIf(!HAVE_CHROMIUM)('the page in chromium', () => {
  const pages: Page[] = [];
  const newPage = async (width = 1280) => {
    const page = await browser!.newPage({ viewport: { width, height: 900 } });
    pages.push(page);
    const urls: string[] = [];
    page.on('request', (r) => urls.push(r.url()));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    return { page, urls, errors };
  };
  afterAll(async () => {
    for (const p of pages) await p.close();
  });

  it('search asks for the key once, keeps it in session storage, and opens a compound with its plots', async () => {
    const { page, urls, errors } = await newPage();
    await page.goto(`http://127.0.0.1:${keyed.port}/`);
    await page.getByLabel('Search compounds').fill('ethanol');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.getByRole('textbox', { name: 'API key' }).fill(KEY);
    await page.getByRole('button', { name: 'Use key' }).click();
    const hit = page.locator('ol.results li a');
    await hit.first().waitFor();
    expect(await hit.allTextContents()).toEqual(['Ethanol']);
    expect(await page.evaluate(() => sessionStorage.getItem('chem-api-key'))).toBe(KEY);

    await hit.first().click();
    await page.locator('h1', { hasText: 'Ethanol' }).waitFor();
    const ids = await page.locator('dl.ids').innerText();
    // CAS, formula and InChIKey of ethanol (the fixture's PubChem identifier table).
    for (const v of ['64-17-5', 'C2H6O', 'LFQSCWFLJHTTHZ-UHFFFAOYSA-N']) expect(ids).toContain(v);
    expect(await page.locator('img[alt="Structure of Ethanol"]').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    // Every value with its source: the CRC enthalpy of vaporization at 298.15 K, 42360 J/mol.
    const crc = page.locator('tr', { hasText: 'CRC Handbook of Chemistry and Physics' }).filter({ hasText: '298.15' }).filter({ hasText: 'hvapt' });
    expect(await crc.locator('td.num').first().innerText()).toBe('42.36');
    // One plot per T-dependent key of the record, drawn.
    const { comp } = await keyed.backend.compound(ETHANOL);
    const tKeys = Object.entries(comp.tpdep_props ?? {}).filter(([k, points]) => property(k)?.dep.includes('T') && points.some((p) => p.t !== undefined));
    expect(tKeys.map(([k]) => k)).toEqual(expect.arrayContaining(['cpg', 'dvisc', 'hvapt']));
    const plots = page.locator('.plots img');
    await expect.poll(() => plots.count(), { timeout: 60_000 }).toBe(tKeys.length);
    await expect.poll(() => plots.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)), { timeout: 60_000 }).toBe(true);
    // The key travels in a header only.
    expect(urls.some((u) => u.includes(KEY))).toBe(false);
    expect(page.url()).not.toContain(KEY);
    expect(errors).toEqual([]);
  }, 120_000);

  it('predict draws the molecule and lists the predictions', async () => {
    const { page, errors } = await newPage();
    await page.goto(`http://127.0.0.1:${keyed.port}/#/predict`);
    await page.evaluate((k) => sessionStorage.setItem('chem-api-key', k), KEY);
    await page.getByLabel('SMILES of the molecule').fill('c1ccccc1O');
    await page.keyboard.press('Enter');
    await page.locator('#prediction table').first().waitFor({ timeout: 30_000 });
    const img = page.locator('img.drawing');
    await expect.poll(() => img.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    // Phenol C6H6O: 6×12.011 + 6×1.008 + 15.999 = 94.113 g/mol.
    expect(await page.locator('#prediction dl').innerText()).toMatch(/94\.11\d* g\/mol/);
    const rows = await page.locator('#prediction tbody tr th').allInnerTexts();
    expect(rows.some((r) => r.endsWith('tb'))).toBe(true);
    expect(errors).toEqual([]);
  }, 60_000);

  it('predict shows the estimates at the chosen temperature', async () => {
    const { page, errors } = await newPage();
    await page.goto(`http://127.0.0.1:${keyed.port}/#/predict`);
    await page.evaluate((k) => sessionStorage.setItem('chem-api-key', k), KEY);
    await page.getByLabel('SMILES of the molecule').fill('CCCCCC');
    await page.getByLabel('at T (K)').fill('350');
    await page.keyboard.press('Enter');
    await page.locator('#prediction h3').waitFor({ timeout: 30_000 });
    expect(await page.locator('#prediction h3').innerText()).toBe('At 350 K');
    const rows = await page.locator('#prediction table').nth(1).locator('tbody tr th').allInnerTexts();
    for (const key of ['pvap', 'rhol', 'hvapt', 'cpl', 'srf', 'tcondl']) expect(rows.some((r) => r.endsWith(key)), key).toBe(true);
    expect(errors).toEqual([]);
  }, 60_000);

  it('without auth no key is asked; result pages and the mixture page', async () => {
    const { page, errors } = await newPage();
    await page.goto(`http://127.0.0.1:${open.port}/#/search?q=e`);
    await page.locator('ol.results li').first().waitFor();
    // The fake backend pages by 2: Ethanol, Benzene, Acetic acid and Water hold an "e".
    expect(await page.locator('.pager span').first().innerText()).toBe('1–2 of 4');
    await page.locator('a[rel=next]').first().click();
    await expect.poll(() => page.locator('.pager span').first().innerText()).toBe('3–4 of 4');
    expect(await page.locator('ol.results li a').allTextContents()).toEqual(['Acetic acid', 'Water']);
    expect(await page.locator('dialog[open]').count()).toBe(0);

    const mix = MIXTURES[0]!;
    await page.goto(`http://127.0.0.1:${open.port}/#/mid/${mix.id}`);
    await page.locator('h1', { hasText: mix.name }).waitFor();
    expect(await page.locator('main li a').allTextContents()).toEqual(mix.components.map((c) => c.name));
    expect(errors).toEqual([]);
  }, 60_000);

  it('keyboard: the skip link comes first, the search runs from the keyboard, focus moves to the results', async () => {
    const { page } = await newPage();
    await page.goto(`http://127.0.0.1:${open.port}/`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.getByLabel('Search compounds').focus();
    await page.keyboard.type('benzene');
    await page.keyboard.press('Enter');
    await page.locator('ol.results li a').first().waitFor();
    await page.locator('ol.results li a').first().focus();
    await page.keyboard.press('Enter');
    await page.locator('h1', { hasText: 'Benzene' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
  }, 60_000);

  it('units: chosen like the CLI (K/°C/°F, kPa/bar/atm/…, kJ/mol/kcal/mol), applied to values, T and plots, remembered', async () => {
    const { page, urls, errors } = await newPage();
    await page.goto(`http://127.0.0.1:${keyed.port}/`);
    await page.evaluate((k) => sessionStorage.setItem('chem-api-key', k), KEY);
    expect(await page.getByLabel('Temperature', { exact: true }).locator('option').allTextContents()).toEqual(['K', '°C', '°F']);
    expect(await page.getByLabel('Pressure', { exact: true }).locator('option').allTextContents()).toEqual(['kPa', 'bar', 'atm', 'psi', 'MPa']);
    expect(await page.getByLabel('Energy', { exact: true }).locator('option').allTextContents()).toEqual(['kJ/mol', 'kcal/mol']);
    await page.getByLabel('Temperature', { exact: true }).selectOption('C');
    await page.getByLabel('Energy', { exact: true }).selectOption('kcal/mol');

    // A search result's boiling point: the fixture's median for ethanol, 351.46 K = 78.31 °C.
    await page.goto(`http://127.0.0.1:${keyed.port}/#/search?q=ethanol`);
    await expect.poll(() => page.locator('ol.results .meta').first().innerText()).toContain('tb 78.3 °C');

    await page.goto(`http://127.0.0.1:${keyed.port}/#/cid/${ETHANOL}`);
    await page.locator('h1', { hasText: 'Ethanol' }).waitFor();
    // CRC's enthalpy of vaporization at 298.15 K = 25 °C: 42.36 kJ/mol / 4.184 = 10.124 kcal/mol
    const crc = page.locator('tr', { hasText: 'CRC Handbook of Chemistry and Physics' }).filter({ hasText: 'hvapt' }).filter({ has: page.locator('td.num', { hasText: /^25$/ }) });
    expect(await crc.locator('td').nth(0).innerText()).toBe('10.124');
    expect(await crc.locator('td').nth(1).innerText()).toBe('kcal/mol');
    expect(await page.locator('thead th', { hasText: 'T (' }).first().innerText()).toBe('T (°C)');
    // a model value in the chosen unit, with its uncertainty: e two significant digits, v to e's second digit
    const model = page.locator('tr', { hasText: 'chem-ml' }).filter({ hasText: 'hvap' }).first();
    expect(await model.locator('td').nth(0).innerText()).toMatch(/^\d+\.\d\d ± 0\.\d\d$/);
    // the plots are drawn in the chosen units
    await expect.poll(() => urls.some((u) => /\/plot\/\w+\?temp=C&pressure=kPa&energy=kcal%2Fmol$/.test(u)), { timeout: 60_000 }).toBe(true);

    // remembered across visits (local storage), and applied at once
    await page.reload();
    await page.locator('h1', { hasText: 'Ethanol' }).waitFor();
    expect(await page.getByLabel('Temperature', { exact: true }).inputValue()).toBe('C');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('chem-units')))!)).toEqual({ temp: 'C', pressure: 'kPa', energy: 'kcal/mol' });
    await page.getByLabel('Temperature', { exact: true }).selectOption('F');
    // 298.15 K = 77 °F
    await expect.poll(() => page.locator('thead th', { hasText: 'T (' }).first().innerText()).toBe('T (°F)');
    expect(await page.locator('tr', { hasText: 'CRC Handbook of Chemistry and Physics' }).filter({ hasText: 'hvapt' }).filter({ has: page.locator('td.num', { hasText: /^77$/ }) }).count()).toBeGreaterThan(0);
    await page.evaluate(() => localStorage.removeItem('chem-units'));
    expect(errors).toEqual([]);
  }, 120_000);

  it('the record page\'s "properties at" box asks GET /state and shows each property\'s recommended value, the phase, an error', async () => {
    const { page, urls, errors } = await newPage();
    await page.goto(`http://127.0.0.1:${keyed.port}/`);
    await page.evaluate((k) => sessionStorage.setItem('chem-api-key', k), KEY);
    await page.goto(`http://127.0.0.1:${keyed.port}/#/cid/${ETHANOL}`);
    await page.locator('h1', { hasText: 'Ethanol' }).waitFor();
    // defaults: 25 °C and 1 atm
    expect([await page.getByLabel('At temperature').inputValue(), await page.getByLabel('Temperature unit').inputValue()]).toEqual(['25', 'C']);
    expect([await page.getByLabel('and pressure (optional)').inputValue(), await page.getByLabel('Pressure unit').inputValue()]).toEqual(['1', 'atm']);
    const out = page.locator('#state-out');
    const ask = async (t: string, tu: string, p: string, pu?: string) => {
      await page.getByLabel('At temperature').fill(t);
      await page.getByLabel('Temperature unit').selectOption(tu);
      await page.getByLabel('and pressure (optional)').fill(p);
      if (pu) await page.getByLabel('Pressure unit').selectOption(pu);
      await page.getByRole('button', { name: 'Show properties' }).click();
    };

    // 299.76 K, no pressure: chemicals.vapor_pressure.Antoine(299.76, A=10.33675, B=1648.22, C=-42.232) = 8641.548478 Pa
    await ask('299.76', 'K', '');
    await expect.poll(() => out.locator('h3').first().textContent()).toBe('At 299.76 K');
    expect(urls.filter((u) => u.includes('/api/v1/state?'))).toEqual([`http://127.0.0.1:${keyed.port}/api/v1/state?q=${ETHANOL}&t=299.76K`]);
    const pvap = out.locator('tr[data-key="pvap"]');
    const cells = await pvap.locator('th, td').allInnerTexts();
    expect(cells[0]).toMatch(/pvap$/);
    expect(cells.slice(1, 3)).toEqual(['8.64155', 'kPa']);
    expect(cells[3]).toMatch(/\(poling\)$/);
    expect(cells[4]).toBe('Antoine equation (log10 Pa), 276.5–369.54 K'); // without the coefficients after "; "
    expect(cells[6]).toBe('1 more'); // perry's
    expect(await out.locator('thead th').allInnerTexts()).toEqual(['Property', 'Value', 'Unit', 'Source', 'Equation and range', 'Mark', 'Other sources']);
    expect(await out.locator('ul.notices').count()).toBe(0); // cpg outside its sources' ranges was not asked for: no notice

    // 25 °C and 1 atm: the phase, T and P in the display units; redrawn in the units chosen in the header
    await ask('25', 'C', '1', 'atm');
    await expect.poll(() => out.locator('h3').first().textContent()).toBe('liquid at 298.15 K and 101.325 kPa');
    expect(urls.at(-1)).toMatch(/\/api\/v1\/state\?q=[\w-]+&t=25C&p=1atm$/);
    await page.getByLabel('Temperature', { exact: true }).selectOption('C');
    await page.getByLabel('Pressure', { exact: true }).selectOption('atm');
    await expect.poll(() => out.locator('h3').first().textContent()).toBe('liquid at 25 °C and 1 atm');
    expect(await out.locator('tr[data-key="pvap"] td').nth(1).innerText()).toBe('atm');

    // −300 °C: below absolute zero, the error body's message is shown instead of a table
    await ask('-300', 'C', '');
    const error = out.locator('.error[role=alert]');
    await error.waitFor();
    expect(await error.innerText()).toMatch(/"-300C" is not a temperature above absolute zero/);
    expect(await out.locator('table').count()).toBe(0);
    expect(urls.some((u) => u.includes(KEY))).toBe(false);
    await page.evaluate(() => localStorage.removeItem('chem-units'));
    expect(errors).toEqual([]);
  }, 60_000);

  it('predictions read v ± e, rounded to the uncertainty, as the API gives them', async () => {
    const { page, errors } = await newPage();
    await page.goto(`http://127.0.0.1:${keyed.port}/#/predict?smiles=${encodeURIComponent('c1ccccc1O')}`);
    await page.evaluate((k) => sessionStorage.setItem('chem-api-key', k), KEY);
    await page.reload();
    await page.locator('#prediction table').first().waitFor({ timeout: 30_000 });
    const api = (await get(keyed.port, `/api/v1/predict/${encodeURIComponent('c1ccccc1O')}`, KEY)).body.properties.fixed as Record<string, { v: number; e?: number; s: string }[]>;
    const rows = await page.locator('#prediction tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => (c as HTMLElement).innerText)));
    let checked = 0;
    for (const [key, points] of Object.entries(api)) {
      const shown = rows.filter((r) => r[0]!.endsWith(key));
      points.forEach((p, i) => {
        if (!(p.e! > 0)) return;
        const m = /^(-?\d+(?:\.(\d+))?) ± (\d+(?:\.(\d+))?)$/.exec(shown[i]![1]!);
        expect(m, `${key}: ${shown[i]![1]}`).not.toBeNull();
        const [, v, vd = '', e, ed = ''] = m!;
        // e to two significant digits, v to the place of e's second digit (tens for e = 580), each within half of it
        const place = 1 - Math.floor(Math.log10(Number(e)));
        const why = `${key}: ${shown[i]![1]} from ${p.v} ± ${p.e}`;
        expect([vd.length, ed.length], why).toEqual([Math.max(0, place), Math.max(0, place)]);
        expect(Math.abs(Number(e) - p.e!), why).toBeLessThanOrEqual(0.5 * 10 ** -place + 1e-9);
        expect(Math.abs(Number(v) - p.v), why).toBeLessThanOrEqual(0.5 * 10 ** -place + 1e-9);
        if (place < 0) expect([Number(v) % 10 ** -place, Number(e) % 10 ** -place], why).toEqual([0, 0]);
        checked++;
      });
    }
    expect(checked).toBeGreaterThanOrEqual(10); // the model family's 12 properties, those in its domain
    expect(errors).toEqual([]);
  }, 60_000);

  it('search results show a small drawing of each structure: fetched near the viewport, many per request, kept', async () => {
    const { page, urls, errors } = await newPage();
    const depicts = () => urls.filter((u) => u.includes('/api/v1/depict?'));
    const asked = () => depicts().flatMap((u) => new URL(u).searchParams.getAll('smiles'));
    await page.goto(`http://127.0.0.1:${hundred.port}/#/search?q=chain`);
    const thumbs = page.locator('ol.results li img.thumb');
    await expect.poll(() => thumbs.count()).toBe(100);
    const loaded = () => thumbs.evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0).length);
    await expect.poll(loaded, { timeout: 30_000 }).toBeGreaterThan(0);
    // only the drawings on and near the screen are asked for, in one or two requests
    const first = asked().length;
    expect(first).toBeLessThan(40);
    expect(depicts().length).toBeLessThanOrEqual(2);
    expect(await thumbs.first().getAttribute('alt')).toBe('Structure of C1 chain');
    expect(await thumbs.first().getAttribute('src')).toMatch(/^blob:/);
    // scrolling to the end brings the rest, still a few requests, each SMILES asked for once
    for (let i = 0; i < 100; i += 10) {
      await thumbs.nth(i).scrollIntoViewIfNeeded();
      await expect.poll(() => asked().includes('C'.repeat(i + 1))).toBe(true);
    }
    await thumbs.nth(99).scrollIntoViewIfNeeded();
    await expect.poll(loaded, { timeout: 30_000 }).toBe(100);
    expect(new Set(asked()).size).toBe(100);
    expect(asked()).toHaveLength(100);
    expect(depicts().length).toBeLessThanOrEqual(15);
    // back to the results from a compound: every drawing is shown from the kept ones, none asked for again
    const before = depicts().length;
    await page.goto(`http://127.0.0.1:${hundred.port}/#/predict`);
    await page.goto(`http://127.0.0.1:${hundred.port}/#/search?q=chain`);
    await expect.poll(loaded).toBe(100);
    expect(depicts().length).toBe(before);
    expect(errors).toEqual([]);
  }, 120_000);

  it('readable at 360 px: nothing wider than the screen outside the scrolling tables', async () => {
    for (const width of [360, 1280]) {
      const { page } = await newPage(width);
      await page.goto(`http://127.0.0.1:${keyed.port}/`);
      await page.evaluate((k) => sessionStorage.setItem('chem-api-key', k), KEY);
      await page.goto(`http://127.0.0.1:${keyed.port}/#/cid/${ETHANOL}`);
      await page.locator('h1', { hasText: 'Ethanol' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
      const fontSize = await page.evaluate(() => parseFloat(getComputedStyle(document.querySelector('td')!).fontSize));
      expect(fontSize).toBeGreaterThanOrEqual(14);
    }
  }, 60_000);
});
