// 3D molfiles for records, off the main thread and bounded in time. OpenChemLib's conformer
// generator spends 1-3 s of CPU on a structure whose rigid parts it has not built before in the
// process (most structures of the database), so a record waits for it at most `waitMs`: it gets
// the molfile when it is ready by then, or a notice, and the computation goes on in the worker (for
// at most HARD_LIMIT_MS, then the worker is ended) with its result kept for the next request.
// Tests run the TypeScript sources, where there is no compiled worker: there it runs in this thread.
import { Worker } from 'node:worker_threads';
import { MAX_3D_HEAVY_ATOMS } from './molecule.js';

/** Longest a structure may occupy the worker. */
const HARD_LIMIT_MS = 20_000;
/** Structures waiting for the worker beyond which new ones are refused (a notice, not a queue without end). */
const MAX_QUEUE = 64;
/** Results kept (molfiles of a few kB). */
const CACHE_SIZE = 5000;

type Outcome = { molfile: string } | { notice: string };

interface Job {
  smiles: string;
  done: Promise<Outcome>;
  resolve: (o: Outcome) => void;
}

const FAILED: Outcome = { notice: `mol3d left out: the conformer generator cannot place this structure (it fails on some ions and on fragments over ${MAX_3D_HEAVY_ATOMS} heavy atoms)` };

class Conformers {
  private worker?: Worker;
  private running?: Job;
  private timer?: NodeJS.Timeout;
  private readonly queue: Job[] = [];
  private readonly jobs = new Map<string, Job>();
  private readonly results = new Map<string, Outcome>();

  constructor(private readonly workerUrl?: URL) {}

  /** The eventual outcome for a SMILES, or undefined when too many are waiting. */
  outcome(smiles: string): Promise<Outcome> | undefined {
    const known = this.results.get(smiles);
    if (known) return Promise.resolve(known);
    const job = this.jobs.get(smiles);
    if (job) return job.done;
    if (this.queue.length >= MAX_QUEUE) return undefined;
    let resolve!: (o: Outcome) => void;
    const done = new Promise<Outcome>((r) => (resolve = r));
    const created: Job = { smiles, done, resolve };
    this.jobs.set(smiles, created);
    this.queue.push(created);
    this.pump();
    return done;
  }

  /** Whether the worker is busy with other structures first (so a short wait cannot help). */
  queuedBehind(smiles: string): boolean {
    return !!this.running && this.running.smiles !== smiles && this.jobs.has(smiles);
  }

  private finish(job: Job, outcome: Outcome): void {
    clearTimeout(this.timer);
    this.running = undefined;
    this.jobs.delete(job.smiles);
    if (this.results.size >= CACHE_SIZE) this.results.delete(this.results.keys().next().value!);
    this.results.set(job.smiles, outcome);
    job.resolve(outcome);
    this.pump();
  }

  private pump(): void {
    if (this.running) return;
    const job = this.queue.shift();
    if (!job) return void this.worker?.unref(); // an idle worker does not keep the process alive
    this.running = job;
    if (!this.workerUrl) return void setImmediate(() => this.inThread(job));
    const worker = (this.worker ??= this.spawn());
    worker.ref();
    worker.postMessage({ smiles: job.smiles });
    this.timer = setTimeout(() => {
      void worker.terminate();
      this.worker = undefined;
      this.finish(job, { notice: `mol3d left out: the conformer generator took more than ${HARD_LIMIT_MS / 1000} s` });
    }, HARD_LIMIT_MS);
    this.timer.unref();
  }

  private spawn(): Worker {
    const w = new Worker(this.workerUrl!);
    w.on('message', (m: { molfile: string | null }) => this.running && this.finish(this.running, m.molfile ? { molfile: m.molfile } : FAILED));
    w.on('error', () => {
      this.worker = undefined;
      if (this.running) this.finish(this.running, FAILED);
    });
    return w;
  }

  private async inThread(job: Job): Promise<void> {
    const { molfile3d, parseSmiles } = await import('./molecule.js');
    let molfile: string | undefined;
    try {
      molfile = molfile3d(parseSmiles(job.smiles));
    } catch {
      // unreadable structure: no 3D
    }
    this.finish(job, molfile ? { molfile } : FAILED);
  }
}

let service: Conformers | undefined;

/**
 * The 3D molfile of a SMILES if it is ready within `waitMs` (Infinity: wait for it, up to the hard
 * limit), else a notice saying why it is left out.
 */
export async function conformer(smiles: string, waitMs: number): Promise<Outcome> {
  service ??= new Conformers(import.meta.url.endsWith('.js') ? new URL('./conformer-worker.js', import.meta.url) : undefined);
  const done = service.outcome(smiles);
  if (!done) return { notice: `mol3d left out: ${MAX_QUEUE} structures are waiting for the conformer generator; ask again later` };
  if (waitMs === Infinity) return done;
  if (service.queuedBehind(smiles)) return { notice: `mol3d left out: the conformer generator is busy with other structures (seconds each); this one is queued, ask again later` };
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ notice: `mol3d left out: not ready within ${waitMs} ms (a new structure takes the conformer generator seconds); it is being computed, ask again` }), waitMs);
  });
  try {
    return await Promise.race([done, late]);
  } finally {
    clearTimeout(timer);
  }
}
