// User configuration: a JSON file managed by conf (mode 0600), overridden by environment variables.
import type Conf from 'conf';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { usageError } from '../api/errors.js';
import { UNIT_CHOICES, type UnitPrefs } from '../units/display.js';

export const DEFAULT_BASE_URL = 'https://www.chemeo.com/api/v1';

/** Keys of the config file, their environment override and what values they accept. */
export const CONFIG_KEYS = {
  'api-key': { env: 'CHEM_API_KEY', values: undefined },
  'base-url': { env: 'CHEM_BASE_URL', values: undefined },
  backend: { env: 'CHEM_BACKEND', values: ['local', 'remote'] },
  db: { env: 'CHEM_DB', values: undefined },
  temp: { env: 'CHEM_TEMP', values: UNIT_CHOICES.temp },
  pressure: { env: 'CHEM_PRESSURE', values: UNIT_CHOICES.pressure },
  energy: { env: 'CHEM_ENERGY', values: UNIT_CHOICES.energy },
  'opsin-jar': { env: 'CHEM_OPSIN_JAR', values: undefined },
} as const satisfies Record<string, { env: string; values: readonly string[] | undefined }>;

export type ConfigKey = keyof typeof CONFIG_KEYS;
export type Env = Record<string, string | undefined>;

export function isConfigKey(k: string): k is ConfigKey {
  return Object.hasOwn(CONFIG_KEYS, k);
}

/** Directory of the config file: `CHEM_CONFIG_DIR`, else `$XDG_CONFIG_HOME/chem` (~/.config/chem). */
export function configDir(env: Env): string {
  return env.CHEM_CONFIG_DIR || join(env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config'), 'chem');
}

export function configPath(env: Env): string {
  return join(configDir(env), 'config.json');
}

/** The settings file as read: its values, or why it cannot be read as a JSON object. */
export interface ConfigFile {
  path: string;
  values: Partial<Record<ConfigKey, unknown>>;
  /** Set when the file exists but is not a readable JSON object (its values are then empty). */
  broken?: string;
}

/**
 * The settings file as read by every command; never throws. A plain JSON read: conf pulls in a
 * JSON-schema validator that costs ~140 ms at start-up, so it is loaded only to write.
 */
export function readConfigFile(env: Env): ConfigFile {
  const path = configPath(env);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { path, values: {} };
    return { path, values: {}, broken: (err as Error).message.split('\n', 1)[0]! };
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return { path, values: {}, broken: 'not a JSON object' };
  return { path, values: json as ConfigFile['values'] };
}

/** The one-line error for a file that cannot be read, with the fix. */
export function brokenConfigMessage(file: ConfigFile): string {
  return `cannot read the config file ${file.path} (${file.broken}): fix it, or start a new one with "chem config set KEY VALUE" (the old file is kept as config.json.broken)`;
}

/** The writable config store (conf: atomic writes, file mode 0600). */
export async function openConfigStore(env: Env): Promise<Conf<Record<string, string>>> {
  const { default: Conf } = await import('conf');
  return new Conf<Record<string, string>>({
    projectName: 'chem',
    configName: 'config',
    cwd: configDir(env),
    configFileMode: 0o600,
  });
}

/** Why `value` is not valid for `key`, or undefined when it is. */
export function configValueError(key: ConfigKey, value: unknown): string | undefined {
  if (typeof value !== 'string') return 'expected a string';
  const allowed = CONFIG_KEYS[key].values as readonly string[] | undefined;
  if (allowed && !allowed.includes(value)) return `expected one of ${allowed.join(', ')}`;
  if (key === 'base-url' && !/^https?:\/\/[^\s]+$/.test(value)) return 'expected an http(s) URL';
  return undefined;
}

export function validateConfigValue(key: ConfigKey, value: string): void {
  const why = configValueError(key, value);
  if (why) throw usageError(`invalid value "${value}" for ${key}: ${why}`);
}

/** A setting that is present but not valid, where it comes from, and the one-line fix. */
export interface ConfigProblem {
  key: ConfigKey;
  /** The environment variable, or 'file'. */
  from: string;
  message: string;
}

function problem(key: ConfigKey, value: unknown, from: string, why: string, env: Env): ConfigProblem {
  const shown = typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
  const allowed = CONFIG_KEYS[key].values as readonly string[] | undefined;
  const message =
    from === 'file'
      ? `invalid value ${shown} for ${key} in the config file ${configPath(env)} (${why}): fix it with "chem config set ${key} ${allowed?.[0] ?? 'VALUE'}" or "chem config unset ${key}"`
      : `invalid value ${shown} in ${from} for ${key} (${why}): set ${from} to a valid value or unset it`;
  return { key, from, message };
}

/** Resolved settings: environment over file over defaults. */
export interface Settings {
  apiKey?: string;
  baseUrl: string;
  backend?: 'local' | 'remote';
  db: string;
  temp: UnitPrefs['temp'];
  pressure: UnitPrefs['pressure'];
  energy: UnitPrefs['energy'];
  /** The OPSIN jar for names the database does not hold (unset: the Debian package's path). */
  opsinJar?: string;
}

/** XDG data dir for the database. */
export function defaultDbPath(env: Env): string {
  const base = env.XDG_DATA_HOME || join(env.HOME || homedir(), '.local', 'share');
  return join(base, 'chem', 'chem.sqlite');
}

/** XDG cache dir for the remote client's response cache. */
export function defaultCacheDir(env: Env): string {
  const base = env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache');
  return join(base, 'chem');
}

/**
 * Settings from the environment and the file's values. A value that is not valid throws a usage
 * error naming the key and the fix, unless `onProblem` is given: then it is reported there and the
 * key keeps its default (`chem config` works on a broken file so it can repair it).
 */
export function resolveSettings(env: Env, file: Partial<Record<ConfigKey, unknown>>, onProblem?: (p: ConfigProblem) => void): Settings {
  const get = (k: ConfigKey): string | undefined => {
    const name = CONFIG_KEYS[k].env;
    const [v, from] = env[name] ? [env[name], name] : [file[k], 'file'];
    if (v === undefined || v === '') return undefined;
    const why = configValueError(k, v);
    if (!why) return v as string;
    const p = problem(k, v, from, why, env);
    if (!onProblem) throw usageError(p.message);
    onProblem(p);
    return undefined;
  };
  return {
    apiKey: get('api-key'),
    baseUrl: (get('base-url') ?? DEFAULT_BASE_URL).replace(/\/+$/, ''),
    backend: get('backend') as Settings['backend'],
    db: get('db') ?? defaultDbPath(env),
    temp: (get('temp') ?? 'K') as Settings['temp'],
    pressure: (get('pressure') ?? 'kPa') as Settings['pressure'],
    energy: (get('energy') ?? 'kJ/mol') as Settings['energy'],
    opsinJar: get('opsin-jar'),
  };
}

/** Every problem of the current settings (environment and file); a broken file has no key. */
export function configProblems(env: Env): { key?: ConfigKey; from?: string; message: string }[] {
  const file = readConfigFile(env);
  const out: { key?: ConfigKey; from?: string; message: string }[] = file.broken ? [{ message: brokenConfigMessage(file) }] : [];
  resolveSettings(env, file.values, (p) => out.push(p));
  return out;
}

/** `abcd…wxyz` style masking: never prints more than the last 4 characters. */
export function maskSecret(value: string): string {
  return value.length <= 8 ? '****' : `****${value.slice(-4)}`;
}
