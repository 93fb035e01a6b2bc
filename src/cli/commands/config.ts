// chem config set|get|unset|list|path: the settings file (mode 0600). The API key is masked on
// output and, given without a value, read from stdin so it stays out of shell history.
import { Command } from 'commander';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { usageError } from '../../api/errors.js';
import { action, type Deps } from '../command.js';
import { CONFIG_KEYS, configPath, isConfigKey, maskSecret, openConfigStore, readConfigFile, validateConfigValue, type ConfigKey } from '../config.js';
import type { Context } from '../context.js';
import { examples } from '../help.js';
import { renderTable } from '../output.js';

function checkKey(key: string): ConfigKey {
  if (!isConfigKey(key)) throw usageError(`unknown config key "${key}": expected one of ${Object.keys(CONFIG_KEYS).join(', ')}`);
  return key;
}

const show = (key: ConfigKey, value: string) => (key === 'api-key' ? maskSecret(value) : value);

/** Reads one line from stdin; on a terminal the typed characters are not echoed. */
async function readSecret(ctx: Context, prompt: string): Promise<string> {
  const muted = new Writable({ write: (_c, _e, cb) => cb() });
  if (ctx.io.stdinIsTTY) ctx.io.stderr.write(prompt);
  const rl = createInterface({ input: ctx.io.stdin, output: ctx.io.stdinIsTTY ? muted : undefined, terminal: ctx.io.stdinIsTTY });
  try {
    for await (const line of rl) return line.trim();
    return '';
  } finally {
    rl.close();
    if (ctx.io.stdinIsTTY) ctx.io.stderr.write('\n');
  }
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
        (await openConfigStore(ctx.env)).set(k, v);
        ctx.notice(`${k} set`);
      }),
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
        if (v === undefined) return 1;
        await ctx.io.write(show(k, v.value) + '\n');
      }),
    );
  cmd
    .command('unset')
    .description('remove a key from the settings file')
    .argument('<key>')
    .addHelpText('after', examples('chem config unset api-key'))
    .action(
      action(deps, async (ctx, [key]) => {
        (await openConfigStore(ctx.env)).delete(checkKey(key!));
      }),
    );
  cmd
    .command('list')
    .description('list all settings with where each value comes from (env, file, default)')
    .addHelpText('after', examples('chem config list'))
    .action(
      action(deps, async (ctx) => {
        const eff = effective(ctx);
        const rows = (Object.keys(CONFIG_KEYS) as ConfigKey[]).map((k) => [k, eff[k] ? show(k, eff[k].value) : '', eff[k]?.from ?? '']);
        if (ctx.format === 'table') await ctx.io.write(renderTable(['key', 'value', 'from'], rows, ctx));
        else await ctx.io.write(JSON.stringify(Object.fromEntries(rows.filter((r) => r[1]).map((r) => [r[0], r[1]])), null, 2) + '\n');
      }),
    );
  cmd
    .command('path')
    .description('print the path of the settings file')
    .addHelpText('after', examples('chem config path'))
    .action(
      action(deps, async (ctx) => {
        await ctx.io.write(configPath(ctx.env) + '\n');
      }),
    );
  return cmd;
}

/** Effective value of every key and its origin. */
function effective(ctx: Context): Partial<Record<ConfigKey, { value: string; from: string }>> {
  const file = readConfigFile(ctx.env) as Record<string, string>;
  const out: Partial<Record<ConfigKey, { value: string; from: string }>> = {};
  for (const k of Object.keys(CONFIG_KEYS) as ConfigKey[]) {
    const env = ctx.env[CONFIG_KEYS[k].env];
    if (env) out[k] = { value: env, from: CONFIG_KEYS[k].env };
    else if (file[k]) out[k] = { value: file[k], from: 'file' };
  }
  const s = ctx.settings;
  out['base-url'] ??= { value: s.baseUrl, from: 'default' };
  out.db ??= { value: s.db, from: 'default' };
  for (const k of ['temp', 'pressure', 'energy'] as const) out[k] ??= { value: s[k], from: 'default' };
  return out;
}
