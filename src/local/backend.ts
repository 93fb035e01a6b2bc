// The embedded backend: OpenChemLib structures, group-contribution predictors and the SQLite
// database built from open data tables. Each part is imported on first use.
import { existsSync } from 'node:fs';
import type { Backend, CloseName, CompoundOptions, ConvertOptions, FlashRequest, FlashResult, PredictOptions, StateQuery } from '../api/backend.js';
import { ChemError } from '../api/errors.js';
import { checkLocalCompoundId, checkLocalMixtureId } from '../api/ids.js';
import type { CompoundResponse, ConversionResult, ConvertFormat, CorrelationList, MixtureList, MixtureResponse, PredictionResult, SearchResult, StateResult } from '../api/types.js';

export interface LocalOptions {
  /** Path of the SQLite database. */
  dbPath: string;
  /** Environment, for CHEM_DATA_DIR (build the database on first use), JAVA_HOME and PATH (OPSIN). */
  env: Record<string, string | undefined>;
  /** The OPSIN jar (setting opsin-jar / CHEM_OPSIN_JAR), else the Debian package's path. */
  opsinJar?: string;
  notice: (message: string) => void;
}

export class LocalBackend implements Backend {
  readonly kind = 'local' as const;

  constructor(readonly options: LocalOptions) {}

  async predict(smiles: string, opts: PredictOptions = {}): Promise<PredictionResult> {
    const { predict } = await import('./predict/index.js');
    return predict(smiles, opts);
  }

  /**
   * The compound of the database with this structure and how many properties it has measured values of,
   * when the database exists (never built for this) and holds them: a canonical SMILES and two indexed reads.
   */
  async measured(smiles: string): Promise<{ cid: string; name: string; keys: number } | undefined> {
    if (!existsSync(this.options.dbPath)) return undefined;
    const { convertFromDb } = await import('./store/search/convert.js');
    const { db } = await this.store();
    const hit = await convertFromDb(db, 'smiles', smiles).catch(() => undefined);
    if (!hit) return undefined;
    const keys = db.prepare('SELECT count(DISTINCT key) FROM points WHERE compound_id = ? AND calc = 0').pluck().get(hit.cid) as number;
    return keys ? { cid: hit.cid, name: hit.name, keys } : undefined;
  }

  /** True when the database exists (a lookup would not build it from CHEM_DATA_DIR). */
  async hasDatabase(): Promise<boolean> {
    return existsSync(this.options.dbPath);
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
      if (from === 'name') return this.fromName(store, v, opts);
      if (from !== 'smiles') throw new ChemError(404, `no compound with ${from} ${v} in the database`);
    }
    const { structureIdentifiers } = await import('../chem/identity.js');
    const ids = await structureIdentifiers('smiles', v);
    // A stored structure whose canonical SMILES differs (another toolkit's reading) has the same InChIKey.
    const byKey = store && (await convertFromDb(store.db, 'inchikey', ids.inchikey));
    if (byKey) return byKey;
    if (opts.strict) throw new ChemError(404, `compound not found in the database: ${v}`);
    opts.onNotice?.('not in the database: identifiers computed from the structure (cid and name empty)');
    // The fields in the spec's order (2.4), as the database answers them.
    return { cid: '', inchi: ids.inchi, inchikey: ids.inchikey, name: '', smiles: ids.smiles };
  }

  private opsin?: import('../chem/opsin.js').Opsin | { missing: string };

  /**
   * A name the database does not hold: OPSIN's structure (when Java and OPSIN are found, never with `strict`),
   * answered as the database's record of that structure or as identifiers computed from it, marked
   * `structure_from_name`; otherwise the 404 with the names the database has near it.
   */
  private async fromName(store: import('./store/store.js').Store, name: string, opts: ConvertOptions): Promise<ConversionResult> {
    const { engineFor } = await import('./store/search/engine.js');
    const near = async () => {
      const s = (await engineFor(store.db).search(`name:"${name.replace(/"/g, '')}"`)).suggestions ?? [];
      return s.length ? ` (did you mean ${s.slice(0, 3).join(', ')}?)` : '';
    };
    const notHeld = `no compound named "${name}" in the database`;
    if (opts.strict) throw new ChemError(404, notHeld + (await near()));
    const { findOpsin, Opsin, OPSIN_INSTALL } = await import('../chem/opsin.js');
    if (!this.opsin) {
      const setup = findOpsin(this.options.env, this.options.opsinJar);
      this.opsin = 'missing' in setup ? setup : new Opsin(setup);
    }
    const opsin = this.opsin;
    if (!(opsin instanceof Opsin)) throw new ChemError(404, `${notHeld}${await near()}; to read other names, ${OPSIN_INSTALL} (${opsin.missing})`);
    const smiles = await opsin.smiles(name);
    if (!smiles) throw new ChemError(404, `${notHeld}, and ${opsin.label} cannot read it${await near()}`);
    const { structureIdentifiers } = await import('../chem/identity.js');
    const ids = await structureIdentifiers('smiles', smiles).catch((err: unknown) => {
      throw new ChemError(404, `${opsin.label} reads "${name}" as ${smiles}, which has no structure here: ${(err as Error).message}`);
    });
    const { convertFromDb } = await import('./store/search/convert.js');
    const held = await convertFromDb(store.db, 'inchikey', ids.inchikey);
    const mark = { structure_from_name: opsin.label };
    if (held) {
      opts.onNotice?.(`"${name}" is not a name in the database: ${opsin.label} reads it as ${held.name} (${held.cid})`);
      return { ...held, ...mark };
    }
    opts.onNotice?.(`not in the database: structure read from the name by ${opsin.label} (cid empty)`);
    return { cid: '', inchi: ids.inchi, inchikey: ids.inchikey, name, smiles: ids.smiles, ...mark };
  }

  async closeNames(word: string): Promise<CloseName[]> {
    const { engineFor } = await import('./store/search/engine.js');
    return engineFor((await this.store()).db).closeNames(word);
  }

  async search(query: string, page?: number): Promise<SearchResult> {
    const { engineFor } = await import('./store/search/engine.js');
    return engineFor((await this.store()).db).search(query, page);
  }

  // Ids: 400 for what cannot be an id, 404 for a well-formed one that is not of this database's
  // scheme (ids.ts), before the database is opened.
  async compound(cid: string, opts: CompoundOptions = {}): Promise<CompoundResponse> {
    checkLocalCompoundId(cid);
    const { fullRecord } = await import('./record.js');
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

  async correlations(cid: string, key?: string): Promise<CorrelationList> {
    checkLocalCompoundId(cid);
    const store = await this.store();
    const id = store.compound(cid) ? cid : store.aliasOf(cid);
    if (!id) throw new ChemError(404, `no compound ${cid}`);
    return { cid: id, correlations: store.correlations(id).filter((k) => key === undefined || k.key === key) };
  }

  async state(q: string, query: StateQuery): Promise<StateResult> {
    const { localState } = await import('./state.js');
    return localState(this, q, query);
  }

  async flash(request: FlashRequest): Promise<FlashResult> {
    const { flashMixture } = await import('../vle/mixture-flash.js');
    return flashMixture(this, request);
  }

  async close(): Promise<void> {
    const store = this.storePromise;
    this.storePromise = undefined;
    if (store) (await store.catch(() => undefined))?.close();
  }
}
