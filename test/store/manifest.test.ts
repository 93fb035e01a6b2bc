// manifest.json is generated (`npm run manifest`): it must list exactly the files the importers and
// build steps read, with their upstream URLs; with the mirror present, it must equal the generator's
// output byte for byte (checksums and sizes included), so a stale manifest fails here.
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MANIFEST } from '../../src/local/store/manifest.js';
import { buildFiles, manifestEntries, renderManifest, urlOf } from '../../src/local/store/manifest-gen.js';

const DATA = [process.env.CHEM_DATA_DIR, '/work/shared/data', fileURLToPath(new URL('../../../shared/data', import.meta.url))].find((d) => d && existsSync(join(d, 'chemicals')));
const SOURCE = fileURLToPath(new URL('../../src/local/store/manifest.json', import.meta.url));

describe('manifest', () => {
  it('lists exactly the files a build reads, with their URLs and licence flags', () => {
    expect(MANIFEST.map((f) => ({ path: f.path, nc: !!f.nc }))).toEqual(buildFiles());
    for (const f of MANIFEST) expect(f.url).toBe(urlOf(f.path));
    expect(urlOf('chemicals/chemicals/Vapor Pressure/Antoine Collection Poling.tsv')).toBe(
      'https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Vapor%20Pressure/Antoine%20Collection%20Poling.tsv',
    );
  });
  it.skipIf(!DATA)('equals the generator output for the mirror (run `npm run manifest` when this fails)', () => {
    expect(readFileSync(SOURCE, 'utf8')).toBe(renderManifest(manifestEntries(DATA!)));
  });
});
