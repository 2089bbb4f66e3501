/**
 * Why a repository could not answer in time. Each is the service's condition, not the request's fault, so the handler
 * answers them alike: `503 shop_api_unavailable` with `Retry-After`.
 * - `timeout`: the request's time budget (e.g. PostgreSQL's statement timeout) ran out;
 * - `busy`: no connection came free within the budget (the pool is exhausted);
 * - `cancelled`: the request was aborted (its client went away), so its query was stopped;
 * - `unreachable`: the database refused or dropped the connection;
 * - `read-only`: a write reached a database that takes none (a read replica, a role without write grants);
 * - `store-refused`: the store whose API a write is forwarded to refused the repository's own credentials (401/403);
 * - `store-unreachable`: that store did not answer in time, could not be reached, or answered 408, 429 or 5xx;
 * - `store-invalid-answer`: that store answered with something that is not its REST API (a redirect, HTML, ...).
 *
 * @example
 * ```ts
 * const reason: RepositoryUnavailableReason = 'timeout';
 * ```
 */
export type RepositoryUnavailableReason =
  | 'timeout'
  | 'busy'
  | 'cancelled'
  | 'unreachable'
  | 'read-only'
  | 'store-refused'
  | 'store-unreachable'
  | 'store-invalid-answer';

/**
 * Thrown by a repository that cannot answer now (see {@link RepositoryUnavailableReason}); `createShopApi` answers
 * it with `503 shop_api_unavailable` and `Retry-After: retryAfterSeconds`, never a 500. A repository over another
 * store can throw it too. `cause` keeps the driver's error for logs (`onError`); it never reaches the client.
 *
 * @example
 * ```ts
 * import { RepositoryUnavailableError } from 'wc-legacy-api/shop';
 * throw new RepositoryUnavailableError('busy', 'no connection came free within 5000 ms', { retryAfterSeconds: 2 });
 * ```
 */
export class RepositoryUnavailableError extends Error {
  override readonly name = 'RepositoryUnavailableError';
  /** The condition, for code (see {@link RepositoryUnavailableReason}). */
  readonly code: RepositoryUnavailableReason;
  /** Seconds a client should wait before trying again (the `Retry-After` header); at least 1. */
  readonly retryAfterSeconds: number;

  constructor(code: RepositoryUnavailableReason, message: string, options: { retryAfterSeconds?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    const seconds = options.retryAfterSeconds ?? 1;
    this.retryAfterSeconds = Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : 1;
  }
}

/**
 * Per-request settings a repository may bind a view of itself to ({@link ShopRepository.forRequest}).
 *
 * @example
 * ```ts
 * const scoped = repository.forRequest?.({ signal: AbortSignal.timeout(5000) }) ?? repository;
 * ```
 */
export interface RepositoryRequestScope {
  /** Aborted when the request's client goes away: running work should stop and fail as `cancelled`. */
  readonly signal?: AbortSignal | undefined;
}
