// Error bodies of the server: `{"error": {"status": 404, "message": "..."}}` (ErrorBody in
// src/api/types.ts). One line, bounded length, never a stack trace; errors that are not ours
// (a bug, a library failure) are sent as a bare "internal server error" and logged instead.
import { ChemError } from '../api/errors.js';
import type { ErrorBody } from '../api/types.js';

const MAX_MESSAGE = 300;

export function oneLine(text: string, max = MAX_MESSAGE): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A client-supplied value inside a message: quoted, shortened. */
export function quote(value: string): string {
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 79)}…` : value);
}

export function errorBody(status: number, message: string): ErrorBody {
  return { error: { status, message: oneLine(message) } };
}

export interface Classified {
  status: number;
  message: string;
  /** True when the error is unexpected and its detail belongs in the log, not the response. */
  internal: boolean;
}

/** Maps anything thrown while handling a request to the status and message to send. */
export function classify(err: unknown): Classified {
  if (err instanceof ChemError) return { status: err.status, message: err.message, internal: false };
  // Errors raised by the framework itself carry their HTTP status (bad percent-encoding: 400,
  // server closing: 503); anything else is a bug.
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 600 && status !== 500) {
    const message = status < 500 && err instanceof Error ? err.message : 'service unavailable, try again later';
    return { status, message, internal: false };
  }
  return { status: 500, message: 'internal server error, try again later', internal: true };
}
