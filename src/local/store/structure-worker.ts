// Worker thread of computeStructures: receives chunks of jobs, answers with their results.
import { computeInThread, type StructureJob } from './structures.js';
import { onChunks } from './worker-pool.js';

onChunks(async (jobs: StructureJob[]) => (await computeInThread(jobs)).map((r) => r ?? null));
