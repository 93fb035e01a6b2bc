// The mixture page asks for a pair's Txy diagram as SVG (GET /vle/plot) and as JSON (GET /vle, the azeotrope)
// at once: the server computes the diagram once for both (server/vle.ts keeps the last diagrams by request).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, serveFixture, type ServedFixture } from './http.js';

const KEY = 'vle-once-key';
let srv: ServedFixture;
/** The pair lookups of the diagrams computed (vleDiagram reads a component's mixture list once per diagram). */
let lookups = 0;

beforeAll(async () => {
  srv = await serveFixture('vle', KEY);
  const mixtures = srv.backend.mixtures.bind(srv.backend);
  srv.backend.mixtures = (cid) => (lookups++, mixtures(cid));
}, 60_000);
afterAll(() => srv.close());

describe('GET /vle and /vle/plot of one pair', () => {
  it('one computation answers both, at once or one after the other; another query computes anew', async () => {
    const q = 'c1=ethanol&c2=water';
    const [svg, json] = await Promise.all([get(srv.port, `/api/v1/vle/plot?${q}&temp=C`, KEY), get(srv.port, `/api/v1/vle?${q}`, KEY)]);
    expect(svg.status).toBe(200);
    expect(svg.text).toMatch(/^<svg/);
    expect(Math.abs(json.body.azeotrope.t - 351.3)).toBeLessThan(0.5); // CRC Handbook
    expect((await get(srv.port, `/api/v1/vle?${q}`, KEY)).body).toEqual(json.body);
    expect(lookups).toBe(1);
    expect((await get(srv.port, `/api/v1/vle?${q}&p=50`, KEY)).status).toBe(200);
    expect(lookups).toBe(2);
  });
});
