// The trainer's input, exported from a built database: one row per structured compound with its feature vector
// and distinct atom-environment ids (the predictor's own moleculeFeatures; the ids for the models' novelty), its
// Bemis–Murcko scaffold and one target per property: the median of its
// measured, non-outlier values (`calc` and `o` points never train a model). Yaws values that the CritProp authors
// list as Yaws' *estimates* are left out as well. The CritProp fold files are exported beside it (features by
// SMILES) so the trainer can rerun the published splits. `from_name` is 1 where the structure was read from a name
// (OPSIN, name-structures.ts) rather than given by a source, so a trainer can weigh or leave those out.
import { readFileSync, writeFileSync, mkdirSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as OCL from 'openchemlib';
import { openDb } from '../local/store/schema.js';
import { csv, num } from '../local/store/import/table.js';
import { parseSmiles } from '../chem/molecule.js';
import { analyse } from '../local/predict/index.js';
import { MODEL_KEYS } from '../local/predict/methods.js';
import { CRITPROP_COLUMNS } from '../local/store/import/critprop.js';
import { median } from '../local/store/outliers.js';
import { domainFacts, moleculeFeatures } from '../local/predict/features.js';
import { FEATURE_NAMES, FEATURES_VERSION } from '../local/predict/layout.js';
import { CURVE_KEYS, curveLines, measuredCurves, type CurveRow } from './curves.js';

/**
 * Label curation, per property, measured on the published CritProp scaffold folds (database-trained model, test
 * compounds removed): a tb value only Yaws gives is left out, because Yaws' handbook fills its gaps with estimates
 * (the CritProp authors flag 21 166 of them; the unflagged rest still taught the model its errors: Tb MAE 15.3 -> 12.5 K
 * without them); for tc and af a compound whose sources spread by more than 5 % of their median is left out as a noisy
 * label (Tc 13.9 -> 13.2 K, omega 0.046 -> 0.038). Neither rule helped tf, pc or vc.
 */
export const YAWS_ALONE_UNUSED: ReadonlySet<string> = new Set(['tb']);
/**
 * An hf that a source gives equal to Joback's own estimate (within 0.01 %) is a handbook filling its gap with that
 * estimate, not a measurement: Yaws' Hf(g) table does so for 1 547 of our 5 307 hf compounds (2-decanol: -407.24
 * kJ/mol, Joback -407.24). Left out, the hf model's error on an 800-compound hold-out fell from 0.60 to 0.52 of
 * Joback's (on labels without such values). Only hf: the same rule for pc (164 values) and vc (409) made the vc model
 * worse on the same hold-out (0.94 -> 1.08 of Joback's) and pc no better on the CritProp folds.
 */
const JOBACK_HF = FEATURE_NAMES.indexOf('joback_est_hf');
const JOBACK_SAME = 1e-4;
export const SOURCES_MUST_AGREE: ReadonlySet<string> = new Set(['tc', 'af']);
const AGREEMENT = 0.05;

const CRITPROP_EST = 'critprop/all_data/estimated_data_for_pretraining/critprop_data_only_smiles_mean_value_est.csv';
const CRITPROP_SPLITS = 'critprop/data_splits_and_model_predictions';

export interface ExportOptions {
  db: string;
  out: string;
  /** Data directory (for the CritProp estimates and folds); optional. */
  dataDir?: string;
  /** Lines "InChIKey" (compound unused) or "InChIKey<TAB>key" (that property's values unused). */
  exclude?: string;
  /** A file of SMILES (one per line) whose features are exported for the golden inference test. */
  golden?: string;
  /** Keep every n-th compound only (smoke tests). */
  sample?: number;
}

export interface ExportSummary {
  featuresVersion: number;
  compounds: number;
  targets: Record<string, number>;
  unreadable: number;
  yawsEstimatesDropped: number;
  /** Source hf values equal to Joback's estimate, left out (JOBACK_HF). */
  jobackValuesDropped: number;
  /** Labels left out by the curation rules, per property (YAWS_ALONE_UNUSED, SOURCES_MUST_AGREE). */
  curated: Record<string, number>;
  excluded: number;
  critpropSmiles: number;
  /** Compounds whose measured vapour pressures are exported (curves.tsv), and those left out by the exclusions. */
  curves: number;
  curvesExcluded: number;
}

/** Bemis–Murcko scaffold as an OpenChemLib ID code: ring systems and their linkers; "" for acyclic molecules. */
export function murckoScaffold(mol: OCL.Molecule): string {
  const m = mol.getCompactCopy();
  m.removeExplicitHydrogens();
  for (;;) {
    m.ensureHelperArrays(OCL.Molecule.cHelperRings);
    const drop: number[] = [];
    for (let a = 0; a < m.getAtoms(); a++) if (!m.isRingAtom(a) && m.getConnAtoms(a) <= 1) drop.push(a);
    if (!drop.length) break;
    m.deleteAtoms(drop);
  }
  if (m.getAllAtoms() === 0) return '';
  m.stripStereoInformation();
  return m.getIDCode();
}

function readExclusions(file: string | undefined): { whole: Set<string>; byKey: Set<string> } {
  const whole = new Set<string>();
  const byKey = new Set<string>();
  if (!file) return { whole, byKey };
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const [ik, key] = line.trim().split(/\t/);
    if (!ik) continue;
    if (key) byKey.add(`${ik}\t${key.trim()}`);
    else whole.add(ik);
  }
  return { whole, byKey };
}

