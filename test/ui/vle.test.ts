// The mixture page's vapour-liquid equilibrium section in Chromium (skipped without it), over the vle
// fixture database (ethanol/water with DECHEMA's NRTL set): the Txy diagram drawn by
// GET /api/v1/vle/plot with the azeotrope marked, and the azeotrope named under it, in the page's units.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { compoundIdFor, mixtureIdFor } from '../../src/api/ids.js';
import { get, serveFixture, type Served } from '../server/http.js';
import { HAVE_CHROMIUM, launchChromium } from './browser.js';

const KEY = 'ui-vle-key-0123456789';
const [A, B] = [compoundIdFor('LFQSCWFLJHTTHZ-UHFFFAOYSA-N'), compoundIdFor('XLYOFNOQVPJJNP-UHFFFAOYSA-N')].sort();
const MID = mixtureIdFor(`binary:${A} ${B}`);
let srv: Served;
let browser: Browser | undefined;

beforeAll(async () => {
  srv = await serveFixture('vle', KEY);
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await srv?.close();
});

describe('the Txy diagram of a mixture', () => {
  it('GET /api/v1/vle/plot: an SVG behind the key, in the display units, the azeotrope in its legend', async () => {
    const path = `/api/v1/vle/plot?c1=${A}&c2=${B}&temp=C`;
    expect((await get(srv.port, path)).status).toBe(403);
    const r = await get(srv.port, path, KEY);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(r.text).toMatch(/^<svg/);
    expect(r.text).toContain('T (°C)');
    expect(r.text).toMatch(/azeotrope x1 = 0\.1\d{3}/); // water is component 1 here: 1 − 0.88
    expect((await get(srv.port, `/api/v1/vle/plot?c1=${A}&c2=${B}&temp=R`, KEY)).status).toBe(400);
  });

  it.skipIf(!HAVE_CHROMIUM)('the mixture page shows the diagram and names the azeotrope (351.17 K, 78.02 °C with these constants)', async () => {
    const page = await browser!.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`http://127.0.0.1:${srv.port}/#/mid/${MID}`);
    await page.getByRole('dialog').waitFor();
    await page.getByRole('textbox', { name: 'API key' }).fill(KEY);
    await page.getByRole('button', { name: 'Use key' }).click();
    await page.locator('h2', { hasText: 'Vapour–liquid equilibrium' }).waitFor();
    const img = page.locator('figure.vle img');
    await img.waitFor();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    expect(await img.getAttribute('alt')).toMatch(/Txy diagram of water and ethanol at 101\.325 kPa, the azeotrope marked/);
    const az = page.locator('p.azeotrope');
    await expect.poll(() => az.innerText()).toMatch(/^Azeotrope: x1 = 0\.1180 at 351\.17 K/);
    expect(await az.innerText()).toMatch(/NRTL parameters of this record; vapour pressures: water: Wagner equation \(3, 6\) \(mcgarry\)/);
    await page.selectOption('#unit-temp', 'C');
    await expect.poll(() => page.locator('p.azeotrope').innerText()).toMatch(/at 78\.02 °C/);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
