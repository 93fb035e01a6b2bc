// Batch prediction in chunks: lines are gathered into chunks and predicted together (predictMany walks the model
// trees for a whole chunk at once), on one worker thread per core or, without workers, on the calling thread.
// Workers send back what the output needs, already compact: flat rows, or each result's JSON text (UTF-8 bytes).
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ChemError, type Status } from '../../api/errors.js';
import type { FlatRow } from './flat.js';
import { predictFlatRows, predictMany, resultsJson } from './index.js';
import type { PredictionResult } from '../../api/types.js';
import type { PredictOptions } from '../../backend.js';

/** flat: a FlatRow per line (CSV, tables); json: the v1 result's JSON text, as UTF-8. */
export type ChunkMode = 'flat' | 'json';

export interface ChunkRequest {
  id: number;
  smiles: string[];
  opts: PredictOptions;
  mode: ChunkMode;
}
export type ChunkResult = { ok: FlatRow | Uint8Array } | { status: Status; message: string };

/** Predicts one chunk: the work of a worker, or of the calling thread without workers. */
export function predictChunk(smiles: string[], opts: PredictOptions, mode: ChunkMode): ChunkResult[] {
  const failed = (r: ChemError) => ({ status: r.status, message: r.message });
  if (mode === 'flat') return predictFlatRows(smiles, opts).map((r) => (r instanceof ChemError ? failed(r) : { ok: r }));
  const results = predictMany(smiles, opts);
  const texts = resultsJson(results.filter((r): r is PredictionResult => !(r instanceof ChemError)));
  let i = 0;
  return results.map((r) => (r instanceof ChemError ? failed(r) : { ok: texts[i++] }));
}

/**
 * Worker threads of a big batch by default: one per core from three cores on, none on fewer. One thread alone keeps
 * about 1.4 cores busy (its collector's and compiler's threads), so on two cores workers add only their start-up and
 * contention: 10 000 SMILES with two workers ran at 0.90-0.98x the speed of one thread on an idle 2-core machine,
 * at 0.55-0.68x on a loaded one.
 */
export function defaultJobs(): number {
  const cores = availableParallelism();
  return cores > 2 ? cores : 0;
}

/** Lines per chunk: large enough for the batched tree walk and to hide messaging costs, small enough to keep both workers busy. */
const CHUNK = 128;
const WORKER_URL = new URL('./worker.js', import.meta.url);

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
  private readonly inFlight = new Map<number, Pending[]>();
  private buffer: Pending[] = [];
  private nextId = 0;
  private flushScheduled = false;
  /** Set when a worker failed: every pending and later prediction fails with it instead of hanging. */
  private broken?: Error;

  /** False when the compiled worker script is absent (running from TypeScript sources): predict inline then. */
  static available(): boolean {
    return existsSync(fileURLToPath(WORKER_URL));
  }

  /** `size` worker threads; 0 predicts the chunks on this thread. */
  constructor(
    private readonly opts: PredictOptions,
    private readonly mode: ChunkMode,
    size = defaultJobs(),
  ) {
    for (let i = 0; i < size; i++) {
      const worker = new Worker(WORKER_URL);
      const entry = { worker, busy: 0 };
      worker.on('message', (m: { id: number; results: ChunkResult[] | string }) => {
        entry.busy--;
        const chunk = this.inFlight.get(m.id)!;
        this.inFlight.delete(m.id);
        settle(chunk, typeof m.results === 'string' ? JSON.parse(m.results) : m.results);
      });
      worker.on('error', (err) => this.fail(err));
      worker.on('exit', (code) => code !== 0 && this.fail(new ChemError(500, `prediction worker stopped (exit ${code})`)));
      this.workers.push(entry);
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
    if (!this.buffer.length) return;
    const chunk = this.buffer;
    this.buffer = [];
    const smiles = chunk.map((p) => p.smiles);
    if (!this.workers.length) {
      let results: ChunkResult[];
      try {
        results = predictChunk(smiles, this.opts, this.mode);
      } catch (err) {
        // as when a worker fails: this chunk and every later line get the error
        this.fail(err as Error);
        for (const p of chunk) p.reject(err as Error);
        return;
      }
      return settle(chunk, results);
    }
    const id = this.nextId++;
    this.inFlight.set(id, chunk);
    const entry = this.workers.reduce((a, b) => (b.busy < a.busy ? b : a));
    entry.busy++;
    const request: ChunkRequest = { id, smiles, opts: this.opts, mode: this.mode };
    entry.worker.postMessage(request);
  }

  private fail(err: Error): void {
    this.broken ??= err;
    for (const chunk of [...this.inFlight.values(), this.buffer]) for (const p of chunk) p.reject(err);
    this.inFlight.clear();
    this.buffer = [];
  }
}
