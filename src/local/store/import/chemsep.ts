// ChemSep v8.32 XML: one <compound> element per compound with constants (K, Pa, m³/kmol, J/kmol)
// and DIPPR-numbered T correlations (coefficients A–E, Tmin, Tmax, in J/kmol, J/(kmol×K), Pa×s).
// Imported: tc pc vc af tb tf hf gf hfus, UNIQUAC r and q; hvapt (eq. 106, and hvap at ChemSep's own Tb), cpg
// (ideal gas, eq. 16/100), dvisc (liquid, eq. 101). Vapour viscosity has no registry key.
import { curveFunction } from '../../../tdep/equations.js';
import { tables, type Curve, type Note, type Value } from './runner.js';
import { num, type Row } from './table.js';

/** The correlations imported: element → key, the unit of its values, the equations supported. */
const CORRELATIONS = [
  { tag: 'HeatOfVaporization', key: 'hvapt', unit: 'J/kmol', eqs: [106] },
  { tag: 'IdealGasHeatCapacityCp', key: 'cpg', unit: 'J/(kmol×K)', eqs: [16, 100] },
  { tag: 'LiquidViscosity', key: 'dvisc', unit: 'Pa×s', eqs: [101] },
];
const COEFFICIENTS = ['eqno', 'A', 'B', 'C', 'D', 'E', 'Tmin', 'Tmax'];

/**
 * One row per compound: the value attribute of each simple element (`CriticalTemperature`, …) and
 * of each coefficient of the imported correlations (`HeatOfVaporization.A`, …).
 */
function compounds(text: string): Row[] {
  return [...text.matchAll(/<compound>([\s\S]*?)<\/compound>/g)].map(([, block]) => {
    const row: Row = {};
    for (const m of block!.matchAll(/<(\w+)\s+name="[^"]*"\s+(?:units="[^"]*"\s+)?value="([^"]*)"\s*\/>/g)) row[m[1]!] ??= m[2]!;
    for (const { tag } of CORRELATIONS) {
      const inner = new RegExp(`<${tag} [^>]*>([\\s\\S]*?)</${tag}>`).exec(block!)?.[1];
      if (!inner) continue;
      for (const k of COEFFICIENTS) {
        const v = new RegExp(`<${k}(?: units="[^"]*")?\\s+value="([^"]*)"`).exec(inner)?.[1];
        if (v !== undefined) row[`${tag}.${k}`] = v;
      }
    }
    return row;
  });
}

interface Correlation {
  eqno: number;
  c: [number, number, number, number, number];
  tmin: number;
  tmax: number;
}

function correlation(row: Row, tag: string): Correlation | undefined {
  const get = (k: string) => num(row[`${tag}.${k}`]);
  const [eqno, tmin, tmax] = [get('eqno'), get('Tmin'), get('Tmax')];
  if (eqno === undefined || tmin === undefined || tmax === undefined) return undefined;
  return { eqno, c: ['A', 'B', 'C', 'D', 'E'].map((k) => get(k) ?? 0) as Correlation['c'], tmin, tmax };
}

/** The registry's equation and coefficients of a ChemSep correlation (eq. 106 with the compound's Tc). */
function registered(k: Correlation, tc: number | undefined): [eq: string, coeffs: number[]] {
  const [A, B, C, D, E] = k.c;
  switch (k.eqno) {
    case 16: return ['ChemSep equation 16', [A, B, C, D, E]];
    case 100: return ['DIPPR equation 100', [A, B, C, D, E]];
    case 101: return ['DIPPR equation 101', [A, B, C, D, E]];
    case 102: return ['DIPPR equation 102', [A, B, C, D]];
    default: return ['DIPPR equation 106', [tc!, A, B, C, D, E]];
  }
}

function chemsepRow(row: Row): (Curve | Value | Note)[] {
  const tc = num(row.CriticalTemperature);
  const tb = num(row.NormalBoilingPointTemperature);
  const out: (Curve | Value | Note)[] = [];
  for (const { tag, key, unit, eqs } of CORRELATIONS) {
    const k = correlation(row, tag);
    if (!k) continue;
    if (!eqs.includes(k.eqno)) out.push({ skip: `${key}: equation ${k.eqno} not supported` });
    else if (k.eqno === 106 && !tc) out.push({ skip: `${key}: eq. 106 without Tc` });
    // Eq. 106 vanishes at Tc: the grid stops just below it.
    else {
      const [eq, coeffs] = registered(k, tc);
      out.push({ key, unit, tmin: k.tmin, tmax: k.tmax, ...(k.eqno === 106 ? { zeroAt: tc } : {}), eq, coeffs, c: `ChemSep eq. ${k.eqno}, ${k.tmin}–${k.tmax} K` });
      if (key === 'hvapt' && k.eqno === 106 && tb !== undefined && tb >= k.tmin && tb <= k.tmax) {
        out.push({ key: 'hvap', unit, v: curveFunction(eq, coeffs)(tb), c: `ChemSep eq. 106 at Tb = ${tb} K` });
      }
    }
  }
  return out;
}

export const chemsep = tables('chemsep', [
  {
    file: 'Misc/ChemSep8.32.xml',
    src: 'chemsep',
    parse: compounds,
    identity: (v) => ({ name: v.CompoundID, formula: v.StructureFormula, mw: num(v.MolecularWeight), smiles: v.Smiles }),
    columns: {
      CriticalTemperature: { key: 'tc' },
      CriticalPressure: { key: 'pc', unit: 'Pa' },
      CriticalVolume: { key: 'vc' },
      AcentricityFactor: { key: 'af' },
      NormalBoilingPointTemperature: { key: 'tb' },
      NormalMeltingPointTemperature: { key: 'tf' },
      HeatOfFormation: { key: 'hf', unit: 'J/kmol' },
      GibbsEnergyOfFormation: { key: 'gf', unit: 'J/kmol' },
      HeatOfFusionAtMeltingPoint: { key: 'hfus', unit: 'J/kmol' },
      // the pure-component parameters of ChemSep's UNIQUAC sets (chem vle --model uniquac)
      UniquacR: { key: 'uniquac_r' },
      UniquacQ: { key: 'uniquac_q' },
    },
    row: chemsepRow,
  },
]);
