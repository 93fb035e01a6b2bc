// The embedded backend: OpenChemLib structures, group-contribution predictors and the SQLite
// database built from open data tables. Each part is imported on first use.
import type { Backend, CompoundOptions, ConvertOptions, PredictOptions } from '../backend.js';
import { ChemError } from '../api/errors.js';
import { checkLocalCompoundId, checkLocalMixtureId } from '../api/ids.js';
import type { CompoundResponse, ConversionResult, ConvertFormat, MixtureList, MixtureResponse, PredictionResult, SearchResult } from '../api/types.js';

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
    const v = value.trim();
    if (!v) throw new ChemError(400, `empty ${from}`);
    const { convertFromDb } = await import('./store/search/convert.js');
    // Without a database a SMILES can still be answered from the structure (below).
    const store = await this.store().catch((err: unknown) => {
      if (from === 'smiles' && !opts.strict && err instanceof ChemError && err.status === 503) return undefined;
      throw err;
    });
    if (store) {
      const hit = await convertFromDb(store.db, from, v);
      if (hit) return hit;
      if (from === 'name') {
        const { engineFor } = await import('./store/search/engine.js');
        const near = (await engineFor(store.db).search(`name:"${v.replace(/"/g, '')}"`)).suggestions ?? [];
        throw new ChemError(404, `no compound named "${v}" in the database${near.length ? ` (did you mean ${near.slice(0, 3).join(', ')}?)` : ''}`);
      }
      if (from !== 'smiles') throw new ChemError(404, `no compound with ${from} ${v} in the database`);
    }
    const { structureIdentifiers } = await import('./chem/identity.js');
    const ids = await structureIdentifiers('smiles', v);
    // A stored structure whose canonical SMILES differs (another toolkit's reading) has the same InChIKey.
    const byKey = store && (await convertFromDb(store.db, 'inchikey', ids.inchikey));
    if (byKey) return byKey;
    if (opts.strict) throw new ChemError(404, `compound not found in the database: ${v}`);
    opts.onNotice?.('not in the database: identifiers computed from the structure (cid and name empty)');
    // The fields in the spec's order (2.4), as the database answers them.
    return { cid: '', inchi: ids.inchi, inchikey: ids.inchikey, name: '', smiles: ids.smiles };
  }

  async search(query: string, page?: number): Promise<SearchResult> {
    const { engineFor } = await import('./store/search/engine.js');
    return engineFor((await this.store()).db).search(query, page);
  }

  // Ids: 400 for what cannot be an id, 404 for a well-formed one that is not of this database's
  // scheme (ids.ts), before the database is opened.
  async compound(cid: string, opts: CompoundOptions = {}): Promise<CompoundResponse> {
    checkLocalCompoundId(cid);
    const { fullRecord } = await import('./store/record.js');
    return { comp: await fullRecord(await this.store(), cid, { files: opts.files, predictions: opts.predictions }) };
  }

  private storePromise?: Promise<import('./store/store.js').Store>;

  /** The database, opened (or built from CHEM_DATA_DIR) on first use. */
  store(): Promise<import('./store/store.js').Store> {
    this.storePromise ??= import('./store/open.js').then(({ openStore }) => openStore({ dbPath: this.options.dbPath, env: this.options.env, notice: this.options.notice }));
    return this.storePromise;
  }

  async mixtures(cid: string): Promise<MixtureList> {
    checkLocalCompoundId(cid);
    const { mixtureList } = await import('./store/import/mixtures-read.js');
    return mixtureList((await this.store()).db, cid);
  }

  async mixture(mid: string): Promise<MixtureResponse> {
    checkLocalMixtureId(mid);
    const { mixtureRecord } = await import('./store/import/mixtures-read.js');
    return mixtureRecord((await this.store()).db, mid);
  }

  async close(): Promise<void> {
    const store = this.storePromise;
    this.storePromise = undefined;
    if (store) (await store.catch(() => undefined))?.close();
  }
}
