// Batch prediction (predictMany: the models' flat, many-molecule tree walk) gives exactly what one prediction at a
// time gives (the trees walked as stored, checked against the trainer's own values by test/ml/models.test.ts).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { ChemError } from '../../src/api/errors.js';
import { flatRow } from '../../src/local/predict/flat.js';
import { predict } from '../../src/local/predict/index.js';
import { predictFlatRows, predictMany } from '../../src/local/predict/batch.js';

const golden = JSON.parse(readFileSync(new URL('../../models/golden.json', import.meta.url), 'utf8')) as { smiles: string[] };

describe('predictMany', () => {
  it('equals predict() on every golden molecule, bit for bit, invalid inputs in place', () => {
    const smiles = [...golden.smiles, 'C1CC', 'CCO.CCO', 'c1ccccc1O'];
    const batch = predictMany(smiles);
    expect(batch).toHaveLength(smiles.length);
    smiles.forEach((s, i) => {
      const one = (() => {
        try {
          return predict(s);
        } catch (err) {
          return err;
        }
      })();
      if (one instanceof ChemError) expect(batch[i], s).toMatchObject({ status: one.status, message: one.message });
      else expect(JSON.stringify(batch[i]), s).toBe(JSON.stringify(one));
    });
    expect(batch.filter((r) => r instanceof ChemError)).toHaveLength(1);
  });

  it('keeps the requested properties and temperatures', () => {
    const [r] = predictMany(Array(20).fill('CCCCO'), { props: ['tb', 'cpg'], temperatures: [350], grid: false });
    expect(JSON.stringify(r)).toBe(JSON.stringify(predict('CCCCO', { props: ['tb', 'cpg'], temperatures: [350], grid: false })));
    expect(Object.keys((r as ReturnType<typeof predict>).properties.fixed)).toEqual(['tb']);
  });

  it('gives as flat rows the first point of each property, as flatRow() of the whole results (a whole batch and a few at a time)', () => {
    // water and ammonia have no Joback estimate: their af and hvap come from the direct fallbacks alone
    const smiles = [...golden.smiles, 'O', 'N', 'C1CC'];
    // the whole batch (the WebAssembly walk) and a few at a time (the walk in JavaScript)
    for (const batch of [smiles, smiles.slice(-8), ['O', 'CCO', 'N']]) {
      const whole = predictMany(batch);
      const rows = predictFlatRows(batch);
      batch.forEach((s, i) => {
        const r = whole[i];
        if (r instanceof ChemError) expect(rows[i], s).toMatchObject({ status: r.status, message: r.message });
        else expect(rows[i], s).toEqual(flatRow(r));
      });
    }
    const whole = predictMany(smiles);
    const water = whole[smiles.indexOf('O')] as ReturnType<typeof predict>;
    expect(water.properties.fixed.af?.[0].s).toMatch(/^chem-ml-.*-beta$/);
  });
});
