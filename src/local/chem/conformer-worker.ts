// Worker thread of conformers.ts: one structure at a time, answered with its 3D molfile or null.
import { parentPort } from 'node:worker_threads';
import { molfile3d, parseSmiles } from './molecule.js';

parentPort?.on('message', (m: { smiles: string }) => {
  let molfile: string | null = null;
  try {
    molfile = molfile3d(parseSmiles(m.smiles)) ?? null;
  } catch {
    // unreadable structure: no 3D
  }
  parentPort!.postMessage({ molfile });
});
