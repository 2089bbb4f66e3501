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
