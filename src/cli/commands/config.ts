// chem config set|get|unset|list|path: the settings file (mode 0600). The API key is masked on
// output and, given without a value, read from stdin so it stays out of shell history. These
// commands work on a broken file (a bad value, or not JSON at all) so that they can repair it:
// bad values are shown with a notice, and set/unset move a file that is not JSON aside first.
import { Command } from 'commander';
import { existsSync, renameSync } from 'node:fs';
import { usageError } from '../../api/errors.js';
import { action, type Deps } from '../command.js';
import { CONFIG_KEYS, configPath, configProblems, isConfigKey, maskSecret, openConfigStore, readConfigFile, validateConfigValue, type ConfigKey } from '../config.js';
import type { Context } from '../context.js';
import { readLine } from '../prompt.js';
import { examples } from '../help.js';
import { printResult, type Row, type View } from '../output.js';

function checkKey(key: string): ConfigKey {
  if (!isConfigKey(key)) throw usageError(`unknown config key "${key}": expected one of ${Object.keys(CONFIG_KEYS).join(', ')}`);
  return key;
}

const show = (key: ConfigKey, value: string) => (key === 'api-key' ? maskSecret(value) : value);

/** Settings that are not valid keep their defaults here instead of failing the command. */
const LENIENT = { lenientConfig: true };

/** The writable store; a file that is not a JSON object is moved aside first, so set and unset repair it. */
async function writableStore(ctx: Context) {
  const file = readConfigFile(ctx.env);
  if (file.broken && existsSync(file.path)) {
    const aside = `${file.path}.broken`;
    renameSync(file.path, aside);
    ctx.notice(`the config file could not be read (${file.broken}): kept as ${aside}, starting a new one`);
  }
  return openConfigStore(ctx.env);
}

/** One notice per setting still not valid (all of them, or those of `key` and a broken file). */
function reportProblems(ctx: Context, key?: ConfigKey): void {
  for (const p of configProblems(ctx.env)) if (!key || !p.key || p.key === key) ctx.notice(p.message);
}

/** Reads one line from stdin, the prompt on a terminal only; the typed characters are not echoed. */
async function readSecret(ctx: Context, prompt: string): Promise<string> {
  if (ctx.io.stdinIsTTY) ctx.io.stderr.write(prompt);
  return readLine(ctx, true);
}

export function configCommand(deps: Deps): Command {
  const cmd = new Command('config')
    .description('read and write settings (api-key, base-url, backend, db, temp, pressure, energy)')
    .addHelpText('after', examples('chem config set api-key', 'chem config list', 'chem config path'));
  cmd
    .command('set')
    .description('set a key; without a value, read it from stdin (not echoed on a terminal)')
    .argument('<key>')
    .argument('[value]')
    .addHelpText('after', examples('chem config set api-key            # prompts, keeps the key out of shell history', 'chem config set backend local', 'chem config set temp C'))
    .action(
      action(deps, async (ctx, [key, value]) => {
        const k = checkKey(key!);
        const v = value ?? (await readSecret(ctx, `${k}: `));
        if (!v) throw usageError(`no value given for ${k}`);
        validateConfigValue(k, v);
        (await writableStore(ctx)).set(k, v);
        ctx.notice(`${k} set`);
        reportProblems(ctx);
      }, LENIENT),
    );
  cmd
    .command('get')
    .description('print the value of a key (the API key is masked)')
    .argument('<key>')
    .addHelpText('after', examples('chem config get base-url'))
    .action(
      action(deps, async (ctx, [key]) => {
        const k = checkKey(key!);
        const v = effective(ctx)[k];
        reportProblems(ctx, k);
        if (v === undefined) return 1;
        await ctx.io.write(show(k, v.value) + '\n');
      }, LENIENT),
    );
  cmd
    .command('unset')
    .description('remove a key from the settings file')
    .argument('<key>')
    .addHelpText('after', examples('chem config unset api-key'))
    .action(
      action(deps, async (ctx, [key]) => {
        const k = checkKey(key!);
        (await writableStore(ctx)).delete(k);
        reportProblems(ctx);
      }, LENIENT),
    );
  cmd
    .command('list')
    .description('list all settings with where each value comes from (env, file, default)')
    .addHelpText('after', examples('chem config list'))
    .action(
      action(deps, async (ctx) => {
        const eff = effective(ctx);
        const rows: Row[] = (Object.keys(CONFIG_KEYS) as ConfigKey[]).map((k) => ({ key: k, value: eff[k] ? show(k, eff[k].value) : '', from: eff[k]?.from ?? '' }));
        // JSON: the keys that have a value; rows (table, CSV, NDJSON --fields): every key with its origin.
        const view: View<Record<string, string>> = { columns: [{ key: 'key' }, { key: 'value' }, { key: 'from' }], rows: () => rows };
        await printResult(ctx, view, Object.fromEntries(rows.filter((r) => r.value).map((r) => [r.key, String(r.value)])));
        reportProblems(ctx);
      }, LENIENT),
    );
  cmd
    .command('path')
    .description('print the path of the settings file')
    .addHelpText('after', examples('chem config path'))
    .action(
      action(deps, async (ctx) => {
        await ctx.io.write(configPath(ctx.env) + '\n');
      }, LENIENT),
    );
  return cmd;
}

/** Effective value of every key and its origin. */
function effective(ctx: Context): Partial<Record<ConfigKey, { value: string; from: string }>> {
  const file = readConfigFile(ctx.env).values;
  const invalid = new Set(configProblems(ctx.env).map((p) => `${p.key}:${p.from}`));
  const out: Partial<Record<ConfigKey, { value: string; from: string }>> = {};
  for (const k of Object.keys(CONFIG_KEYS) as ConfigKey[]) {
    const name = CONFIG_KEYS[k].env;
    const env = ctx.env[name];
    const mark = (from: string) => (invalid.has(`${k}:${from}`) ? `${from} (invalid)` : from);
    if (env) out[k] = { value: env, from: mark(name) };
    else if (file[k] !== undefined && file[k] !== '') out[k] = { value: typeof file[k] === 'string' ? file[k] : JSON.stringify(file[k]), from: mark('file') };
  }
  const s = ctx.settings;
  out['base-url'] ??= { value: s.baseUrl, from: 'default' };
  out.db ??= { value: s.db, from: 'default' };
  for (const k of ['temp', 'pressure', 'energy'] as const) out[k] ??= { value: s[k], from: 'default' };
  return out;
}
