// Batch prediction in chunks: lines are gathered into chunks and predicted together (predictMany walks the model
// trees for a whole chunk at once): on one worker thread per core; or on the calling thread, with or without a
// walker thread that walks the model trees of one chunk while the calling thread reads and analyses the next.
// Workers send back what the output needs, already compact: flat rows, or each result's JSON text (UTF-8 bytes).
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ChemError, type Status } from '../../api/errors.js';
import type { FlatRow } from './flat.js';
import { resultsJson, runStaged, stageFlatRows, stageMany, walkKeys, type Staged } from './index.js';
import type { Values } from './ml.js';
import { packedBuffers, packWalk, unpackValues, type PackedWalk } from './packing.js';
import type { PredictionResult } from '../../api/types.js';
import type { PredictOptions } from '../../api/backend.js';

/** flat: a FlatRow per line (CSV, tables); json: the v1 result's JSON text, as UTF-8. */
export type ChunkMode = 'flat' | 'json';

/**
 * A worker's task: a chunk to predict, or (a walker's) the model walk of a chunk staged on the calling thread, or the
 * models to load before the first walk (no answer).
 */
export type ChunkRequest = { id: number; smiles: string[]; opts: PredictOptions; mode: ChunkMode } | { id: number; walk: PackedWalk } | { warm: string[] };
/**
 * A worker's answer: a chunk's results (flat rows as one JSON text); or a walk's packed values (and the buffer of its
 * feature vectors, `spent`, handed back), or its error's message.
 */
export type WorkerReply = { id: number; results?: ChunkResult[] | string; values?: Float64Array; spent?: ArrayBuffer; walkError?: string };
export type ChunkResult = { ok: FlatRow | Uint8Array } | { status: Status; message: string };

/** Predicts one chunk: the work of a worker, or of the calling thread without workers. */
export const predictChunk = (smiles: string[], opts: PredictOptions, mode: ChunkMode): ChunkResult[] => runStaged(stageChunk(smiles, opts, mode));

function stageChunk(smiles: string[], opts: PredictOptions, mode: ChunkMode): Staged<ChunkResult[]> {
  const failed = (r: ChemError) => ({ status: r.status, message: r.message });
  if (mode === 'flat') {
    const s = stageFlatRows(smiles, opts);
    return { walk: s.walk, finish: (values) => s.finish(values).map((r) => (r instanceof ChemError ? failed(r) : { ok: r })) };
  }
  const s = stageMany(smiles, opts);
  return {
    walk: s.walk,
    finish(values) {
      const results = s.finish(values);
      const texts = resultsJson(results.filter((r): r is PredictionResult => !(r instanceof ChemError)));
      let i = 0;
      return results.map((r) => (r instanceof ChemError ? failed(r) : { ok: texts[i++] }));
    },
  };
}

/**
 * Worker threads of a big batch by default: one per core from three cores on, a walker on two (see PredictPool),
 * none on one. One thread alone keeps about 1.4 cores busy (its collector's and compiler's threads), so on two cores
 * workers that each predict whole chunks add only their start-up and contention: 10 000 SMILES with two of them ran
 * at 0.90-0.98x the speed of one thread on an idle 2-core machine, at 0.55-0.68x on a loaded one.
 */
export function defaultJobs(): number {
  const cores = availableParallelism();
  return cores > 2 ? cores : cores - 1;
}

/** Lines per chunk: large enough for the batched tree walk and to hide messaging costs, small enough to keep the workers busy. */
const CHUNK = 128;
/**
 * Chunks a walker thread has at most, walked or waiting: one to walk and one ready when it is done, so it need not
 * wait for the calling thread; the other lines wait unanalysed, so few chunks' points are held through a walk.
 */
const AHEAD = 2;
/** A walker's young generation (MB): 2 took ~15 MB off the peak of a 100 000-line batch and no time. */
const WALKER_YOUNG_MB = 2;
const WORKER_URL = new URL('./worker.js', import.meta.url);

/** The lines of a chunk sent to a worker; for a walk, what makes their results from its values. */
interface InFlight {
  chunk: Pending[];
  finish?: (values: Values[] | Error) => ChunkResult[];
  models?: number;
}

interface Pending {
  smiles: string;
  resolve: (r: FlatRow | Uint8Array) => void;
  reject: (e: Error) => void;
}

/** Resolves each line of a chunk with its result, or rejects it with its error. */
function settle(chunk: Pending[], results: ChunkResult[]): void {
  results.forEach((r, i) => ('ok' in r ? chunk[i].resolve(r.ok) : chunk[i].reject(new ChemError(r.status, r.message))));
}

export class PredictPool {
  private readonly workers: { worker: Worker; busy: number }[] = [];
  private readonly inFlight = new Map<number, InFlight>();
  private buffer: Pending[] = [];
  private nextId = 0;
  private flushScheduled = false;
  /** Set when a worker failed: every pending and later prediction fails with it instead of hanging. */
  private broken?: Error;

  /** False when the compiled worker script is absent (running from TypeScript sources): predict inline then. */
  static available(): boolean {
    return existsSync(fileURLToPath(WORKER_URL));
  }

