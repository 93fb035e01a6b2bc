// flashMixture (the one entry point of chem flash, GET /api/v1/flash and the MCP tool) over a small
// Backend of hand-written records: methane, propane and n-decane with the Tc, Pc, ω and molar masses
// of the thermo fixture (test/fixtures/vle/pr-thermo.json, chemicals' values) and mixture records
// holding the fixture's kij (methane/propane ChemSep's, methane/n-decane E-PPR78's here, propane/
// n-decane none). The flash must give thermo's FlashVL answer for C1/C3/nC10 at 350 K and 5 MPa; the
// kij rule, the default rule and the request's bad-input rules are checked on the way.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compoundIdFor, mixtureIdFor } from '../../src/api/ids.js';
import type { Compound, Mixture, MixtureList, ParameterSet } from '../../src/api/types.js';
import type { Backend } from '../../src/api/backend.js';
import { flashQuery, flashRequest } from '../../src/vle/flash-query.js';
import { checkFlash, flashMixture, type FlashRequest } from '../../src/vle/mixture-flash.js';

interface Comp { name: string; cas: string; tc: number; pc: number; omega: number; mw: number }
const FIX = JSON.parse(readFileSync(new URL('../fixtures/vle/pr-thermo.json', import.meta.url), 'utf8')) as {
  flashes: { what: string; components: Comp[]; z: number[]; t: number; p: number; vf: number; phases: { phase: string; x: number[]; rho: number }[] }[];
};
const CASE = FIX.flashes.find((f) => f.what === 'C1/C3/nC10' && f.t === 350)!;

const point = (v: number) => [{ v, s: 'fixture' }];
const RECORDS: Compound[] = CASE.components.map((c) => ({
  id: compoundIdFor(`KEY-${c.cas}`),
  compound: c.name,
  cas: c.cas,
  mw: c.mw,
  fixed_props: { tc: point(c.tc), pc: point(c.pc), af: point(c.omega) },
})) as unknown as Compound[];
const [C1, C3, C10] = RECORDS as [Compound, Compound, Compound];

const kij = (model: string, k: number): ParameterSet => ({ model, form: '', units: {}, params: { k_12: k }, s: model === 'PR kij' ? 'chemsep-ipd' : 'eppr78' });
const MIXES: Mixture[] = [
  { id: mixtureIdFor('m1'), name: 'C1/C3', kind: 'binary', components: [C1, C3].map((c) => ({ cid: c.id, name: c.compound })), src: {}, params: [kij('PR kij', 0.0119), kij('E-PPR78 kij', 0.03)] },
  { id: mixtureIdFor('m2'), name: 'C1/C10', kind: 'binary', components: [C10, C1].map((c) => ({ cid: c.id, name: c.compound })), src: {}, params: [kij('E-PPR78 kij', 0.0411)] },
];

const backend = {
  kind: 'local',
  async search() {
    return { comps: [], next_page: null, prev_page: null, query: '', total: 0 };
  },
  async compound(cid: string) {
    const comp = RECORDS.find((c) => c.id === cid);
    if (!comp) throw new Error(`no ${cid}`);
    return { comp };
  },
  async mixtures(cid: string): Promise<MixtureList> {
    return {
      cid,
      mixtures: MIXES.filter((m) => m.components.some((c) => c.cid === cid)).map((m) => ({ id: m.id, name: m.name, kind: m.kind, components: m.components.filter((c) => c.cid !== cid), models: m.params.map((p) => p.model) })),
    };
  },
  async mixture(mid: string) {
    return { mix: MIXES.find((m) => m.id === mid)! };
  },
} as unknown as Backend;

const request = (over: Partial<FlashRequest> = {}): FlashRequest => ({ components: RECORDS.map((c) => c.id), z: CASE.z, t: CASE.t, p: CASE.p, ...over });

describe('flashMixture', () => {
  it("C1/C3/nC10 at 350 K, 5 MPa: thermo's FlashVL split (VF, compositions within 0.005, densities within 1 %)", async () => {
    const r = await flashMixture(backend, request());
    expect(r.model).toBe('PR');
    expect(Math.abs(r.vf - CASE.vf)).toBeLessThan(0.005);
    for (const want of CASE.phases) {
      const got = r.phases.find((p) => p.phase === want.phase)!;
      want.x.forEach((v, i) => expect(Math.abs(got.x[i]! - v)).toBeLessThan(0.005));
      expect(Math.abs(got.rho! / want.rho - 1)).toBeLessThan(0.01);
    }
    expect(r.phases.reduce((s, p) => s + p.fraction, 0)).toBeCloseTo(1, 6);
  });

  it('says which model and why, and the kij rule: fitted first, E-PPR78 next, 0 named', async () => {
    const r = await flashMixture(backend, request());
    expect(r.notices).toContain('model: PR (methane is above its critical temperature)');
    expect(r.notices).toContain("kij: ChemSep's fitted value (DECHEMA) for 1 pair, E-PPR78's for 1");
    expect(r.notices.some((n) => n.startsWith('kij = 0 for propane/n-decane'))).toBe(true);
  });

  it('a bubble point lists the incipient gas at fraction 0 and the feed as the liquid', async () => {
    const r = await flashMixture(backend, request({ p: undefined, vf: 0 }));
    expect(r.phases.map((p) => [p.phase, p.fraction])).toEqual([['gas', 0], ['liquid', 1]]);
    expect(r.phases[1]!.x).toEqual(CASE.z);
    expect(r.p).toBeGreaterThan(CASE.p); // the feed is two-phase at 5 MPa: it boils above it
  });

  it('fractions within 1 % of 1 are normalised; others, wrong counts, negatives and three conditions are usage errors', () => {
    expect(checkFlash(request({ z: [0.503, 0.3, 0.2] })).z[0]).toBeCloseTo(0.503 / 1.003, 12);
    for (const bad of [{ z: [0.6, 0.3, 0.2] }, { z: [0.5, 0.5] }, { z: [1.2, -0.2, 0] }, { vf: 0 }, { t: 0 }, { p: -1 }, { vf: 0.5, p: undefined }, { components: ['a'] , z: [1] }]) {
      expect(() => checkFlash(request(bad))).toThrow(expect.objectContaining({ status: 400 }));
    }
  });

  it('the query string reads back as the request, names with commas included', () => {
    const r: FlashRequest = { components: ['2,2-dimethylbutane', 'n-hexane'], z: [0.4, 0.6], t: 300, vf: 1, model: 'pr' };
    const q = Object.fromEntries([...new URLSearchParams(flashQuery(r)).entries()].reduce((m, [k, v]) => m.set(k, m.has(k) ? [m.get(k), v].flat() : v), new Map<string, unknown>()));
    expect(flashRequest(q)).toEqual(r);
  });
});
