import type { PostgresClient } from './client';
import { createPostgresSession } from './session';
import { POSTGRES_MIGRATIONS, type PostgresMigration } from './migrations/index';
import { rebuildReportDays, reportDaysStale } from './report-days';

/**
 * What {@link migratePostgres} did.
 *
 * @example
 * ```ts
 * const { applied, version } = await migratePostgres(pool); // applied: [1], version: 1 on a new database
 * ```
 */
export interface PostgresMigrationResult {
  /** Versions applied by this call, in order (empty when the schema was already current). */
  readonly applied: readonly number[];
  /** The schema version after the call. */
  readonly version: number;
}

// Statements are run one at a time: drivers differ on multi-statement queries (PGlite's query() takes one).
// Our migration SQL holds no semicolons inside literals or bodies, so splitting at a line-ending `;` is exact.
function statementsOf(migration: PostgresMigration): string[] {
  return migration.sql
    .split(/;\s*\n/)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s !== '');
}

/**
 * Brings the shop schema in the client's current schema (`search_path`) up to date: applies every migration not yet
 * recorded in `shop_schema_migrations`, in version order, all in one transaction. Idempotent and safe to run
 * concurrently (an advisory lock per schema serialises concurrent runs), so calling it at every start-up is fine.
 *
 * @example
 * ```ts
 * import pg from 'pg';
 * import { migratePostgres } from 'wc-legacy-api/shop';
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
 * const { applied } = await migratePostgres(pool); // [1] the first time, [] afterwards
 * ```
 */
export async function migratePostgres(client: PostgresClient): Promise<PostgresMigrationResult> {
  const session = createPostgresSession(client);
  return session.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('wc-legacy-api.migrate:' || current_schema()))`);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS shop_schema_migrations (
         version integer PRIMARY KEY,
         name text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const { rows } = await tx.query('SELECT version FROM shop_schema_migrations');
    const done = new Set((rows as { version: unknown }[]).map((r) => Number(r.version)));
    const applied: number[] = [];
    for (const migration of POSTGRES_MIGRATIONS) {
      if (done.has(migration.version)) continue;
      for (const statement of statementsOf(migration)) await tx.query(statement);
      await tx.query('INSERT INTO shop_schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      applied.push(migration.version);
      done.add(migration.version);
    }
    // The day aggregates need the store's time zone and JavaScript's midnights, so they are filled here rather than
    // in SQL: once after migration 4 on a schema holding a shop, and again whenever the store's zone is not the one
    // they were built in (reports use the per-order path meanwhile). One pass over the orders; see rebuildReportDays.
    if (done.has(4) && (await reportDaysStale(tx))) await rebuildReportDays(tx);
    return { applied, version: Math.max(0, ...done) };
  });
}

/**
 * The shop schema's version as {@link readPostgresSchemaVersion} reads it, against the version this package needs.
 *
 * @example
 * ```ts
 * const state: PostgresSchemaState = { version: 2, latest: 3, status: 'behind' };
 * ```
 */
export interface PostgresSchemaState {
  /** The highest applied migration; 0 when the schema has no shop tables. */
  readonly version: number;
  /** The highest migration this package knows. */
  readonly latest: number;
  /** `missing` (version 0), `behind`, `current`, or `ahead` (migrated by a newer release of this package). */
  readonly status: 'missing' | 'behind' | 'current' | 'ahead';
}

/**
 * Reads the version of the shop schema in the client's current schema, changing nothing: one SELECT, so a role with
 * only read access (a replica, a least-privilege service) can run it. Servers use it to refuse to start on a schema
 * they do not match, instead of migrating (which needs DDL rights) at start-up.
 *
 * @example
 * ```ts
 * const { status, version, latest } = await readPostgresSchemaVersion(pool);
 * if (status !== 'current') throw new Error(`shop schema is version ${version}, this release needs ${latest}: run wc-legacy-api migrate`);
 * ```
 */
export async function readPostgresSchemaVersion(client: PostgresClient): Promise<PostgresSchemaState> {
  const latest = Math.max(...POSTGRES_MIGRATIONS.map((m) => m.version));
  const session = createPostgresSession(client);
  const [exists] = await session.rows(`SELECT to_regclass('shop_schema_migrations') IS NOT NULL AS present`);
  let version = 0;
  if (exists?.present === true) {
    const [row] = await session.rows('SELECT coalesce(max(version), 0)::int AS version FROM shop_schema_migrations');
    version = Number(row?.version ?? 0);
  }
  const status = version === 0 ? 'missing' : version < latest ? 'behind' : version === latest ? 'current' : 'ahead';
  return { version, latest, status };
}
