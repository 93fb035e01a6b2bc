// ChemSep v8.32 XML: one <compound> element per compound with constants (K, Pa, m³/kmol, J/kmol)
// and DIPPR-numbered T correlations (coefficients A–E, Tmin, Tmax, in J/kmol, J/(kmol×K), Pa×s).
// Imported: tc pc vc af tb tf hf gf hfus; hvapt (eq. 106, and hvap at ChemSep's own Tb), cpg
// (ideal gas, eq. 16/100), dvisc (liquid, eq. 101). Vapour viscosity has no registry key.
import { chemsep16, dippr100, dippr101, dippr102, dippr106, tGrid } from './correlations.js';
import { num } from './table.js';
import { CHEMICALS, type Importer } from './importer.js';
import type { ImportContext, Tally } from './context.js';
import { jPerKmolKToJPerMolK, jPerKmolToKJPerMol, paToKPa } from './units.js';

const FILE = `${CHEMICALS}/Misc/ChemSep8.32.xml`;

/** Value attributes of the simple elements of one compound. */
function simple(block: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of block.matchAll(/<(\w+) name="[^"]*"\s+(?:units="[^"]*"\s+)?value="([^"]*)"\s*\/>/g)) out[m[1]!] ??= m[2]!;
  return out;
}

interface Correlation {
  eqno: number;
  c: number[];
  tmin: number;
  tmax: number;
}

function correlation(block: string, tag: string): Correlation | undefined {
  const m = new RegExp(`<${tag} [^>]*>([\\s\\S]*?)</${tag}>`).exec(block);
  if (!m) return undefined;
  const get = (k: string) => num(new RegExp(`<${k}(?: units="[^"]*")?\\s+value="([^"]*)"`).exec(m[1]!)?.[1]);
  const eqno = get('eqno');
  const tmin = get('Tmin');
  const tmax = get('Tmax');
  if (eqno === undefined || tmin === undefined || tmax === undefined) return undefined;
  return { eqno, c: ['A', 'B', 'C', 'D', 'E'].map((k) => get(k) ?? 0), tmin, tmax };
}

function evaluate(k: Correlation, T: number, tc: number | undefined): number {
  const [A, B, C, D, E] = k.c as [number, number, number, number, number];
  switch (k.eqno) {
    case 16: return chemsep16(T, A, B, C, D, E);
    case 100: return dippr100(T, A, B, C, D, E);
    case 101: return dippr101(T, A, B, C, D, E);
    case 102: return dippr102(T, A, B, C, D);
    case 106: return tc ? dippr106(T, tc, A, B, C, D, E) : NaN;
    default: return NaN;
  }
}

function addCurve(ctx: ImportContext, t: Tally, ref: string, key: string, k: Correlation | undefined, tc: number | undefined, conv: (v: number) => number, eqs: number[]): void {
  if (!k) return;
  if (!eqs.includes(k.eqno)) return t.skip(`${key}: equation ${k.eqno} not supported`);
  if (k.eqno === 106 && !tc) return t.skip(`${key}: eq. 106 without Tc`);
  const c = `ChemSep eq. ${k.eqno}, ${k.tmin}–${k.tmax} K`;
  // Eq. 106 vanishes at Tc: the grid stops just below it.
  const tmax = k.eqno === 106 ? Math.min(k.tmax, 0.999 * tc!) : k.tmax;
  for (const T of tGrid(k.tmin, tmax)) ctx.point(t, ref, key, { v: conv(evaluate(k, T, tc)), t: T, c });
}

export const chemsep: Importer = {
  name: 'chemsep',
  files: [FILE],
  run(ctx) {
    const compounds = (text: string) => [...text.matchAll(/<compound>([\s\S]*?)<\/compound>/g)].map((m) => ({ block: m[1]!, v: simple(m[1]!) }));
    for (const { row: { block, v }, ref, t } of ctx.rows(FILE, 'chemsep', compounds, (c) => ({ cas: c.v.CAS }))) {
      ctx.identity(t, ref, { name: v.CompoundID, formula: v.StructureFormula, mw: num(v.MolecularWeight), smiles: v.Smiles });
      const fixed = (key: string, raw: string | undefined, conv = (x: number) => x) => {
        const x = num(raw);
        if (x !== undefined) ctx.point(t, ref, key, { v: conv(x) });
      };
      fixed('tc', v.CriticalTemperature);
      fixed('pc', v.CriticalPressure, paToKPa);
      fixed('vc', v.CriticalVolume);
      fixed('af', v.AcentricityFactor);
      fixed('tb', v.NormalBoilingPointTemperature);
      fixed('tf', v.NormalMeltingPointTemperature);
      fixed('hf', v.HeatOfFormation, jPerKmolToKJPerMol);
      fixed('gf', v.GibbsEnergyOfFormation, jPerKmolToKJPerMol);
      fixed('hfus', v.HeatOfFusionAtMeltingPoint, jPerKmolToKJPerMol);
      const tc = num(v.CriticalTemperature);
      const tb = num(v.NormalBoilingPointTemperature);
      const hv = correlation(block, 'HeatOfVaporization');
      addCurve(ctx, t, ref, 'hvapt', hv, tc, jPerKmolToKJPerMol, [106]);
      if (hv?.eqno === 106 && tb !== undefined && tb >= hv.tmin && tb <= hv.tmax) {
        ctx.point(t, ref, 'hvap', { v: jPerKmolToKJPerMol(evaluate(hv, tb, tc)), c: `ChemSep eq. 106 at Tb = ${tb} K` });
      }
      addCurve(ctx, t, ref, 'cpg', correlation(block, 'IdealGasHeatCapacityCp'), tc, jPerKmolKToJPerMolK, [16, 100]);
      addCurve(ctx, t, ref, 'dvisc', correlation(block, 'LiquidViscosity'), tc, (x) => x, [101]);
    }
  },
};
