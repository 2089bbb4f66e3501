// Every statement the repository sends runs under the request's time budget, enforced twice: by the server (MariaDB's
// `SET STATEMENT max_statement_time = s FOR`, MySQL's `MAX_EXECUTION_TIME(ms)` optimizer hint), so a slow SELECT stops
// and frees its connection, and by a timer here, which also covers the wait for a pool connection (mysql2's pool has
// no wait limit of its own) and a client that goes away. Either way the caller gets a RepositoryUnavailableError,
// which the handler answers 503 with Retry-After, never a 500.
import { RepositoryUnavailableError } from '../repository-unavailable';
import { cancelled, settleWithin, type RequestBudget } from '../request-budget';
import type { MysqlQueryable } from './woocommerce-database';

/** Which server dialect bounds a statement's time. */
export type MysqlFlavor = 'mariadb' | 'mysql';

/** The server's flavor from `SELECT VERSION()` (MariaDB says so in its version string). */
export async function mysqlFlavor(db: MysqlQueryable): Promise<MysqlFlavor> {
  const [rows] = await db.query('SELECT VERSION() AS v');
  const version = String((rows as { v?: unknown }[])[0]?.v ?? '');
  return /mariadb/i.test(version) ? 'mariadb' : 'mysql';
}

/** `sql` (a SELECT) bounded to `ms` by the server. */
export function boundedStatement(sql: string, flavor: MysqlFlavor, ms: number): string {
  const whole = Math.max(1, Math.ceil(ms));
  if (flavor === 'mariadb') return `SET STATEMENT max_statement_time = ${(whole / 1000).toFixed(3)} FOR ${sql}`;
  return sql.replace(/^\s*SELECT\b/i, `SELECT /*+ MAX_EXECUTION_TIME(${whole}) */`);
}

// Server errors and driver codes that mean "not now": the statement ran out of time or was killed, or the server
// refuses or lost the connection.
// MariaDB's max_statement_time error (1969) has no name in mysql2's MySQL table: matched by number.
const TIMEOUT_CODES = new Set(['ER_STATEMENT_TIMEOUT', 'ER_QUERY_TIMEOUT', 'ER_QUERY_INTERRUPTED']);
const TIMEOUT_ERRNOS = new Set([1969, 3024, 1317]);
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'PROTOCOL_CONNECTION_LOST',
  'ER_CON_COUNT_ERROR', 'ER_SERVER_SHUTDOWN', 'ER_TOO_MANY_USER_CONNECTIONS', 'POOL_CLOSED',
]);

function unavailableOr(error: unknown, budget: RequestBudget): unknown {
  if (error instanceof RepositoryUnavailableError) return error;
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  const errno = Number((error as { errno?: unknown } | null)?.errno);
  if (TIMEOUT_CODES.has(code) || TIMEOUT_ERRNOS.has(errno)) {
    if (budget.signal?.aborted === true) return cancelled(error);
    return new RepositoryUnavailableError('timeout', `a database statement ran past the request's ${budget.totalMs} ms budget`, { cause: error, retryAfterSeconds: 1 });
  }
  if (UNREACHABLE_CODES.has(code)) return new RepositoryUnavailableError('unreachable', 'the database is not reachable', { cause: error, retryAfterSeconds: 5 });
  return error;
}

// The client-side timer fires this long after the server's limit, so the server's own stop (which frees the
// connection at once) normally answers first.
const GRACE_MS = 250;

/** `db` with every statement bounded by `budget` (see the file's comment). */
export function budgetedQueryable(db: MysqlQueryable, flavor: () => Promise<MysqlFlavor>, budget: RequestBudget): MysqlQueryable {
  return {
    async query(sql, values) {
      const ms = budget.remainingMs();
      const statement = boundedStatement(sql, await flavor(), ms);
      const answer = db.query(statement, values).catch((error: unknown) => {
        throw unavailableOr(error, budget);
      });
      return settleWithin(
        answer,
        budget,
        ms + GRACE_MS,
        () => new RepositoryUnavailableError('timeout', `the request's ${budget.totalMs} ms database budget ran out`, { retryAfterSeconds: 1 }),
      );
    },
  };
}
