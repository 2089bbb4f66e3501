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

/**
 * `pending`, unless `waitMs` pass or the budget's signal aborts first: then the promise rejects with `timedOut()` (or
 * the `cancelled` error), and a value that arrives afterwards is handed to `late` (a pool connection to give back).
 */
export function settleWithin<T>(
  pending: Promise<T>,
  budget: RequestBudget,
  waitMs: number,
  timedOut: () => RepositoryUnavailableError,
  late: (value: T) => void = () => undefined,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      budget.signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const onAbort = () => finish(() => reject(cancelled(budget.signal?.reason)));
    const timer = setTimeout(() => finish(() => reject(timedOut())), waitMs);
    budget.signal?.addEventListener('abort', onAbort, { once: true });
    pending.then(
      (value) => {
        if (settled) late(value);
        else finish(() => resolve(value));
      },
      (error: unknown) => finish(() => reject(error)),
    );
  });
}
