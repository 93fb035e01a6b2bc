// Worker thread of buildStructureIndex: receives chunks of SMILES, answers with ID codes and fingerprints.
import { parentPort } from 'node:worker_threads';
import { fingerprints } from './structure-index.js';

parentPort?.on('message', async (m: { start: number; smiles: string[] }) => {
  parentPort!.postMessage({ start: m.start, rows: await fingerprints(m.smiles) });
});
