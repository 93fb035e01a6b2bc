// Critical constants and acentric factor: Tc K, Pc Pa (→ kPa), Vc m³/mol (→ m³/kmol), omega, Zc
// (and Tb where a table has it). Three tables are predictions (Wilson–Jasperson, Fedors, omega from
// Psat) and get calc: true; they store the CAS as an integer without dashes.
import { tables, type Column, type Curve, type TableSpec } from './runner.js';

const DIR = 'Critical Properties';

/** The columns every critical table uses for the properties it has (CRC adds `<column>_error`). */
const columns = (errors = false): Record<string, Column> => {
  const c = (key: string, unit: string | undefined, col: string): Column => ({ key, ...(unit ? { unit } : {}), ...(errors ? { error: `${col}_error` } : {}) });
  return { Tc: c('tc', 'K', 'Tc'), Pc: c('pc', 'Pa', 'Pc'), Vc: c('vc', 'm³/mol', 'Vc'), omega: c('af', undefined, 'omega'), Tb: c('tb', 'K', 'Tb'), Zc: c('zc', undefined, 'Zc') };
};
const COLUMNS = columns();

const WATER = '7732-18-5';
/**
 * Water's vapour pressure from its reference formulation, the IAPWS-IF97 saturation equation (its published
 * coefficients n1…n10; valid from 273.15 K to the critical point of the row, 647.096 K), beside the reference
 * EOS's constants: the recommended water pvap and saturation temperatures follow IAPWS, as thermo's IAPWS_PSAT does.
 */
const IF97_PSAT: Curve = {
  key: 'pvap',
  unit: 'Pa',
  tmin: 273.15,
  tmax: 647.096,
  eq: 'IAPWS-IF97 saturation equation',
  coeffs: [0.11670521452767e4, -0.72421316703206e6, -0.17073846940092e2, 0.1202082470247e5, -0.32325550322333e7, 0.1491510861353e2, -0.48232657361591e4, 0.40511340542057e6, -0.23855557567849, 0.65017534844798e3],
  c: 'IAPWS-IF97 saturation equation, 273.15–647.096 K',
  r: 'IAPWS R7-97(2012), Revised Release on the IAPWS Industrial Formulation 1997 for the Thermodynamic Properties of Water and Steam',
};

const SPECS: TableSpec[] = [
  {
    file: `${DIR}/IUPACOrganicCriticalProps.tsv`,
    src: 'iupac',
    name: 'Chemical',
    columns: COLUMNS,
    refOf: (r) => (r.Reference ? `IUPAC, Vapor-Liquid Critical Properties of Elements and Compounds, part ${r.Reference}, J. Chem. Eng. Data` : undefined),
  },
  { file: `${DIR}/Mathews1972InorganicCriticalProps.tsv`, src: 'mathews', name: 'Chemical', columns: COLUMNS },
  { file: `${DIR}/CRCCriticalOrganics.tsv`, src: 'crc', name: 'Chemical', columns: columns(true) },
  { file: `${DIR}/Appendix to PSRK Revision 4.tsv`, src: 'psrk', name: 'Chemical', columns: COLUMNS },
  { file: `${DIR}/PassutDanner1973.tsv`, src: 'passut', name: 'Chemical', columns: COLUMNS },
  { file: `${DIR}/Yaws Collection.tsv`, src: 'yaws', name: 'Chemical', columns: COLUMNS },
  { file: `${DIR}/DIPPRPinaMartines.tsv`, src: 'dippr', columns: COLUMNS },
  { file: `${DIR}/wilson_jasperson_Tc_Pc_predictions.tsv`, src: 'wilson-jasperson', calc: true, columns: COLUMNS },
  { file: `${DIR}/fedors_Vc_predictions.tsv`, src: 'fedors', calc: true, columns: COLUMNS },
  { file: `${DIR}/omega_Psat_Tc_predictions.tsv`, src: 'omega-psat', calc: true, columns: COLUMNS },
  { file: 'Misc/heos_constants.tsv', src: 'heos', name: 'name', columns: COLUMNS, row: (row) => (row.CAS?.trim() === WATER ? [IF97_PSAT] : []) },
];

export const critical = tables('critical', SPECS);

/** Bell, Satyro & Lemmon (2018): Tc, Pc and a name per InChIKey (no CAS; joined by InChIKey). */
export const bell2018 = tables('bell2018', [
  {
    file: 'Phase Change/Bell 2018 je7b00967_si_001.tsv',
    src: 'bell2018',
    key: (r) => ({ inchikey: r.inchikey }),
    identity: (r) => (r.name ? { name: r.name, inchikey: r.inchikey } : undefined),
    columns: { Tc: { key: 'tc' }, Pc: { key: 'pc', unit: 'Pa' } },
  },
]);
