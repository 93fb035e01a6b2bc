// Types of the v1 Chemical Property Lookup API (spec parts 2 and 4). Every object the CLI prints,
// the server sends and the remote client reads is one of these. Objects may carry further fields
// (the service "may return further fields"), hence the index signatures.

/** Spec 2.2. `o` (outlier) and `u` (property key) are extra fields the hosted service uses. */
export interface DataPoint {
  v: number;
  s: string;
  t?: number;
  c?: string;
  r?: string;
  e?: number;
  calc?: boolean;
  u?: string;
  o?: boolean;
  [extra: string]: unknown;
}

/** Spec 2.1, value of `src`. `license` is ours: the licence of the source data. */
export interface SourceDescriptor {
  db: string;
  url: string;
  license?: string;
  [extra: string]: unknown;
}

/** Spec 2.1 log entry. */
export interface LogEntry {
  dbid: string;
  parse_time: number;
  parsed: number;
  retrieval: number;
  t: number;
  url: string;
}

export type PropertyMap = Record<string, DataPoint[]>;
export type Descriptors = Record<string, Record<string, number> | number>;

/** Spec 2.1. Search results carry the identifying fields; the compound endpoint the full set. */
export interface Compound {
  id: string;
  rev?: number;
  compound: string;
  cas?: string;
  inchi?: string;
  inchikey?: string;
  formula?: string;
  type: 'C' | 'S';
  mw?: number;
  smiles?: string;
  drawing?: string;
  other_names?: string[];
  src?: Record<string, SourceDescriptor>;
  fixed_props?: PropertyMap;
  tpdep_props?: PropertyMap;
  descr?: Descriptors;
  has_outliers?: boolean;
  log?: LogEntry[];
  mol2d?: string;
  mol3d?: string;
  mtime?: number;
  webbook_id?: string;
  /** Ours: number of mixtures the compound takes part in. */
  n_mixtures?: number;
  /** Ours: the name whose OPSIN reading gave the structure, when no source gives one (`src.opsin`). */
  structure_name?: string;
  /** Ours: parts of a record that could not be computed (drawing, molfiles, predictions) and why. */
  notices?: string[];
  [extra: string]: unknown;
}

/** Body of `GET /cid/{cid}`. */
export interface CompoundResponse {
  comp: Compound;
}

/** Spec 2.3, body of `GET /search`. */
export interface SearchResult {
  comps: Compound[];
  next_page: number | null;
  prev_page: number | null;
  query: string;
  range: [number, number];
  search_time: number;
  suggestions: string[] | null;
  total: number;
}

/** Spec 2.4, body of `GET /convert/{fromfmt}/{compound}`. Unknown fields are empty strings. */
export interface ConversionResult {
  cid: string;
  inchi: string;
  inchikey: string;
  name: string;
  smiles: string;
  [extra: string]: unknown;
}

export const CONVERT_FORMATS = ['name', 'smiles', 'inchi', 'inchikey', 'cid'] as const;
export type ConvertFormat = (typeof CONVERT_FORMATS)[number];

/** Spec 2.5 `info` entry. */
export interface PropertyInfo {
  desc: string;
  sym: string;
  more?: string;
  unit?: string;
  dep?: string[];
}

/** Spec 2.5, body of `GET /predict/{smiles}`. */
export interface PredictionResult {
  info: Record<string, PropertyInfo>;
  properties: {
    tdep: PropertyMap;
    fixed: PropertyMap;
    corr: Record<string, unknown>;
    pdep: Record<string, unknown>;
    allprops: string[];
    descr: Descriptors;
  };
}

// ---- Mixtures (spec 2.6: "not shown"; this shape is ours, documented in docs/mixtures.md) ----

export interface MixtureComponent {
  /** Compound id of the component. */
  cid: string;
  name: string;
  cas?: string;
  /** `solute` / `solvent` for Henry data; absent where no role applies. */
  role?: 'solute' | 'solvent';
  /** Mole fraction, for named compositions. */
  x?: number;
  /** Mass fraction, for named compositions. */
  w?: number;
}

