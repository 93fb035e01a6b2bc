// Worker thread of the prediction pool: predicts chunks of SMILES and posts flat rows back in order.
import { parentPort } from 'node:worker_threads';
import { toChemError } from '../../api/errors.js';
import { flatRow } from './flat.js';
import { predict } from './index.js';
import type { ChunkResult, ChunkRequest } from './pool.js';

const port = parentPort!;
port.on('message', ({ id, smiles, opts }: ChunkRequest) => {
  const results: ChunkResult[] = smiles.map((s) => {
    try {
      return { ok: flatRow(predict(s, opts)) };
    } catch (err) {
      const e = toChemError(err);
      return { status: e.status, message: e.message };
    }
  });
  // One JSON string per chunk: far cheaper to pass between threads than the structured clone of the objects.
  port.postMessage({ id, json: JSON.stringify(results) });
});
