// User configuration: a JSON file managed by conf (mode 0600), overridden by environment variables.
import type Conf from 'conf';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { usageError } from '../api/errors.js';

export const DEFAULT_BASE_URL = 'https://www.chemeo.com/api/v1';

/** Keys of the config file, their environment override and what values they accept. */
export const CONFIG_KEYS = {
  'api-key': { env: 'CHEM_API_KEY', values: undefined },
  'base-url': { env: 'CHEM_BASE_URL', values: undefined },
  backend: { env: 'CHEM_BACKEND', values: ['local', 'remote'] },
  db: { env: 'CHEM_DB', values: undefined },
  temp: { env: 'CHEM_TEMP', values: ['K', 'C', 'F'] },
  pressure: { env: 'CHEM_PRESSURE', values: ['kPa', 'bar', 'atm', 'psi', 'MPa'] },
  energy: { env: 'CHEM_ENERGY', values: ['kJ/mol', 'kcal/mol'] },
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

/**
 * The settings file as read by every command. A plain JSON read: conf pulls in a JSON-schema
 * validator that costs ~140 ms at start-up, so it is loaded only to write (`chem config set`).
 */
export function readConfigFile(env: Env): Partial<Record<ConfigKey, string>> {
  try {
    return JSON.parse(readFileSync(configPath(env), 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw usageError(`cannot read the config file ${configPath(env)}: ${(err as Error).message}`);
  }
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

export function validateConfigValue(key: ConfigKey, value: string): void {
  const allowed = CONFIG_KEYS[key].values as readonly string[] | undefined;
  if (allowed && !allowed.includes(value)) {
    throw usageError(`invalid value "${value}" for ${key}: expected one of ${allowed.join(', ')}`);
  }
  if (key === 'base-url' && !/^https?:\/\/[^\s]+$/.test(value)) {
    throw usageError(`invalid base-url "${value}": expected an http(s) URL`);
  }
}

/** Resolved settings: environment over file over defaults. */
export interface Settings {
  apiKey?: string;
  baseUrl: string;
  backend?: 'local' | 'remote';
  db: string;
  temp: 'K' | 'C' | 'F';
  pressure: 'kPa' | 'bar' | 'atm' | 'psi' | 'MPa';
  energy: 'kJ/mol' | 'kcal/mol';
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

export function resolveSettings(env: Env, file: Partial<Record<ConfigKey, string>>): Settings {
  const get = (k: ConfigKey): string | undefined => {
    const v = env[CONFIG_KEYS[k].env] || file[k];
    if (v !== undefined && v !== '') validateConfigValue(k, v);
    return v || undefined;
  };
  return {
    apiKey: get('api-key'),
    baseUrl: (get('base-url') ?? DEFAULT_BASE_URL).replace(/\/+$/, ''),
    backend: get('backend') as Settings['backend'],
    db: get('db') ?? defaultDbPath(env),
    temp: (get('temp') ?? 'K') as Settings['temp'],
    pressure: (get('pressure') ?? 'kPa') as Settings['pressure'],
    energy: (get('energy') ?? 'kJ/mol') as Settings['energy'],
  };
}

/** `abcd…wxyz` style masking: never prints more than the last 4 characters. */
export function maskSecret(value: string): string {
  return value.length <= 8 ? '****' : `****${value.slice(-4)}`;
}