  /** With one worker thread, it walks the model trees of the chunks this thread analyses (see `size`). */
  private readonly walker: boolean;

  /**
   * `size` worker threads: 0 predicts the chunks on this thread; 1 is a walker, which walks the model trees of one
   * chunk while this thread analyses the next and makes the rows of the one before; from 2 on, each predicts whole
   * chunks. On two cores, against this thread alone: 10 000 distinct SMILES to CSV 0-5 % faster, to NDJSON ~10 %,
   * 30 000 to CSV ~20 %, 100 000 to NDJSON ~35 % (the warm-up of the predictor's compiled code, ~0.5 s of the
   * first 10 000, is this thread's alone), for ~100 MB more memory (a second JavaScript heap and copy of the models).
   */
  constructor(
    private readonly opts: PredictOptions,
    private readonly mode: ChunkMode,
    size = defaultJobs(),
  ) {
    this.walker = size === 1;
    for (let i = 0; i < size; i++) {
      // A walker allocates little but its values: a small young generation (V8 sizes it for the worst case)
      const worker = new Worker(WORKER_URL, this.walker ? { resourceLimits: { maxYoungGenerationSizeMb: WALKER_YOUNG_MB } } : {});
      const entry = { worker, busy: 0 };
      worker.on('message', (m: WorkerReply) => {
        entry.busy--;
        const sent = this.inFlight.get(m.id);
        if (!sent) return; // failed already (fail() rejected its lines)
        this.inFlight.delete(m.id);
        const { chunk, finish, models } = sent;
        if (!finish) return settle(chunk, typeof m.results === 'string' ? JSON.parse(m.results) : m.results!);
        let results: ChunkResult[];
        try {
          // a failed walk: finish() predicts each molecule alone, so that only those it fails for get its error
          results = finish(m.values ? unpackValues(m.values, models!) : new Error(m.walkError));
        } catch (err) {
          return this.fail(err as Error, chunk);
        }
        settle(chunk, results);
        this.flush();
      });
      worker.on('error', (err) => this.fail(err));
      worker.on('exit', (code) => code !== 0 && this.fail(new ChemError(500, `prediction worker stopped (exit ${code})`)));
      this.workers.push(entry);
    }
    // The walker loads its models (~0.1 s) while this thread analyses the first chunks, rather than after.
    if (this.walker) {
      try {
        this.workers[0].worker.postMessage({ warm: walkKeys(opts) } satisfies ChunkRequest);
      } catch {
        // bad options or a broken model file: the first chunk reports them, line by line
      }
    }
  }

  predict(smiles: string): Promise<FlatRow | Uint8Array> {
    return new Promise((resolve, reject) => {
      if (this.broken) return reject(this.broken);
      this.buffer.push({ smiles, resolve, reject });
      if (this.buffer.length >= CHUNK) this.flush();
      else if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  async close(): Promise<void> {
    this.broken ??= new ChemError(500, 'prediction pool closed');
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
  }

  private flush(): void {
    this.flushScheduled = false;
    // A walker is kept AHEAD chunks ahead at most; the other lines wait, unanalysed, for its next result.
    while (this.buffer.length && !(this.walker && this.inFlight.size >= AHEAD)) this.send(this.buffer.splice(0, CHUNK));
  }

  private send(chunk: Pending[]): void {
    const smiles = chunk.map((p) => p.smiles);
    if (!this.workers.length || this.walker) {
      let staged: Staged<ChunkResult[]>;
      let results: ChunkResult[] | undefined;
      try {
        staged = stageChunk(smiles, this.opts, this.mode);
        if (!this.walker || !staged.walk) results = runStaged(staged);
      } catch (err) {
        // as when a worker fails: this chunk and every later line get the error
        return this.fail(err as Error, chunk);
      }
      if (results) return settle(chunk, results);
      const walk = staged.walk!;
      return this.post({ chunk, finish: staged.finish, models: walk.keys.length }, (id) => {
        const packed = packWalk(walk);
        return [{ id, walk: packed }, packedBuffers(packed)];
      });
    }
    this.post({ chunk }, (id) => [{ id, smiles, opts: this.opts, mode: this.mode }, []]);
  }

  /** Sends the request made for the next id to the least busy worker; should that fail, the chunk's lines fail. */
  private post(sent: InFlight, request: (id: number) => [ChunkRequest, ArrayBuffer[]]): void {
    const id = this.nextId++;
    const entry = this.workers.reduce((a, b) => (b.busy < a.busy ? b : a));
    try {
      entry.worker.postMessage(...request(id));
    } catch (err) {
      return this.fail(err as Error, sent.chunk);
    }
    this.inFlight.set(id, sent);
    entry.busy++;
  }

  /** Every pending and later line fails with err (and the lines of `chunk`, in no other list). */
  private fail(err: Error, chunk: Pending[] = []): void {
    this.broken ??= err;
    for (const { chunk } of this.inFlight.values()) for (const p of chunk) p.reject(err);
    for (const p of [...this.buffer, ...chunk]) p.reject(err);
    this.inFlight.clear();
    this.buffer = [];
  }
}
