// Worker thread of computeStructures: receives chunks of jobs, answers with their results.
import { parentPort } from 'node:worker_threads';
import { computeInThread, type StructureJob } from './structures.js';

parentPort?.on('message', async (m: { start: number; jobs: StructureJob[] }) => {
  const results = await computeInThread(m.jobs);
  parentPort!.postMessage({ start: m.start, results: results.map((r) => r ?? null) });
});
