// EPI Suite PhysProp melting and boiling points (°C → K, with a reference per row) and the names of
// the vapour-pressure set (its values are not imported). Values are text: only plain numbers
// are imported; ranges ("262-264"), "dec" and "<"/">" qualifiers are counted as skipped.
import { tables, type TableSpec } from './runner.js';
import { csv, num } from './table.js';

const DIR = '/PyEPISuite/data/mpbpvp';

const temperature = (file: string, col: string, key: string): TableSpec => ({
  file: `${DIR}/${file}`,
  src: 'physprop',
  parse: csv,
  identity: (r) => (r.Name ? { name: r.Name, mw: num(r['Mol Wt']) } : undefined),
  refOf: (r) => r.Reference || undefined,
  row(r) {
    const v = num(r[col]);
    if (v !== undefined) return [{ key, v, unit: '°C' }];
    return r[col] ? `${key}: not a plain number` : [];
  },
});

export const physprop = tables('physprop', [
  temperature('Melting_Point_PhysChem.csv', 'Melt Pt (deg C)', 'tf'),
  temperature('Boiling_Point_PhysChem.csv', 'Boiling Pt (deg C)', 'tb'),
  { file: `${DIR}/Vapor_Pressure_PhysChem.csv`, src: 'physprop', parse: csv, identity: (r) => (r.Name ? { name: r.Name, mw: num(r.MW) } : undefined) },
]);
