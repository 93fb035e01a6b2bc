// One line of input from stdin, for the few questions chem asks (a secret setting, the first-run offer).
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import type { Context } from './context.js';

/** The next line of stdin, trimmed ('' at end of input); `secret`: on a terminal the typed characters are not echoed. */
export async function readLine(ctx: Context, secret = false): Promise<string> {
  const mute = secret && ctx.io.stdinIsTTY;
  const muted = new Writable({ write: (_c, _e, cb) => cb() });
  const rl = createInterface({ input: ctx.io.stdin, output: mute ? muted : undefined, terminal: mute });
  try {
    for await (const line of rl) return line.trim();
    return '';
  } finally {
    rl.close();
    if (mute) ctx.io.stderr.write('\n');
  }
}
