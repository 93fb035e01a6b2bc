// models/REPORT.md from the trainer's report.json: per property n, random and Bemis–Murcko scaffold 5-fold
// errors of the model and of the group-contribution baseline on the same folds, and the published CritProp folds.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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
  first?: boolean;
  /** The model is built on this property's model (train.py CONFIG `per`); compounds left out for want of its value. */
  per?: string;
  dropped_no_per?: number;
  calibration: number;
  coverage_68?: number;
  coverage_68_random?: number;
  spearman?: { e: number; e_random?: number; spread: number };
  novelty_ref?: number;
  seconds: number;
  bytes: number;
  direct?: Direct | null;
}
/** The direct fallback of an offset model; its errors are those on the compounds it serves (no estimate). */
interface Direct {
  n: number;
  n_served: number;
  scaffold: Metrics;
  random_mae: number;
  coverage_68: number;
  coverage_68_random: number;
  spearman: number;
  calibration: number;
  bytes: number;
  seconds: number;
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
  /** Share of the cross-validation errors that e's calibration puts within e (train.py's COVERAGE). */
  coverage?: number;
  export: { compounds: number; yawsEstimatesDropped: number; jobackValuesDropped?: number; curated?: Record<string, number>; excluded: number; unreadable: number };
  properties: Record<string, Entry>;
  critprop: Record<string, Critprop> | null;
  /** The tb labels from the measured vapour-pressure curves (ml/curves.py) and their scaffold-fold comparison. */
  tb_curves?: { mode: string; curves: number; placed: number; used: number };
  tb_curves_cv?: Record<string, { n_rows: number; median: number; mean: number; tb_mae: number }>;
}

/** The section on the tb labels that the measured vapour-pressure curves give (train.py --tb-curves, --curves-cv). */
function curvesSection(r: Report): string[] {
  if (!r.tb_curves) return [];
  const c = r.tb_curves;
  const out = [
    '## tb from the measured vapour-pressure curves',
    '',
    `tb labels: \`${c.mode}\` (ml/curves.py): of ${c.curves} compounds with measured vapour pressures, ${c.placed} curves placed (the Tb that puts chem's Lee–Kesler curve through Tb, with the predicted Tc, Pc and ΔHvap/Tb, on the measured points), ${c.used} used as labels.`,
    '',
  ];
  if (r.tb_curves_cv) {
    out.push('Scaffold folds (5), |ln(P/P_measured)| at the lowest, middle and highest measured temperature of each curve with the out-of-fold Tb:', '');
    out.push('| tb labels | rows | median | mean | tb MAE on measured labels (K) |', '|---|---|---|---|---|');
    for (const [mode, v] of Object.entries(r.tb_curves_cv)) out.push(`| ${mode} | ${v.n_rows} | ${v.median.toFixed(3)} | ${v.mean.toFixed(3)} | ${v.tb_mae.toFixed(2)} |`);
    out.push('');
  }
  return out;
}

/** models/pvap-holdout.json: the estimated vapour pressure on compounds left out of every model (bench/estimates.js). */
interface Holdout {
  command: string;
  compounds: number;
  selection: string;
  runs: { set: string; tb: string; temperatures: string; rows: number; answered: number; median: number; mean: number; classicMedian: number; classicMean: number; ratioMedian: number; ratioMean: number; withinE: number }[];
}

function holdoutSection(h: Holdout | undefined): string[] {
  if (!h) return [];
  const out = [
    '## Vapour pressure on held-out compounds',
    '',
    `Two sets of ${h.compounds} compounds (${h.selection}) left out of every model (\`npm run train -- --exclude FILE\`), the models that the estimate reads retrained without them; \`${h.command}\`. |ln(P/P_measured)| of \`chem predict --t\` pvap; classic: Joback Tb, Tc, Pc → Lee–Kesler ω → Lee–Kesler, the ratio on the rows both answer (the median and mean columns: every answered row).`,
    '',
    '| compounds | tb model | temperatures | rows | answered | median | mean | classic median | classic mean | ratio median | ratio mean | within e |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of h.runs) {
    out.push(`| ${r.set} | ${r.tb} | ${r.temperatures} | ${r.rows} | ${((100 * r.answered) / r.rows).toFixed(1)} % | ${r.median.toFixed(3)} | ${r.mean.toFixed(3)} | ${r.classicMedian.toFixed(3)} | ${r.classicMean.toFixed(3)} | ${r.ratioMedian.toFixed(2)} | ${r.ratioMean.toFixed(2)} | ${(100 * r.withinE).toFixed(0)} % |`);
  }
  out.push('');
  return out;
}

