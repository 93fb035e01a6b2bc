// A model walk that fails (on this thread, or a walker thread's reply) costs only the molecules it fails for: the
// chunk is predicted molecule by molecule, each failure its own error row (index.ts many()).
import { describe, expect, it, vi } from 'vitest';
import { ChemError } from '../../src/api/errors.js';
import type { WalkJob } from '../../src/local/predict/ml.js';

// the walk fails for every job that holds a molecule with bromine (n_Br is feature 3 + 6: ELEMENTS' Br slot)
const BR = 9;
vi.mock('../../src/local/predict/ml.js', async (original) => {
  const ml = await original<typeof import('../../src/local/predict/ml.js')>();
  return {
    ...ml,
    walkModels: (job: WalkJob) => {
      if (job.xs.some((x) => x[BR] > 0)) throw new Error('walk failed');
      return ml.walkModels(job);
    },
  };
});

const { predictFlatRows, stageFlatRows } = await import('../../src/local/predict/batch.js');
const { FEATURE_NAMES } = await import('../../src/local/predict/layout.js');

describe('a failed model walk', () => {
  it('fails the molecule it fails for, alone; the others keep their model points', () => {
    expect(FEATURE_NAMES[BR]).toBe('n_Br');
    const rows = predictFlatRows(['CCO', 'CCBr', 'c1ccccc1']);
    expect(rows[1]).toBeInstanceOf(ChemError);
    expect((rows[1] as ChemError).message).toMatch(/walk failed/);
    const alone = predictFlatRows(['CCO', 'c1ccccc1']);
    expect([rows[0], rows[2]]).toEqual(alone);
    expect((rows[0] as Record<string, number>).tb).toBe((alone[0] as Record<string, number>).tb);
  });

  it('a walker thread\'s error passed to finish() does the same', () => {
    const staged = stageFlatRows(['CCO', 'CCBr']);
    expect(staged.walk).toBeDefined();
    const rows = staged.finish(new Error('walker: out of memory'));
    expect(rows[0]).toEqual(predictFlatRows(['CCO'])[0]);
    expect(rows[1]).toBeInstanceOf(ChemError);
  });
});
