// A WooCommerce database named by a mysql:// URL, for `export --from-woocommerce` and `import --from-woocommerce`:
// opened through mysql2 (an optional peer dependency, loaded only here) with `dateStrings`, read-only, and every way
// it can fail (no connection, not WooCommerce, a wrong prefix, a missing privilege or table, an unsupported version)
// turned into one line naming the problem. The URL's password never reaches a message.
import type { MysqlQueryable, WooCommerceStorage } from '../repository/woocommerce/woocommerce-database';
import { WooCommerceStoreError } from '../repository/woocommerce/read-store-settings';
import { CliError, messageOf } from './cli-error';
import { redactUrl } from './database';

/** An open WooCommerce database: the pool, a printable name, and how to close it. */
export interface WooCommerceSource {
  readonly db: MysqlQueryable;
  /** The URL without its password, for messages. */
  readonly label: string;
  readonly tablePrefix: string;
  readonly storage: 'auto' | WooCommerceStorage;
  close(): Promise<void>;
}

/** Checks `--storage`: `auto` (default), `posts` or `hpos`. */
export function storageOption(text: string | undefined): 'auto' | WooCommerceStorage {
  if (text === undefined || text === 'auto' || text === 'posts' || text === 'hpos') return text ?? 'auto';
  throw new CliError(`--storage must be auto, posts or hpos, got "${text}"`);
}

interface Mysql2 {
  createPool(options: object): MysqlQueryable & { end(): Promise<void>; on(event: 'error', listener: () => void): unknown };
}

type DriverError = Error & { code?: string; errno?: number; sqlMessage?: string };

/**
 * Opens the database at `url` and checks that `tablePrefix` names a WordPress store there. `connectionLimit`: the
 * pool's connections (2 for a one-pass export or import; `serve --woocommerce-url` takes more).
 */
export async function openWooCommerce(url: string, tablePrefix = 'wp_', storage: 'auto' | WooCommerceStorage = 'auto', connectionLimit = 2): Promise<WooCommerceSource> {
  const label = redactUrl(url);
  if (!/^mysql:\/\//i.test(url)) throw new CliError(`--from-woocommerce must be a mysql://USER:PASSWORD@HOST:PORT/DB URL (got ${label})`);
  if (!/^[A-Za-z0-9_]{0,48}$/.test(tablePrefix)) throw new CliError(`--table-prefix may hold letters, digits and _ only, got "${tablePrefix}"`);
  if (new URL(url).pathname.replace(/^\//, '') === '') throw new CliError(`${label} names no database: add /DATABASE to the URL`);
  let mysql: Mysql2;
  try {
    // A variable specifier, so bundlers leave the optional driver to be resolved at run time.
    const driver = 'mysql2/promise';
    const mod = (await import(driver)) as Mysql2 & { default?: Mysql2 };
    mysql = mod.default ?? mod;
  } catch {
    throw new CliError('--from-woocommerce needs the "mysql2" package, which is not installed: npm install mysql2');
  }
  const pool = mysql.createPool({ uri: url, dateStrings: true, connectionLimit, connectTimeout: 10_000 });
  pool.on('error', () => undefined);
  const source: WooCommerceSource = { db: pool, label, tablePrefix, storage, close: () => pool.end() };
  try {
    await pool.query('SELECT 1');
    await checkPrefix(source);
    return source;
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw wooCommerceFailure(error, source);
  }
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// WordPress's options table is what every store has: its absence means a wrong prefix or no WordPress at all.
async function checkPrefix(source: WooCommerceSource): Promise<void> {
  const [own] = await source.db.query('SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?', [`${source.tablePrefix}options`]);
  if ((own as unknown[]).length > 0) return;
  const [others] = await source.db.query(
    `SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME LIKE ? ORDER BY TABLE_NAME LIMIT 5`,
    [`%${likeEscape('options')}`],
  );
  const prefixes = (others as { name: string }[]).map((r) => String(r.name).slice(0, -'options'.length)).filter((p) => /^[A-Za-z0-9_]*$/.test(p));
  if (prefixes.length > 0) {
    throw new CliError(`${source.label} has no table ${source.tablePrefix}options: wrong --table-prefix? (its WordPress tables use ${prefixes.map((p) => `"${p}"`).join(', ')})`);
  }
  throw new CliError(`${source.label} is not a WooCommerce database (it has no WordPress options table)`);
}

/** Any failure of reading the store, as one line naming the problem. */
export function wooCommerceFailure(error: unknown, source: Pick<WooCommerceSource, 'label' | 'tablePrefix'>): CliError {
  if (error instanceof CliError) return error;
  if (error instanceof WooCommerceStoreError) {
    const what = { not_woocommerce: 'is not a WooCommerce database', unsupported_version: 'runs an unsupported WooCommerce version', unknown_time_zone: 'has a time zone this cannot read' }[error.code];
    return new CliError(`${source.label} ${what}: ${error.message}`);
  }
  const e = error as DriverError;
  const detail = e.sqlMessage ?? messageOf(error);
  switch (e.code) {
    case 'ER_ACCESS_DENIED_ERROR':
      return new CliError(`cannot connect to ${source.label}: ${detail}`);
    case 'ER_DBACCESS_DENIED_ERROR':
    case 'ER_TABLEACCESS_DENIED_ERROR':
    case 'ER_COLUMNACCESS_DENIED_ERROR':
    case 'ER_SPECIFIC_ACCESS_DENIED_ERROR':
      return new CliError(`missing privilege on ${source.label}: ${detail} (the reader needs SELECT on the store's tables)`);
    case 'ER_NO_SUCH_TABLE':
      return new CliError(`${source.label} lacks a table the store needs: ${detail} (not a WooCommerce store with prefix "${source.tablePrefix}", or --storage names a storage it does not use)`);
    case 'ER_BAD_DB_ERROR':
      return new CliError(`cannot connect to ${source.label}: ${detail}`);
    default:
      if (e.code !== undefined && /^(ECONNREFUSED|ENOTFOUND|ETIMEDOUT|EHOSTUNREACH|ECONNRESET|PROTOCOL_)/.test(e.code)) return new CliError(`cannot connect to ${source.label}: ${detail}`);
      return new CliError(`cannot read the WooCommerce store at ${source.label}: ${detail}`);
  }
}
