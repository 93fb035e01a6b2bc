// Golden comparison shared by the shipped-model test and the trainer smoke test.
import { expect } from 'vitest';
import { predict } from '../../src/local/predict/index.js';
import { loadModel, sourceKey } from '../../src/local/predict/ml.js';

export interface Golden {
  smiles: string[];
  predictions: Record<string, ([number, number] | null)[]>;
}

/** Compares every golden value with the TypeScript prediction; returns the number of values compared. */
export function checkGolden(golden: Golden): number {
  let compared = 0;
  for (const [key, values] of Object.entries(golden.predictions)) {
    const m = loadModel(key)!;
    expect(m, key).not.toBeNull();
    golden.smiles.forEach((smi, i) => {
      const want = values[i];
      const point = predict(smi, { props: [key] }).properties.fixed[key]?.find((p) => p.s === sourceKey(m));
      if (want === null) {
        expect(point, `${key} ${smi}: outside the domain`).toBeUndefined();
        return;
      }
      expect(point, `${key} ${smi}`).toBeDefined();
      const rel = Math.abs(point!.v - want[0]) / Math.max(Math.abs(want[0]), 1e-9);
      expect(rel, `${key} ${smi}: ${point!.v} vs ${want[0]}`).toBeLessThanOrEqual(1e-6);
      // e is given to 3 significant digits
      expect(Math.abs(point!.e! - want[1]), `${key} ${smi}: e ${point!.e} vs ${want[1]}`).toBeLessThanOrEqual(Math.abs(want[1]) * 5e-3 + 1e-12);
      compared++;
    });
  }
  return compared;
}

