// Data policy: fixtures are hand-written, never copies or extracts of the read-only mirror. Each tracked
// TSV/CSV fixture (also .gz) under test/fixtures/<area>/[mirror/|data/]<path> is compared with <mirror>/<path>:
// no data row (past the header) may equal a row of the real file. Runs only where the mirror is present.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const DATA = [process.env.CHEM_DATA_DIR, '/work/shared/data', join(REPO, '../shared/data')].find((d) => d && existsSync(d));

const lines = (path: string): string[] => {
  const raw = readFileSync(path);
  return (path.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8').split('\n').map((l) => l.replace(/\r$/, ''));
};

/** test/fixtures/<area>/[mirror/|data/]<rel> → <rel>, the file's path inside the mirror. */
const mirrorPath = (fixture: string): string => fixture.split('/').slice(3).join('/').replace(/^(mirror|data)\//, '');

describe.skipIf(!DATA)('fixtures are not extracts of the mirror', () => {
  it('no tracked TSV/CSV fixture row appears verbatim in its mirror counterpart', () => {
    const tracked = execFileSync('git', ['ls-files', '-z', 'test/fixtures'], { cwd: REPO, encoding: 'utf8' }).split('\0');
    const pairs = tracked
      .filter((f) => /\.(tsv|csv)(\.gz)?$/.test(f))
      .map((f) => [f, join(DATA!, mirrorPath(f))] as const)
      .filter(([, m]) => existsSync(m));
    const copied: string[] = [];
    for (const [fixture, mirror] of pairs) {
      const rows = lines(join(REPO, fixture)).slice(1).filter((l) => /[\p{L}\p{N}]/u.test(l));
      if (rows.length === 0) continue;
      const real = new Set(lines(mirror));
      for (const row of rows) if (real.has(row)) copied.push(`${fixture}: ${row}`);
    }
    expect(pairs.length).toBeGreaterThan(20); // the path mapping still finds the counterparts
    expect(copied).toEqual([]);
  });
});
