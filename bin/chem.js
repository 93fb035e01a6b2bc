#!/usr/bin/env node
// Runs the bundle dist/chem.cjs (scripts/bundle.mjs) when the build made one, else the tsc output (also when
// that is newer: `tsc` alone was run after the last `npm run build`).
//
// The bundle is compiled with a V8 code cache: the first run of each command that did its work (not a usage error,
// not help) writes the code it compiled to
// $XDG_CACHE_HOME/chem/code/ (~/.cache/chem/code), later runs start from it instead of parsing and compiling the
// bundle again. A file is named for the checkout (the bundle's path), its build, the Node version and the command
// (and batch or not); V8 rejects one that does not fit (then it is written anew), and a new build of a checkout
// removes that checkout's old ones.
//
// This launcher is CommonJS (bin/package.json): starting the ES module loader for it alone cost a tenth of a start.
'use strict';
const { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { homedir } = require('node:os');
const { dirname, join } = require('node:path');
const { pathToFileURL } = require('node:url');
const { Script } = require('node:vm');

const argv = process.argv.slice(2);
const bundle = join(__dirname, '../dist/chem.cjs');
const modules = join(__dirname, '../dist/cli/main.js');
let source;
try {
  if (statSync(bundle).mtimeMs >= statSync(modules).mtimeMs) source = readFileSync(bundle, 'latin1'); // ASCII (scripts/bundle.mjs)
} catch {
  // no bundle: run the modules of dist/ as they are
}
(source === undefined ? import(pathToFileURL(modules).href) : Promise.resolve(runBundle(source)))
  .then(({ main }) => main(argv))
  .then((code) => (process.exitCode = code));

function runBundle(source) {
  const build = /^\/\/ chem (\w+)\n/.exec(source)?.[1] ?? 'dev';
  // the command, and whether it reads a batch from stdin (`-`): a batch runs other code than one input
  const command = (argv.find((a) => /^[a-z]+$/.test(a)) ?? 'chem') + (argv.includes('-') ? '-batch' : '');
  const dir = join(process.env.XDG_CACHE_HOME || join(process.env.HOME || homedir(), '.cache'), 'chem', 'code');
  const checkout = fnv1a(bundle);
  const file = join(dir, `${checkout}-${build}-${process.version}-${process.arch}-${command}.bin`);
  let cachedData;
  try {
    cachedData = readFileSync(file);
  } catch {
    // first run of this command (or no cache dir): compile, and write the cache on exit (see below)
  }
  const script = new Script(`(function (exports, require, module, __filename, __dirname, __chemImport) {${source}\n})`, { filename: bundle, cachedData });
  // Only a run that did its work writes the cache: one that stopped at a usage error (exit 2) or printed help had
  // compiled little, and every later run would start from that thin cache (measured: +10 ms a cold `chem predict
  // CCO`). A batch with failed rows (exit 7) or a lookup that found nothing (3) did its work.
  const fullRun = !argv.some((a) => /^(-h|--help|-V|--version|help)$/.test(a));
  if (!cachedData || script.cachedDataRejected) process.once('exit', (code) => code !== 2 && fullRun && writeCache(script, dir, file, `${checkout}-${build}-`));
  const module = { exports: {} };
  // __chemImport: import() of the packages left out of the bundle (vm scripts may not call import() on Node 20)
  script.runInThisContext()(module.exports, require, module, bundle, dirname(bundle), (specifier) => import(specifier));
  return module.exports;
}

/** Writes the code compiled so far (atomically: other runs may read it meanwhile); a cache is never worth a failure. */
function writeCache(script, dir, file, current) {
  try {
    mkdirSync(dir, { recursive: true });
    const checkout = current.split('-')[0] + '-';
    for (const old of readdirSync(dir)) if (old.startsWith(checkout) && !old.startsWith(current)) rmSync(join(dir, old), { force: true });
    const tmp = `${file}.${process.pid}`;
    writeFileSync(tmp, script.createCachedData());
    renameSync(tmp, file);
  } catch {
    // read-only or missing home: run without a cache
  }
}

/** 32-bit FNV-1a of a string, in hex: a short name for the checkout (no crypto needed at start-up). */
function fnv1a(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}
