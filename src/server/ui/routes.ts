// The web page of `chem serve`: `/` and its assets (no data in them, served without a key), and
// three v1 routes the page draws with (behind the key like every /api/v1 route): the plot of a
// T-dependent property as SVG, the drawing of a SMILES as SVG, and small drawings of many SMILES at
// once (a page of search results: one request, one rate-limit token).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Backend } from '../../api/backend.js';
import { ChemError, usageError } from '../../api/errors.js';
import { resolveCompound } from '../../lookup/resolve.js';
import { PROPERTIES } from '../../api/properties.js';
import { SPEC_UNITS, UNIT_CHOICES, type UnitPrefs } from '../../units/display.js';
import { thumbnails, THUMBNAILS_MAX } from './thumbnails.js';

const ASSETS = new URL('../../../src/server/ui/assets/', import.meta.url);
/** The compiled modules the page imports (format.ts and what it imports), by their paths under dist/. */
const DIST = new URL('../../../dist/', import.meta.url);
const MODULES = ['server/ui/format.js', 'api/precision.js', 'units/display.js'];

// The page runs only its own script and style; images are the record's PNG data URI and the SVGs
// the page fetches with the key and shows as blob: URLs; requests go to this server only.
export const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
};
const typeOf = (name: string) => TYPES[name.slice(name.lastIndexOf('.') + 1)]!;

interface Asset {
  body: Buffer;
  type: string;
}

/** The assets and the page naming them by a hash of their content: cached for good, replaced on change. */
function loadAssets(): { version: string; assets: Map<string, Asset>; page: Buffer } {
  const assets = new Map<string, Asset>();
  for (const name of ['app.js', 'style.css']) assets.set(name, { body: readFileSync(new URL(name, ASSETS)), type: typeOf(name) });
  // the CLI's own numbers code, compiled (npm run build); without a build the page has no numbers module
  for (const name of MODULES) if (existsSync(new URL(name, DIST))) assets.set(name, { body: readFileSync(new URL(name, DIST)), type: typeOf(name) });
  // The property registry (names, symbols, units): the page labels values with it.
  const registry = Object.fromEntries(PROPERTIES.map((p) => [p.key, { desc: p.desc, sym: p.sym, unit: p.unit ?? '', dep: p.dep }]));
  assets.set('properties.json', { body: Buffer.from(JSON.stringify(registry)), type: typeOf('properties.json') });
  const hash = createHash('sha256');
  for (const [name, a] of assets) hash.update(name).update(a.body);
  const version = hash.digest('hex').slice(0, 12);
  const page = Buffer.from(readFileSync(new URL('index.html', ASSETS), 'utf8').replaceAll('{{v}}', version));
  return { version, assets, page };
}

/** Display units from the query (`?temp=C&pressure=bar`), spec units otherwise. */
export function unitsOf(query: Record<string, unknown>): UnitPrefs {
  const units = { ...SPEC_UNITS };
  for (const name of Object.keys(UNIT_CHOICES) as (keyof UnitPrefs)[]) {
    const v = query[name];
    if (v === undefined) continue;
    if (typeof v !== 'string' || !(UNIT_CHOICES[name] as readonly string[]).includes(v)) throw usageError(`invalid ${name} unit: expected one of ${UNIT_CHOICES[name].join(', ')}`);
    (units as Record<string, string>)[name] = v;
  }
  return units;
}

export const svgReply = (reply: FastifyReply, svg: string) =>
  reply
    .header('Content-Type', 'image/svg+xml; charset=utf-8')
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
    .header('X-Content-Type-Options', 'nosniff')
    .send(svg);

/** `call` runs the drawing work within the server's concurrency and time limits. */
export function registerUi(app: FastifyInstance, backend: Backend, apiPrefix: string, call: <T>(work: () => Promise<T>) => Promise<T>): void {
  const { version, assets, page } = loadAssets();
  const pageHeaders = (reply: FastifyReply) =>
    reply
      .header('Content-Security-Policy', CSP)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Referrer-Policy', 'no-referrer')
      .header('X-Frame-Options', 'DENY');

  app.get('/', { config: { open: true } }, async (_req, reply) =>
    pageHeaders(reply).header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page),
  );

  app.get('/ui/:version/*', { config: { open: true } }, async (req, reply) => {
    const { version: v, '*': name } = req.params as { version: string; '*': string };
    const asset = assets.get(name);
    if (!asset || v !== version) throw new ChemError(404, `no such asset: ${name}`);
    return pageHeaders(reply).header('Content-Type', asset.type).header('Cache-Control', 'public, max-age=31536000, immutable').send(asset.body);
  });

  app.get(`${apiPrefix}/cid/:cid/plot/:key`, async (req, reply) => {
    const { cid, key } = req.params as { cid: string; key: string };
    const units = unitsOf(req.query as Record<string, unknown>);
    const [{ checkPlotKey, plotSeries }, { chartSvg }] = await Promise.all([import('../../plot/data.js'), import('../../plot/chart.js')]);
    checkPlotKey(key);
    const svg = await call(async () => {
      const { comp } = await backend.compound(await resolveCompound(backend, cid), { files: false });
      return chartSvg(comp.compound, [plotSeries(comp, key, units)]);
    });
    return svgReply(reply, svg);
  });

  // ?smiles=A&smiles=B…: {"drawings": {"A": "<svg…", "B": null}}, null where RDKit cannot read one.
  app.get(`${apiPrefix}/depict`, async (req) => {
    const q = (req.query as Record<string, unknown>).smiles;
    const list = q === undefined ? [] : Array.isArray(q) ? q : [q];
    if (!list.length || list.length > THUMBNAILS_MAX || list.some((s) => typeof s !== 'string' || s === '')) {
      throw usageError(`give 1 to ${THUMBNAILS_MAX} SMILES to draw, as ?smiles=…&smiles=…`);
    }
    return { drawings: await call(() => thumbnails(list as string[])) };
  });

  app.get(`${apiPrefix}/depict/*`, async (req, reply) => {
    const smiles = (req.params as Record<string, string>)['*']!;
    if (smiles === '') throw new ChemError(404, 'no SMILES given to draw');
    const [{ parseSmiles }, { svgDrawing }] = await Promise.all([import('../../chem/molecule.js'), import('../../chem/drawing.js')]);
    return svgReply(reply, await call(async () => (parseSmiles(smiles), svgDrawing(smiles, 360, 240))));
  });
}
