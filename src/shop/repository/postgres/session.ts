import type { PostgresClient, PostgresPooledConnection, PostgresQueryable } from './client';
import type { RequestBudget } from '../request-budget';
import { unavailableOr, withinBudget } from './request-budget';
import { inlinable, isStalePreparedStatement, oneTripRead, queryNamed, takesNamedStatements } from './prepared-statements';

/**
 * How the PostgreSQL code talks to a user's client: single queries and transactions, whatever the client's kind
 * (see {@link PostgresClient} for the detection rules). Internal; not part of the public API.
 */
export interface PostgresSession {
  /**
   * Runs one query and returns its rows (in a limited session: one read, answered before its COMMIT completes).
   * `prepare`: the text has a fixed shape whose plan does not depend on the values, so a limited session on a `pg`
   * pool may run it as a named prepared statement (see prepared-statements.ts); `'generic'`: and its one generic
   * plan is right for every value, so the server is told to use it rather than plan each call. Elsewhere ignored.
   */
  rows(text: string, params?: readonly unknown[], prepare?: Prepare): Promise<Record<string, unknown>[]>;
  /** Runs `fn` inside BEGIN..COMMIT on one connection; rolls back and rethrows when `fn` rejects. */
  transaction<T>(fn: (tx: PostgresQueryable) => Promise<T>): Promise<T>;
}

/** How a read may be prepared: see {@link PostgresSession.rows}. */
export type Prepare = boolean | 'generic';

function isPool(client: PostgresClient): boolean {
  const c = client as unknown as Record<string, unknown>;
  return typeof c.connect === 'function' && (typeof c.totalCount === 'number' || typeof c.idleCount === 'number');
}

function isPooledConnection(value: unknown): value is PostgresPooledConnection {
  const v = value as Record<string, unknown> | null;
  return typeof v === 'object' && v !== null && typeof v.query === 'function' && typeof v.release === 'function';
}

async function runInTransaction<T>(
  conn: PostgresQueryable,
  fn: (tx: PostgresQueryable) => Promise<T>,
  onRollbackFailure: (error: unknown) => void = () => undefined,
  begin = 'BEGIN',
  onCommitSent: (result: T) => void = () => undefined,
): Promise<T> {
  try {
    await conn.query(begin);
    const result = await fn(conn);
    // Sent first, then reported: a driver that queues (pg) has the COMMIT ahead of anything the caller sends next.
    const committed = conn.query('COMMIT');
    onCommitSent(result);
    await committed;
    return result;
  } catch (error) {
    // A failed COMMIT has already ended the transaction (ROLLBACK then only warns). The original error matters more
    // than a failed ROLLBACK, which means the connection is unusable: report that separately. A BEGIN whose settings
    // failed leaves an aborted block open, which the ROLLBACK ends (after a failed plain BEGIN it only warns).
    await conn.query('ROLLBACK').catch(onRollbackFailure);
    throw error;
  }
}

// One connection shared by every call: a transaction must not interleave with another call's queries, so all work
// on it runs one unit (a query, or a whole transaction) at a time. The queue belongs to the connection, not to a
// session, so several repositories (or a repository and an import) over one client also take turns.
type Exclusive = <T>(work: () => Promise<T>) => Promise<T>;
const queues = new WeakMap<object, Exclusive>();

function exclusiveFor(client: object): Exclusive {
  let exclusive = queues.get(client);
  if (exclusive === undefined) {
    let tail: Promise<unknown> = Promise.resolve();
    exclusive = <T>(work: () => Promise<T>): Promise<T> => {
      const run = tail.then(work, work);
      tail = run.catch(() => undefined);
      return run;
    };
    queues.set(client, exclusive);
  }
  return exclusive;
}

/**
 * What the repository's sessions add to every transaction: a time budget (`SET LOCAL statement_timeout`, the pool
 * wait bounded too), JIT off, and on a pool, cancellation of the running statement when the budget's signal aborts.
 * Migrations and imports run without limits.
 */
export interface SessionLimits {
  /** The budget of the next unit of work: a fresh one per unit, or a request's, shared by all its units. */
  budget(): RequestBudget;
  /**
   * Whether reads marked `prepare` run as prepared statements on a `pg` pool's connections: `true` (or undefined) as
   * SQL `PREPARE`/`EXECUTE` in one round trip with the budget's transaction where their values allow, `'protocol'`
   * always as the driver's named statements (two round trips), `false` never.
   */
  readonly prepare?: boolean | 'protocol' | undefined;
}

// JIT is off because the repository's statements are short index scans: compiling them costs far more than it saves
// (a 3,900-term search spent most of 51 s in JIT compilation).
//
// On a connection (a pool's, or a single client), BEGIN and the settings go in ONE simple-protocol query: one round
// trip instead of two per unit of work. The text carries no user input: the timeout is an integer we computed, so
// no parameters (which a multi-statement query cannot take) are needed.
//
// `generic`: the read is a named statement whose generic plan is the right one whatever its values (the default
// page: an index walk of LIMIT rows from OFFSET), which the server's own choice would not take (its estimate of an
// OFFSET parameter is a tenth of the table, costlier than the custom plan of OFFSET 0), so it planned every call.
// plan_cache_mode exists from PostgreSQL 12 on: asked for only there (an older server plans the page per call, as
// before), without a round trip to learn the version.
const GENERIC_PLANS =
  "; SELECT CASE WHEN current_setting('server_version_num')::int >= 120000 THEN set_config('plan_cache_mode', 'force_generic_plan', true) END";

