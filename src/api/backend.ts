// The one interface both backends implement and the server exposes. Every method returns the
// exact v1 response body of its endpoint and fails with a ChemError carrying a v1 status.
import type { CompoundResponse, ConversionResult, ConvertFormat, CorrelationList, MixtureList, MixtureResponse, PredictionResult, SearchResult, StateResult } from './types.js';
import type { FlashRequest, FlashResult } from './flash.js';

export type { FlashRequest, FlashResult };

/** A state query (chem state, GET /api/v1/state). */
export interface StateQuery {
  /** Temperatures, K; none with `p`: the saturation temperature at p. */
  t?: number[];
  /** Pressure, kPa: the phase at each T and that phase's properties. */
  p?: number;
  /** Only these properties (else every one the compound has, or its phase's). */
  props?: string[];
  /** Evaluate each source's correlation beyond its range where none covers T (flagged). */
  extrapolate?: boolean;
}

export interface ConvertOptions {
  /** Answer only from the database (the spec's behaviour): 404 instead of computed identifiers. */
  strict?: boolean;
  /** Called with a one-line notice, e.g. when identifiers were computed rather than looked up. */
  onNotice?: (message: string) => void;
}

export interface PredictOptions {
  /** Extra temperatures (K) at which T-dependent properties are evaluated. */
  temperatures?: number[];
  /** false: T-dependent points only at `temperatures`, not on the default grids (local backend). */
  grid?: boolean;
  /** Only these property keys (local backend; the remote API answers every property). */
  props?: string[];
}

export interface CompoundOptions {
  /** false: the record without drawing and molfiles, for outputs that show none of them (local backend). */
  files?: boolean;
  /** false: the stored record only, without the local predictor's values (local backend). */
  predictions?: boolean;
}

/** A name a few edits from a word that names no compound exactly, and the compound it names. */
export interface CloseName {
  name: string;
  id: string;
  /** The compound's main name. */
  compound: string;
  cas?: string;
  /** Edits (insert, delete, substitute, swap neighbours) from the word's normal form. */
  edits: number;
}

export interface Backend {
  readonly kind: 'local' | 'remote';
  /** GET /search?q=&p= ; pages are numbered from 1. */
  search(query: string, page?: number): Promise<SearchResult>;
  /** GET /cid/{cid} */
  compound(cid: string, opts?: CompoundOptions): Promise<CompoundResponse>;
  /** GET /cid/{cid}/mixtures */
  mixtures(cid: string): Promise<MixtureList>;
  /** GET /mid/{mid} */
  mixture(mid: string): Promise<MixtureResponse>;
  /** GET /convert/{fromfmt}/{compound} */
  convert(from: ConvertFormat, value: string, opts?: ConvertOptions): Promise<ConversionResult>;
  /** GET /predict/{smiles} */
  predict(smiles: string, opts?: PredictOptions): Promise<PredictionResult>;
  /** GET /api/v1/state (beyond v1): the compound `q` names (id, CAS, name, SMILES) at temperatures and a pressure. */
  state(q: string, query: StateQuery): Promise<StateResult>;
  /** GET /api/v1/flash (beyond v1): the equilibrium phases of a feed of named compounds (vle/mixture-flash.ts). */
  flash(request: FlashRequest): Promise<FlashResult>;
  /** GET /cid/{cid}/correlations (beyond v1): the record's temperature correlations (of `key` only, if given), as chem state evaluates them. */
  correlations(cid: string, key?: string): Promise<CorrelationList>;
  /** Local backend: the database's compound of this structure and how many properties it has measured values of. */
  measured?(smiles: string): Promise<{ cid: string; name: string; keys: number } | undefined>;
  /** Local backend: the names closest to a word, closest first, one per compound (the resolver's readings of a misspelling). */
  closeNames?(word: string): Promise<CloseName[]>;
  /** Local backend: whether the database exists (a lookup would otherwise build it from CHEM_DATA_DIR). */
  hasDatabase?(): Promise<boolean>;
  close(): Promise<void>;
}
