// Writes manifest.json (read by manifest.ts) from the importers' and build steps' file lists and a data directory holding
// those files (SHA-256 and size): `npm run manifest` (CHEM_DATA_DIR or --from DIR). Each file's URL
// is its mirror path under the upstream commit of its top-level directory (the data README's pins).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_STEPS } from './build.js';
import { IMPORTERS } from './import/index.js';
import type { ManifestFile } from './manifest.js';

const RAW = 'https://raw.githubusercontent.com';
/** Top-level directory of the mirror → the raw URL of its repository at the pinned commit. */
export const ROOTS: Record<string, string> = {
  AqSolDB: `${RAW}/mcsorkun/AqSolDB/8e02b548fd9a78778ff89a5aa9a460d1a289cc3a`,
  'chemicals-history': `${RAW}/CalebBell/chemicals/24a138719b39fa5c81db3cbd94817080461540a1`,
  chemicals: `${RAW}/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e`,
  'CompTox-ExpoCast-httk': `${RAW}/ScottCoffin/CompTox-ExpoCast-httk/0e7e7f623191ccf0bdbf620fa79a01bbea70adea`,
  'Melting-point-prediction': `${RAW}/Matt-Maree/Melting-point-prediction/9eb567a46e99a79efdf2569f88ebf481388885e3`,
  OPERA: `${RAW}/NIEHS/OPERA/8bbf20bf420f4fe7f4da38aba50fe99db6a52f0e`,
  PyEPISuite: `${RAW}/USEtox/PyEPISuite/a4ac1c335c036f987e26bdbbeadf3db4a3e2669c`,
  rdkit: `${RAW}/rdkit/rdkit/24e544313514cb98beb9403502d0466f4ab67971`,
  smilestransformer: `${RAW}/ajia90/smilestransformer/14c071af35d477a1057885265a9d5eb1261c3207`,
  thermo: `${RAW}/CalebBell/thermo/2bb466e98439c2395a004e7095d07f9b97a5a0f0`,
  // the CritProp SI as stored in TheTimYun/Critical-properties-prediction (the data README's copy)
  critprop: `${RAW}/TheTimYun/Critical-properties-prediction/16102cd1c5a1ae3638a47d9b8c5312f9eb3a1450/Datasets/ci3c00546_si_002/CritProp_SI`,
};

/** Every file a build reads, with its licence flag, sorted by path. */
export function buildFiles(): { path: string; nc: boolean }[] {
  const nc = new Map<string, boolean>();
  for (const imp of IMPORTERS) for (const f of imp.files) nc.set(f, (nc.get(f) ?? true) && !!imp.nc);
  for (const step of BUILD_STEPS) for (const f of step.files) nc.set(f, false);
  return [...nc].map(([path, n]) => ({ path, nc: n })).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export function urlOf(path: string): string {
  const [top, ...rest] = path.split('/');
  const root = ROOTS[top!];
  if (!root) throw new Error(`no upstream repository for ${path}: add its top-level directory to ROOTS`);
  return `${root}/${rest.map(encodeURIComponent).join('/')}`;
}

export function manifestEntries(dataDir: string): ManifestFile[] {
  return buildFiles().map(({ path, nc }) => {
    const buf = readFileSync(join(dataDir, path));
    const f: ManifestFile = { path, url: urlOf(path), sha256: createHash('sha256').update(buf).digest('hex'), size: buf.length };
    if (nc) f.nc = true;
    return f;
  });
}

/** The text of manifest.json: one file a line. */
export function renderManifest(entries: readonly ManifestFile[]): string {
  return `[\n${entries.map((f) => `  ${JSON.stringify(f)}`).join(',\n')}\n]\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const i = process.argv.indexOf('--from');
  const dir = i > 0 ? process.argv[i + 1] : process.env.CHEM_DATA_DIR;
  if (!dir) {
    console.error('chem: error: pass --from DIR or set CHEM_DATA_DIR (the data mirror)');
    process.exit(2);
  }
  const out = fileURLToPath(new URL('../../../src/local/store/manifest.json', import.meta.url));
  writeFileSync(out, renderManifest(manifestEntries(dir)));
  console.log(`wrote ${out}`);
}
