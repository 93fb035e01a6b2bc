// Critical constants and acentric factor: Tc K, Pc Pa (→ kPa), Vc m³/mol (→ m³/kmol), omega, Zc.
// Three tables are predictions (Wilson–Jasperson, Fedors, omega from Psat) and get calc: true;
// they store the CAS as an integer without dashes.
import { num, tsv, type Row } from './table.js';
import { CHEMICALS, type Importer } from './importer.js';
import { byCas, type ImportContext } from './context.js';
import { m3PerMolToM3PerKmol, paToKPa } from './units.js';

const DIR = `${CHEMICALS}/Critical Properties`;

interface Spec {
  file: string;
  src: string;
  name?: string;
  calc?: boolean;
  /** Literature reference of a row, when the table names one. */
  ref?: (row: Row) => string | undefined;
  errors?: boolean;
}

const SPECS: Spec[] = [
  { file: `${DIR}/IUPACOrganicCriticalProps.tsv`, src: 'iupac', name: 'Chemical', ref: (r) => (r.Reference ? `IUPAC, Vapor-Liquid Critical Properties of Elements and Compounds, part ${r.Reference}, J. Chem. Eng. Data` : undefined) },
  { file: `${DIR}/Mathews1972InorganicCriticalProps.tsv`, src: 'mathews', name: 'Chemical' },
  { file: `${DIR}/CRCCriticalOrganics.tsv`, src: 'crc', name: 'Chemical', errors: true },
  { file: `${DIR}/Appendix to PSRK Revision 4.tsv`, src: 'psrk', name: 'Chemical' },
  { file: `${DIR}/PassutDanner1973.tsv`, src: 'passut', name: 'Chemical' },
  { file: `${DIR}/Yaws Collection.tsv`, src: 'yaws', name: 'Chemical' },
  { file: `${DIR}/DIPPRPinaMartines.tsv`, src: 'dippr' },
  { file: `${DIR}/wilson_jasperson_Tc_Pc_predictions.tsv`, src: 'wilson-jasperson', calc: true },
  { file: `${DIR}/fedors_Vc_predictions.tsv`, src: 'fedors', calc: true },
  { file: `${DIR}/omega_Psat_Tc_predictions.tsv`, src: 'omega-psat', calc: true },
  { file: `${CHEMICALS}/Misc/heos_constants.tsv`, src: 'heos', name: 'name' },
];

const COLUMNS: [string, string, (v: number) => number][] = [
  ['Tc', 'tc', (v) => v],
  ['Pc', 'pc', paToKPa],
  ['Vc', 'vc', m3PerMolToM3PerKmol],
  ['omega', 'af', (v) => v],
  ['Zc', 'zc', (v) => v],
  ['Tb', 'tb', (v) => v],
];

function importTable(ctx: ImportContext, spec: Spec): void {
  for (const { row, ref, t } of ctx.rows(spec.file, spec.src, tsv, byCas())) {
    if (spec.name && row[spec.name]) ctx.identity(t, ref, { name: row[spec.name] });
    for (const [col, key, conv] of COLUMNS) {
      const v = num(row[col]);
      if (v === undefined) continue;
      const err = spec.errors ? num(row[`${col}_error`]) : undefined;
      ctx.point(t, ref, key, { v: conv(v), e: err === undefined ? undefined : conv(err), r: spec.ref?.(row), calc: spec.calc });
    }
  }
}

export const critical: Importer = {
  name: 'critical',
  files: SPECS.map((s) => s.file),
  run(ctx) {
    for (const spec of SPECS) importTable(ctx, spec);
  },
};

/** Bell, Satyro & Lemmon (2018): Tc, Pc and a name per InChIKey (no CAS; joined by InChIKey). */
const BELL = `${CHEMICALS}/Phase Change/Bell 2018 je7b00967_si_001.tsv`;

export const bell2018: Importer = {
  name: 'bell2018',
  files: [BELL],
  run(ctx) {
    for (const { row, ref, t } of ctx.rows(BELL, 'bell2018', tsv, (r) => ({ inchikey: r.inchikey }))) {
      if (row.name) ctx.identity(t, ref, { name: row.name, inchikey: row.inchikey });
      const tc = num(row.Tc);
      const pc = num(row.Pc);
      if (tc !== undefined) ctx.point(t, ref, 'tc', { v: tc });
      if (pc !== undefined) ctx.point(t, ref, 'pc', { v: paToKPa(pc) });
    }
  },
};
