#!/usr/bin/env node
// The NextMove SMILES reading benchmark (github.com/nextmovesoftware/smilesreading, BSD-2): 47 464 ChEMBL molecules
// written as aromatic SMILES by many toolkits; the truth is the benchmark's Kekulé SMILES of each. Per writer, a
// reading is silently wrong when it gives another formula (hydrogens included) than the same reader's reading of
// the Kekulé SMILES, and a rejection when it refuses the SMILES. chem's strict reader (the structure every entry
// point builds from) is measured beside RDKit (Debian's python3-rdkit, same run). Goals: chem's wrong readings
// <= 2x RDKit's + 10, its rejections <= RDKit's + 50, over the nine writers RDKit reads back almost perfectly.
//
//   npm run build && node bench/smiles-reading.js --repo PATH [--n 47464]
//
// PATH: a checkout of the benchmark, or its git directory (files are read with git show). Not committed: a
// sample of it is test/fixtures/chem/smilesreading-sample.smi.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';

const { values: opt } = parseArgs({ options: { repo: { type: 'string' }, n: { type: 'string' } } });
const root = fileURLToPath(new URL('../', import.meta.url));
if (!opt.repo) {
  console.error('usage: node bench/smiles-reading.js --repo PATH (fetch github.com/nextmovesoftware/smilesreading)');
  process.exit(2);
}
const { readStructure } = await import(`${root}dist/chem/smiles/read.js`);
const { SYMBOLS } = await import(`${root}dist/chem/smiles/valence.js`);

const WRITERS = ['BIOVIADraw_2017', 'Cactvs_3.4.6.19', 'cdk_2.0', 'indigo_1.2.3.r0', 'iwtoolkit_1.0', 'jchem_17.23', 'oechem_June2017', 'openbabel_dev4Aug17', 'rdkit_2017.03.3'];

function file(rel) {
  const path = join(opt.repo, rel);
  if (existsSync(path)) return gunzipSync(readFileSync(path)).toString('utf8');
  const r = spawnSync('git', ['--git-dir', opt.repo, 'show', `HEAD:${rel}`], { maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`git show HEAD:${rel}: ${r.error ?? r.stderr}`);
  return gunzipSync(r.stdout).toString('utf8');
}
/** id -> SMILES of a benchmark file. */
function smilesOf(rel) {
  const out = new Map();
  for (const line of file(rel).split('\n')) {
    const [s, id] = line.split(/\s+/);
    if (s && id !== undefined && (!opt.n || Number(id) < Number(opt.n))) out.set(id, s);
  }
  return out;
}

/** chem's formula of a SMILES (element counts, hydrogens included), or undefined when it rejects it. */
function chemFormula(s) {
  let st;
  try {
    st = readStructure(s);
  } catch {
    return undefined;
  }
  const counts = new Map();
  let h = 0;
  st.g.z.forEach((z, a) => {
    h += st.h[a];
    counts.set(z, (counts.get(z) ?? 0) + 1);
  });
  counts.set(1, (counts.get(1) ?? 0) + h);
  return [...counts].sort((p, q) => p[0] - q[0]).map(([z, n]) => `${SYMBOLS[z]}${n}`).join('');
}

/** RDKit's formulas (undefined: rejected), or undefined without RDKit. */
function rdkitFormulas(smiles) {
  const r = spawnSync('/usr/bin/python3', [join(root, 'bench/rdkit_formulas.py')], { input: smiles.join('\n') + '\n', encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.status !== 0) return undefined;
  return r.stdout.split('\n').slice(0, smiles.length).map((l) => (l === 'reject' ? undefined : l));
}

const truth = smilesOf('1-benchmarks/chembl.smi.gz');
const ids = [...truth.keys()];
const chemTruth = new Map(ids.map((id) => [id, chemFormula(truth.get(id))]));
const rdkitTruthList = rdkitFormulas(ids.map((id) => truth.get(id)));
if (!rdkitTruthList) console.log('no RDKit (apt-get install python3-rdkit): chem only');
const rdkitTruth = rdkitTruthList && new Map(ids.map((id, i) => [id, rdkitTruthList[i]]));

const total = { chem: { wrong: 0, rejected: 0 }, rdkit: { wrong: 0, rejected: 0 }, n: 0 };
const examples = [];
console.log(`${ids.length} molecules; per writer: wrong readings / rejections`);
for (const w of WRITERS) {
  const written = smilesOf(`2-aromaticsmiles/chembl/${w}.smi.gz`);
  const list = [...written.keys()].filter((id) => truth.has(id));
  const ref = rdkitTruth && rdkitFormulas(list.map((id) => written.get(id)));
  const row = { chem: { wrong: 0, rejected: 0 }, rdkit: { wrong: 0, rejected: 0 } };
  list.forEach((id, i) => {
    const s = written.get(id);
    const mine = chemFormula(s);
    if (mine === undefined) row.chem.rejected++;
    else if (chemTruth.get(id) !== undefined && mine !== chemTruth.get(id)) {
      row.chem.wrong++;
      if (examples.length < 30) examples.push(`${w} ${id} ${s}: ${mine}, truth ${chemTruth.get(id)}`);
    }
    if (ref) {
      if (ref[i] === undefined) row.rdkit.rejected++;
      else if (rdkitTruth.get(id) !== undefined && ref[i] !== rdkitTruth.get(id)) row.rdkit.wrong++;
    }
  });
  for (const k of ['chem', 'rdkit']) for (const m of ['wrong', 'rejected']) total[k][m] += row[k][m];
  total.n += list.length;
  console.log(`  ${w.padEnd(22)} ${String(list.length).padStart(6)}: chem ${row.chem.wrong} / ${row.chem.rejected}` + (ref ? `, RDKit ${row.rdkit.wrong} / ${row.rdkit.rejected}` : ''));
}
console.log(`all ${total.n}: chem ${total.chem.wrong} wrong, ${total.chem.rejected} rejected` + (rdkitTruth ? `; RDKit ${total.rdkit.wrong} wrong, ${total.rdkit.rejected} rejected` : ''));
if (rdkitTruth) {
  const okWrong = total.chem.wrong <= 2 * total.rdkit.wrong + 10;
  const okRejected = total.chem.rejected <= total.rdkit.rejected + 50;
  console.log(`goals: wrong <= 2x RDKit's + 10 (${2 * total.rdkit.wrong + 10}): ${okWrong ? 'met' : 'NOT met'}; rejected <= RDKit's + 50 (${total.rdkit.rejected + 50}): ${okRejected ? 'met' : 'NOT met'}`);
}
if (examples.length) console.log(`wrong readings (first ${examples.length}):\n  ${examples.join('\n  ')}`);
