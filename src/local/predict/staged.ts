// A prediction in two steps around the walk of the model trees (pool.ts runs the walk on another thread).
import { walkModels, type Values, type WalkJob } from './ml.js';

/**
 * A prediction in two steps around the walk of the model trees, so that the walk can run on another thread
 * (pool.ts): `walk`, when some model is wanted, is its job; `finish` takes its values and returns the predictions.
 */
export interface Staged<T> {
  walk?: WalkJob;
  /** values: walkModels(walk) when there is a walk, or the error it failed with. */
  finish(values?: Values[] | Error): T;
}

/** A staged prediction done on this thread. */
export function runStaged<T>(s: Staged<T>): T {
  let values: Values[] | Error | undefined;
  try {
    values = s.walk && walkModels(s.walk);
  } catch (err) {
    values = err instanceof Error ? err : new Error(String(err));
  }
  return s.finish(values);
}
