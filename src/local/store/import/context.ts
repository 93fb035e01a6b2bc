// What importers write into: identity rows (names and structures) and data points, both keyed by a
// reference (`cas:<CAS>`, `ik:<InChIKey>` or `smi:<SMILES>`), plus a tally per file of rows read,
// accepted, rejected (failed validation, with the reason) and skipped (valid, but not imported).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { isValidCas, normalizeCas } from '../../../api/cas.js';
import { isInchiKey } from '../../../api/inchikey.js';
import { isTDependent, property } from '../../../api/properties.js';
import type { DataPoint } from '../../../api/types.js';
import { MAX_DIGITS, roundSignificant } from '../../../api/precision.js';
import { sourceSmiles, type SourceSmiles } from './smiles.js';
import { source } from './sources.js';
import type { Row } from './table.js';

/**
 * What the build records per source file (table import_log): data rows read, rows accepted, and the
 * rows rejected (failed validation) and skipped (valid but not imported) by reason; parse_time in s.
 * A stage calculating values from other sources' points has an entry `derived: <what>` with source
 * `derived` (its rows are the compounds it gave a value).
 */
export interface ImportLog {
  file: string;
  source: string;
  rows: number;
  accepted: number;
  rejected: Record<string, number>;
  skipped: Record<string, number>;
  parse_time: number;
}

/**
 * A data point as an importer gives it: the fields of spec 2.2 but its source (the file's), and the
 * formula its row gives for the compound (Hill order, H second without carbon, as the compounds'):
 * the merge drops the point when its compound has another formula (the row's CAS is another's).
 */
export type PointIn = Pick<DataPoint, 'v' | 't' | 'c' | 'r' | 'e' | 'calc'> & { formula?: string; curve?: StoredCurve };

/** The correlation a sampled point was evaluated from: the registry's equation (tdep/equations.ts), its coefficients, the unit it gives and its range (K). */
export interface StoredCurve {
  eq: string;
  coeffs: readonly number[];
  unit: string;
  tmin: number;
  tmax: number;
}

export interface PointRec extends PointIn {
  ref: string;
  key: string;
  s: string;
}

export interface IdentityIn {
  name?: string;
  synonyms?: string[];
  iupac?: string;
  formula?: string;
  mw?: number;
  smiles?: string;
  /** Standard InChI with its prefix. */
  inchi?: string;
  inchikey?: string;
  /** Use the structure only if its formula equals `formula` (desalted QSAR-ready SMILES). */
  checkFormula?: boolean;
}

export interface IdentityRec extends IdentityIn {
  ref: string;
  s: string;
}

/** How a data row names its compound: a CAS cell, a SMILES or an InChIKey; or why the row is refused. */
export type RowKey = { cas: string | undefined } | { smiles: string | undefined } | { inchikey: string | undefined } | { refused: string };

/** The key of a table row whose CAS is in `column`. */
export const byCas =
  (column = 'CAS') =>
  (row: Row): RowKey => ({ cas: row[column] });


/** The source of the log entry of a derived stage (ImportContext.derive), which is no source file's. */
const DERIVED = 'derived';

export class Tally {
  rows = 0;
  accepted = 0;
  rejected: Record<string, number> = {};
  skipped: Record<string, number> = {};
  used = false;
  readonly start = performance.now();
  parseTime = 0;

  constructor(
    readonly file: string,
    readonly source: string,
  ) {}

  /** Starts a new data row. */
  row(): void {
    this.close();
    this.rows++;
  }

  reject(reason: string): void {
    this.rejected[reason] = (this.rejected[reason] ?? 0) + 1;
  }

  skip(reason: string): void {
    this.skipped[reason] = (this.skipped[reason] ?? 0) + 1;
  }

  close(): void {
    if (this.used) this.accepted++;
    this.used = false;
  }

  log(): ImportLog {
    this.close();
    const { file, source, rows, accepted, rejected, skipped } = this;
    return { file, source, rows, accepted, rejected, skipped, parse_time: this.parseTime };
  }
}

export class ImportContext {
  readonly identities: IdentityRec[] = [];
  readonly points: PointRec[] = [];
  readonly tallies: Tally[] = [];
  /** Files an importer asked for that the data directory does not hold. */
  readonly missing: string[] = [];
  private current?: Tally;

  constructor(
    readonly dir: string,
    readonly includeNc = false,
  ) {}

  has(rel: string): boolean {
    return existsSync(join(this.dir, rel));
  }

  /** File text (gunzipped for .gz). */
  text(rel: string): string {
    const buf = readFileSync(join(this.dir, rel));
    return (rel.endsWith('.gz') ? gunzipSync(buf) : buf).toString('utf8');
  }

  /** The text of a file and its tally, or undefined (noted in `missing`) when the file is absent. */
  private file(rel: string, src: string): { text: string; t: Tally } | undefined {
    if (!this.has(rel)) return void this.missing.push(rel), undefined;
    const t = this.open(rel, src);
    return { text: this.text(rel), t };
  }

  /** Starts the tally of a file; its parse time runs until the next file starts or `finish()`. */
  open(rel: string, src: string): Tally {
    if (src !== DERIVED) source(src);
    this.finish();
    this.current = new Tally(rel, src);
    this.tallies.push(this.current);
    return this.current;
  }

  /**
   * Starts the tally of a stage that calculates values from the points of other sources (it reads
   * no file): logged as `derived: <name>` under the source DERIVED; its points keep their sources.
   */
  derive(name: string): Tally {
    return this.open(`${DERIVED}: ${name}`, DERIVED);
  }

