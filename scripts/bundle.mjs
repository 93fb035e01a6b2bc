// Bundles the compiled CLI (dist/cli/main.js and everything it imports, dependencies included) into one
// CommonJS file, dist/chem.cjs, which bin/chem.js runs through a V8 code cache (see there). Run by `npm run build`
// after tsc. Why: an ES module graph of ~60 files pays resolution and a compile per file on every start, and
// ES modules cannot use a code cache on Node 20; one script can. Modules imported with `await import()` stay
// lazy in the bundle (esbuild wraps them in functions run on first import), so a command still runs only what
// it uses.
//
// Left out (loaded from node_modules as before): native addons and packages that find files beside their own
// code (better-sqlite3, resvg, the RDKit wasm, pino's transports), and the server and plot stacks, which only
// `chem serve` and `chem plot` load. Worker threads keep running the tsc output in dist/ (their URLs point there).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const dist = root + 'dist/';
const outfile = dist + 'chem.cjs';

const EXTERNAL = ['better-sqlite3', '@resvg/resvg-js', '@rdkit/rdkit', 'fastify', '@fastify/*', 'pino', 'prom-client', 'redis', 'vega', 'vega-lite', 'playwright-core'];

/**
 * `import.meta.url` of each bundled module, as the URL of the file it came from: the code finds the package
 * root, models, assets and worker scripts relative to it. dist/ files keep their place beside the bundle; a
 * dependency's file is found from its package at run time (where npm put it).
 */
const metaUrl = {
  name: 'import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.js$/ }, (args) => {
      const src = readFileSync(args.path, 'utf8');
      if (!src.includes('import.meta.url')) return undefined;
      let dir, file;
      if (args.path.startsWith(dist)) [dir, file] = ['__dirname', relative(dist, args.path)];
      else {
        const m = /^(.*\/node_modules\/)((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(args.path);
        if (!m) throw new Error(`import.meta.url in ${args.path}`);
        const main = relative(m[1] + m[2], readPackageMain(m[1] + m[2]));
        [dir, file] = [`require("node:path").dirname(require.resolve(${JSON.stringify(m[2])}))`, relative(dirname(main), m[3])];
      }
      const url = `require("node:url").pathToFileURL(require("node:path").join(${dir}, ${JSON.stringify(file)})).href`;
      return { contents: src.replaceAll('import.meta.url', url), loader: 'js' };
    });
  },
};

/** The file `require.resolve(pkg)` gives: the package's "." export (default or require condition), else main. */
function readPackageMain(dir) {
  const pkg = JSON.parse(readFileSync(dir + '/package.json', 'utf8'));
  const dot = typeof pkg.exports === 'string' ? pkg.exports : pkg.exports?.['.'] ?? pkg.exports;
  const target = typeof dot === 'string' ? dot : dot?.require ?? dot?.node ?? dot?.default ?? pkg.main ?? 'index.js';
  if (typeof target !== 'string') throw new Error(`cannot place the main file of ${dir}`);
  return dir + '/' + target;
}

const result = await build({
  entryPoints: [dist + 'cli/main.js'],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: EXTERNAL,
  plugins: [metaUrl],
  legalComments: 'none',
  // no comments, spaces or non-ASCII text: less to read and decode on every start (names stay for stack traces)
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  logOverride: { 'require-resolve-not-external': 'silent' },
  write: false,
});
// A script compiled by node:vm may not call import() on Node 20: bin/chem.js passes __chemImport, which imports
// the left-out ES modules from its own place.
const code = Buffer.from(result.outputFiles[0].text.replace(/\bimport\("([^"]+)"\)/g, (call, spec) => {
  if (!EXTERNAL.some((e) => spec === e || (e.endsWith('/*') && spec.startsWith(e.slice(0, -1))))) throw new Error(`unexpected ${call} in the bundle`);
  return `__chemImport(${JSON.stringify(spec)})`;
}));
// bin/chem.js reads the bundle as Latin-1 (a third of the time UTF-8 decoding takes): it must be ASCII.
if (code.some((b) => b > 0x7f)) throw new Error('the bundle has non-ASCII bytes');
// The first line names the build: bin/chem.js keys its code cache on it (V8 checks only the source's length).
const id = createHash('sha256').update(code).digest('hex').slice(0, 16);
writeFileSync(outfile, Buffer.concat([Buffer.from(`// chem ${id}\n`), code]));

// The shipped model forests, inflated into dist/models/: inflating them took ~10 ms of every `chem predict` start.
// models/ keeps them gzipped (the repository and the package stay small); ml.ts checks a copy against its JSON
// model as it does the original, so a copy older than a retrained model is passed over.
mkdirSync(dist + 'models', { recursive: true });
for (const f of readdirSync(root + 'models').filter((n) => n.endsWith('.forest.gz'))) {
  writeFileSync(dist + 'models/' + f.slice(0, -'.gz'.length), gunzipSync(readFileSync(root + 'models/' + f)));
}
