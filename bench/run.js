// npm run bench [-- --db PATH] [--docs]: every benchmark in turn, each printing its figures as ratios against
// named peers measured in the same run. --db PATH (or CHEM_DB) is the full database that the search and record
// benchmarks read (skipped without one) and that the prediction benchmark draws its distinct molecules from.
// --docs also writes the outputs into docs/development.md between the bench markers, with the machine, its load and
// the date, so the documented performance figures are always one whole run's output, never edited by hand.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: opt } = parseArgs({
  options: { db: { type: 'string', default: process.env.CHEM_DB }, docs: { type: 'boolean' } },
});
const dir = fileURLToPath(new URL('.', import.meta.url));
const page = fileURLToPath(new URL('../docs/development.md', import.meta.url));
const BEGIN = '<!-- bench:begin -->';
const END = '<!-- bench:end -->';
const db = opt.db && existsSync(opt.db) ? opt.db : undefined;
const machine = `${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.version}, load average ${loadavg()[0].toFixed(1)} at the start`;

const sections = [];
let failed = 0;
for (const [name, needsDb] of [['predict.js', false], ['smiles.js', false], ['search.js', true], ['records.js', true], ['vle.js', true], ['state.js', true], ['flash.js', true], ['serve.js', false], ['ui.js', true]]) {
  console.log(`\n=== bench/${name} ===`);
  if (needsDb && !db) {
    console.log('skipped: give --db PATH, a database built with "chem db build"');
    continue;
  }
  const r = spawnSync(process.execPath, [dir + name, ...(db ? ['--db', db] : [])], { stdio: ['inherit', 'pipe', 'inherit'], encoding: 'utf8', maxBuffer: 1 << 26 });
  process.stdout.write(r.stdout);
  if (r.status !== 0) failed++;
  sections.push(`\`node bench/${name}${db ? ' --db PATH' : ''}\`${r.status === 0 ? '' : ` (exit ${r.status})`}:\n\n\`\`\`text\n${r.stdout.trim()}\n\`\`\``);
}

if (opt.docs) {
  const text = readFileSync(page, 'utf8');
  const [a, b] = [text.indexOf(BEGIN), text.indexOf(END)];
  if (a < 0 || b < a) throw new Error(`docs/development.md has no ${BEGIN} … ${END} section`);
  const day = new Date().toISOString().slice(0, 10);
  const body = [`Output of \`npm run bench -- --db PATH --docs\` on ${day}: ${machine}.`, ...sections].join('\n\n');
  writeFileSync(page, `${text.slice(0, a + BEGIN.length)}\n${body}\n${text.slice(b)}`);
  console.log(`\ndocs/development.md: bench section rewritten`);
}
process.exitCode = failed ? 1 : 0;
