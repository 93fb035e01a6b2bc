// The remote backend: the six v1 endpoints of a server (the hosted service or `chem serve`), each
// response checked against the contract and cached on disk for its endpoint's lifetime.
import type { Backend, PredictOptions, StateQuery, FlashRequest, FlashResult } from '../api/backend.js';
import { usageError } from '../api/errors.js';
import { checkCompoundIdForm, checkMixtureIdForm } from '../api/ids.js';
import type { CompoundResponse, ConversionResult, ConvertFormat, CorrelationList, MixtureList, MixtureResponse, PredictionResult, SearchResult, StateResult } from '../api/types.js';
import { checkCompound, checkConversion, checkCorrelations, checkFlash, checkMixture, checkMixtureList, checkPrediction, checkSearch, checkState } from './check.js';
import { RemoteClient, type ClientOptions } from './client.js';

/** Cache lifetimes, seconds: records and structure-derived answers change rarely, searches more often. */
export const TTL = { record: 7 * 24 * 3600, search: 3600 } as const;

/** A path segment; SMILES and InChI hold `/ + # = \ %`, all of which must be escaped. */
const seg = (value: string): string => encodeURIComponent(value);

function required(value: string, what: string): string {
  if (!value.trim()) throw usageError(`empty ${what}`);
  return value;
}

export class RemoteBackend implements Backend {
  readonly kind = 'remote' as const;
  private readonly client: RemoteClient;

  constructor(options: ClientOptions) {
    this.client = new RemoteClient(options);
  }

  async search(query: string, page?: number): Promise<SearchResult> {
    required(query, 'search query');
    if (page !== undefined && !(Number.isInteger(page) && page >= 1)) throw usageError(`invalid page ${page}: expected a whole number ≥ 1`);
    const path = `/search?q=${seg(query)}${page !== undefined ? `&p=${page}` : ''}`;
    return this.client.get(path, { ttl: TTL.search, what: `search "${query}"`, check: checkSearch });
  }

  // Ids: the form only (400 for what cannot be an id). The service's ids carry no check digit of
  // ours, so whether it holds a well-formed id is its answer.
  async compound(cid: string): Promise<CompoundResponse> {
    checkCompoundIdForm(cid);
    return this.client.get(`/cid/${seg(cid)}`, { ttl: TTL.record, what: `compound ${cid}`, check: checkCompound });
  }

  /** Beyond v1: served by `chem serve` (chem vle's vapour pressures over the remote backend). */
  async correlations(cid: string, key?: string): Promise<CorrelationList> {
    checkCompoundIdForm(cid);
    const path = `/cid/${seg(cid)}/correlations${key ? `?key=${seg(key)}` : ''}`;
    return this.client.get(path, { ttl: TTL.record, what: `correlations of ${cid}`, check: checkCorrelations });
  }

  async mixtures(cid: string): Promise<MixtureList> {
    checkCompoundIdForm(cid);
    return this.client.get(`/cid/${seg(cid)}/mixtures`, { ttl: TTL.record, what: `compound ${cid}`, check: checkMixtureList });
  }

  async mixture(mid: string): Promise<MixtureResponse> {
    checkMixtureIdForm(mid);
    return this.client.get(`/mid/${seg(mid)}`, { ttl: TTL.record, what: `mixture ${mid}`, check: checkMixture });
  }

  /** The v1 service answers only from its database (404 otherwise), so `strict` is always true here. */
  async convert(from: ConvertFormat, value: string): Promise<ConversionResult> {
    return this.client.get(`/convert/${seg(from)}/${seg(required(value, from))}`, { ttl: TTL.record, what: `${from} ${value}`, check: checkConversion });
  }

  /** Extra temperatures are a local extension with no v1 parameter: the service's own T grid comes back. */
  async predict(smiles: string, _opts?: PredictOptions): Promise<PredictionResult> {
    return this.client.get(`/predict/${seg(required(smiles, 'SMILES'))}`, { ttl: TTL.record, what: `SMILES ${smiles}`, check: checkPrediction });
  }

  /** GET /state, beyond v1: served by `chem serve` (the hosted service answers 404 if it has no such endpoint). */
  async state(q: string, query: StateQuery): Promise<StateResult> {
    const params = [`q=${seg(required(q, 'compound'))}`];
    if (query.t?.length) params.push(`t=${query.t.join(',')}`);
    if (query.p !== undefined) params.push(`p=${query.p}`);
    if (query.props?.length) params.push(`prop=${query.props.join(',')}`);
    if (query.extrapolate) params.push('extrapolate=true');
    return this.client.get(`/state?${params.join('&')}`, { ttl: TTL.record, what: `state of ${q}`, check: checkState });
  }

  /** GET /flash, beyond v1: served by `chem serve`. */
  async flash(r: FlashRequest): Promise<FlashResult> {
    const { flashQuery } = await import('../vle/flash-query.js');
    return this.client.get(`/flash?${flashQuery(r)}`, { ttl: TTL.record, what: `flash of ${r.components.join(', ')}`, check: checkFlash });
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
