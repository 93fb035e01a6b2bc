// models/REPORT.md from the trainer's report.json: per property n, random and Bemis–Murcko scaffold 5-fold
// errors of the model and of the group-contribution baseline on the same folds, and the published CritProp folds.
import { readFileSync, writeFileSync } from 'node:fs';

type Metrics = [mae: number, rmse: number, r2: number];
interface Fold {
  model: Metrics;
  model_on_baseline: Metrics;
  baseline: Metrics;
  n_baseline: number;
}
interface Entry {
  n: number;
  dropped_outside_domain: number;
  elements: string[];
  random?: Fold;
  scaffold?: Fold;
  beta: boolean;
  calibration: number;
  coverage_68?: number;
  seconds: number;
  bytes: number;
}
interface Critprop {
  n: number;
  ours_fold: number;
  ours_db: number;
  dmpnn: number;
  joback: number;
}
interface Report {
  family: string;
  version: string;
  seed: number;
  export: { compounds: number; yawsEstimatesDropped: number; excluded: number; unreadable: number };
  properties: Record<string, Entry>;
  critprop: Record<string, Critprop> | null;
}

const BASELINE: Record<string, string> = { logp: 'Crippen', log10ws: 'GSE (Crippen, Joback)', af: 'Lee–Kesler (Joback)' };
const UNITS: Record<string, string> = { tb: 'K', tf: 'K', tc: 'K', pc: 'kPa', vc: 'm³/kmol', af: '', hf: 'kJ/mol', gf: 'kJ/mol', hvap: 'kJ/mol', hfus: 'kJ/mol', log10ws: '', logp: '' };
const CRITPROP_LABEL: Record<string, [string, string, number]> = {
  tb: ['Tb', 'K', 1], tf: ['Tm', 'K', 1], tc: ['Tc', 'K', 1], pc: ['Pc', 'bar', 0.01], vc: ['Vc', 'm³/kmol', 1], af: ['ω', '', 1], hvap: ['ΔHvap', 'kJ/mol', 1], hfus: ['ΔHfus', 'kJ/mol', 1],
};

const f = (v: number, d = 3) => (Number.isFinite(v) ? Number(v.toPrecision(d)).toString() : 'n/a');

export function renderReport(r: Report): string {
  if (!Object.keys(r.properties).length && r.critprop) return critpropSection(r.critprop).join('\n') + '\n';
  const out: string[] = [];
  out.push(`# ${r.family} ${r.version}: validation report`, '');
  out.push(
    'Written by `npm run train` (seed ' + r.seed + '); do not edit. Training data: the local database built from the data mirror, ' +
      'measured (`calc` false), non-outlier values, one target per compound (median of its sources; compounds are unique by InChIKey), ' +
      `Yaws' estimated values left out (${r.export.yawsEstimatesDropped} values recognised from the CritProp estimates file). ` +
      `${r.export.compounds} compounds have at least one target. MAE, RMSE, R² in registry units.`,
    '',
  );
  out.push('## Cross-validation on the database (5 folds)', '');
  out.push('Scaffold folds group compounds by Bemis–Murcko scaffold (ring systems and linkers); acyclic compounds have none and are each their own group. ' +
    'The baseline is computed on the compounds it covers; "model (same)" is the model on those same compounds. `beta`: the scaffold MAE is not at least 2× below the baseline\'s.', '');
  out.push('| key | unit | n | random MAE | random RMSE | random R² | scaffold MAE | scaffold RMSE | scaffold R² | n baseline | baseline | baseline scaffold MAE | model (same) scaffold MAE | ratio | released |');
  out.push('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const [key, e] of Object.entries(r.properties)) {
    if (!e.random || !e.scaffold) continue;
    const ratio = e.scaffold.baseline[0] / e.scaffold.model_on_baseline[0];
    out.push(`| ${key} | ${UNITS[key] ?? ''} | ${e.n} | ${f(e.random.model[0])} | ${f(e.random.model[1])} | ${f(e.random.model[2])} | ${f(e.scaffold.model[0])} | ${f(e.scaffold.model[1])} | ${f(e.scaffold.model[2])} | ${e.scaffold.n_baseline} | ${BASELINE[key] ?? 'Joback'} | ${f(e.scaffold.baseline[0])} | ${f(e.scaffold.model_on_baseline[0])} | ${f(ratio, 2)}× | ${e.beta ? 'beta' : 'yes'} |`);
  }
  out.push('', 'Uncertainty `e` = calibration × spread of the ensemble members; the calibration factor makes 68 % of the scaffold-CV errors fall within `e`.', '');
  out.push('| key | calibration | share of errors within e | domain elements | compounds outside the domain | train s | model bytes |', '|---|---|---|---|---|---|---|');
  for (const [key, e] of Object.entries(r.properties)) {
    out.push(`| ${key} | ${f(e.calibration)} | ${e.coverage_68 === undefined ? 'n/a' : f(e.coverage_68, 2)} | ${e.elements.join(' ')} | ${e.dropped_outside_domain} | ${e.seconds} | ${e.bytes} |`);
  }
  if (r.critprop) out.push('', ...critpropSection(r.critprop));
  return out.join('\n') + '\n';
}

function critpropSection(critprop: Record<string, Critprop>): string[] {
  const out: string[] = [];
  {
    out.push('## The published CritProp folds (Biswas et al. 2023)', '');
    out.push('Mean absolute error on the test files of the paper\'s folds, on the test compounds Joback covers and inside our domain. ' +
      '"ours, fold" is trained on the fold\'s training file only; "ours, database" on the whole database with the fold\'s test compounds removed ' +
      '(the way the shipped model sees data). D-MPNN is the paper\'s multitask message-passing network (its published test predictions).', '');
    for (const kind of ['scaffold', 'random']) {
      const rows = Object.entries(critprop).filter(([k]) => k.startsWith(`${kind}:`));
      if (!rows.length) continue;
      out.push(`### ${kind} folds`, '', '| property | unit | n | ours, fold | ours, database | D-MPNN | Joback | fold / D-MPNN | database / D-MPNN | Joback / database |', '|---|---|---|---|---|---|---|---|---|---|');
      for (const [k, c] of rows) {
        const key = k.split(':')[1];
        const [label, unit, scale] = CRITPROP_LABEL[key] ?? [key, '', 1];
        out.push(`| ${label} | ${unit} | ${c.n} | ${f(c.ours_fold * scale)} | ${f(c.ours_db * scale)} | ${f(c.dmpnn * scale)} | ${f(c.joback * scale)} | ${f(c.ours_fold / c.dmpnn, 2)} | ${f(c.ours_db / c.dmpnn, 2)} | ${f(c.joback / c.ours_db, 2)} |`);
      }
      out.push('');
    }
  }
  return out;
}

export function writeReport(reportJson: string, markdown: string): void {
  writeFileSync(markdown, renderReport(JSON.parse(readFileSync(reportJson, 'utf8')) as Report));
}
