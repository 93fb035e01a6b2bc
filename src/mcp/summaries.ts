// The short text beside each tool's JSON: what was found, the recommended values with their units
// and sources, as an assistant would quote them. Values keep the digits of their source (precision.ts);
// the JSON is the whole answer.
import { pointText } from '../api/precision.js';
import { property, PROPERTY_KEYS } from '../api/properties.js';
import type { Compound, ConversionResult, DataPoint, PredictionResult, SearchResult, StateResult } from '../api/types.js';
import { tableNumber } from '../api/precision.js';
import type { VleResult } from '../vle/types.js';

const SAME = { convert: (v: number) => v, state: (v: number) => v };

/** "351.44 K (s: yaws)", "2.9 ± 0.4 kPa (calc, svc-relay-1.0)". */
function value(key: string, p: DataPoint): string {
  const unit = property(key)?.unit;
  return `${key} ${pointText(p, SAME, tableNumber)}${unit ? ` ${unit}` : ''} (${p.calc ? 'calc, ' : ''}${p.s})`;
}

/** A property map's entries in the registry's order (tb, tc, pc… before the rarer keys), empty ones left out. */
function entries(m: Record<string, DataPoint[]> | undefined): [string, DataPoint[]][] {
  const rank = (k: string) => PROPERTY_KEYS.indexOf(k) >>> 0; // unknown keys last
  return Object.entries(m ?? {})
    .filter(([, ps]) => ps.length)
    .sort(([a], [b]) => rank(a) - rank(b));
}

const counted = ([k, ps]: [string, DataPoint[]]) => `${k} (${ps.length} point${ps.length > 1 ? 's' : ''})`;

/** The first `n` entries, and how many more. */
function some(items: string[], n: number): string {
  return items.slice(0, n).join('; ') + (items.length > n ? `; … ${items.length - n} more in the JSON` : '');
}

const named = (c: { compound?: string; name?: string; cas?: string; id?: string; cid?: string }) => {
  const ids = [c.cas, c.id ?? c.cid].filter(Boolean).join(', ');
  return `${c.compound ?? c.name}${ids ? ` (${ids})` : ''}`;
};

export function search(query: string, r: SearchResult): string {
  if (!r.total) return `No compound matches "${query}"${r.suggestions?.length ? `; did you mean: ${r.suggestions.join(', ')}?` : '.'}`;
  const hits = r.comps.map((c) => `${named(c)} ${c.formula ?? ''}`.trim());
  const more = r.next_page ? ` (page ${r.next_page} has more)` : '';
  return `${r.total} compound(s) match "${query}"; ${r.comps.length ? `${r.range[0]}–${r.range[1]}${more}: ${some(hits, 10)}` : 'none on this page'}.`;
}

export function compound(c: Compound): string {
  const head = `${named(c)}${c.formula ? `, ${c.formula}` : ''}${c.mw === undefined ? '' : `, ${c.mw} g/mol`}${c.smiles ? `, ${c.smiles}` : ''}`;
  const fixed = entries(c.fixed_props).map(([k, ps]) => value(k, ps[0]!));
  const tdep = entries(c.tpdep_props).map(counted);
  const parts = [fixed.length ? `recommended: ${some(fixed, 12)}` : 'no fixed property', tdep.length ? `temperature-dependent: ${tdep.join(', ')} (values at a temperature: properties_at)` : ''];
  return `${head}. ${parts.filter(Boolean).join('. ')}.`;
}

export function state(r: StateResult): string {
  const name = r.compound.cid ? named(r.compound) : 'the structure';
  const lines = r.states.map((s) => {
    const at = `${s.saturation ? 'boils at ' : 'at '}${s.t} K${s.p === undefined ? '' : `, ${s.p} kPa`}${s.phase ? ` (${s.phase})` : ''}`;
    const props = entries(s.props).map(([k, ps]) => value(k, ps[0]!));
    return `${at}: ${props.length ? some(props, 12) : 'no property at these conditions'}`;
  });
  return `${name} ${lines.join('. ')}.`;
}

export function prediction(smiles: string, r: PredictionResult): string {
  const { fixed, tdep } = r.properties;
  const values = entries(fixed).map(([k, ps]) => value(k, ps[0]!));
  const tvalues = entries(tdep).map(counted);
  if (!values.length && !tvalues.length) return `No property could be predicted for ${smiles}.`;
  return `Predicted for ${smiles}: ${some(values, 14)}${tvalues.length ? `. Temperature-dependent: ${tvalues.join(', ')}` : ''}.`;
}

export function conversion(r: ConversionResult): string {
  return ['cid', 'name', 'smiles', 'inchikey', 'inchi'].map((k) => `${k}: ${(r[k] as string) || '—'}`).join('; ') + '.';
}

export function vle(r: VleResult): string {
  const [a, b] = r.components;
  const at = r.p !== undefined ? `${r.p} kPa (Txy)` : `${r.t} K (Pxy)`;
  const az = r.azeotrope;
  const azText = !az ? 'no azeotrope' : `azeotrope at x1 = ${az.x1.toFixed(4)}, ${az.t !== undefined ? `${az.t.toFixed(2)} K` : `${Number(az.p!.toPrecision(5))} kPa`}${az.x1_liquids ? ' (heterogeneous, over two liquids)' : ''}`;
  const answered = r.points.filter((p) => p.note === undefined).length;
  const source = r.sources.parameters ? `${r.model} parameters of mixture ${r.sources.parameters.mid} (${r.sources.parameters.s})` : "an ideal solution (Raoult's law)";
  return `${a.name} (1) / ${b.name} (2) at ${at}: ${answered} of ${r.points.length} ${r.kind} points, ${azText}; ${source}.`;
}
