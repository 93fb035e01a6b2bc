// Structure identity for the build: RDKit's canonical SMILES (the one printed) and OpenChemLib's (the
// lookup key, smiles_key: every SMILES a user types is matched through OpenChemLib's canonical form, so a
// lookup never loads RDKit), Hill formula and MW from OpenChemLib, standard InChI/InChIKey from RDKit unless
// the source gave a standard pair. This is the slow step of a build (~1 000 structures/s per core), so the
// compiled build spreads it over worker threads.
import { availableParallelism } from 'node:os';
import { mapInWorkers, useWorkers } from './worker-pool.js';

export interface StructureJob {
  smiles: string;
  inchi?: string;
  inchikey?: string;
}

export interface StructureResult {
  /** RDKit's canonical SMILES; OpenChemLib's where RDKit cannot read the input, else the input. */
  smiles: string;
  /** OpenChemLib's canonical SMILES (compounds.smiles_key); absent where OpenChemLib cannot read the input. */
  key?: string;
  formula?: string;
  mw?: number;
  inchi?: string;
  inchikey?: string;
}

type Toolkit = Pick<StructureResult, 'key' | 'formula' | 'mw'>;

/** OpenChemLib's canonical SMILES, formula and MW; nothing when it cannot read the SMILES. */
async function openChemLibPart(smiles: string): Promise<Toolkit> {
  const { parseSmiles, canonicalSmiles, hillFormula, masses } = await import('../../chem/molecule.js');
  const out: Toolkit = {};
  try {
    const mol = parseSmiles(smiles);
    out.key = canonicalSmiles(mol);
    out.formula = hillFormula(mol);
    out.mw = Math.round(masses(mol).mw * 1e4) / 1e4;
  } catch {
    // OpenChemLib refuses a few valences RDKit accepts; the InChI below still identifies those.
  }
  return out;
}

/** One structure from its OpenChemLib part; undefined when neither toolkit can read the SMILES. */
async function computeStructure(job: StructureJob, ocl: Toolkit): Promise<StructureResult | undefined> {
  const given = !!(job.inchi && job.inchikey);
  let rdkit: import('../../chem/inchi.js').RDKitIdentity = {};
  try {
    const { rdkitIdentity } = await import('../../chem/inchi.js');
    rdkit = await rdkitIdentity(job.smiles, { inchi: !given });
  } catch {
    // no RDKit reading: OpenChemLib's SMILES is printed, and without a given InChI there is no compound id
  }
  const out: StructureResult = { smiles: rdkit.smiles ?? ocl.key ?? job.smiles, ...ocl };
  if (given) {
    out.inchi = job.inchi;
    out.inchikey = job.inchikey;
  } else if (rdkit.inchikey) {
    out.inchi = rdkit.inchi;
    out.inchikey = rdkit.inchikey;
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
