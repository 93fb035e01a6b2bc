// Structure identity for the build: canonical SMILES, Hill formula and MW from OpenChemLib, standard
// InChI/InChIKey from RDKit unless the source gave a standard pair. This is the slow step of a build
// (~1 000 structures/s per core), so the compiled build spreads it over worker threads.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

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

/** One structure in this thread; undefined when neither toolkit can read the SMILES. */
export async function computeStructure(job: StructureJob): Promise<StructureResult | undefined> {
  const [{ parseSmiles, canonicalSmiles, hillFormula, masses }, { inchiOf }] = await Promise.all([
    import('../chem/molecule.js'),
    import('../chem/inchi.js'),
  ]);
  const out: StructureResult = { smiles: job.smiles };
  try {
    const mol = parseSmiles(job.smiles);
    out.smiles = canonicalSmiles(mol);
    out.formula = hillFormula(mol);
    out.mw = Math.round(masses(mol).mw * 1e4) / 1e4;
  } catch {
    // OpenChemLib refuses a few valences RDKit accepts; the InChI below still identifies those.
  }
  if (job.inchi && job.inchikey) {
    out.inchi = job.inchi;
    out.inchikey = job.inchikey;
  } else {
    try {
      Object.assign(out, await inchiOf(job.smiles));
    } catch {
      // no InChI: the structure cannot give a compound id
    }
  }
  return out.inchikey ? out : undefined;
}

export async function computeInThread(jobs: StructureJob[], onDone?: (n: number) => void): Promise<(StructureResult | undefined)[]> {
  const out: (StructureResult | undefined)[] = [];
  for (const job of jobs) {
    out.push(await computeStructure(job));
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
  const workerUrl = new URL('./structure-worker.js', import.meta.url);
  if (threads < 2 || jobs.length < 2000 || !import.meta.url.endsWith('.js')) return computeInThread(jobs, onDone);
  const results: (StructureResult | undefined)[] = new Array(jobs.length);
  const CHUNK = 500;
  let next = 0;
  const run = () =>
    new Promise<void>((resolve, reject) => {
      const w = new Worker(workerUrl);
      const feed = () => {
        if (next >= jobs.length) return void w.terminate().then(() => resolve());
        const start = next;
        next += CHUNK;
        w.postMessage({ start, jobs: jobs.slice(start, start + CHUNK) });
      };
      w.on('message', (m: { start: number; results: (StructureResult | null)[] }) => {
        m.results.forEach((r, i) => (results[m.start + i] = r ?? undefined));
        onDone?.(m.results.length);
        feed();
      });
      w.on('error', reject);
      feed();
    });
  await Promise.all(Array.from({ length: Math.min(threads, Math.ceil(jobs.length / CHUNK)) }, run));
  return results;
}
