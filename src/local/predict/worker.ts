// Worker thread of the prediction pool: predicts chunks of SMILES and posts the results back in order.
import { parentPort } from 'node:worker_threads';
import { predictChunk, type ChunkRequest } from './pool.js';

const port = parentPort!;
port.on('message', ({ id, smiles, opts, mode }: ChunkRequest) => {
  const results = predictChunk(smiles, opts, mode);
  // Flat rows as one JSON string: far cheaper to pass between threads than the structured clone of the objects.
  // JSON texts are views of one buffer, handed over as it is (transferred, not copied).
  if (mode === 'flat') return port.postMessage({ id, results: JSON.stringify(results) });
  const texts = results.find((r) => 'ok' in r) as { ok: Uint8Array } | undefined;
  port.postMessage({ id, results }, texts ? [texts.ok.buffer as ArrayBuffer] : []);
});