function beginWithLimits(budget: RequestBudget, generic = false): string {
  const plans = generic ? GENERIC_PLANS : '';
  return `BEGIN; SET LOCAL statement_timeout = ${timeoutMs(budget)}; SET LOCAL jit = off${plans}`;
}

// At least 1: a statement_timeout of 0 would mean "no limit". remainingMs() throws when nothing is left.
function timeoutMs(budget: RequestBudget): number {
  const ms = Math.ceil(budget.remainingMs());
  return Number.isSafeInteger(ms) && ms >= 1 ? ms : 1;
}

// PGlite's transaction() has begun already and its query() takes one statement: the settings as one SELECT.
const LIMITS_SQL = `SELECT set_config('statement_timeout', $1, true) AS t, set_config('jit', 'off', true) AS j`;

async function applyLimits(tx: PostgresQueryable, budget: RequestBudget): Promise<void> {
  await tx.query(LIMITS_SQL, [String(timeoutMs(budget))]);
}

// The backend's pid, to cancel its statement: a `pg` connection knows it from the startup handshake (`processID`),
// which costs no round trip; another driver's connection is asked.
async function backendPid(conn: PostgresQueryable): Promise<number | undefined> {
  const known = (conn as { processID?: unknown }).processID;
  if (typeof known === 'number' && Number.isSafeInteger(known) && known > 0) return known;
  const { rows } = await conn.query('SELECT pg_backend_pid() AS pid');
  const pid = Number((rows[0] as { pid?: unknown } | undefined)?.pid);
  return Number.isSafeInteger(pid) ? pid : undefined;
}

/** Wraps a user's client in a {@link PostgresSession}; with `limits`, every unit of work runs under them. */
export function createPostgresSession(client: PostgresClient, limits?: SessionLimits): PostgresSession {
  if (limits !== undefined) return limitedSession(client, limits);
  return plainSession(client);
}

function plainSession(client: PostgresClient): PostgresSession {
  const rowsOf = (r: { rows: readonly unknown[] }) => r.rows as Record<string, unknown>[];

  if (typeof client.transaction === 'function') {
    return {
      rows: async (text, params) => rowsOf(await client.query(text, params ? [...params] : [])),
      transaction: (fn) => client.transaction!(fn),
    };
  }

  if (isPool(client)) {
    return {
      rows: async (text, params) => rowsOf(await client.query(text, params ? [...params] : [])),
      transaction: async (fn) => {
        const conn = await client.connect!();
        if (!isPooledConnection(conn)) throw new TypeError('pool.connect() did not return a connection with query() and release()');
        // A connection whose ROLLBACK failed may still be mid-transaction: tell the pool to discard it.
        let broken: Error | undefined;
        try {
          return await runInTransaction(conn, fn, (error) => {
            broken = error instanceof Error ? error : new Error(String(error));
          });
        } finally {
          conn.release(broken);
        }
      },
    };
  }

  const exclusive = exclusiveFor(client);
  return {
    rows: (text, params) => exclusive(async () => rowsOf(await client.query(text, params ? [...params] : []))),
    transaction: (fn) => exclusive(() => runInTransaction(client, fn)),
  };
}