  finish(): void {
    if (this.current) this.current.parseTime = (performance.now() - this.current.start) / 1000;
    this.current?.close();
    this.current = undefined;
  }

  /**
   * A CAS cell as `cas:<CAS>`, or undefined after counting why it was refused: empty, malformed,
   * a wrong check digit, or an SRC placeholder (below 50-00-0, used for compounds without CAS).
   */
  private casRef(t: Tally, raw: string | undefined): string | undefined {
    const cas = casOf(raw ?? '');
    if (typeof cas === 'string') return `cas:${cas}`;
    t.reject(cas.reason);
    return undefined;
  }

  /**
   * A row's reference (`cas:<CAS>`, `smi:<SMILES>`, `ik:<InChIKey>`), or undefined after counting why
   * it was refused (casRef's reasons, "no SMILES", "no InChIKey").
   */
  private ref(t: Tally, key: RowKey): string | undefined {
    if ('refused' in key) return void t.reject(key.refused);
    if ('cas' in key) return this.casRef(t, key.cas);
    if ('smiles' in key) return key.smiles ? `smi:${this.smiles(t, key.smiles.trim())}` : void t.reject('no SMILES');
    return isInchiKey(key.inchikey) ? `ik:${key.inchikey}` : void t.reject('no InChIKey');
  }

  /**
   * The loop of the import runner: the data rows of a file (none when it is absent, noted in
   * `missing`), each started in the file's tally, with the row's reference — once per reference for
   * a row naming several compounds. A key that is refused is counted (see `ref`) and left out.
   */
  *rows<R>(rel: string, src: string, parse: (text: string) => Iterable<R>, key: (row: R) => RowKey | RowKey[]): Generator<{ row: R; ref: string; t: Tally }> {
    const f = this.file(rel, src);
    if (!f) return;
    for (const row of parse(f.text)) {
      f.t.row();
      const keys = key(row);
      for (const k of Array.isArray(keys) ? keys : [keys]) {
        const ref = this.ref(f.t, k);
        if (ref) yield { row, ref, t: f.t };
      }
    }
  }

  point(t: Tally, ref: string, key: string, p: PointIn, src = t.source): boolean {
    if (!Number.isFinite(p.v)) return t.reject(`${key}: not a number`), false;
    const def = property(key);
    if (!def) throw new Error(`unknown property ${key}`);
    const [lo, hi] = def.range ?? [-Infinity, Infinity];
    if (p.v < lo || p.v > hi || (def.positive && p.v <= 0)) return t.reject(`${key}: outside ${lo}..${hi}`), false;
    if (isTDependent(key) !== (p.t !== undefined)) throw new Error(`${key} point ${p.t === undefined ? 'needs' : 'must not have'} t`);
    // No table measures more than MAX_DIGITS digits: the float noise of a calculation goes (precision.ts).
    const rec: PointRec = { ref, key, s: src, v: roundSignificant(p.v, MAX_DIGITS) };
    if (p.t !== undefined) rec.t = p.t;
    if (p.c) rec.c = p.c;
    rec.r = p.r || source(src).ref;
    if (p.e !== undefined && Number.isFinite(p.e)) rec.e = roundSignificant(p.e, MAX_DIGITS);
    if (p.calc) rec.calc = true;
    if (p.formula) rec.formula = p.formula;
    if (p.curve) rec.curve = p.curve;
    this.points.push(rec);
    t.used = true;
    return true;
  }

  /**
   * A source SMILES as the strict reader takes it (import/smiles.ts): repaired where a rule applies, counted in
   * the file's tally when repaired or not read (once per row and SMILES).
   */
  private smiles(t: Tally, s: string): string {
    let r = this.smilesRead.get(s);
    if (!r) this.smilesRead.set(s, (r = sourceSmiles(s)));
    if ('unread' in r) t.reject(`SMILES not read: ${r.unread}`);
    else if (r.repaired) t.reject(`SMILES repaired: ${r.repaired}`);
    return r.smiles;
  }

  private readonly smilesRead = new Map<string, SourceSmiles>();

  identity(t: Tally, ref: string, rec: IdentityIn, src = t.source): void {
    const clean: IdentityRec = { ref, s: src };
    for (const [k, v] of Object.entries(rec)) {
      if (v === undefined || v === '' || (Array.isArray(v) && !v.length)) continue;
      (clean as unknown as Record<string, unknown>)[k] = typeof v === 'string' ? v.trim() : v;
    }
    // a placeholder for none (CompTox's dashboard exports)
    if (clean.smiles === '-') delete clean.smiles;
    if (clean.smiles) {
      // a row keyed by its SMILES has been counted with its key
      const keyed = ref.startsWith('smi:') ? this.smilesRead.get(clean.smiles) : undefined;
      clean.smiles = keyed?.smiles === ref.slice(4) ? keyed.smiles : this.smiles(t, clean.smiles);
    }
    this.identities.push(clean);
    t.used = true;
  }

  logs(): ImportLog[] {
    this.finish();
    return this.tallies.map((t) => t.log());
  }
}

export function casOf(raw: string): string | { reason: string } {
  const s = raw.trim();
  if (!s) return { reason: 'no CAS' };
  const cas = normalizeCas(s);
  if (!cas) return { reason: 'malformed CAS' };
  if (!isValidCas(cas)) return { reason: 'CAS check digit wrong' };
  if (Number(cas.split('-')[0]) < 50) return { reason: 'SRC placeholder CAS' };
  return cas;
}
