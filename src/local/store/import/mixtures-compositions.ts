// Named mixture compositions of CalebBell/chemicals (`Identifiers/Mixtures Compositions.tsv`): air,
// natural gases, refrigerant blends. A header line, then variable-width rows: primary name, source,
// N, N CAS numbers, N names, N mass fractions, N mole fractions, synonyms (empty cells pad rows).
import { casOf, type Tally } from './context.js';
import { num, tsvRows } from './table.js';

export const COMPOSITIONS_FILE = 'chemicals/chemicals/Identifiers/Mixtures Compositions.tsv';

export interface CompositionRow {
  name: string;
  /** The reference the row names ("REFPROP manual", "ASHRAE 34"). */
  ref: string;
  components: { cas: string; name: string; w: number; x: number }[];
  synonyms: string[];
}

/** A fraction list is kept only if every cell is a number in 0..1 and they sum to 1 (±0.2 %). */
function fractions(cells: string[]): number[] | undefined {
  const v = cells.map(num);
  if (v.some((x) => x === undefined || x < 0 || x > 1)) return undefined;
  const sum = (v as number[]).reduce((a, b) => a + b, 0);
  return Math.abs(sum - 1) <= 0.002 ? (v as number[]) : undefined;
}

export function parseCompositions(text: string, t: Tally): CompositionRow[] {
  const out: CompositionRow[] = [];
  for (const cells of tsvRows(text).slice(1).map((r) => r.map((c) => c.trim()))) {
    t.row();
    const [name, ref, count] = cells;
    const n = Number(count);
    if (!name || !Number.isInteger(n) || n < 2 || cells.length < 3 + 4 * n) {
      t.reject('malformed row');
      continue;
    }
    const at = (k: number) => cells.slice(3 + k * n, 3 + (k + 1) * n);
    const cas = at(0).map(casOf);
    const bad = cas.find((c) => typeof c !== 'string') as { reason: string } | undefined;
    if (bad) {
      t.reject(bad.reason);
      continue;
    }
    const w = fractions(at(2));
    const x = fractions(at(3));
    if (!w || !x) {
      t.reject('fractions do not sum to 1');
      continue;
    }
    const names = at(1);
    out.push({
      name,
      ref: ref || 'CalebBell/chemicals',
      components: (cas as string[]).map((c, i) => {
        return { cas: c, name: names[i] || c, w: w[i], x: x[i] };
      }),
      synonyms: cells.slice(3 + 4 * n).filter(Boolean),
    });
    t.used = true;
  }
  t.close();
  return out;
}
