// CritProp experimental data (Biswas et al. 2023, CC BY 4.0): Tc K, Pc bar (→ kPa), rhoc mol/L (→ vc = 1/rhoc
// m³/kmol), omega, Tb K, Tm K, ΔHvap and ΔHfus kJ/mol, keyed by SMILES. One point per property: the paper's
// mean over its sources (named in `c`), its standard deviation as `e`. The Yaws estimates of the same authors
// (`estimated_data_for_pretraining/`) are not imported: they are predictions, not measurements.
import { tables, unitOf, type Value } from './runner.js';
import { csv, num } from './table.js';
import { convert } from '../../../units/registry.js';
import { convertKeepingDigits } from '../../../api/precision.js';

const CRITPROP = 'critprop/all_data/experimental_data/critprop_data_with_all_info_expt.csv';

/** The paper's reference numbers (its README); "-expt" marks Yaws' experimental values. */
const REFS: Record<string, string> = {
  '1': "Perry's Handbook, 8th ed.",
  '2': 'VDI Heat Atlas',
  '3': 'Yaws ch. 1',
  '4': 'Yaws ch. 2',
  '5': 'NIST WebBook',
  '6': 'Yaws ch. 11-12',
  '7': 'Yaws ch. 9-10',
  '8': 'CRC Handbook, 102nd ed.',
  '9': 'Joback thesis (1984)',
  '10': 'IUPAC critical properties 7',
  '11': 'IUPAC critical properties 8',
  '12': 'IUPAC critical properties 9',
  '13': 'IUPAC critical properties 10',
  '14': 'IUPAC critical properties 11',
  '15': 'IUPAC critical properties 12',
};

/** CritProp columns, the unit the files use, and the conversion to the registry key's unit. */
export const CRITPROP_COLUMNS: [col: string, unit: string, key: string, conv: (v: number) => number][] = [
  ['Tc', 'K', 'tc', (v) => v],
  ['Pc', 'bar', 'pc', (v) => convertKeepingDigits(v, (x) => convert(x, 'bar', 'kPa'), (x) => convert(x, 'kPa', 'bar'))],
  ['rhoc', 'mol/L', 'vc', (v) => convertKeepingDigits(v, (x) => 1 / x, (x) => 1 / x)],
  ['omega', '-', 'af', (v) => v],
  ['Tb', 'K', 'tb', (v) => v],
  ['Tm', 'K', 'tf', (v) => v],
  ['dHvap', 'kJ/mol', 'hvap', (v) => v],
  ['dHfus', 'kJ/mol', 'hfus', (v) => v],
];

/** "['1', '3-expt']" → "Perry's Handbook, 8th ed.; Yaws ch. 1". */
function refNames(list: string | undefined): string {
  const ids = (list ?? '').match(/[0-9]+/g) ?? [];
  return [...new Set(ids.map((i) => REFS[i] ?? `ref. ${i}`))].join('; ');
}

export const critprop = tables('critprop', [
  {
    file: `/${CRITPROP}`,
    src: 'critprop',
    parse: csv,
    key: (r) => ({ smiles: r.smiles }),
    identity: (r) => ({ name: r.name || undefined, smiles: r.smiles }),
    row(row) {
      const out: Value[] = [];
      for (const [col, unit, key, conv] of CRITPROP_COLUMNS) {
        const mean = num(row[`${col} mean (${unit})`]);
        if (mean === undefined || (mean <= 0 && key !== 'af')) continue;
        const std = num(row[`${col} std (${unit})`]);
        // vc = 1/rhoc: the standard deviation propagates as std/rhoc².
        const e = std === undefined || std === 0 ? undefined : key === 'vc' ? std / (mean * mean) : conv(std);
        out.push({ key, v: conv(mean), unit: unitOf(key), ...(e === undefined ? {} : { e }), c: `mean of: ${refNames(row[`${col} all reference`])}` });
      }
      return out;
    },
  },
]);
