import type { PostgresClient } from './client';
import { createPostgresSession } from './session';
import { POSTGRES_MIGRATIONS, type PostgresMigration } from './migrations/index';

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
    return { applied, version: Math.max(0, ...done) };
  });
}
