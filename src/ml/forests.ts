// `npm run forests [-- DIR]`: writes `<key>.forest.gz` beside every `<key>.json.gz` model in DIR (default: the
// shipped models/), the evaluator's layout of its trees (src/local/predict/forest.ts). `npm run train` does this
// after training; run it by hand after changing the flat layout.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { FEATURE_NAMES } from '../local/predict/layout.js';
import { encodeForest, flatten } from '../local/predict/forest.js';
import { modelFingerprint, parseModel, type ModelFile } from '../local/predict/ml.js';

/** Writes the forest file of every JSON model in `dir`; returns the model keys. */
export function writeForests(dir: string): string[] {
  const keys = readdirSync(dir).filter((f) => f.endsWith('.json.gz')).map((f) => f.slice(0, -'.json.gz'.length));
  for (const key of keys) {
    const path = join(dir, `${key}.json.gz`);
    const doc = JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')) as ModelFile;
    const { members: _, ...fields } = doc;
    const forest = flatten(parseModel(doc, path).members!, FEATURE_NAMES.length);
    writeFileSync(join(dir, `${key}.forest.gz`), encodeForest(forest, modelFingerprint(path), fields));
  }
  return keys;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = resolve(process.argv[2] ?? fileURLToPath(new URL('../../models', import.meta.url)));
  console.error(`forest files written for ${writeForests(dir).join(', ')} in ${dir}`);
}
