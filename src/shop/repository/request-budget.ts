// The time budget of one request, shared by every database-backed repository (PostgreSQL, the WooCommerce bridge):
// each enforces it its own way (SET LOCAL statement_timeout; max_statement_time or MAX_EXECUTION_TIME), but what the
// budget is, and the errors it ends with, are the same.
import { RepositoryUnavailableError } from './repository-unavailable';

/** The time budget of one request (or, outside a request, of one unit of work), and its abort signal. */
export interface RequestBudget {
  /** Milliseconds left, at least 1; throws the `timeout` or `cancelled` {@link RepositoryUnavailableError} when none. */
  remainingMs(): number;
  readonly signal: AbortSignal | undefined;
  /** The whole budget in ms (for messages and Retry-After). */
  readonly totalMs: number;
}

/** A budget of `totalMs` starting now, stopped early by `signal`. */
export function requestBudget(totalMs: number, signal?: AbortSignal): RequestBudget {
  const deadline = Date.now() + totalMs;
  return {
    totalMs,
    signal,
    remainingMs() {
      if (signal?.aborted === true) throw cancelled(signal.reason);
      const left = deadline - Date.now();
      if (left <= 0) throw new RepositoryUnavailableError('timeout', `the request's ${totalMs} ms database budget ran out`, { retryAfterSeconds: 1 });
      return left;
    },
  };
}

/** The error of work stopped because its request was aborted. */
export function cancelled(cause: unknown): RepositoryUnavailableError {
  return new RepositoryUnavailableError('cancelled', 'the request was aborted; its database work was stopped', { cause });
}

