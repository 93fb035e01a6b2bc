// Debian's chromium (CHEM_CHROMIUM to override) driven by playwright-core; the browser tests are
// skipped where it is absent.
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';

export const CHROMIUM = process.env.CHEM_CHROMIUM ?? '/usr/bin/chromium';
export const HAVE_CHROMIUM = existsSync(CHROMIUM);
if (!HAVE_CHROMIUM) console.warn(`test/ui: ${CHROMIUM} not found (apt-get install chromium): the browser tests are skipped`);

/** A headless chromium, or undefined without one. */
export async function launchChromium(): Promise<Browser | undefined> {
  if (!HAVE_CHROMIUM) return undefined;
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}
