// Worker threads for big prediction batches: OpenChemLib's parser is the bottleneck and single-threaded,
// so lines are sent in chunks to one worker per core. Results come back per line, in the caller's order.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ChemError, type Status } from '../../api/errors.js';
import type { FlatRow } from './flat.js';
import type { PredictOptions } from './index.js';

export interface ChunkRequest {
  id: number;
  smiles: string[];
  opts: PredictOptions;
}
export type ChunkResult = { ok: FlatRow } | { status: Status; message: string };

/** Lines per message: large enough to hide messaging costs, small enough to keep both workers busy. */
const CHUNK = 64;
const WORKER_URL = new URL('./worker.js', import.meta.url);

interface Pending {
  smiles: string;
  resolve: (r: FlatRow) => void;
  reject: (e: Error) => void;
}

/** The workers answer with flat rows (see flat.ts), far cheaper to pass between threads than whole results. */
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

  constructor(
    private readonly opts: PredictOptions,
    size = availableParallelism(),
  ) {
    for (let i = 0; i < size; i++) {
      const worker = new Worker(WORKER_URL);
      const entry = { worker, busy: 0 };
      worker.on('message', (m: { id: number; json: string }) => this.settle(entry, m));
      worker.on('error', (err) => this.fail(err));
      worker.on('exit', (code) => code !== 0 && this.fail(new ChemError(500, `prediction worker stopped (exit ${code})`)));
      this.workers.push(entry);
    }
  }

  predict(smiles: string): Promise<FlatRow> {
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
    const entry = this.workers.reduce((a, b) => (b.busy < a.busy ? b : a));
    const id = this.nextId++;
    this.inFlight.set(id, chunk);
    entry.busy++;
    const request: ChunkRequest = { id, smiles: chunk.map((p) => p.smiles), opts: this.opts };
    entry.worker.postMessage(request);
  }

  private settle(entry: { busy: number }, m: { id: number; json: string }): void {
    entry.busy--;
    const chunk = this.inFlight.get(m.id)!;
    this.inFlight.delete(m.id);
    (JSON.parse(m.json) as ChunkResult[]).forEach((r, i) => ('ok' in r ? chunk[i].resolve(r.ok) : chunk[i].reject(new ChemError(r.status, r.message))));
  }

  private fail(err: Error): void {
    this.broken ??= err;
    for (const chunk of [...this.inFlight.values(), this.buffer]) for (const p of chunk) p.reject(err);
    this.inFlight.clear();
    this.buffer = [];
  }
}
