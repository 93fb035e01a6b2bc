// The property families of the correlation and constant tables, as one importer of declarative
// specs, and the critical compressibility calculated where no table gives it.
import { tables } from '../runner.js';
import type { Importer } from '../importer.js';
import type { ImportContext } from '../context.js';
import { R } from '../../../../units/registry.js';
import { DENSITY } from './density.js';
import { LIQUID_HEAT_CAPACITY } from './liquid-heat-capacity.js';
import { MOLECULAR } from './molecular.js';
import { SAFETY } from './safety.js';
import { SURFACE_TENSION } from './surface-tension.js';
import { THERMAL_CONDUCTIVITY } from './thermal-conductivity.js';
import { VAPOR_PRESSURE } from './vapor-pressure.js';

export const FAMILY_SPECS = [...VAPOR_PRESSURE, ...DENSITY, ...SURFACE_TENSION, ...THERMAL_CONDUCTIVITY, ...LIQUID_HEAT_CAPACITY, ...MOLECULAR, ...SAFETY];

export const families: Importer = tables('families', FAMILY_SPECS, { crossCheck: true });

/**
 * Zc = Pc·Vc/(R·Tc) (pc kPa × vc m³/kmol = kJ/kmol = J/mol) from the measured Tc, Pc and Vc of one
 * source, for compounds no table gives a Zc for; marked calc and attributed to that source.
 */
export const criticalZc: Importer = {
  name: 'zc',
  files: [],
  run(ctx: ImportContext) {
    const byRef = new Map<string, Map<string, Record<string, number>>>();
    const tabled = new Set<string>();
    for (const p of ctx.points) {
      if (p.key === 'zc' && !p.calc) tabled.add(p.ref);
      if (p.calc || (p.key !== 'tc' && p.key !== 'pc' && p.key !== 'vc')) continue;
      let bySrc = byRef.get(p.ref);
      if (!bySrc) byRef.set(p.ref, (bySrc = new Map()));
      const vals = bySrc.get(p.s) ?? {};
      vals[p.key] ??= p.v;
      bySrc.set(p.s, vals);
    }
    const t = ctx.derive('zc = Pc·Vc/(R·Tc) from the Tc, Pc and Vc of one source');
    for (const [ref, bySrc] of byRef) {
      if (tabled.has(ref)) continue;
      let used = false;
      for (const [s, { tc, pc, vc }] of bySrc) {
        if (tc === undefined || pc === undefined || vc === undefined) continue;
        if (!used) t.row();
        used = true;
        ctx.point(t, ref, 'zc', { v: (pc * vc) / (R * tc), calc: true, c: `Pc·Vc/(R·Tc) from this source's Tc, Pc and Vc` }, s);
      }
    }
    ctx.finish();
  },
};
