// chem db pull against a loopback HTTP server serving a fixture mirror: files verified by SHA-256
// and written into the data directory; a checksum mismatch is refused and leaves no file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pullData, urlOf } from '../../src/local/store/pull.js';
import { MANIFEST, type ManifestFile } from '../../src/local/store/manifest.js';

const MIRROR = fileURLToPath(new URL('../fixtures/store/mirror', import.meta.url));
const PATHS = [
  'chemicals/chemicals/Phase Change/Yaws Boiling Points.tsv',
  'chemicals/chemicals/Environment/Syrres logP data.csv.gz',
  'chemicals/chemicals/Misc/common_chemistry_data.tsv',
];
const sha = (path: string) => createHash('sha256').update(readFileSync(join(MIRROR, path))).digest('hex');
const files = (): ManifestFile[] =>
  PATHS.map((path) => ({ path, url: 'https://example.invalid/unused', sha256: sha(path), size: readFileSync(join(MIRROR, path)).length, ...(path.includes('common_chemistry') ? { nc: true } : {}) }));

let server: Server;
let base: string;
let dir: string;
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(decodeURIComponent(req.url!));
    const path = join(MIRROR, decodeURIComponent(req.url!.replace(/^\/mirror\//, '')));
    if (!existsSync(path)) return void res.writeHead(404).end();
    res.writeHead(200).end(readFileSync(path));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address() as { port: number };
  base = `http://127.0.0.1:${addr.port}/mirror`;
  dir = mkdtempSync(join(tmpdir(), 'chem-pull-'));
});

afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('pullData', () => {
  it('fetches every file from the mirror, verified, leaving out non-commercial data', async () => {
    const s = await pullData({ dataDir: dir, mirror: base, files: files() });
    expect(s).toMatchObject({ fetched: 2, present: 0 });
    for (const p of PATHS.slice(0, 2)) expect(readFileSync(join(dir, p)).equals(readFileSync(join(MIRROR, p)))).toBe(true);
    expect(existsSync(join(dir, PATHS[2]!))).toBe(false);
    expect(requests).toContain('/mirror/chemicals/chemicals/Phase Change/Yaws Boiling Points.tsv');
  });
  it('does not fetch files already present with the right checksum', async () => {
    requests.length = 0;
    const s = await pullData({ dataDir: dir, mirror: base, files: files(), includeNc: true });
    expect(s).toMatchObject({ fetched: 1, present: 2 });
    expect(requests).toEqual(['/mirror/chemicals/chemicals/Misc/common_chemistry_data.tsv']);
  });
  it('refuses a file whose checksum does not match', async () => {
    const bad = join(mkdtempSync(join(tmpdir(), 'chem-pull-bad-')), 'data');
    const wrong = files().map((f, i) => (i === 0 ? { ...f, sha256: '0'.repeat(64) } : f));
    await expect(pullData({ dataDir: bad, mirror: base, files: wrong })).rejects.toMatchObject({ status: 500, message: expect.stringMatching(/checksum mismatch for .*Yaws Boiling Points\.tsv/) });
    expect(existsSync(join(bad, PATHS[0]!))).toBe(false);
    expect(existsSync(join(bad, `${PATHS[0]!}.part`))).toBe(false);
  });
  it('reports an unreachable file as 503', async () => {
    const missing = [{ path: 'nope/missing.tsv', url: '', sha256: '0'.repeat(64), size: 0 }];
    await expect(pullData({ dataDir: dir, mirror: base, files: missing })).rejects.toMatchObject({ status: 503 });
  });
});

describe('manifest', () => {
  it('pins every upstream URL to a commit and carries a SHA-256', () => {
    expect(MANIFEST.length).toBeGreaterThan(80);
    for (const f of MANIFEST) {
      expect(f.url).toMatch(/^https:\/\/raw\.githubusercontent\.com\/[^/]+\/[^/]+\/[0-9a-f]{40}\//);
      expect(f.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(MANIFEST.filter((f) => f.nc).map((f) => f.path)).toEqual([
      'chemicals-history/chemicals/Misc/common_chemistry.tsv',
      'chemicals/chemicals/Misc/common_chemistry_data.tsv',
    ]);
    expect(urlOf(MANIFEST[0]!, 'http://m/x/')).toBe(`http://m/x/${MANIFEST[0]!.path.split('/').map(encodeURIComponent).join('/')}`);
  });
  it('matches the mirror when it is present', () => {
    const data = process.env.CHEM_DATA_DIR ?? fileURLToPath(new URL('../../../shared/data', import.meta.url));
    if (!existsSync(data)) return;
    for (const f of MANIFEST) expect(createHash('sha256').update(readFileSync(join(data, f.path))).digest('hex'), f.path).toBe(f.sha256);
  });
});
