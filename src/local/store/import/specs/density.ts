// Liquid density (registry kg/m³), the Rackett parameter Z_RA and the solid density. Molar forms
// (mol/m³, m³/mol) become mass densities with the molar mass of the identifier tables, as the library
// does; COSTALD and Rackett take Tc (and Pc) from the critical tables in the library's order.
import { T298 } from '../correlations.js';
import { at, cells, MISSING, type Curve, type Lookup, type Outputs, type TableSpec, type Value } from '../runner.js';

const DIR = 'Density';
const noMw = 'no molar mass';
/** `chemicals.critical` tries these tables in this order for Tc and Pc. */
const CRITICAL_ORDER = ['heos', 'iupac', 'mathews', 'crc', 'passut', 'webbook', 'psrk', 'dippr', 'yaws'];

/** kg/m³ from a molar volume in m³/mol. */
const fromVm = (vm: number, mw: number) => mw / 1000 / vm;

function costaldRow(row: Record<string, string>, ref: string, lookup: Lookup): Outputs {
  const out: (Curve | Value)[] = [];
  const zra = cells(row, ['Z_RA'])?.[0];
  if (zra !== undefined) out.push({ key: 'zra', v: zra, unit: '' });
  const mw = lookup.mw(ref);
  const tc = lookup.first(ref, 'tc', CRITICAL_ORDER);
  const [omega, vchar] = cells(row, ['omega_SRK', 'Vchar']) ?? [];
  if (mw === undefined || tc === undefined) return out.length ? out : mw === undefined ? noMw : 'no Tc';
  // thermo applies both on 0–Tc; they are sampled on 0.25–0.95 Tc, the range COSTALD was fitted on.
  const tmin = Math.round(0.25 * tc.v * 100) / 100;
  const tmax = Math.round(0.95 * tc.v * 100) / 100;
  const range = `${tmin}–${tmax} K, Tc ${tc.v} K (${tc.s})`;
  if (omega !== undefined && vchar !== undefined) {
    out.push({ key: 'rhol', unit: 'kg/m³', tmin, tmax, eq: 'COSTALD (kg/m³)', coeffs: [tc.v, vchar, omega, mw], c: `COSTALD, ${range}` });
  }
  const pc = lookup.first(ref, 'pc', CRITICAL_ORDER);
  if (zra !== undefined && pc !== undefined) {
    const pcPa = pc.v * 1000;
    out.push({ key: 'rhol', unit: 'kg/m³', tmin, tmax, eq: 'Rackett equation (kg/m³)', coeffs: [tc.v, pcPa, zra, mw], c: `Rackett equation, ${range}, Pc ${pc.v} kPa (${pc.s})` });
  }
  return out;
}

export const DENSITY: TableSpec[] = [
  {
    file: `${DIR}/Perry Parameters 105.tsv`,
    src: 'perry',
    row(row, ref, lookup) {
      const v = cells(row, ['C1', 'C2', 'C3', 'C4', 'Tmin', 'Tmax']);
      if (!v) return MISSING;
      const mw = lookup.mw(ref);
      if (mw === undefined) return noMw;
      const [A, B, C, D, tmin, tmax] = v as [number, number, number, number, number, number];
      // C3 = Tc = Tmax, where eq. 105 is finite: no need to stop short.
      return [{ key: 'rhol', unit: 'kg/m³', tmin, tmax, eq: 'DIPPR equation 105 (kg/m³)', coeffs: [A, B, C, D, mw], c: `DIPPR equation 105, ${tmin}–${tmax} K` }];
    },
  },
  {
    file: `${DIR}/VDI PPDS Density of Saturated Liquids.tsv`,
    src: 'vdi',
    row(row) {
      const v = cells(row, ['Tc', 'rhoc', 'A', 'B', 'C', 'D']);
      if (!v) return MISSING;
      const [Tc, rhoc, A, B, C, D] = v as [number, number, number, number, number, number];
      const tmin = Math.round(0.3 * Tc * 100) / 100;
      return [{ key: 'rhol', unit: 'kg/m³', tmin, tmax: Tc, eq: 'PPDS equation 10', coeffs: [Tc, rhoc, A, B, C, D], c: `PPDS equation 10, ${tmin}–${Tc} K` }];
    },
  },
  { file: `${DIR}/COSTALD Parameters.tsv`, src: 'costald', row: costaldRow },
  {
    file: `${DIR}/CRC Inorganics densties of molten compounds and salts.tsv`,
    src: 'crc',
    row(row) {
      const v = cells(row, ['rho', 'k', 'Tm', 'Tmax']);
      if (!v) return MISSING;
      const [rho, k, tm, tmax] = v as [number, number, number, number];
      return [{ key: 'rhol', unit: 'kg/m³', tmin: tm, tmax, eq: 'linear in T', coeffs: [rho, k, tm], c: `linear in T above the melting point, ${tm}–${tmax} K` }];
    },
  },
  {
    file: `${DIR}/CRC Liquid Inorganic Constant Densities.tsv`,
    src: 'crc',
    row(row, ref, lookup) {
      const vm = cells(row, ['Vm'])?.[0];
      if (vm === undefined) return MISSING;
      const mw = lookup.mw(ref);
      return mw === undefined ? noMw : [at('rhol', fromVm(vm, mw), 'kg/m³', T298)];
    },
  },
  {
    file: `${DIR}/CRC Solid Inorganic Constant Densities.tsv`,
    src: 'crc',
    row(row, ref, lookup) {
      const vm = cells(row, ['Vm'])?.[0];
      if (vm === undefined) return MISSING;
      const mw = lookup.mw(ref);
      return mw === undefined ? noMw : [{ key: 'rhos', v: fromVm(vm, mw), unit: 'kg/m³' }];
    },
  },
];
