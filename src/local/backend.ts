// The embedded backend: OpenChemLib structures, group-contribution predictors and the SQLite
// database built from open data tables. Each part is imported on first use.
import type { Backend, ConvertOptions, PredictOptions } from '../backend.js';
import { ChemError } from '../api/errors.js';
import type {
  CompoundResponse,
  ConversionResult,
  ConvertFormat,
  MixtureList,
  MixtureResponse,
  PredictionResult,
  SearchResult,
} from '../api/types.js';

export interface LocalOptions {
  /** Path of the SQLite database. */
  dbPath: string;
  /** Environment, for CHEM_DATA_DIR (build the database on first use). */
  env: Record<string, string | undefined>;
  notice: (message: string) => void;
}

export class LocalBackend implements Backend {
  readonly kind = 'local' as const;

  constructor(readonly options: LocalOptions) {}

  async predict(smiles: string, opts: PredictOptions = {}): Promise<PredictionResult> {
    const { predict } = await import('./predict/index.js');
    return predict(smiles, opts);
  }

  async convert(from: ConvertFormat, value: string, opts: ConvertOptions = {}): Promise<ConversionResult> {
    const { structureIdentifiers } = await import('./chem/identity.js');
    if (from !== 'smiles') {
      throw new ChemError(503, `converting from ${from} needs the local database (run "chem db build")`);
    }
    if (opts.strict) throw new ChemError(404, `compound not found in the database: ${value}`);
    const ids = await structureIdentifiers(from, value);
    opts.onNotice?.('not in the database: identifiers computed from the structure (cid and name empty)');
    return { cid: '', name: '', ...ids };
  }

  async search(_query: string, _page?: number): Promise<SearchResult> {
    throw new ChemError(503, 'search needs the local database (run "chem db build")');
  }

  async compound(_cid: string): Promise<CompoundResponse> {
    throw new ChemError(503, 'compound lookups need the local database (run "chem db build")');
  }

  async mixtures(_cid: string): Promise<MixtureList> {
    throw new ChemError(503, 'mixture lookups need the local database (run "chem db build")');
  }

  async mixture(_mid: string): Promise<MixtureResponse> {
    throw new ChemError(503, 'mixture lookups need the local database (run "chem db build")');
  }

  async close(): Promise<void> {}
}
