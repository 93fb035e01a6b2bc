// One chunked worker-thread map for the build's CPU-bound steps (structures, structure index): items go out in
// chunks of 500 to one worker per core, results come back in input order. A worker module answers each
// `{ start, items }` message with `{ start, results }` (see onChunks below).
import { parentPort, Worker } from 'node:worker_threads';

const CHUNK = 500;

/** Maps `items` in `threads` workers running `workerUrl`; `onChunk` is told how many items each answer completed. */
export async function mapInWorkers<I, R>(workerUrl: URL, items: readonly I[], threads: number, onChunk?: (n: number) => void): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const run = () =>
    new Promise<void>((resolve, reject) => {
      const w = new Worker(workerUrl);
      const feed = () => {
        if (next >= items.length) return void w.terminate().then(() => resolve());
        const start = next;
        next += CHUNK;
        w.postMessage({ start, items: items.slice(start, start + CHUNK) });
      };
      w.on('message', (m: { start: number; results: R[] }) => {
        m.results.forEach((r, i) => (results[m.start + i] = r));
        onChunk?.(m.results.length);
        feed();
      });
      w.on('error', reject);
      feed();
    });
  await Promise.all(Array.from({ length: Math.min(threads, Math.ceil(items.length / CHUNK)) }, run));
  return results;
}

/** The worker side: answers every chunk with `compute(items)`. */
export function onChunks<I, R>(compute: (items: I[]) => Promise<R[]> | R[]): void {
  parentPort?.on('message', async (m: { start: number; items: I[] }) => {
    parentPort!.postMessage({ start: m.start, results: await compute(m.items) });
  });
}

/** Worth spreading over workers: several cores, a large table, and compiled workers (tests run the sources). */
export const useWorkers = (threads: number, n: number, moduleUrl: string) => threads >= 2 && n >= 2000 && moduleUrl.endsWith('.js');
