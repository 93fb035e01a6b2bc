// One error type for the whole program: a v1 status plus a message. The CLI maps the status to an
// exit code, the server to an HTTP status and a JSON body, the batch writer to an error row.

export type Status = 400 | 403 | 404 | 429 | 500 | 503;

/** Exit codes, documented in docs/output.md. */
export const EXIT = {
  ok: 0,
  error: 1, // 500: server or internal error
  usage: 2, // 400: bad flag, malformed id or query
  notFound: 3, // 404
  forbidden: 4, // 403: API key missing or invalid
  rateLimited: 5, // 429 after the retries ran out
  unavailable: 6, // 503 or network failure
  partial: 7, // a batch finished with at least one failed row
} as const;

const EXIT_BY_STATUS: Record<Status, number> = {
  400: EXIT.usage,
  403: EXIT.forbidden,
  404: EXIT.notFound,
  429: EXIT.rateLimited,
  500: EXIT.error,
  503: EXIT.unavailable,
};

export class ChemError extends Error {
  constructor(
    readonly status: Status,
    message: string,
    /** Seconds to wait, for 429. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ChemError';
  }

  get exitCode(): number {
    return EXIT_BY_STATUS[this.status];
  }
}

export const usageError = (message: string) => new ChemError(400, message);
export const notFound = (message: string) => new ChemError(404, message);

/**
 * The first control character of a value from the user (NUL, ESC, ...; tab, CR and LF count too),
 * described for an invalid-input message: `control character U+0000 at position 2`.
 */
export function controlCharacter(value: string): string | undefined {
  const m = /\p{Cc}/u.exec(value);
  return m ? `control character U+${m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} at position ${m.index + 1}` : undefined;
}

/** Any thrown value as a ChemError (unknown errors become 500 with their message). */
export function toChemError(err: unknown): ChemError {
  if (err instanceof ChemError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new ChemError(500, message);
}

export function exitCodeOf(err: unknown): number {
  return toChemError(err).exitCode;
}
