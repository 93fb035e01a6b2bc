// Critical constants and acentric factor: Tc K, Pc Pa (→ kPa), Vc m³/mol (→ m³/kmol), omega, Zc
// (and Tb where a table has it). Three tables are predictions (Wilson–Jasperson, Fedors, omega from
// Psat) and get calc: true; they store the CAS as an integer without dashes.
import { tables, type Column, type TableSpec } from './runner.js';

const DIR = 'Critical Properties';

/** The columns every critical table uses for the properties it has (CRC adds `<column>_error`). */
const columns = (errors = false): Record<string, Column> => {
  const c = (key: string, unit: string | undefined, col: string): Column => ({ key, ...(unit ? { unit } : {}), ...(errors ? { error: `${col}_error` } : {}) });
  return { Tc: c('tc', 'K', 'Tc'), Pc: c('pc', 'Pa', 'Pc'), Vc: c('vc', 'm³/mol', 'Vc'), omega: c('af', undefined, 'omega'), Tb: c('tb', 'K', 'Tb'), Zc: c('zc', undefined, 'Zc') };
};
const COLUMNS = columns();

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
  { file: 'Misc/heos_constants.tsv', src: 'heos', name: 'name', columns: COLUMNS },
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
