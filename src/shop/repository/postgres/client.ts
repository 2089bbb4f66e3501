/**
 * The minimal PostgreSQL client the shop's PostgreSQL code needs. Users bring their own driver and connection
 * management; a `pg` `Pool`, a `pg` `Client` (or a `PoolClient`) and a PGlite instance all fit these types as they are.
 * Nothing here imports a driver: `pg` is an optional peer dependency.
 */

/**
 * What one query answers: its rows, one plain object per row keyed by column name.
 *
 * @example
 * ```ts
 * const result: PostgresResult = await pool.query('SELECT 1 AS one'); // { rows: [{ one: 1 }], ... }
 * ```
 */
export interface PostgresResult {
  readonly rows: readonly unknown[];
}

/**
 * Anything that runs one parameterised query: `query(text, params)` with `$1`-style placeholders.
 *
 * @example
 * ```ts
 * const q: PostgresQueryable = new PGlite();
 * const { rows } = await q.query('SELECT $1::int AS n', [1]);
 * ```
 */
export interface PostgresQueryable {
  query(text: string, params?: unknown[]): Promise<PostgresResult>;
}

/**
 * A PostgreSQL client as `createPostgresRepository`, `migratePostgres` and `importShopSnapshot` accept it.
 *
 * Transactions (BEGIN..COMMIT must run on ONE connection) are chosen by what the client offers, detected at runtime:
 * 1. `transaction(fn)` (PGlite): the client's own transaction callback is used.
 * 2. `connect()` plus the pool counters `totalCount`/`idleCount` (a `pg` `Pool`): a connection is checked out for
 *    the transaction and released afterwards; plain queries go to the pool.
 * 3. Anything else (a `pg` `Client`, a `PoolClient`) is one connection: BEGIN/COMMIT run on it, and the repository
 *    serialises its own work on that connection so a transaction never interleaves with another call's queries.
 *
 * @example
 * ```ts
 * import pg from 'pg';
 * const client: PostgresClient = new pg.Pool({ connectionString: process.env.DATABASE_URL });
 * const repo = createPostgresRepository({ client });
 * ```
 */
export interface PostgresClient extends PostgresQueryable {
  /** A callback transaction (PGlite's `transaction`): commits when `fn` resolves, rolls back when it rejects. */
  transaction?<T>(fn: (tx: PostgresQueryable) => Promise<T>): Promise<T>;
  /**
   * A pool's `connect()`, resolving to a connection with `release()`. (A `pg` `Client` also has a `connect()`, which
   * is never called: only a client that also carries pool counters is treated as a pool.)
   */
  connect?(): Promise<unknown>;
}

/**
 * A connection checked out of a pool: queries, then `release(error?)` (an error tells the pool to discard it).
 * A `pg` `PoolClient` fits.
 *
 * @example
 * ```ts
 * const conn = (await pool.connect()) as PostgresPooledConnection;
 * try { await conn.query('SELECT 1'); } finally { conn.release(); }
 * ```
 */
export interface PostgresPooledConnection extends PostgresQueryable {
  release(error?: Error | boolean): void;
}
