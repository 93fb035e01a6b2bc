// Golden comparison shared by the shipped-model test and the trainer smoke test.
import { expect } from 'vitest';
import { predict } from '../../src/local/predict/index.js';
import { DIRECT_NOTE } from '../../src/local/predict/model-points.js';
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
    const prop = key.replace(/-direct$/, ''); // a direct fallback's points are its property's
    golden.smiles.forEach((smi, i) => {
      const want = values[i];
      const point = predict(smi, { props: [prop] }).properties.fixed[prop]?.find((p) => p.s === sourceKey(m) && (p.c === DIRECT_NOTE) === (prop !== key));
      if (want === null) {
        expect(point, `${key} ${smi}: outside the domain`).toBeUndefined();
        return;
      }
      expect(point, `${key} ${smi}`).toBeDefined();
      // Points are published rounded (precision.ts): e to 2 significant digits, v to the place of e's second digit.
      // (an uncertainty of 0, as a one-member smoke model gives, leaves v to 5 significant digits)
      const unit = 10 ** (point!.e! > 0 ? Math.floor(Math.log10(point!.e!)) - 1 : Math.floor(Math.log10(Math.abs(want[0]))) - 4);
      expect(Math.abs(point!.e! - want[1]), `${key} ${smi}: e ${point!.e} vs ${want[1]}`).toBeLessThanOrEqual(unit * 0.5 * (1 + 1e-6) + Math.abs(want[1]) * 1e-6);
      expect(Math.abs(point!.v - want[0]), `${key} ${smi}: ${point!.v} vs ${want[0]}`).toBeLessThanOrEqual(unit * 0.5 * (1 + 1e-6) + Math.abs(want[0]) * 1e-6);
      expect(Math.abs(point!.v / unit - Math.round(point!.v / unit)), `${key} ${smi}: ${point!.v} finer than e ${point!.e}`).toBeLessThan(1e-6);
      compared++;
    });
  }
  return compared;
}

