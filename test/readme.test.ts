// Every example of the README and of the topic pages in docs/ runs: each command line of their console and sh
// code blocks (fenced or indented) runs in bash, with `chem` (bin/chem.js, the compiled build: `npm run build` first) on
// PATH, in a scratch directory holding the files the examples name (list.tsv, library.smi,
// caffeine.mol), against the search fixture database, or against the full database when
// CHEM_TEST_FULL_DB names one (`chem db build --from DIR --db PATH`). Each example has its check
// below (exit code, fragments of its output) or is skipped with its reason in SKIPPED; output a page
// shows after a `$` line must appear line for line. A new example without a check fails here, so the
// documentation cannot drift from what chem does; an example written on several pages runs once. Links
// between the pages (files and #anchors) must resolve. Predictions come from trained models that change:
// their checks look at the shape of the output (columns, keys), never at values.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import OCL from 'openchemlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixtureDb, FIXTURE_DATA } from './search/fixture-db.js';
import type { PredictionResult } from '../src/api/types.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUILT = existsSync(join(ROOT, 'dist/cli/main.js'));
const FULL_DB = process.env.CHEM_TEST_FULL_DB && existsSync(process.env.CHEM_TEST_FULL_DB) ? process.env.CHEM_TEST_FULL_DB : undefined;

export interface Example {
  /** The command line as written, trailing comment removed. */
  command: string;
  /** Lines the README shows after a `$` line. */
  shown: string[];
  line: number;
  /** The page, relative to the repository. */
  file?: string;
}

