import { RepositoryUnavailableError } from '../repository-unavailable';
import { cancelled, settleWithin, type RequestBudget } from '../request-budget';

/**
 * Waits for `pending` (a pool's connection) no longer than the budget allows. When the budget or the signal ends
 * first, the connection that arrives later is handed to `giveBack`, and the wait fails as `busy` (or `cancelled`).
 */
export function withinBudget<T>(pending: Promise<T>, budget: RequestBudget, giveBack: (value: T) => void): Promise<T> {
  let waitMs: number;
  try {
    waitMs = budget.remainingMs();
  } catch (error) {
    // Nothing is left to wait with: whatever arrives goes straight back.
    pending.then(giveBack, () => undefined);
    return Promise.reject(error);
  }
  return settleWithin(
    pending,
    budget,
    waitMs,
    () => new RepositoryUnavailableError('busy', `no database connection came free within ${waitMs} ms`, { retryAfterSeconds: 1 }),
    giveBack,
  );
}

// SQLSTATE classes and codes that mean "not now", not "bad request" or "bug": the server is going away, refuses
// connections, or was asked to cancel.
const UNREACHABLE_CODES = new Set(['53300', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
const UNREACHABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);

/**
 * A driver's error as a {@link RepositoryUnavailableError} when it means the database could not answer in time
 * (statement timeout, cancellation, pool wait, lost server), else the error itself.
 */
export function unavailableOr(error: unknown, budget: RequestBudget): unknown {
  if (error instanceof RepositoryUnavailableError) return error;
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : '';
  if (code === '57014') {
    // query_canceled: by our pg_cancel_backend when the client left, else by statement_timeout.
    if (budget.signal?.aborted === true) return cancelled(error);
    return new RepositoryUnavailableError('timeout', `a database statement ran past the request's ${budget.totalMs} ms budget`, {
      cause: error,
      retryAfterSeconds: 1,
    });
  }
  // pg-pool's own wait limit (connectionTimeoutMillis), which has no code.
  if (/timeout exceeded when trying to connect/i.test(message)) {
    return new RepositoryUnavailableError('busy', 'no database connection came free in time', { cause: error, retryAfterSeconds: 1 });
  }
  if (UNREACHABLE_CODES.has(code) || UNREACHABLE_NODE_CODES.has(code) || /^Connection terminated/i.test(message)) {
    return new RepositoryUnavailableError('unreachable', 'the database is not reachable', { cause: error, retryAfterSeconds: 5 });
  }
  return error;
}