/** One exported molecule: its features, and the facts the applicability domain reads. */
function describe(smiles: string): { x: Float32Array; envs: Uint32Array; scaffold: string; elements: string; fragments: number; heavy: number; idcode: string } | undefined {
  let mol: OCL.Molecule;
  try {
    mol = parseSmiles(smiles);
  } catch {
    return undefined;
  }
  const a = analyse(mol);
  const { elements, fragments, heavy } = domainFacts(a.g);
  return { ...moleculeFeatures(a), scaffold: murckoScaffold(mol), elements: elements.join(' '), fragments, heavy, idcode: mol.getIDCode() };
}

/** Yaws' estimated values by OpenChemLib ID code and key. */
function yawsEstimates(dataDir: string | undefined): Map<string, Map<string, number>> {
  const est = new Map<string, Map<string, number>>();
  const path = dataDir && join(dataDir, CRITPROP_EST);
  if (!path || !existsSync(path)) return est;
  for (const row of csv(readFileSync(path, 'utf8'))) {
    let id: string;
    try {
      id = parseSmiles(row.smiles).getIDCode();
    } catch {
      continue;
    }
    const m = est.get(id) ?? new Map<string, number>();
    for (const [col, unit, key, conv] of CRITPROP_COLUMNS) {
      const v = num(row[`${col} (${unit})`]);
      if (v !== undefined) m.set(key, conv(v));
    }
    est.set(id, m);
  }
  return est;
}

