#!/usr/bin/env node
// Benchmark of the predictor's SMILES reading, in one process: the lean reader (src/chem/smiles/lean.ts, with
// OpenChemLib for what it leaves) against its peer, OpenChemLib's parse as the predictor called it before (no
// coordinates, no stereo), each followed by what the predictor reads next: the SMARTS graph with RDKit's aromaticity
// (molgraph.ts) and the molecular weight. Rounds alternate between the two; the best time of each is compared.
// Also: how many of the SMILES the lean reader takes.
//
//   npm run build && node bench/smiles.js [--db PATH] [--n 10000] [--rounds 5]
//
// SMILES: the first N distinct SMILES of the database's compounds (--db PATH, or CHEM_DB), else the lines of
// test/fixtures/chem/smiles.smi repeated to N.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: opt } = parseArgs({
  options: {
    n: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '5' },
    db: { type: 'string', default: process.env.CHEM_DB },
  },
});
const root = fileURLToPath(new URL('../', import.meta.url));
if (!existsSync(`${root}dist/chem/smiles/lean.js`)) {
  console.error('build first: npm run build');
  process.exit(2);
}
const { leanMolecule } = await import(`${root}dist/chem/smiles/lean.js`);
const { readStructure } = await import(`${root}dist/chem/smiles/read.js`);
/** The strict reading and the lean molecule built from it (undefined: left to OpenChemLib). */
const readSmiles = (s) => leanMolecule(readStructure(s));
const { masses, parseSmiles } = await import(`${root}dist/chem/molecule.js`);
const { molGraph } = await import(`${root}dist/chem/molgraph.js`);

const n = Number(opt.n);
let smiles;
if (opt.db) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(opt.db, { readonly: true });
  smiles = db.prepare("SELECT smiles FROM compounds WHERE smiles IS NOT NULL AND smiles <> '' GROUP BY smiles ORDER BY min(rowid) LIMIT ?").pluck().all(n);
  db.close();
  console.log(`input: ${smiles.length} distinct SMILES from the database's compounds`);
} else {
  const lines = readFileSync(`${root}test/fixtures/chem/smiles.smi`, 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
  smiles = Array.from({ length: n }, (_, i) => lines[i % lines.length]);
  console.log(`input: the ${lines.length} SMILES of test/fixtures/chem/smiles.smi repeated to ${n} lines (no database: --db or CHEM_DB)`);
}

// Only SMILES both read, so both sides do the same work: the strict reading refuses some that OpenChemLib reads
// (over-valent atoms, metal bonds written as covalent), OpenChemLib some that it reads (aromatic systems it cannot
// kekulize).
const readsBoth = (s) => {
  try {
    readStructure(s);
    parseSmiles(s, { stereo: false });
    return true;
  } catch {
    return false;
  }
};
const all = smiles.length;
smiles = smiles.filter(readsBoth);
console.log(`${all - smiles.length} SMILES one of the two cannot read, left out of both sides`);

const viaOpenChemLib = (s) => {
  const m = parseSmiles(s, { stereo: false });
  return molGraph(m).n + masses(m).mw;
};
const runs = {
  'OpenChemLib parse': () => {
    let x = 0;
    for (const s of smiles) {
      try {
        x += viaOpenChemLib(s);
      } catch {
        x--;
      }
    }
    return x;
  },
  'lean reader': () => {
    let x = 0;
    for (const s of smiles) {
      try {
        const m = readSmiles(s);
        x += m ? molGraph(m).n + m.relativeWeight() : viaOpenChemLib(s);
      } catch {
        x--;
      }
    }
    return x;
  },
};
const best = {};
const sums = {};
for (let r = 0; r < Number(opt.rounds); r++) {
  for (const [name, run] of Object.entries(runs)) {
    const t0 = performance.now();
    sums[name] = run();
    best[name] = Math.min(best[name] ?? Infinity, performance.now() - t0);
  }
}
if (sums['lean reader'] !== sums['OpenChemLib parse']) throw new Error(`the two readings differ: ${sums['lean reader']} vs ${sums['OpenChemLib parse']}`);
const taken = smiles.filter((s) => {
  try {
    return readSmiles(s);
  } catch {
    return false; // rejected by the strict reading
  }
}).length;
console.log(`lean reader takes ${taken} of ${smiles.length} SMILES (${((100 * taken) / smiles.length).toFixed(1)} %), OpenChemLib reads the rest`);
for (const [name, ms] of Object.entries(best)) console.log(`${name.padEnd(18)} + graph + weight: ${ms.toFixed(0)} ms (best of ${opt.rounds})`);
console.log(`lean reader: ${(best['OpenChemLib parse'] / best['lean reader']).toFixed(2)}x OpenChemLib's parse`);
