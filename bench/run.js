// npm run bench: every benchmark in turn, each printing its ratios against named peers.
// Extra arguments (e.g. --db PATH for search and serve) are passed to all of them.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
let failed = 0;
for (const name of ['predict.js', 'search.js', 'serve.js']) {
  console.log(`\n=== bench/${name} ===`);
  const r = spawnSync(process.execPath, [dir + name, ...process.argv.slice(2)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exitCode = failed ? 1 : 0;
