// Opening a database from a URL: `postgres://` / `postgresql://` through `pg` (an optional peer dependency, loaded
// only here), or `pglite:DIR` / `pglite:memory` through PGlite when it is installed. The URL's password never
// reaches a message.
import { availableParallelism } from 'node:os';
import type { PostgresClient } from '../repository/postgres/client';
import { CliError, messageOf } from './cli-error';

/** An open database: the client for the library, a printable name, and how to close it. */
export interface OpenDatabase {
  readonly client: PostgresClient;
  /** The URL without credentials, for messages. */
  readonly label: string;
  close(): Promise<void>;
}

/** The URL with any user password (and password query parameter) replaced, for printing. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    for (const key of [...parsed.searchParams.keys()]) if (/pass|secret|key|token/i.test(key)) parsed.searchParams.set(key, '***');
    return parsed.toString();
  } catch {
    // Not a URL we can parse: show only the scheme, as anything after it may be a secret.
    return `${url.split(':')[0] ?? ''}:…`;
  }
}

/**
 * Connections of the `pg` pool: WC_LEGACY_API_POOL_SIZE, else twice the machine's cores, at least 4 and at most 20.
 * A request holds a connection for one statement at a time, and the database does the work: a few connections per
 * core keep it busy, while more only queue inside PostgreSQL (and use its connection slots, 100 by default). A
 * request that finds none free within its budget is answered 503, never queued for longer.
 */
export function poolSize(): number {
  const text = process.env.WC_LEGACY_API_POOL_SIZE;
  if (text !== undefined && text !== '') {
    const n = Number(text);
    if (!Number.isSafeInteger(n) || n < 1) throw new CliError(`WC_LEGACY_API_POOL_SIZE must be a whole number of at least 1, got "${text}"`);
    return n;
  }
  return Math.min(20, Math.max(4, 2 * availableParallelism()));
}

// A variable specifier, so bundlers leave these optional packages to be resolved at run time.
async function load(name: string, why: string): Promise<Record<string, unknown>> {
  try {
    return (await import(name)) as Record<string, unknown>;
  } catch {
    throw new CliError(`${why} needs the "${name}" package, which is not installed: npm install ${name}`);
  }
}

/** Opens the database at `url` and checks that it answers. */
export async function openDatabase(url: string): Promise<OpenDatabase> {
  const label = redactUrl(url);
  if (/^postgres(ql)?:\/\//i.test(url)) {
    const pg = await load('pg', '--database-url postgres://...');
    const Pool = ((pg.default as Record<string, unknown> | undefined)?.Pool ?? pg.Pool) as new (options: object) => PostgresClient & {
      end(): Promise<void>;
      on(event: 'error', listener: (error: Error) => void): void;
    };
    const pool = new Pool({ connectionString: url, max: poolSize(), connectionTimeoutMillis: 10_000 });
    // An idle connection that breaks (server restart) must not crash the process; the next query reports it.
    pool.on('error', () => undefined);
    return checked({ client: pool, label, close: () => pool.end() });
  }
  if (url.startsWith('pglite:')) {
    const mod = await load('@electric-sql/pglite', '--database-url pglite:...');
    const PGlite = mod.PGlite as new (dataDir?: string) => PostgresClient & { close(): Promise<void> };
    const dir = url.slice('pglite:'.length);
    const db = dir === '' || dir === 'memory' ? new PGlite() : new PGlite(dir);
    return checked({ client: db, label, close: () => db.close() });
  }
  throw new CliError(`--database-url must start with postgres://, postgresql:// or pglite: (got ${label})`);
}

async function checked(db: OpenDatabase): Promise<OpenDatabase> {
  try {
    await db.client.query('SELECT 1');
    return db;
  } catch (error) {
    await db.close().catch(() => undefined);
    throw new CliError(`cannot connect to ${db.label}: ${messageOf(error)}`);
  }
}