const BASELINE: Record<string, string> = { logp: 'Crippen', log10ws: 'GSE (Crippen, Joback)', af: 'Lee–Kesler (Joback)' };
const UNITS: Record<string, string> = { tb: 'K', tf: 'K', tc: 'K', pc: 'kPa', vc: 'm³/kmol', af: '', hf: 'kJ/mol', gf: 'kJ/mol', hvap: 'kJ/mol', hfus: 'kJ/mol', log10ws: '', logp: '' };
const CRITPROP_LABEL: Record<string, [string, string, number]> = {
  tb: ['Tb', 'K', 1], tf: ['Tm', 'K', 1], tc: ['Tc', 'K', 1], pc: ['Pc', 'bar', 0.01], vc: ['Vc', 'm³/kmol', 1], af: ['ω', '', 1], hvap: ['ΔHvap', 'kJ/mol', 1], hfus: ['ΔHfus', 'kJ/mol', 1],
};

/** chem-ml 1.0's scaffold 5-fold MAE (its models/REPORT.md, trained on the database before the structures read from names). */
const V10_SCAFFOLD_MAE: Record<string, number> = { tb: 23.4, tf: 32.3, tc: 18.3, pc: 204, vc: 0.0171, af: 0.0502, hf: 15.5, gf: 23.1, hvap: 1.96, hfus: 3.63, log10ws: 0.642, logp: 0.372 };

/** Spearman(e, |error|) of the first 1.1 models, whose e was calibration × spread × (novelty + a), on the same folds. */
const SPREAD_NOVELTY_SPEARMAN: Record<string, number> = { tb: 0.38, tf: 0.14, tc: 0.31, pc: 0.41, vc: 0.38, af: 0.34, hf: 0.64, gf: 0.41, hvap: 0.33, hfus: 0.26, log10ws: 0.16, logp: 0.15 };

const f = (v: number, d = 3) => (Number.isFinite(v) ? Number(v.toPrecision(d)).toString() : 'n/a');

