import type { PostgresClient, PostgresPooledConnection, PostgresQueryable } from './client';

/**
 * How the PostgreSQL code talks to a user's client: single queries and transactions, whatever the client's kind
 * (see {@link PostgresClient} for the detection rules). Internal; not part of the public API.
 */
export interface PostgresSession {
  /** Runs one query and returns its rows. */
  rows(text: string, params?: readonly unknown[]): Promise<Record<string, unknown>[]>;
  /** Runs `fn` inside BEGIN..COMMIT on one connection; rolls back and rethrows when `fn` rejects. */
  transaction<T>(fn: (tx: PostgresQueryable) => Promise<T>): Promise<T>;
}

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
): Promise<T> {
  await conn.query('BEGIN');
  try {
    const result = await fn(conn);
    await conn.query('COMMIT');
    return result;
  } catch (error) {
    // A failed COMMIT has already ended the transaction (ROLLBACK then only warns). The original error matters more
    // than a failed ROLLBACK, which means the connection is unusable: report that separately.
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

/** Wraps a user's client in a {@link PostgresSession}. */
export function createPostgresSession(client: PostgresClient): PostgresSession {
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
