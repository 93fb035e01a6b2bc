// All importers in the order they run. Order does not decide merges (ranks in sources.ts do).
import { chemsep } from './chemsep.js';
import { comptox } from './comptox.js';
import { commonChemistry, compilations } from './compilations.js';
import { bell2018, critical } from './critical.js';
import { critprop } from './critprop.js';
import { formation } from './formation.js';
import { heatCapacity } from './heat-capacity.js';
import { identifiers } from './identifiers.js';
import type { Importer } from './importer.js';
import { partition } from './partition.js';
import { bradley, phaseChange } from './phase-change.js';
import { physprop } from './physprop.js';
import { solubility } from './solubility.js';
import { criticalZc, families } from './specs/index.js';
import { vaporization } from './vaporization.js';
import { viscosity } from './viscosity.js';

export const IMPORTERS: readonly Importer[] = [
  identifiers, chemsep, comptox, critical, bell2018, phaseChange, bradley, vaporization, formation,
  heatCapacity, viscosity, partition, solubility, compilations, physprop, commonChemistry, critprop,
  // after the critical tables and the identifiers: they use their Tc, Pc and molar masses
  families, criticalZc,
];

export type { Importer };