// Every unit (a read, too) is a transaction, because SET LOCAL lasts for a transaction: so the settings never leak
// into the user's pooled connections, and a server default is not required.
function limitedSession(client: PostgresClient, limits: SessionLimits): PostgresSession {
  // `early`: told the unit's result once its COMMIT is sent (pool and single connection only; see rows below).
  let transaction: <T>(fn: (tx: PostgresQueryable) => Promise<T>, early?: (result: T) => void, generic?: boolean) => Promise<T>;
  let oneTrip: ((text: string, params: readonly unknown[], generic: boolean) => Promise<Record<string, unknown>[] | undefined>) | undefined;
  if (typeof client.transaction === 'function') {
    transaction = async (fn) => {
      const budget = limits.budget();
      try {
        budget.remainingMs();
        return await client.transaction!(async (tx) => {
          await applyLimits(tx, budget);
          return fn(tx);
        });
      } catch (error) {
        throw unavailableOr(error, budget);
      }
    };
  } else if (isPool(client)) {
    // A pool connection for one unit, within the budget: cancelled from another connection when the request's
    // client goes away, discarded afterwards when `use` marked it broken (or a cancel may still be on its way).
    const onConnection = async <T>(budget: RequestBudget, use: (conn: PostgresPooledConnection, breakIt: (error: unknown) => void) => Promise<T>): Promise<T> => {
      try {
        const conn = await withinBudget(client.connect!(), budget, (late) => {
          if (isPooledConnection(late)) late.release();
        });
        if (!isPooledConnection(conn)) throw new TypeError('pool.connect() did not return a connection with query() and release()');
        let broken: Error | undefined;
        const breakIt = (error: unknown) => {
          broken = error instanceof Error ? error : new Error(String(error));
        };
        let stop: (() => void) | undefined;
        try {
          const signal = budget.signal;
          const pid = signal === undefined ? undefined : await backendPid(conn);
          if (pid !== undefined && signal !== undefined) {
            // The client went away: cancel the running statement from another connection, and discard this one
            // afterwards, so a cancel that arrives late can never hit a later request's statement on it.
            stop = () => {
              breakIt(new Error('cancelled: the request was aborted'));
              client.query('SELECT pg_cancel_backend($1)', [pid]).catch(() => undefined);
            };
            signal.addEventListener('abort', stop, { once: true });
          }
          return await use(conn, breakIt);
        } finally {
          if (stop !== undefined) budget.signal?.removeEventListener('abort', stop);
          conn.release(broken);
        }
      } catch (error) {
        throw unavailableOr(error, budget);
      }
    };
    transaction = (fn, early, generic) => {
      const budget = limits.budget();
      return onConnection(budget, (conn, breakIt) =>
        runInTransaction(
          conn,
          async (tx) => {
            try {
              return await fn(tx);
            } catch (error) {
              // The driver's record of what it prepared on this connection is wrong: never reuse it.
              if (isStalePreparedStatement(error)) breakIt(error);
              throw error;
            }
          },
          breakIt,
          // Only where the read does go out as a named statement (an unnamed one is planned for its values).
          beginWithLimits(budget, generic === true && takesNamedStatements(conn)),
          early,
        ),
      );
    };
    // A fixed-shape read in ONE round trip (prepared-statements.ts, oneTripRead): undefined when it cannot go that
    // way on this connection, and the caller takes the parameterised path.
    oneTrip = (text, params, generic) => {
      const budget = limits.budget();
      return onConnection(budget, async (conn, breakIt) => {
        const trip = takesNamedStatements(conn) ? oneTripRead(conn, beginWithLimits(budget, generic), text, params) : undefined;
        if (trip === undefined) return undefined;
        try {
          const results = (await conn.query(trip.text)) as unknown as { rows: unknown[] }[];
          trip.done();
          return results[results.length - 2]!.rows as Record<string, unknown>[];
        } catch (error) {
          // The failed query left its transaction open and aborted (a failure in BEGIN's settings, the statement or
          // the COMMIT): ended here. Whether a PREPARE in it took effect is unknown, and a statement dropped behind
          // the driver's back (26000) would fail every later call: either way the connection is not reused.
          await conn.query('ROLLBACK').catch(breakIt);
          if (trip.prepares || isStalePreparedStatement(error)) breakIt(error);
          throw error;
        }
      });
    };
  } else {
    // One connection: nothing else can send a cancel, so the statement timeout alone bounds the work; a unit whose
    // request was aborted or whose budget ran out while it waited its turn does not start.
    const exclusive = exclusiveFor(client);
    transaction = (fn, early) => {
      const budget = limits.budget();
      const unit = () => runInTransaction(client, fn, undefined, beginWithLimits(budget), early);
      return exclusive(unit).catch((error: unknown) => {
        throw unavailableOr(error, budget);
      });
    };
  }
  const rowsOf = (r: { rows: readonly unknown[] }) => r.rows as Record<string, unknown>[];
  // Named statements on a pool's connections only: a discarded connection takes its stale statements with it, while
  // a single Client (or a driver other than pg) would keep failing, so those get plain text.
  const named = limits.prepare !== false && typeof client.transaction !== 'function' && isPool(client);
  const read = (text: string, params?: readonly unknown[], early?: (found: Record<string, unknown>[]) => void, prepare: Prepare = false) =>
    transaction(
      async (tx) => {
        const values = params ? [...params] : [];
        return rowsOf(await (prepare !== false && named && takesNamedStatements(tx) ? queryNamed(tx, text, values) : tx.query(text, values)));
      },
      early,
      prepare === 'generic' && named,
    );
  if (typeof client.transaction === 'function') return { rows: (text, params) => read(text, params), transaction };
  return {
    // A limited session's rows() are reads (writes go through transaction()): their answer is final once the
    // statement has answered, so the caller gets it one round trip earlier, as soon as the COMMIT (of nothing) is
    // sent; the COMMIT still ends before the connection goes back to the pool or the queue, and on one pg.Client it
    // is queued ahead of whatever the caller sends next. A failed COMMIT cannot change the answer; the connection is
    // discarded as before. (PGlite is in-process: nothing to win there.)
    rows: async (text, params, prepare) => {
      if (oneTrip !== undefined && limits.prepare !== 'protocol' && prepare !== undefined && prepare !== false && named && inlinable(params ?? [])) {
        const found = await oneTrip(text, params ?? [], prepare === 'generic');
        if (found !== undefined) return found;
      }
      return new Promise<Record<string, unknown>[]>((resolve, reject) => {
        read(text, params, resolve, prepare).catch(reject);
      });
    },
    transaction,
  };
}
