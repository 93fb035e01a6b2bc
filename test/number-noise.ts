// The check of issue-free numbers shared by the fixture test (test/cli/precision.test.ts) and the full
// build (test/store/full-build.test.ts): every number of a full search and of 100 records (a fixed
// sample), as CSV and JSON, in spec and in other units, is free of binary noise.
import Database from 'better-sqlite3';
import { runChem } from './helpers.js';

/**
 * Why a number written as `text` is binary noise, or undefined: a run of five 0s or 9s after the
 * point, or more than 8 significant digits in a number with a fraction (whole numbers are exact).
 */
export function noise(text: string): string | undefined {
  const m = /^-?(\d+)(?:\.(\d+))?(?:e[-+]?\d+)?$/i.exec(text);
  if (!m || m[2] === undefined) return undefined;
  // the zeros that place a small number (0.0000023741) are not noise: only those after its first digit
  if (/00000|99999/.test(m[1] === '0' ? m[2].replace(/^0+/, '') : m[2])) return 'a run of 0s or 9s';
  const digits = (m[1] + m[2]).replace(/^0+/, '');
  return digits.length > 8 ? `${digits.length} significant digits` : undefined;
}

/** The numbers of a CSV text (every cell that is one). */
const csvNumbers = (csv: string) => csv.split(/\r?\n/).flatMap((l) => l.split(','));

/** Every number of a JSON text as written (JSON.stringify writes a number as String does). */
function jsonNumbers(json: string): string[] {
  const out: string[] = [];
  const walk = (n: unknown): void => {
    if (typeof n === 'number') out.push(String(n));
    else if (n && typeof n === 'object') Object.values(n).forEach(walk);
  };
  walk(JSON.parse(json));
  return out;
}

/** Model points (a `chem-ml-` source with an uncertainty) whose v is finer than the second digit of e. */
function finerThanE(node: unknown, out: string[]): void {
  if (Array.isArray(node)) return node.forEach((n) => finerThanE(n, out));
  if (!node || typeof node !== 'object') return;
  const p = node as Record<string, unknown>;
  if (typeof p.s === 'string' && p.s.startsWith('chem-ml-') && typeof p.v === 'number' && typeof p.e === 'number') {
    const unit = 10 ** (Math.floor(Math.log10(p.e)) - 1);
    const onGrid = (x: number) => Math.abs(x / unit - Math.round(x / unit)) < 1e-6;
    if (!onGrid(p.v) || !onGrid(p.e)) out.push(`${p.s} ${p.v} ± ${p.e}`);
  }
  for (const v of Object.values(p)) finerThanE(v, out);
}

/** Noisy numbers of the outputs checked on database `db`, with where they were found; [] when clean. */
export async function numberNoise(db: string, sample = 100): Promise<string[]> {
  const bad: string[] = [];
  const check = (where: string, numbers: string[]) => {
    for (const n of numbers) {
      const why = noise(n);
      if (why) bad.push(`${where}: ${n} (${why})`);
    }
  };
  for (const units of [[], ['--temp', 'C'], ['--temp', 'F', '--pressure', 'atm', '--energy', 'kcal/mol']]) {
    const r = await runChem(['search', 'tf<200', '--all', '--format', 'csv', '--db', db, ...units]);
    if (r.code !== 0) throw new Error(r.stderr);
    check(`search tf<200 ${units.join(' ')}`, csvNumbers(r.stdout));
  }
  const conn = new Database(db, { readonly: true });
  const ids = conn.prepare('SELECT id FROM compounds ORDER BY id').pluck().all() as string[];
  conn.close();
  // a fixed sample spread over the whole table (ids are hashes: their order is random)
  const step = Math.max(1, Math.floor(ids.length / sample));
  for (const id of ids.filter((_, i) => i % step === 0).slice(0, sample)) {
    const json = await runChem(['cid', id, '--format', 'json', '--db', db]);
    check(`cid ${id} json`, jsonNumbers(json.stdout));
    const models: string[] = [];
    finerThanE(JSON.parse(json.stdout), models);
    bad.push(...models.map((m) => `cid ${id}: model point ${m} finer than its uncertainty`));
    const converted = await runChem(['cid', id, '--format', 'json', '--convert-json', '--temp', 'C', '--pressure', 'bar', '--db', db]);
    check(`cid ${id} json °C bar`, jsonNumbers(converted.stdout));
  }
  return bad;
}
