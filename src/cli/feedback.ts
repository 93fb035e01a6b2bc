// Feedback on stderr for people at a terminal: a spinner for waits over 200 ms and a progress line
// for batches. Nothing is drawn when stderr is not a terminal or with --quiet, so pipes and logs
// see only errors. ora costs ~90 ms to import, so it is loaded only once a wait passes 200 ms.
import type { Backend } from '../api/backend.js';
import type { Context } from './context.js';

const SPINNER_DELAY_MS = 200;

export interface Spinner {
  /** New text (e.g. "rate limited, retrying in 3 s"). */
  text(message: string): void;
  stop(): void;
}

const idle: Spinner = { text: () => {}, stop: () => {} };

function active(ctx: Context): boolean {
  return ctx.io.stderrIsTTY && !ctx.quiet;
}

/** A spinner that appears only if the work is still running after 200 ms. */
export function startSpinner(ctx: Context, message: string): Spinner {
  if (!active(ctx)) return idle;
  let text = message;
  let stopped = false;
  let ora: { text: string; stop(): void } | undefined;
  const timer = setTimeout(async () => {
    const { default: makeOra } = await import('ora');
    if (!stopped) ora = makeOra({ text, stream: ctx.io.stderr as NodeJS.WriteStream, color: 'cyan' }).start();
  }, SPINNER_DELAY_MS);
  return {
    text: (m) => {
      text = m;
      if (ora) ora.text = m;
    },
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      ora?.stop();
    },
  };
}

/** The spinner of the backend call in progress, so waits (429 Retry-After) can be shown on it. */
let current: Spinner = idle;

export function spinnerText(message: string): void {
  current.text(message);
}

/** Wraps a backend so every call shows a spinner on a terminal while it runs. */
export function withSpinner(backend: Backend, ctx: Context): Backend {
  if (!active(ctx)) return backend;
  const wrap =
    <A extends unknown[], R>(label: string, fn: (...a: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const spinner = startSpinner(ctx, label);
      current = spinner;
      try {
        return await fn(...args);
      } finally {
        spinner.stop();
        current = idle;
      }
    };
  return {
    kind: backend.kind,
    search: wrap('searching', backend.search.bind(backend)),
    compound: wrap('fetching compound', backend.compound.bind(backend)),
    mixtures: wrap('fetching mixtures', backend.mixtures.bind(backend)),
    mixture: wrap('fetching mixture', backend.mixture.bind(backend)),
    convert: wrap('converting', backend.convert.bind(backend)),
    predict: wrap('predicting', backend.predict.bind(backend)),
    state: wrap('evaluating', backend.state.bind(backend)),
    flash: wrap('flashing', backend.flash.bind(backend)),
    correlations: wrap('fetching correlations', backend.correlations.bind(backend)),
    ...(backend.measured && { measured: backend.measured.bind(backend) }),
    ...(backend.hasDatabase && { hasDatabase: backend.hasDatabase.bind(backend) }),
    close: () => backend.close(),
  };
}

export interface Progress {
  tick(failed: boolean): void;
  done(): void;
}

/** A one-line batch progress counter on stderr (rows, failures, rate), redrawn at most 10x/s. */
export function startProgress(ctx: Context, label = 'rows'): Progress {
  if (!active(ctx)) return { tick: () => {}, done: () => {} };
  const err = ctx.io.stderr;
  const t0 = ctx.clock.now();
  let n = 0;
  let failed = 0;
  let last = 0;
  const draw = () => {
    const s = (ctx.clock.now() - t0) / 1000;
    const rate = s > 0 ? Math.round(n / s) : 0;
    err.write(`\r\x1b[2K${n} ${label}${failed ? `, ${failed} failed` : ''}  ${rate}/s`);
  };
  return {
    tick: (f) => {
      n++;
      if (f) failed++;
      const now = ctx.clock.now();
      if (now - last > 100) {
        last = now;
        draw();
      }
    },
    done: () => {
      draw();
      err.write('\n');
    },
  };
}

/** A progress bar for work of known size (database builds). */
export function startBar(ctx: Context, label: string): { update(done: number, total: number, what?: string): void; done(): void } {
  if (!active(ctx)) return { update: () => {}, done: () => {} };
  const err = ctx.io.stderr;
  let last = 0;
  let lastLine = '';
  return {
    update: (done, total, what = '') => {
      const now = ctx.clock.now();
      if (now - last < 100 && done < total) return;
      last = now;
      const width = 24;
      const fill = total ? Math.round((done / total) * width) : 0;
      lastLine = `${label} [${'#'.repeat(fill)}${'-'.repeat(width - fill)}] ${done}/${total} ${what}`;
      err.write(`\r\x1b[2K${lastLine.slice(0, Math.max(20, ctx.io.columns - 1))}`);
    },
    done: () => {
      if (lastLine) err.write('\n');
    },
  };
}
