// A promise given at most `ms` milliseconds: past them it rejects with a 503 ChemError (the work itself goes on
// to its end; the caller decides what it still holds). chem serve's requests and chem mcp's calls use it.
import { ChemError } from '../api/errors.js';

export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChemError(503, `${what} took longer than ${ms / 1000} s, try again later`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