export function renderReport(r: Report, holdout?: Holdout): string {
  if (!Object.keys(r.properties).length && r.critprop) return critpropSection(r.critprop).join('\n') + '\n';
  const out: string[] = [];
  out.push(`# ${r.family} ${r.version}: validation report`, '');
  out.push(
    'Written by `npm run train` (seed ' + r.seed + '); do not edit. Training data: the local database built from the data mirror, ' +
      'measured (`calc` false), non-outlier values, one target per compound (median of its sources; compounds are unique by InChIKey), ' +
      `Yaws' estimated values left out (${r.export.yawsEstimatesDropped} values recognised from the CritProp estimates file), ` +
      `and so is every hf a source gives equal to Joback's own estimate within 0.01 % (a handbook filling its gap with it: ${r.export.jobackValuesDropped ?? 0} values). ` +
      'Curated labels (src/ml/dataset.ts): a tb that only Yaws gives is left out (his handbook fills gaps with estimates), and so is a tc or af ' +
      `whose sources spread by more than 5 % of their median (${Object.entries(r.export.curated ?? {}).map(([k, n]) => `${k} ${n}`).join(', ') || 'none'} labels left out). ` +
      `${r.export.compounds} compounds have at least one target. MAE, RMSE, R² in registry units.`,
    '',
  );
  out.push('## Cross-validation on the database (5 folds)', '');
  out.push('Scaffold folds group compounds by Bemis–Murcko scaffold (ring systems and linkers); acyclic compounds have none and are each their own group. ' +
    'The baseline is computed on the compounds it covers; "model (same)" is the model on those same compounds. ' +
    '"point": `first` when the model beats its baseline on the scaffold folds (these and, where the property has them, the CritProp scaffold folds below), ' +
    'else `after` (the baseline\'s point comes first); `beta`: behind the baseline or not at least 2× below it. ' +
    '"1.0": chem-ml 1.0\'s scaffold MAE, on its own (smaller) training set.', '');
  out.push('| key | unit | n | random MAE | random RMSE | random R² | scaffold MAE | scaffold RMSE | scaffold R² | n baseline | baseline | baseline scaffold MAE | model (same) scaffold MAE | ratio | point | 1.0 scaffold MAE |');
  out.push('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const [key, e] of Object.entries(r.properties)) {
    if (!e.random || !e.scaffold) continue;
    const ratio = e.scaffold.baseline[0] / e.scaffold.model_on_baseline[0];
    out.push(`| ${key} | ${UNITS[key] ?? ''} | ${e.n} | ${f(e.random.model[0])} | ${f(e.random.model[1])} | ${f(e.random.model[2])} | ${f(e.scaffold.model[0])} | ${f(e.scaffold.model[1])} | ${f(e.scaffold.model[2])} | ${e.scaffold.n_baseline} | ${BASELINE[key] ?? 'Joback'} | ${f(e.scaffold.baseline[0])} | ${f(e.scaffold.model_on_baseline[0])} | ${f(ratio, 2)}× | ${e.first === false ? 'after' : 'first'}${e.beta ? ', beta' : ''} | ${V10_SCAFFOLD_MAE[key] ?? 'n/a'} |`);
  }
  for (const [key, e] of Object.entries(r.properties)) {
    if (e.per) out.push('', `\`${key}\` is built on \`${e.per}\`: its trees learn ${key} / ${e.per} (from the compounds' measured ${e.per}; the offset is Joback's own ratio) and its value is that × the ${e.per} model's value, so it borrows what the ${e.per} model learnt from its larger training set; its cross-validation uses the ${e.per} model's out-of-fold values, and it trains on the compounds with a measured ${e.per} among the ${e.per} model's training compounds (${e.dropped_no_per ?? 'n/a'} others are left out, those outside its domain among them; its direct fallback learns from all).`);
  }
  const coverage = Math.round(100 * (r.coverage ?? 0.65)); // 1.1's first report.json had no coverage field: it was 65 %
  out.push('', 'Uncertainty `e` = calibration × exp(error member) × max(1, unseen / ref). The error member is a tree model of ln |error| trained ' +
    'on the model\'s own scaffold-CV and random-CV errors (each compound twice); unseen counts the molecule\'s distinct circular atom environments (radius 0–2) that no training compound ' +
    `holds, and ref is its 95th percentile among the cross-validation compounds (only a molecule stranger than 95 % of them is widened on that account). The calibration makes ${coverage} % of the ` +
    `scaffold-CV and random-CV errors together fall within \`e\` (the same for a new scaffold and a close analogue; ${coverage} %, not 68 %: the fold models learn from 80 % of the compounds, ` +
    'the shipped model from all of them, so its errors on new compounds run smaller: on an 800-compound hold-out 70–84 % fell within a 68 % fold calibration), with the error member itself cross-validated on the scaffold folds and unseen counted against each fold\'s training compounds. Spearman: rank correlation with |error| on ' +
    'the scaffold folds (and of `e` on the random folds), of the ensemble members\' spread (1.0\'s `e`) and of the first 1.1 models\' spread × (novelty + a).', '');
  out.push('| key | calibration | novelty ref | scaffold-CV errors within e | random-CV errors within e | Spearman(e, \\|error\\|) | random folds | Spearman(spread, \\|error\\|) | Spearman(spread × novelty) | domain elements | compounds outside the domain | train s | model bytes |', '|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const [key, e] of Object.entries(r.properties)) {
    out.push(`| ${key} | ${f(e.calibration)} | ${e.novelty_ref === undefined ? 'n/a' : f(e.novelty_ref)} | ${e.coverage_68 === undefined ? 'n/a' : f(e.coverage_68, 2)} | ${e.coverage_68_random === undefined ? 'n/a' : f(e.coverage_68_random, 2)} | ${e.spearman ? f(e.spearman.e, 2) : 'n/a'} | ${e.spearman?.e_random === undefined ? 'n/a' : f(e.spearman.e_random, 2)} | ${e.spearman ? f(e.spearman.spread, 2) : 'n/a'} | ${SPREAD_NOVELTY_SPEARMAN[key] ?? 'n/a'} | ${e.elements.join(' ')} | ${e.dropped_outside_domain} | ${e.seconds} | ${e.bytes} |`);
  }
  const direct = Object.entries(r.properties).filter(([, e]) => e.direct);
  if (direct.length) {
    out.push('', '## Direct fallbacks', '', 'A model that corrects a group-contribution estimate has no value for a molecule without one (Joback cannot fragment it, ' +
      'or its Tc is past the method\'s maximum). Its fallback `<key>-direct` learns the value itself from all the compounds (one member and an error member) ' +
      'and serves those molecules alone, as `-beta`; its errors and `e` are measured on the compounds it serves.', '');
    out.push('| key | n | n served | scaffold MAE | scaffold R² | random MAE | calibration | scaffold-CV errors within e | random-CV errors within e | Spearman(e, \\|error\\|) | model bytes |', '|---|---|---|---|---|---|---|---|---|---|---|');
    for (const [key, { direct: d }] of direct) {
      out.push(`| ${key} | ${d!.n} | ${d!.n_served} | ${f(d!.scaffold[0])} | ${f(d!.scaffold[2])} | ${f(d!.random_mae)} | ${f(d!.calibration)} | ${f(d!.coverage_68, 2)} | ${f(d!.coverage_68_random, 2)} | ${f(d!.spearman, 2)} | ${d!.bytes} |`);
    }
  }
  if (r.critprop) out.push('', ...critpropSection(r.critprop));
  out.push(...curvesSection(r));
  out.push(...holdoutSection(holdout));
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
  const holdout = join(dirname(markdown), 'pvap-holdout.json');
  writeFileSync(markdown, renderReport(JSON.parse(readFileSync(reportJson, 'utf8')) as Report, existsSync(holdout) ? (JSON.parse(readFileSync(holdout, 'utf8')) as Holdout) : undefined));
}

// `npm run report`: REPORT.md again from the models' report.json (after a change of this layout; no retraining).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = fileURLToPath(new URL('../../models', import.meta.url));
  writeReport(join(dir, 'report.json'), join(dir, 'REPORT.md'));
}