/** One set of interaction parameters or constants between the components. */
export interface ParameterSet {
  /** Model name: `NRTL`, `UNIQUAC`, `Wilson`, `PR kij`, `Henry`, ... */
  model: string;
  /** Equation form in plain text, with the meaning of every parameter. */
  form: string;
  /** Unit of each parameter (absent for dimensionless ones). */
  units: Record<string, string>;
  /** Parameter values; pair parameters are written `name_12` / `name_21`, 1 and 2 being components[0] and [1]. */
  params: Record<string, number>;
  /** Temperature range of validity in K, where known. */
  tmin?: number;
  tmax?: number;
  /** Temperature in K a constant (T-independent) set applies at. */
  t?: number;
  /** Henry sets: compound ids of the dissolved gas and of the solvent (a pair may hold both directions). */
  solute?: string;
  solvent?: string;
  s: string;
  r?: string;
  calc?: boolean;
}

/** Body of `GET /mid/{mid}` is `{ "mix": Mixture }`. */
export interface Mixture {
  id: string;
  name: string;
  /**
   * `binary` for a pair with interaction data, `composition` for a named blend (air, natural gas), `groups` for a
   * table of group-contribution interaction parameters (UNIFAC: no components, one set of `a_m_n`… by main group).
   */
  kind: 'binary' | 'composition' | 'groups';
  components: MixtureComponent[];
  src: Record<string, SourceDescriptor>;
  params: ParameterSet[];
  /** Synonyms of a named composition. */
  other_names?: string[];
  /** Source key (in src) and reference of a named composition; parameter sets carry their own. */
  s?: string;
  r?: string;
  mtime?: number;
  [extra: string]: unknown;
}

export interface MixtureResponse {
  mix: Mixture;
}

/** One entry of the mixture list. */
export interface MixtureSummary {
  id: string;
  name: string;
  kind: Mixture['kind'];
  /** The other components (not the compound asked for). */
  components: { cid: string; name: string }[];
  /** Models of the parameter sets the mixture holds. */
  models: string[];
}

/** Body of `GET /cid/{cid}/mixtures`. */
export interface MixtureList {
  cid: string;
  mixtures: MixtureSummary[];
}

/** Error body sent by `chem serve` and printed in batch rows. */
export interface ErrorBody {
  error: { status: number; message: string };
}

/**
 * A state's data point (beyond v1, `chem state` and `GET /api/v1/state`): a v1 point whose `c` names the
 * equation and its range, `interpolated` between one source's measured points, `extrapolated` beyond
 * every source's range (only when asked for).
 */
/** A stored temperature correlation of a compound (table `correlations`; GET /cid/{cid}/correlations, beyond v1). */
export interface Correlation {
  key: string;
  s: string;
  eq: string;
  coeffs: number[];
  /** The unit the equation gives (converted to the registry's). */
  unit: string;
  tmin: number;
  tmax: number;
  /** The record points' comment: the equation and its range. */
  c?: string;
  r?: string;
  calc?: boolean;
}

/** GET /cid/{cid}/correlations (beyond v1): a compound's temperature correlations, of one property with ?key=. */
export interface CorrelationList {
  cid: string;
  correlations: Correlation[];
}

export type StatePoint = DataPoint & { interpolated?: true; extrapolated?: true };

/** One temperature (K) and pressure (kPa) of a state answer. */
export interface State {
  t: number;
  p?: number;
  /** With a pressure: the phase at (t, p); undefined when it cannot be told. */
  phase?: 'solid' | 'liquid' | 'gas' | 'supercritical';
  /** t is the saturation temperature at p (the liquid's properties there). */
  saturation?: true;
  /** Each property's points, one per source, the recommended first. */
  props: Record<string, StatePoint[]>;
}

/** Body of `GET /api/v1/state` and the JSON of `chem state`. */
export interface StateResult {
  compound: { cid: string; name: string; cas: string };
  states: State[];
  notices: string[];
  src: Record<string, SourceDescriptor>;
}
