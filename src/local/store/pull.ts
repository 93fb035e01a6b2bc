// `chem db pull`: fetches the source tables listed in the manifest (upstream files pinned to the
// commits of the data README, or the same paths under a --mirror URL), checks each file's SHA-256,
// and leaves them in a data directory the build reads. A file whose checksum differs is refused and
// deleted; files already present with the right checksum are not fetched again.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ChemError } from '../../api/errors.js';
import { MANIFEST, type ManifestFile } from './manifest.js';

export interface PullOptions {
  dataDir: string;
  /** Base URL of a mirror holding the files at their manifest paths; default: upstream URLs. */
  mirror?: string;
  includeNc?: boolean;
  files?: readonly ManifestFile[];
  onProgress?: (file: string, done: number, total: number) => void;
}

export interface PullSummary {
  fetched: number;
  present: number;
  bytes: number;
}

export function sha256File(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash('sha256');
    createReadStream(path)
      .on('data', (d) => h.update(d))
      .on('end', () => resolve(h.digest('hex')))
      .on('error', reject);
  });
}

const encodePath = (p: string) => p.split('/').map(encodeURIComponent).join('/');

export function urlOf(f: ManifestFile, mirror?: string): string {
  return mirror ? `${mirror.replace(/\/+$/, '')}/${encodePath(f.path)}` : f.url;
}

export async function pullData(opts: PullOptions): Promise<PullSummary> {
  const files = (opts.files ?? MANIFEST).filter((f) => opts.includeNc || !f.nc);
  const summary: PullSummary = { fetched: 0, present: 0, bytes: 0 };
  let i = 0;
  for (const f of files) {
    opts.onProgress?.(f.path, i++, files.length);
    const dest = join(opts.dataDir, f.path);
    if (existsSync(dest) && (await sha256File(dest)) === f.sha256) {
      summary.present++;
      continue;
    }
    const url = urlOf(f, opts.mirror);
    let res: Response;
    try {
      res = await fetch(url);
    } catch (err) {
      throw new ChemError(503, `cannot fetch ${url}: ${(err as Error).message}`);
    }
    if (!res.ok) throw new ChemError(503, `cannot fetch ${url}: HTTP ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    const got = createHash('sha256').update(body).digest('hex');
    if (got !== f.sha256) {
      throw new ChemError(500, `checksum mismatch for ${f.path}: expected sha256 ${f.sha256}, got ${got}; file refused`);
    }
    mkdirSync(dirname(dest), { recursive: true });
    writeFileSync(`${dest}.part`, body);
    rmSync(dest, { force: true });
    renameSync(`${dest}.part`, dest);
    summary.fetched++;
    summary.bytes += body.length;
  }
  opts.onProgress?.('', files.length, files.length);
  return summary;
}
