// The PostgreSQL server the benches use when one answers: DATABASE_URL, else the local test server.
import pg from 'pg';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** The server's URL when it accepts a connection within 1.5 s, else undefined (the bench then skips the server). */
export async function serverUrl(): Promise<string | undefined> {
  const url = process.env.DATABASE_URL || DEFAULT_URL;
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await probe.connect();
    return url;
  } catch {
    return undefined;
  } finally {
    await probe.end().catch(() => undefined);
  }
}

/**
 * Runs `use` on a pool (4 connections) whose search_path is a fresh throw-away schema on `url`, and drops the schema
 * afterwards, whatever `use` did: the benches never touch the server's own tables.
 */
export async function withThrowAwaySchema<T>(url: string, prefix: string, use: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const schema = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}`, max: 4 });
  try {
    return await use(pool);
  } finally {
    await pool.end();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}
