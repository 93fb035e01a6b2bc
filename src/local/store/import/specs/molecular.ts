// Molecular and liquid constants: refractive index (at its temperature), radius of gyration, dipole
// moment, Hansen solubility parameters (the tables give Pa^0.5), relative permittivity of liquids.
import { at, cells, type Column, type Curve, type TableSpec, type Value } from '../runner.js';

const HANSEN: Record<string, Column> = {
  HANSEN_DELTA_D: { key: 'hansen_d', unit: 'Pa^0.5' },
  HANSEN_DELTA_P: { key: 'hansen_p', unit: 'Pa^0.5' },
  HANSEN_DELTA_H: { key: 'hansen_h', unit: 'Pa^0.5' },
};
const DIPOLE: Record<string, Column> = { dipole_moment: { key: 'dm', unit: 'debye' } };
const RG: Record<string, Column> = { RG: { key: 'gr', unit: 'm' } };

export const MOLECULAR: TableSpec[] = [
  {
    file: 'Misc/CRC Handbook Organic RI.csv',
    src: 'crc',
    row(row) {
      const v = cells(row, ['RI', 'RIT']);
      return v ? [at('rfi', v[0]!, '', v[1]!)] : 'no refractive index or temperature';
    },
  },
  { file: 'Misc/chemsep_radius_of_gyrations.tsv', src: 'chemsep', columns: RG },
  { file: 'Misc/psi4_radius_of_gyrations.tsv', src: 'psi4', calc: true, columns: RG },
  { file: 'Misc/cccbdb.nist.gov Dipoles.csv', src: 'cccbdb', columns: DIPOLE },
  { file: 'Misc/Muller Supporting Info Dipoles.csv', src: 'muller', columns: DIPOLE },
  { file: 'Misc/Poling Dipole.csv', src: 'poling', columns: DIPOLE },
  { file: 'Misc/psi4_dipoles.tsv', src: 'psi4', calc: true, columns: DIPOLE },
  { file: 'Misc/ruben_manuel_hansen_solubility_parameters.tsv', src: 'hsp-ruben', columns: HANSEN },
  { file: 'Misc/alshehri_hansen_solubility_parameters.tsv', src: 'alshehri', columns: HANSEN },
  { file: 'Misc/hspipy_hansen_solubility_parameters.tsv', src: 'hspipy', columns: HANSEN },
  { file: 'Misc/schrier_hansen_solubility_parameters.tsv', src: 'schrier', columns: HANSEN },
  {
    file: 'Electrolytes/Permittivity (Dielectric Constant) of Liquids.tsv',
    src: 'crc',
    row(row) {
      const out: (Curve | Value)[] = [];
      const point = cells(row, ['T', 'Permittivity']);
      if (point) out.push(at('epsr', point[1]!, '', point[0]!));
      const range = cells(row, ['A', 'Tmin', 'Tmax']);
      if (range) {
        // empty B–D are 0 (as thermo reads them)
        const [B, C, D] = ['B', 'C', 'D'].map((k) => cells(row, [k])?.[0] ?? 0) as [number, number, number];
        const [A, tmin, tmax] = range as [number, number, number];
        out.push({ key: 'epsr', unit: '', tmin, tmax, eq: 'DIPPR equation 100', coeffs: [A, B, C, D, 0], c: `CRC polynomial, ${tmin}–${tmax} K` });
      }
      return out.length ? out : 'no permittivity';
    },
  },
];
