// A Backend over the hand-written records in test/fixtures/server/compounds.json: the server is the
// unit under test, so its backend answers are known and every call is recorded.
import { readFileSync } from 'node:fs';
import type { Backend, ConvertOptions, StateQuery } from '../../src/api/backend.js';
import { ChemError } from '../../src/api/errors.js';
import { compoundIdFor, mixtureIdFor } from '../../src/api/ids.js';
import type { Compound, ConversionResult, ConvertFormat, Correlation, CorrelationList, Mixture, PredictionResult, SearchResult, StateResult } from '../../src/api/types.js';
import { parseCurve } from '../../src/tdep/curve-text.js';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/server/compounds.json', import.meta.url), 'utf8')) as {
  compounds: Omit<Compound, 'id'>[];
  mixtures: { key: string; name: string; kind: 'binary'; components: string[] }[];
};

export const COMPOUNDS: Compound[] = fixture.compounds.map((c) => ({ id: compoundIdFor(c.inchikey!), ...c }));
export const byName = (name: string) => COMPOUNDS.find((c) => c.compound === name)!;
export const MIXTURES: Mixture[] = fixture.mixtures.map((m) => ({
  id: mixtureIdFor(m.key),
  name: m.name,
  kind: m.kind,
  components: m.components.map((k) => {
    const c = COMPOUNDS.find((x) => x.inchikey === k)!;
    return { cid: c.id, name: c.compound, cas: c.cas };
  }),
  src: {},
  params: [],
}));

const PAGE_SIZE = 2;

export interface Call {
  method: string;
  args: unknown[];
}

export class FakeBackend implements Backend {
  readonly kind = 'local' as const;
  readonly calls: Call[] = [];
  /** Milliseconds each call waits before answering (timeouts, concurrency). */
  delayMs = 0;
  /** When set, every call throws it (503s, unexpected failures). */
  failWith: unknown = null;

  private async enter(method: string, ...args: unknown[]): Promise<void> {
    this.calls.push({ method, args });
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    if (this.failWith) throw this.failWith;
  }

  async search(query: string, page = 1): Promise<SearchResult> {
    await this.enter('search', query, page);
    const q = query.toLowerCase();
    const hits = COMPOUNDS.filter((c) => [c.compound, ...(c.other_names ?? [])].some((n) => n.toLowerCase().includes(q)));
    const start = (page - 1) * PAGE_SIZE;
    const comps = hits.slice(start, start + PAGE_SIZE);
    const last = Math.ceil(hits.length / PAGE_SIZE);
    return {
      comps,
      next_page: page < last ? page + 1 : null,
      prev_page: page > 1 && hits.length ? page - 1 : null,
      query,
      range: comps.length ? [start + 1, start + comps.length] : [0, 0],
      search_time: 0.001,
      suggestions: hits.length ? null : [],
      total: hits.length,
    };
  }

  async compound(cid: string) {
    await this.enter('compound', cid);
    const comp = COMPOUNDS.find((c) => c.id === cid);
    if (!comp) throw new ChemError(404, `no compound with id ${cid}`);
    return { comp };
  }

  async mixtures(cid: string) {
    await this.enter('mixtures', cid);
    if (!COMPOUNDS.some((c) => c.id === cid)) throw new ChemError(404, `no compound with id ${cid}`);
    const mixtures = MIXTURES.filter((m) => m.components.some((c) => c.cid === cid)).map((m) => ({
      id: m.id,
      name: m.name,
      kind: m.kind,
      components: m.components.filter((c) => c.cid !== cid).map((c) => ({ cid: c.cid, name: c.name })),
      models: m.params.map((p) => p.model),
    }));
    return { cid, mixtures };
  }

  async mixture(mid: string) {
    await this.enter('mixture', mid);
    const mix = MIXTURES.find((m) => m.id === mid);
    if (!mix) throw new ChemError(404, `no mixture with id ${mid}`);
    return { mix };
  }

  async convert(from: ConvertFormat, value: string, opts?: ConvertOptions): Promise<ConversionResult> {
    await this.enter('convert', from, value, opts);
    const field = { name: 'compound', smiles: 'smiles', inchi: 'inchi', inchikey: 'inchikey', cid: 'id' }[from];
    const c = COMPOUNDS.find((x) => x[field] === value || (from === 'name' && x.other_names?.includes(value)));
    if (!c) throw new ChemError(404, `compound not found in the database: ${value}`);
    return { cid: c.id, inchi: c.inchi!, inchikey: c.inchikey!, name: c.compound, smiles: c.smiles! };
  }

  async predict(smiles: string): Promise<PredictionResult> {
    await this.enter('predict', smiles);
    const c = COMPOUNDS.find((x) => x.smiles === smiles);
    if (!c) throw new ChemError(404, `no compound can be generated from the SMILES ${smiles}`);
    return {
      info: { mw: { desc: 'Molecular weight', sym: 'MW', unit: 'g/mol' } },
      properties: { tdep: {}, fixed: {}, corr: {}, pdep: {}, allprops: [], descr: { mol_mw: c.mw! } },
    };
  }

  /** A state answered from the record's stored points at exactly the asked temperatures (the real evaluation is tested against the local backend). */
  async state(q: string, query: StateQuery): Promise<StateResult> {
    await this.enter('state', q, query);
    const c = COMPOUNDS.find((x) => x.id === q || x.compound === q);
    if (!c) throw new ChemError(404, `no compound named ${q}`);
    const states = (query.t ?? []).map((t) => ({
      t,
      props: Object.fromEntries(Object.entries(c.tpdep_props ?? {}).flatMap(([k, ps]) => (ps.some((p) => p.t === t) ? [[k, ps.filter((p) => p.t === t)]] : []))),
    }));
    return { compound: { cid: c.id, name: c.compound, cas: c.cas ?? '' }, states, notices: [], src: c.src ?? {} };
  }

  /** The vapour-pressure correlations the fixture's pvap comments describe (equation, range, coefficients: tdep/curve-text.ts). */
  async correlations(cid: string, key?: string): Promise<CorrelationList> {
    await this.enter('correlations', cid, key);
    const c = COMPOUNDS.find((x) => x.id === cid);
    if (!c) throw new ChemError(404, `no compound ${cid}`);
    const seen = new Set<string>();
    const correlations: Correlation[] = [];
    for (const p of key === undefined || key === 'pvap' ? (c.tpdep_props?.pvap ?? []) : []) {
      const k = parseCurve(p.c);
      if (!k || seen.has(`${p.s}\t${p.c}`)) continue;
      seen.add(`${p.s}\t${p.c}`);
      correlations.push({ key: 'pvap', s: p.s, eq: k.equation, coeffs: k.coeffs, unit: 'Pa', tmin: k.tmin, tmax: k.tmax, c: p.c, ...(p.r ? { r: p.r } : {}), ...(p.calc ? { calc: true } : {}) });
    }
    return { cid: c.id, correlations };
  }

  async close(): Promise<void> {}
}
