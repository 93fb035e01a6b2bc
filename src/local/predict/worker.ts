// Worker thread of the prediction pool: predicts chunks of SMILES, or walks the model trees of chunks staged on the
// calling thread, and posts the results back in order. A walker imports only the models' code: the predictor's
// (pool.js and what it imports, OpenChemLib among them) is loaded at the first chunk to predict.
import { parentPort } from 'node:worker_threads';
import { walkModels, warmModel } from './ml.js';
import { packValues, unpackWalk } from './packing.js';
import type { ChunkRequest, WorkerReply } from './pool.js';

const port = parentPort!;
let predictor: Promise<typeof import('./pool.js')> | undefined;

port.on('message', (request: ChunkRequest) => {
  if ('warm' in request) {
    try {
      request.warm.forEach(warmModel);
    } catch {
      // a broken model file: the walk that needs it fails, and its molecules are predicted alone (pool.ts)
    }
    return;
  }
  if ('walk' in request) {
    let values: Float64Array;
    try {
      values = packValues(walkModels(unpackWalk(request.walk)));
    } catch (err) {
      return port.postMessage({ id: request.id, walkError: err instanceof Error ? err.message : String(err) } satisfies WorkerReply);
    }
    // The feature vectors go back too, to be freed by the calling thread's frequent collections: left here, where
    // little else is allocated, they piled up to ~40 MB before a collection. Not the other arrays: the walker keeps
    // the last molecules' `have` lists (RankRows.last in walk.ts, set by evaluateModels).
    const spent = request.walk.lists.xs.data.buffer as ArrayBuffer;
    return port.postMessage({ id: request.id, values, spent } satisfies WorkerReply, [values.buffer as ArrayBuffer, spent]);
  }
  const { id, smiles, opts, mode } = request;
  void (predictor ??= import('./pool.js')).then(({ predictChunk }) => {
    const results = predictChunk(smiles, opts, mode);
    // Flat rows as one JSON string: far cheaper to pass between threads than the structured clone of the objects.
    // JSON texts are views of one buffer, handed over as it is (transferred, not copied).
    if (mode === 'flat') return port.postMessage({ id, results: JSON.stringify(results) });
    const texts = results.find((r) => 'ok' in r) as { ok: Uint8Array } | undefined;
    port.postMessage({ id, results }, texts ? [texts.ok.buffer as ArrayBuffer] : []);
  });
});
