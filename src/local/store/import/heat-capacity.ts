// Heat capacities in J/(mol×K): `cpg` (ideal gas) and `cps` (solid), all T-dependent.
// Coefficient tables are evaluated on tGrid(Tmin, Tmax); tabulated ones keep their temperatures.
// Liquid Cp (JANAF liquid, Shomate liquid ranges, Perry phase "l") has no registry key and is not
// imported. CRCHeatCapacitySolids labels graphite with methane's CAS (74-82-8): that row is refused.
import { dippr100, shomate, tGrid, trcCpOverR, T298 } from './correlations.js';
import { num, tsv, type Row } from './table.js';
import { CHEMICALS, type Importer } from './importer.js';
import { byCas, type ImportContext, type RowKey } from './context.js';
import { calPerMolKToJPerMolK, jPerMolToKJPerMol, R } from './units.js';

const DIR = `${CHEMICALS}/Heat Capacity`;
const F = {
  poling: `${DIR}/PolingDatabank.tsv`,
  trc: `${DIR}/TRC Thermodynamics of Organic Compounds in the Gas State.tsv`,
  janafGas: `${DIR}/JANAF_1998_gas_Cp.json`,
  janafSolid: `${DIR}/JANAF_1998_solid_Cp.json`,
  crcSolids: `${DIR}/CRCHeatCapacitySolids.tsv`,
  shomate: `${DIR}/webbook_shomate_coefficients.json`,
  perry: `${DIR}/Perrys Table 2-151.tsv`,
};

function poling(ctx: ImportContext): void {
  for (const { row, ref, t } of ctx.rows(F.poling, 'poling', tsv, byCas())) {
    const [tmin, tmax, a0, a1, a2, a3, a4] = ['Tmin', 'Tmax', 'a0', 'a1', 'a2', 'a3', 'a4'].map((k) => num(row[k]));
    const at298 = num(row.Cpg);
    // The tabulated 298.15 K value stands in for the polynomial at that temperature.
    if (at298 !== undefined) ctx.point(t, ref, 'cpg', { v: at298, t: T298 });
    if (tmin === undefined || tmax === undefined || a0 === undefined) continue;
    const c = `Cp/R polynomial, ${tmin}–${tmax} K`;
    for (const T of tGrid(tmin, tmax)) {
      if (T === T298 && at298 !== undefined) continue;
      ctx.point(t, ref, 'cpg', { v: R * dippr100(T, a0, a1, a2, a3, a4), t: T, c });
    }
  }
}

function trc(ctx: ImportContext): void {
  for (const { row, ref, t } of ctx.rows(F.trc, 'trc', tsv, byCas())) {
    if (row.Chemical) ctx.identity(t, ref, { name: row.Chemical });
    const hf = num(row.Hfg);
    if (hf !== undefined) ctx.point(t, ref, 'hf', { v: jPerMolToKJPerMol(hf) });
    const a = ['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7'].map((k) => num(row[k]));
    const tmin = num(row.Tmin);
    const tmax = num(row.Tmax);
    if (a.some((x) => x === undefined) || tmin === undefined || tmax === undefined) continue;
    const c = `TRC Cp equation, ${tmin}–${tmax} K`;
    for (const T of tGrid(tmin, tmax)) ctx.point(t, ref, 'cpg', { v: R * trcCpOverR(T, a as number[]), t: T, c });
  }
}

function janaf(ctx: ImportContext, rel: string, key: string): void {
  const parse = (text: string) => Object.entries(JSON.parse(text) as Record<string, [number[], number[]]>);
  for (const { row: [, [ts, cps]], ref, t } of ctx.rows(rel, 'janaf', parse, ([cas]) => ({ cas }))) {
    ts.forEach((T, i) => {
      if (T > 0 && cps[i] !== undefined) ctx.point(t, ref, key, { v: cps[i]!, t: T });
    });
  }
}

function crcSolids(ctx: ImportContext): void {
  // Graphite is labelled with methane's CAS.
  const key = (row: Row): RowKey =>
    row.CASRN === '74-82-8' && /graphite/i.test(row['NAME/T(K) J/mol/K'] ?? '') ? { refused: 'CAS belongs to another substance' } : { cas: row.CASRN };
  for (const { row, ref, t } of ctx.rows(F.crcSolids, 'crc', tsv, key)) {
    for (const T of [200, 250, 300, 350, 400, 500, 600]) {
      const v = num(row[String(T)]);
      if (v !== undefined) ctx.point(t, ref, 'cps', { v, t: T });
    }
  }
}

type Range = [number, number, number, number, number, number, number];

function shomateTable(ctx: ImportContext): void {
  const parse = (text: string) => Object.entries(JSON.parse(text) as Record<string, [Range[] | null, Range[] | null, Range[] | null]>);
  for (const { row: [, [solid, , gas]], ref, t } of ctx.rows(F.shomate, 'webbook', parse, ([cas]) => ({ cas }))) {
    for (const [key, ranges] of [['cps', solid], ['cpg', gas]] as const) {
      for (const [tmin, tmax, A, B, C, D, E] of ranges ?? []) {
        const c = `Shomate equation, ${tmin}–${tmax} K`;
        for (const T of tGrid(tmin, tmax)) ctx.point(t, ref, key, { v: shomate(T, A, B, C, D, E), t: T, c });
      }
    }
  }
}

function perry(ctx: ImportContext): void {
  for (const { row, ref, t } of ctx.rows(F.perry, 'perry', tsv, byCas('Ful CAS'))) {
    const phase = row['main phase'];
    const key = phase === 'c' ? 'cps' : phase === 'g' ? 'cpg' : undefined;
    if (!key) {
      t.skip('liquid phase (no registry key)');
      continue;
    }
    const [a, b, c2, d, tmin, tmax] = ['Constant Term', '+*T term', '/T^2 term', '*T^2 term', 'Tmin', 'Tmax'].map((k) => num(row[k]));
    if (a === undefined || tmin === undefined || tmax === undefined) {
      t.reject('missing coefficient');
      continue;
    }
    const c = `Perry's Table 2-151 (cal/mol/K), ${tmin}–${tmax} K${row.subphase ? `, ${row.subphase}` : ''}`;
    for (const T of tGrid(tmin, tmax)) {
      const cp = a + (b ?? 0) * T + (c2 ?? 0) / (T * T) + (d ?? 0) * T * T;
      ctx.point(t, ref, key, { v: calPerMolKToJPerMolK(cp), t: T, c });
    }
  }
}

export const heatCapacity: Importer = {
  name: 'heat-capacity',
  files: [F.poling, F.trc, F.janafGas, F.janafSolid, F.crcSolids, F.shomate, F.perry],
  run(ctx) {
    poling(ctx);
    trc(ctx);
    janaf(ctx, F.janafGas, 'cpg');
    janaf(ctx, F.janafSolid, 'cps');
    crcSolids(ctx);
    shomateTable(ctx);
    perry(ctx);
  },
};
