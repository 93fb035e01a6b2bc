import { describe, expect, it } from 'vitest';
import { runChem } from '../helpers.js';

describe('batch convention', () => {
  it('1 000 lines with bad lines mixed in give 1 000 rows in input order', async () => {
    const good = ['CCO', 'c1ccccc1', 'CC(=O)O', 'C[C@H](N)C(=O)O'];
    const lines = Array.from({ length: 1000 }, (_, i) => (i % 7 === 3 ? `C1CC(${i}` : i % 50 === 0 ? '' : good[i % good.length]!));
    const r = await runChem(['convert', 'smiles', '-'], { stdin: lines.join('\n') + '\n' });
    const rows = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(rows).toHaveLength(1000);
    rows.forEach((row, i) => {
      expect(row.input).toBe(lines[i]);
      if (i % 7 === 3) expect(row.error.status).toBe(404);
      else if (i % 50 === 0) expect(row.error.status).toBe(400);
      else expect(row.result.inchikey).toMatch(/^[A-Z]{14}-[A-Z]{10}-[A-Z]$/);
    });
    expect(r.code).toBe(7); // some rows failed
  }, 120_000);

  it('CSV batches have input first and an error column', async () => {
    const r = await runChem(['convert', 'smiles', '-', '--format', 'csv'], { stdin: 'CCO\nnot-a-smiles\n' });
    const lines = r.stdout.split('\r\n');
    expect(lines[0]).toBe('input,cid,name,inchi,inchikey,smiles,error');
    expect(lines[1]).toMatch(/^CCO,,,"InChI=1S\/C2H6O\/c1-2-3\/h3H,2H2,1H3",LFQSCWFLJHTTHZ-UHFFFAOYSA-N,CCO,$/);
    expect(lines[2]).toMatch(/^not-a-smiles,,,,,,"?invalid SMILES/);
    expect(r.code).toBe(7);
  });

  it('a clean batch exits 0', async () => {
    const r = await runChem(['convert', 'smiles', '-', '--format', 'ndjson'], { stdin: 'CCO\nC\n' });
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(2);
  });

  it('NUL and other control characters in a structure: the invalid-SMILES error, per row in a batch', async () => {
    const r = await runChem(['predict', '-', '--format', 'ndjson'], { stdin: 'C\0C\nCCO\nC\u001bC\n' });
    const rows = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(rows.map((row) => row.input)).toEqual(['C\0C', 'CCO', 'C\u001bC']);
    expect(rows[0].error).toEqual({ status: 404, message: 'invalid SMILES "C\\u0000C": control character U+0000 at position 2' });
    expect(rows[1].result.properties.fixed.logp).toBeDefined();
    expect(rows[2].error).toEqual({ status: 404, message: 'invalid SMILES "C\\u001bC": control character U+001B at position 2' });
    expect(r.code).toBe(7);
    const conv = await runChem(['convert', 'smiles', '-', '--format', 'ndjson'], { stdin: 'C\0C\n' });
    expect(JSON.parse(conv.stdout).error.message).toMatch(/^invalid SMILES .*control character U\+0000/);
    expect(conv.code).toBe(7);
    const single = await runChem(['predict', 'C\u0007C']);
    expect(single).toMatchObject({ code: 3, stdout: '', stderr: 'chem: error: invalid SMILES "C\\u0007C": control character U+0007 at position 2\n' });
  });
});
