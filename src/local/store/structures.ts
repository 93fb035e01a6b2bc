// Structure identity for the build: canonical SMILES, Hill formula and MW from OpenChemLib, standard
// InChI/InChIKey from RDKit unless the source gave a standard pair. This is the slow step of a build
// (~1 000 structures/s per core), so the compiled build spreads it over worker threads.
import { availableParallelism } from 'node:os';
import { mapInWorkers, useWorkers } from './worker-pool.js';

export interface StructureJob {
  smiles: string;
  inchi?: string;
  inchikey?: string;
}

export interface StructureResult {
  smiles: string;
  formula?: string;
  mw?: number;
  inchi?: string;
  inchikey?: string;
}

type Toolkit = Pick<StructureResult, 'smiles' | 'formula' | 'mw'>;

/** Canonical SMILES, formula and MW from OpenChemLib; just the input when it cannot read it. */
async function openChemLibPart(smiles: string): Promise<Toolkit> {
  const { parseSmiles, canonicalSmiles, hillFormula, masses } = await import('../../chem/molecule.js');
  const out: Toolkit = { smiles };
  try {
    const mol = parseSmiles(smiles);
    out.smiles = canonicalSmiles(mol);
    out.formula = hillFormula(mol);
    out.mw = Math.round(masses(mol).mw * 1e4) / 1e4;
  } catch {
    // OpenChemLib refuses a few valences RDKit accepts; the InChI below still identifies those.
  }
  return out;
}

/** One structure from its OpenChemLib part; undefined when neither toolkit can read the SMILES. */
async function computeStructure(job: StructureJob, ocl: Toolkit): Promise<StructureResult | undefined> {
  const out: StructureResult = { ...ocl };
  if (job.inchi && job.inchikey) {
    out.inchi = job.inchi;
    out.inchikey = job.inchikey;
  } else {
    try {
      const { inchiOf } = await import('../../chem/inchi.js');
      Object.assign(out, await inchiOf(job.smiles));
    } catch {
      // no InChI: the structure cannot give a compound id
    }
  }
  return out.inchikey ? out : undefined;
}

/** Jobs in order; a SMILES repeated in consecutive jobs (with other given InChIs) is read once. */
export async function computeInThread(jobs: StructureJob[], onDone?: (n: number) => void): Promise<(StructureResult | undefined)[]> {
  const out: (StructureResult | undefined)[] = [];
  let last: { smiles: string; ocl: Toolkit } | undefined;
  for (const job of jobs) {
    if (last?.smiles !== job.smiles) last = { smiles: job.smiles, ocl: await openChemLibPart(job.smiles) };
    out.push(await computeStructure(job, last.ocl));
    if (out.length % 500 === 0) onDone?.(500);
  }
  onDone?.(out.length % 500);
  return out;
}

/**
 * All jobs, in order, on `threads` worker threads when the compiled worker exists (running from
 * dist/); in this thread otherwise (tests run the TypeScript sources).
 */
export async function computeStructures(jobs: StructureJob[], threads = availableParallelism(), onDone?: (n: number) => void): Promise<(StructureResult | undefined)[]> {
  // Sorted by SMILES, the jobs that share one (~4 %: the same structure with different given InChIs)
  // are consecutive, so computeInThread reads it once.
  const order = jobs.map((_, i) => i).sort((a, b) => (jobs[a]!.smiles < jobs[b]!.smiles ? -1 : jobs[a]!.smiles > jobs[b]!.smiles ? 1 : a - b));
  const sorted = order.map((i) => jobs[i]!);
  const results: (StructureResult | undefined)[] = new Array(jobs.length);
  const sortedResults = useWorkers(threads, jobs.length, import.meta.url)
    ? await mapInWorkers<StructureJob, StructureResult | null>(new URL('./structure-worker.js', import.meta.url), sorted, threads, onDone)
    : await computeInThread(sorted, onDone);
  sortedResults.forEach((r, k) => (results[order[k]!] = r ?? undefined));
  return results;
}
