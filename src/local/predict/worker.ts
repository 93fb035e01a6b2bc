// Worker thread of the prediction pool: predicts chunks of SMILES and posts the results back in order.
import { parentPort } from 'node:worker_threads';
import { predictChunk, type ChunkRequest } from './pool.js';

const port = parentPort!;
port.on('message', ({ id, smiles, opts, mode }: ChunkRequest) => {
  const results = predictChunk(smiles, opts, mode);
  // Flat rows as one JSON string: far cheaper to pass between threads than the structured clone of the objects.
  // JSON texts go as they are (strings are copied, not walked).
  port.postMessage({ id, results: mode === 'flat' ? JSON.stringify(results) : results });
});