/** Command lines of the console and sh blocks: fenced (```console, ```sh) or indented by 4 spaces. */
export function readmeExamples(text: string): Example[] {
  const examples: Example[] = [];
  const lines = text.split('\n');
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const open = /^```(\w*)/.exec(l);
    if (open) {
      fence = fence === undefined ? open[1] : undefined;
      continue;
    }
    const console = fence === 'console';
    const sh = fence === 'sh' || (fence === undefined && /^ {4}\S/.test(l) && (lines[i - 1]?.trim() === '' || /^ {4}\S/.test(lines[i - 1]!)));
    if (!console && !sh) continue;
    const body = sh && fence === undefined ? l.slice(4) : l;
    if (console && !body.startsWith('$ ')) {
      examples.at(-1)?.shown.push(body);
      continue;
    }
    const command = (console ? body.slice(2) : body).replace(/\s{2,}#\s.*$/, '').trim();
    if (command && !command.startsWith('#')) examples.push({ command, shown: [], line: i + 1 });
  }
  return examples;
}

interface Check {
  /** Exit status (default 0). */
  code?: number;
  /** Fragments of the output (stdout, or `file` when given). */
  out?: (string | RegExp)[];
  /** The file the example writes, relative to the scratch directory. */
  file?: string;
  /** Shell run before the example (directories it writes into). */
  setup?: string;
  /** Environment, paths relative to the scratch directory (a database the example writes). */
  env?: Record<string, string>;
  /** Why it needs the full database: without CHEM_TEST_FULL_DB it is skipped. */
  full?: string;
  /** More checks of the output. */
  verify?: (out: string) => void;
  /** One of the lines of the chem serve block: they run together as one script (see below). */
  session?: 'serve';
  /** The session line that runs until stopped: started in the background. */
  background?: boolean;
  /** The shown output depends on the database or on the trained models: checked as said here instead of line for line. */
  shown?: 'full database only' | 'first line only';
}

/** Why an example does not run here (one place, matched against the command). */
const SKIPPED: [RegExp, string][] = [
  [/^npm install/, 'installs the dependencies (network, minutes); the commands after it are examples of their own'],
  [/^chem db pull$/, 'downloads the data tables from GitHub (network)'],
  [/^CHEM_DATA_DIR=\.\.\/shared\/data chem db build$/, 'builds the full database from the data mirror (minutes; test/store/full-build.test.ts does)'],
  [/^npm run (train|bench:ml)/, 'trains or benchmarks the models (minutes; test/ml/ runs the trainer on a small set)'],
  [/^CHEM_MODELS=\/tmp\/m /, 'uses the models the training examples above write to /tmp/m'],
  [/^redis-server |^redis-cli |--redis /, 'starts servers on fixed ports or needs a running Redis; test/server/replicas.test.ts runs two replicas sharing a redis-server'],
];

/** What the examples name that is not there: `/path/to/data` is the fixture data. */
const PLACEHOLDERS: [string, string][] = [['/path/to/data', FIXTURE_DATA]];

const ETHANOL = '69749139-429-6';
const predictJson = (keys: string[]) => (out: string) => {
  const r = JSON.parse(out);
  expect(Object.keys(r)).toEqual(['info', 'properties']);
  for (const k of keys) expect(r.properties.fixed[k]?.[0]).toMatchObject({ v: expect.any(Number), s: expect.any(String) });
};

const CHECKS: Record<string, Check> = {
  'chem search benzene': { out: [/"compound": "benzene"/i, '"range": ['] },
  'chem search benzene --limit 5 --format csv': { verify: (out) => expect(out.split('\r\n').filter(Boolean)).toEqual([expect.stringMatching(/^id,name,formula,cas,mw/), ...Array(5).fill(expect.stringMatching(/^\d+-\d{3}-\d,/))]) },
  'chem predict "CCO" --json': { verify: predictJson(['tb', 'tc', 'logp']) },
  'cut -f2 list.tsv | chem convert smiles -': { out: ['{"input":"CCO","result":{', '"inchikey":"ISWSIDIOOBJBQZ-UHFFFAOYSA-N"'] },
  'CHEM_DATA_DIR=/path/to/data chem db build': { out: ['"compounds":', '"points_by_key":'], env: { CHEM_DB: 'built/chem.sqlite' } },
  'chem mixtures 69749139-429-6 --json': { out: [/"cid": "69749139-429-6",\s+"mixtures": \[/] },
  'chem config list': { out: ['"temp": "K"', '"energy": "kJ/mol"'] },
  'chem db info': { out: ['"points_by_key":', '"points_by_source":'] },
  'chem db path': { verify: (out) => expect(out).toBe(`${env.CHEM_DB}\n`) },
  'chem cid 69749139-429-6': { out: [`"id": "${ETHANOL}"`, '"inchikey": "LFQSCWFLJHTTHZ-UHFFFAOYSA-N"'] },
  'chem cid 64-17-5': { out: [`"id": "${ETHANOL}"`, '"inchikey": "LFQSCWFLJHTTHZ-UHFFFAOYSA-N"'] },
  'chem cid cadmium': { out: ['"compound": "Cadmium"', '"smiles": "[Cd]"'], full: 'cadmium is not in the fixture' },
  'chem cid 69749139-429-6 --points': { out: [`"id": "${ETHANOL}"`, '"inchikey": "LFQSCWFLJHTTHZ-UHFFFAOYSA-N"'] },
  "chem cid 69749139-429-6 --json | jq '.comp.fixed_props.tb'": { out: [/^\[\n\s+\{\n\s+"v": 35\d\.\d+,/] },
  'chem search --first 64-17-5 --format csv --fields id | tail -1 | chem cid -': { out: [`{"input":"${ETHANOL}","result":{"comp":{"id":"${ETHANOL}"`] },
  "chem search 64-17-5 --json | jq '.comps[0].compound'": { out: [/^"ethanol"\n$/i] },
  'chem search "C2H6O tf<140"': { out: [/"compound": "dimethyl ether"/i] },
  'chem search "tb:350..351" --all > boiling-350.ndjson': {
    file: 'boiling-350.ndjson',
    out: [/^\{"id":"[^"]+".*\}\n\{"id":/],
    full: 'no compound of the fixture boils between 350 and 351 K',
  },
  'chem search --first aspirin --format csv': { out: [/^id,name,formula,cas,mw,tb \(K\),tf \(K\)[^\r\n]*\r\n[\d-]+,aspirin,C9H8O4,50-78-2,/i], full: 'aspirin is not in the fixture' },
  'chem predict CCO --prop tb,tc,logp,mcvol': { verify: predictJson(['tb', 'tc', 'logp', 'mcvol']) },
  'chem predict "CCCCCC(=O)OC" --prop pvap,rhol --t 298.15,350': {
    // a terminal-less run prints JSON: the estimates at both temperatures
    verify: (out) => {
      const r = JSON.parse(out) as PredictionResult;
      for (const k of ['pvap', 'rhol']) expect(r.properties.tdep[k]!.map((p) => p.t)).toEqual([298.15, 350]);
    },
  },
  "chem predict \"c1ccccc1O\" --json | jq '.properties.fixed.tb[0]'": { verify: (out) => expect(JSON.parse(out)).toMatchObject({ v: expect.any(Number), s: expect.any(String) }) },
  'chem predict ethanol --prop tb --format csv': { out: [/^mw \(g\/mol\),mr,tb \(K\)\r\n46\.06864,[\d.]+,[\d.]+\r\n$/] },
  'chem predict CCO --prop tb --temp C --format csv': { out: [/^mw \(g\/mol\),mr,tb \(°C\)\r\n46\.\d+,[\d.]+,-?[\d.]+\r\n$/], shown: 'first line only' },
  'chem predict - --format csv < library.smi > predictions.csv': {
    file: 'predictions.csv',
    out: [/^input,mw \(g\/mol\),mr,tf \(K\),tb \(K\),.*,error\r\n/, /\r\nCCO ethanol,46\.\d+,/, /\r\nc1ccccc1O phenol,94\.\d+,/],
  },
  'chem convert smiles "C[C@H](N)C(=O)OCC" --json': {},
  'chem convert --file caffeine.mol': { out: ['"inchikey": "RYYVLZVUVIJVGH-UHFFFAOYSA-N"'] },
  'cut -f2 list.tsv | chem convert smiles - --format csv': { out: [/^input,cid,name,inchi,inchikey,smiles,error\r\nCCO,/, '\r\nc1ccccc1O,'] },
  'chem completion bash > ~/.local/share/bash-completion/completions/chem': {
    setup: 'mkdir -p ~/.local/share/bash-completion/completions',
    file: 'home/.local/share/bash-completion/completions/chem',
    out: ['complete -F _chem chem'],
  },
  // zsh's $fpath, as bash reads it: ${fpath[1]} is the second element.
  'chem completion zsh > "${fpath[1]}/_chem"': { setup: 'fpath=(~/.zsh ~/.zfunc); mkdir -p ~/.zfunc', file: 'home/.zfunc/_chem', out: ['#compdef chem'] },
  'chem completion fish > ~/.config/fish/completions/chem.fish': { setup: 'mkdir -p ~/.config/fish/completions', file: 'home/.config/fish/completions/chem.fish', out: ['complete -c chem'] },
  "printf 'CCO\\nC1CC(\\n' | chem convert smiles -": {
    code: 7,
    out: ['"inchikey":"LFQSCWFLJHTTHZ-UHFFFAOYSA-N"', '{"input":"C1CC(","error":{"status":404,"message":"invalid SMILES \\"C1CC(\\": unclosed branch \\"(\\" at position 5"}}'],
    shown: 'full database only', // the fixture names ethanol in lower case
  },
  'chem vle ethanol water': { out: ['"model": "NRTL"', '"azeotrope": {', '"equation": "Wagner equation (2.5, 5)"'], full: 'the fixture has no vapour-pressure correlations' },
  'chem vle 64-17-5 7732-18-5 --p 50 --model wilson --x 0.1,0.5,0.9': { out: ['"model": "Wilson"', '"p": 50'], full: 'the fixture has no vapour-pressure correlations' },
  'chem vle acetone chloroform --t 308.15 --json': { out: ['"t": 308.15', '"model": "NRTL"', /"azeotrope": \{\s+"x1": 0\.\d+,\s+"p": /], full: 'the fixture has no vapour-pressure correlations' },
  'chem vle ethanol water --plot': { out: ['"azeotrope": {'], full: 'the fixture has no vapour-pressure correlations' },
  'chem vle ethanol water --x 0,0.5,0.9,1 --format table': { full: 'the fixture has no vapour-pressure correlations' },
  'chem vle water "n-butyl acetate" --x 0,0.1,0.5,0.99,1 --format table': { full: 'the fixture has no vapour-pressure correlations' },
  'chem flash methane ethane propane --z 0.8,0.15,0.05 --t 200K --p 2MPa': { out: ['"model": "PR"', '"phase": "liquid"', /"vf": 0\.78\d+/], full: 'the fixture has no critical constants' },
  'chem flash propane n-butane --z 0.6,0.4 --p 1MPa --vf 0': { out: ['"p": 1000', /"t": 31\d\.\d+/, '"fraction": 0'], full: 'the fixture has no critical constants' },
  'chem flash water 1-butanol --z 0.7,0.3 --p 1atm --vf 0 --format csv': { out: [/^phase,fraction,T \(K\),P \(kPa\)/, '\r\nliquid2,'], full: 'the fixture has no mixtures' },
  'chem flash methane ethane propane --z 0.8,0.15,0.05 --t 200K --p 2MPa --format table': { full: 'the fixture has no critical constants' },
  'chem vle methane ethane --t 200 --model pr': { out: ['"model": "PR"', '"t": 200'], full: 'the fixture has no critical constants' },
  'chem lle water 1-butanol': { out: ['"model": "NRTL"', /"x1": \[\s+0\.6\d+,\s+0\.99\d+/, 'regressed from VLE data'], full: 'the fixture has no mixtures' },
  'chem lle water "n-butyl acetate" --t 298.15,323.15,348.15 --json': { out: ['"t": 348.15', '"gamma2": ['], full: 'the fixture has no mixtures' },
  'chem lle methanol n-hexane --t 300,340 --plot': { out: ['"model": "NRTL"', '"binodal": {', '"kind": "upper"'], full: 'the fixture has no mixtures' },
  'chem lle water 1-butanol --t 298.15,323.15 --format table': { full: 'the fixture has no mixtures' },
  'chem plot 69749139-429-6 cpg hvapt': { out: ['"key": "cpg"', '"key": "hvapt"', '"tUnit": "K"'], full: 'the fixture has no T-dependent data' },
  'chem plot 69749139-429-6 dvisc --temp C --out ethanol-viscosity.svg': { file: 'ethanol-viscosity.svg', out: [/^<svg/, 'T (°C)', 'η (Pa×s)'], full: 'the fixture has no T-dependent data' },
  'chem plot 69749139-429-6 hvapt --energy kcal/mol --out hvap.png': { file: 'hvap.png', out: ['PNG'], full: 'the fixture has no T-dependent data' },
  'chem search ethanol --first --fields id --format csv | tail -1 | chem plot - hvapt --out "hvapt-{id}.svg"': {
    file: 'hvapt-69749139-429-6.svg',
    out: [/^<svg/, 'ΔvapH (kJ/mol)'],
    full: 'the fixture has no T-dependent data',
  },
  // docs/mcp.md: a JSON-RPC session piped into chem mcp (stdio): the handshake, then a tool call answered with the record
  [`printf '%s\\n' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"sh","version":"1"}}}' '{"jsonrpc":"2.0","method":"notifications/initialized"}' '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_compound","arguments":{"compound":"64-17-5","props":["tb"]}}}' | chem mcp`]: {
    verify: (out) => {
      const [init, answer] = out.trim().split('\n').map((l) => JSON.parse(l));
      expect(init).toMatchObject({ id: 1, result: { serverInfo: { name: 'chem' }, capabilities: { tools: {} } } });
      expect(answer).toMatchObject({ id: 2, result: { structuredContent: { comp: { id: ETHANOL } } } });
      expect(answer.result.structuredContent.comp.fixed_props.tb[0]).toMatchObject({ v: expect.any(Number), s: expect.any(String) });
      expect(answer.result.content[0].text).toMatch(/64-17-5.*tb \d+/);
    },
  },
  'chem state ethanol --t 40C --prop rhol': { out: ['"t": 313.15', /"rhol": \[\s+\{\s+"u": "rhol",\s+"v": 77\d\.\d+/], full: 'the fixture has no T-dependent data' },
  'chem state water --p 70kPa': { out: ['"saturation": true', /"t": 363\.\d+/], full: 'the fixture has no T-dependent data' },
  'chem state toluene --t 80C,100C --p 1atm': { out: ['"phase": "liquid"', '"t": 373.15'], full: 'the fixture has no T-dependent data' },
  "printf 'ethanol 25C\\nwater 350 1atm\\n' | chem state - --format csv": { out: [/^input,cid,compound,T \(K\),P \(kPa\),phase,/, /\r\nwater 350 1atm,[\d-]+,Water,350,101\.325,liquid,/], full: 'the fixture has no T-dependent data' },
  // The fixture has no correlations: ethanol's properties at 40 °C are then the predictor's estimates.
  'curl -H "$H" "$B/state?q=ethanol&t=40C&p=1atm"': { session: 'serve', verify: (out) => expect(out).toMatch(FULL_DB ? /"phase": ?"liquid"/ : /"pvap": ?\[\{"u": ?"pvap",.*"calc": ?true/) },
  // The chem serve block, one script: the server in the background on a free port instead of 8080.
  "printf '# one key per line\\n%s\\n' \"$(openssl rand -hex 24)\" > keys.txt": { session: 'serve' },
  'chem serve --keys keys.txt --port 8080': { session: 'serve', background: true },
  'KEY=$(grep -v \'^#\' keys.txt | head -1); H="Authorization: Bearer $KEY"; B=http://127.0.0.1:8080/api/v1': { session: 'serve' },
  'curl -H "$H" "$B/search?q=benzene&p=1"': { session: 'serve', out: [/"compound": ?"benzene"/i] },
  'curl -H "$H" "$B/cid/69749139-429-6"': { session: 'serve', out: [/"inchikey": ?"LFQSCWFLJHTTHZ-UHFFFAOYSA-N"/] },
  'curl -H "$H" "$B/cid/69749139-429-6/mixtures"': { session: 'serve', out: [/"cid": ?"69749139-429-6",\s*"mixtures": ?\[/] },
  // The fixture has no mixtures: there the id is well-formed and unknown (404).
  'curl -H "$H" "$B/vle?c1=ethanol&c2=water&p=101.325"': { session: 'serve', verify: (out) => expect(out).toMatch(FULL_DB ? /"azeotrope": ?\{"x1"/ : /"status": ?404/) },
  'curl -H "$H" "$B/lle?c1=water&c2=1-butanol&t=298.15,323.15"': { session: 'serve', verify: (out) => expect(out).toMatch(FULL_DB ? /"points": ?\[\{"t": ?298\.15,"x1"/ : /"status": ?404/) },
  'curl -H "$H" "$B/mid/309475187-203-g"': { session: 'serve', verify: (out) => expect(out).toMatch(FULL_DB ? /"id": ?"309475187-203-g"/ : /"status": ?404/) },
  // Server-side convert is strict (database only): trans-2-butene is not in the fixture.
  'curl -H "$H" "$B/convert/smiles/$(node -p \'encodeURIComponent("C/C=C/C")\')"': {
    session: 'serve',
    verify: (out) => expect(out).toMatch(FULL_DB ? /"inchikey": ?"IAQRGUVFOMOMEM-ONEGZZNKSA-N"/ : /"status": ?404/),
  },
  'curl -H "$H" "$B/predict/$(node -p \'encodeURIComponent("F/C=C\\\\F")\')"': { session: 'serve', verify: predictJson([]) },
};

/** The README and the topic pages (the generated command reference shows help, not examples). */
const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
const examples = PAGES.flatMap((file) => readmeExamples(readFileSync(join(ROOT, file), 'utf8')).map((e) => ({ ...e, file })));
const skipReason = (command: string) => SKIPPED.find(([re]) => re.test(command))?.[1];

let work: string;
let env: Record<string, string>;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'chem-readme-'));
  const bin = join(work, 'bin');
  mkdirSync(bin);
  mkdirSync(join(work, 'home'));
  writeFileSync(join(bin, 'chem'), `#!/bin/sh\nexec node ${JSON.stringify(join(ROOT, 'bin/chem.js'))} "$@"\n`, { mode: 0o755 });
  writeFileSync(join(work, 'list.tsv'), 'ethanol\tCCO\nphenol\tc1ccccc1O\n');
  writeFileSync(join(work, 'library.smi'), 'CCO ethanol\nc1ccccc1O phenol\n');
  writeFileSync(join(work, 'caffeine.mol'), OCL.Molecule.fromSmiles('CN1C=NC2=C1C(=O)N(C(=O)N2C)C').toMolfile());
  const home = join(work, 'home');
  env = {
    PATH: `${bin}:${process.env.PATH}`,
    HOME: home,
    CHEM_CONFIG_DIR: join(home, 'config'),
    XDG_CACHE_HOME: join(home, 'cache'),
    XDG_DATA_HOME: join(home, 'data'),
    CHEM_BACKEND: 'local',
    CHEM_DB: FULL_DB ?? (BUILT ? await buildFixtureDb() : ''),
    LC_ALL: 'C.UTF-8',
  };
}, 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function run(command: string, check: Check): Promise<{ code: number; stdout: string; stderr: string }> {
  const script = `${check.setup ? `${check.setup}\n` : ''}${command}`;
  const extra = Object.fromEntries(Object.entries(check.env ?? {}).map(([k, v]) => [k, join(work, v)]));
  return new Promise((resolve) => {
    execFile('bash', ['-o', 'pipefail', '-c', script], { cwd: work, env: { ...env, ...extra }, timeout: 60_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

describe('README and docs examples', () => {
  it('every example has a check or a reason to be skipped, and every check an example', () => {
    expect(examples.length).toBeGreaterThan(30);
    const unchecked = examples.filter((e) => !CHECKS[e.command] && !skipReason(e.command)).map((e) => `${e.file}:${e.line}: ${e.command}`);
    expect(unchecked).toEqual([]);
    const commands = new Set(examples.map((e) => e.command));
    expect(Object.keys(CHECKS).filter((c) => !commands.has(c))).toEqual([]);
    expect(SKIPPED.filter(([re]) => !examples.some((e) => re.test(e.command))).map(([re]) => String(re))).toEqual([]);
  });

  const seen = new Set<string>();
  for (const ex of examples) {
    const check = CHECKS[ex.command] ?? {};
    const skip = skipReason(ex.command);
    if (seen.has(ex.command)) continue;
    seen.add(ex.command);
    if (check.session) continue;
    const reason = skip ?? (!BUILT ? 'no build (npm run build)' : check.full && !FULL_DB ? `${check.full} (set CHEM_TEST_FULL_DB)` : undefined);
    it.skipIf(!!reason)(`${ex.file}:${ex.line}: ${ex.command}${reason ? ` (skipped: ${reason})` : ''}`, async () => {
      let command = ex.command;
      for (const [from, to] of PLACEHOLDERS) command = command.split(from).join(to);
      const r = await run(command, check);
      expect({ code: r.code, stderr: r.stderr }).toMatchObject({ code: check.code ?? 0 });
      const out = check.file ? readFileSync(join(work, check.file), 'utf8') : r.stdout;
      for (const f of check.out ?? []) {
        if (typeof f === 'string') expect(out).toContain(f);
        else expect(out).toMatch(f);
      }
      check.verify?.(out);
      const shown = check.shown === 'first line only' ? ex.shown.slice(0, 1) : check.shown === 'full database only' && !FULL_DB ? [] : ex.shown;
      const lines = new Set(out.split(/\r?\n/));
      for (const l of shown) expect(lines, `${ex.file} shows: ${l}`).toContain(l);
    });
  }

  // The chem serve blocks, one script per page.
  for (const file of PAGES) {
    const session = examples.filter((e) => e.file === file && CHECKS[e.command]?.session === 'serve');
    if (session.length) serveSession(file, session);
  }
});

function serveSession(file: string, session: Example[]) {
  it.skipIf(!BUILT)(`${file}:${session[0]!.line}-${session.at(-1)!.line}: the chem serve session`, async () => {
    const port = String(await freePort());
    const MARK = '\n@@@\n';
    let script = 'set -e\n';
    for (const e of session) {
      const command = e.command.split('8080').join(port);
      if (!CHECKS[e.command]!.background) script += `${command}\nprintf '${MARK.replace(/\n/g, '\\n')}'\n`;
      else {
        script += `${command} 2>serve.log &\ntrap 'kill $!' EXIT\n`;
        script += `for i in $(seq 100); do curl -s -o /dev/null http://127.0.0.1:${port}/ && break; sleep 0.1; done\n`;
      }
    }
    const r = await run(script, {});
    expect({ code: r.code, stderr: r.stderr }).toMatchObject({ code: 0 });
    const outputs = r.stdout.split(MARK);
    const lines = session.filter((e) => !CHECKS[e.command]!.background);
    expect(outputs).toHaveLength(lines.length + 1);
    lines.forEach((e, i) => {
      const check = CHECKS[e.command]!;
      for (const f of check.out ?? []) expect(outputs[i], e.command).toMatch(f);
      check.verify?.(outputs[i]!);
    });
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown page (repeated headings get -1, -2, …). */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const l of text.replace(/^```[\s\S]*?^```/gm, '').split('\n')) {
    const m = /^#{1,6} (.*)$/.exec(l);
    if (!m) continue;
    const s = slug(m[1]!);
    const n = seen.get(s) ?? 0;
    seen.set(s, n + 1);
    out.add(n ? `${s}-${n}` : s);
  }
  return out;
}

describe('links between the pages', () => {
  const all = [...PAGES, ...readdirSync(join(ROOT, 'docs/commands')).map((f) => `docs/commands/${f}`)];
  it('the README fits on a front page and the topic pages exist', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(300);
    expect(PAGES.length).toBeGreaterThanOrEqual(7);
  });
  it.each(all)('every relative link of %s reaches a file and its anchor', (file) => {
    // Code (fenced and inline) holds SMILES like C[C@H](N)C, not links.
    const text = readFileSync(join(ROOT, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
    const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/.test(l));
    const broken = links.filter((l) => {
      const [path, anchor] = l.split('#') as [string, string | undefined];
      const target = path ? join(ROOT, dirname(file), path) : join(ROOT, file);
      if (!existsSync(target)) return true;
      return !!anchor && target.endsWith('.md') && !anchors(readFileSync(target, 'utf8')).has(anchor);
    });
    expect(broken).toEqual([]);
  });
});