export function exportDataset(opts: ExportOptions): ExportSummary {
  mkdirSync(opts.out, { recursive: true });
  const db = openDb(opts.db, { readonly: true });
  const { whole, byKey } = readExclusions(opts.exclude);
  const keys = MODEL_KEYS;
  const compounds = db
    .prepare(`SELECT id, inchikey, smiles, structure_name IS NOT NULL AS from_name FROM compounds WHERE type = 'C' AND smiles IS NOT NULL AND inchikey IS NOT NULL ORDER BY inchikey`)
    .all() as { id: string; inchikey: string; smiles: string; from_name: number }[];
  const points = db.prepare(`SELECT compound_id AS id, key, v, s FROM points WHERE calc = 0 AND o = 0 AND t IS NULL AND key IN (${keys.map(() => '?').join(',')})`).all(...keys) as { id: string; key: string; v: number; s: string }[];
  const curves = measuredCurves(db);
  db.close();
  const byCompound = new Map<string, { key: string; v: number; s: string }[]>();
  for (const p of points) {
    const list = byCompound.get(p.id) ?? [];
    list.push(p);
    byCompound.set(p.id, list);
  }
  const est = yawsEstimates(opts.dataDir);
  const summary: ExportSummary = { featuresVersion: FEATURES_VERSION, compounds: 0, targets: Object.fromEntries(keys.map((k) => [k, 0])), unreadable: 0, yawsEstimatesDropped: 0, jobackValuesDropped: 0, curated: {}, excluded: 0, critpropSmiles: 0, curves: 0, curvesExcluded: 0 };
  const rows: string[] = [['inchikey', 'idcode', 'smiles', 'scaffold', 'elements', 'fragments', 'heavy', 'from_name', ...keys].join('\t')];
  const xs: Float32Array[] = [];
  const envs: Uint32Array[] = [];
  const step = opts.sample ?? 1;
  let i = 0;
  const curveRows: CurveRow[] = [];
  for (const c of compounds) {
    const pts = byCompound.get(c.id) ?? [];
    const curve = curves.has(c.id);
    if (!pts.length && !curve) continue;
    if (whole.has(c.inchikey)) {
      summary.excluded++;
      if (curve) summary.curvesExcluded++;
      continue;
    }
    if (i++ % step) continue;
    if (curve && CURVE_KEYS.some((k) => byKey.has(`${c.inchikey}\t${k}`))) summary.curvesExcluded++;
    else if (curve) curveRows.push(c);
    const d = describe(c.smiles);
    if (!d) {
      summary.unreadable++;
      continue;
    }
    const estimates = est.get(d.idcode);
    const targets = keys.map((key) => {
      if (byKey.has(`${c.inchikey}\t${key}`)) return '';
      const vs: number[] = [];
      let yawsAlone = true;
      const joback = key === 'hf' ? d.x[JOBACK_HF] : NaN; // no estimate: NaN, equal to nothing
      for (const p of pts) {
        if (p.key !== key) continue;
        if (Math.abs(p.v - joback) <= JOBACK_SAME * Math.abs(p.v)) {
          summary.jobackValuesDropped++;
          continue;
        }
        const e = p.s === 'yaws' ? estimates?.get(key) : undefined;
        if (e !== undefined && Math.abs(p.v - e) <= 0.005 * Math.abs(e) + 1e-9) {
          summary.yawsEstimatesDropped++;
          continue;
        }
        vs.push(p.v);
        yawsAlone &&= p.s === 'yaws';
      }
      if (!vs.length) return '';
      const m = median(vs);
      const disagree = SOURCES_MUST_AGREE.has(key) && Math.max(...vs) - Math.min(...vs) > AGREEMENT * Math.abs(m);
      if ((yawsAlone && YAWS_ALONE_UNUSED.has(key)) || disagree) {
        summary.curated[key] = (summary.curated[key] ?? 0) + 1;
        return '';
      }
      summary.targets[key]++;
      return String(m);
    });
    if (targets.every((t) => t === '') && curveRows.at(-1) !== c) continue;
    summary.compounds++;
    rows.push([c.inchikey, d.idcode, c.smiles, d.scaffold, d.elements, d.fragments, d.heavy, c.from_name, ...targets].join('\t'));
    xs.push(d.x);
    envs.push(d.envs);
  }
  const lines = curveLines(curveRows, curves);
  summary.curves = lines.length - 1;
  writeFileSync(join(opts.out, 'curves.tsv'), lines.join('\n') + '\n');
  writeMatrix(join(opts.out, 'db.f32'), xs);
  writeEnvironments(join(opts.out, 'db.env'), envs);
  writeFileSync(join(opts.out, 'db.tsv'), rows.join('\n') + '\n');
  writeFileSync(join(opts.out, 'features.txt'), FEATURE_NAMES.join('\n') + '\n');

  // CritProp folds: every SMILES of every fold file, once.
  const splits = opts.dataDir && join(opts.dataDir, CRITPROP_SPLITS);
  if (splits && existsSync(splits)) {
    const seen = new Set<string>();
    for (const kind of readdirSync(splits)) {
      for (const fold of readdirSync(join(splits, kind))) {
        for (const f of readdirSync(join(splits, kind, fold))) {
          if (!f.startsWith('critprop_')) continue;
          for (const row of csv(readFileSync(join(splits, kind, fold, f), 'utf8'))) seen.add(row.smiles);
        }
      }
    }
    const cpRows = [['smiles', 'idcode', 'scaffold', 'elements', 'fragments', 'heavy'].join('\t')];
    const cpXs: Float32Array[] = [];
    for (const smi of [...seen].sort()) {
      const d = describe(smi);
      if (!d) continue;
      cpRows.push([smi, d.idcode, d.scaffold, d.elements, d.fragments, d.heavy].join('\t'));
      cpXs.push(d.x);
    }
    writeMatrix(join(opts.out, 'critprop.f32'), cpXs);
    writeFileSync(join(opts.out, 'critprop.tsv'), cpRows.join('\n') + '\n');
    summary.critpropSmiles = cpXs.length;
  }
  if (opts.golden) {
    const smiles = readFileSync(opts.golden, 'utf8').split(/\r?\n/).filter((l) => l && !l.startsWith('#'));
    const gx = smiles.map((smi) => describe(smi));
    const bad = smiles.filter((_, j) => !gx[j]);
    if (bad.length) throw new Error(`golden SMILES not readable: ${bad.join(', ')}`);
    writeMatrix(join(opts.out, 'golden.f32'), gx.map((d) => d!.x));
    writeEnvironments(join(opts.out, 'golden.env'), gx.map((d) => d!.envs));
    writeFileSync(join(opts.out, 'golden.tsv'), ['smiles\telements\tfragments\theavy', ...smiles.map((smi, j) => [smi, gx[j]!.elements, gx[j]!.fragments, gx[j]!.heavy].join('\t'))].join('\n') + '\n');
  }
  writeFileSync(join(opts.out, 'export.json'), JSON.stringify(summary, null, 2) + '\n');
  return summary;
}

function writeMatrix(path: string, xs: Float32Array[]): void {
  const width = FEATURE_NAMES.length;
  const buf = new Float32Array(xs.length * width);
  xs.forEach((x, i) => buf.set(x, i * width));
  writeFileSync(path, Buffer.from(buf.buffer));
}

/** Each molecule's distinct environment identifiers (moleculeFeatures): its count, then the ids, as little-endian uint32. */
function writeEnvironments(path: string, list: Uint32Array[]): void {
  const buf = new Uint32Array(list.reduce((n, ids) => n + 1 + ids.length, 0));
  let at = 0;
  for (const ids of list) {
    buf[at++] = ids.length;
    buf.set(ids, at);
    at += ids.length;
  }
  writeFileSync(path, Buffer.from(buf.buffer));
}
