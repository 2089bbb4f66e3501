// The connection to a WooCommerce database (MySQL 8 / MariaDB 10.6+) as this folder uses it: a structural interface
// that a mysql2 pool or connection satisfies, so nothing here imports the driver (an optional peer). Every statement
// is a SELECT: this package never writes to a WooCommerce database.

/**
 * What the WooCommerce readers need of a mysql2 `Pool` / `Connection` (promise API).
 *
 * @example
 * ```ts
 * import mysql from 'mysql2/promise';
 * const db: MysqlQueryable = mysql.createPool({ uri: 'mysql://reader@localhost/wordpress', dateStrings: true });
 * ```
 */
export interface MysqlQueryable {
  query(sql: string, values?: unknown[]): Promise<[unknown, unknown]>;
}

/**
 * How a WooCommerce store keeps its orders: the posts tables, or the custom order tables (HPOS).
 *
 * @example
 * ```ts
 * const storage: WooCommerceStorage = 'hpos';
 * await exportWooCommerceSnapshot(pool, { storage });
 * ```
 */
export type WooCommerceStorage = 'posts' | 'hpos';

/** Table names of one store: WordPress's and WooCommerce's tables under the store's prefix. */
export interface WooCommerceTables {
  readonly options: string;
  readonly posts: string;
  readonly postmeta: string;
  readonly comments: string;
  readonly commentmeta: string;
  readonly users: string;
  readonly usermeta: string;
  readonly orderItems: string;
  readonly orderItemMeta: string;
  readonly apiKeys: string;
  readonly termTaxonomy: string;
  readonly orders: string;
  readonly orderAddresses: string;
  readonly orderOperationalData: string;
  readonly ordersMeta: string;
}

/** A table prefix is pasted into SQL, so only what WordPress allows in `$table_prefix` passes: letters, digits, `_`. */
export function isValidTablePrefix(prefix: string): boolean {
  return /^[A-Za-z0-9_]{0,48}$/.test(prefix);
}

/** The store's tables under `prefix` (already checked by {@link isValidTablePrefix}), quoted for MySQL. */
export function woocommerceTables(prefix: string): WooCommerceTables {
  const t = (name: string) => `\`${prefix}${name}\``;
  return {
    options: t('options'),
    posts: t('posts'),
    postmeta: t('postmeta'),
    comments: t('comments'),
    commentmeta: t('commentmeta'),
    users: t('users'),
    usermeta: t('usermeta'),
    orderItems: t('woocommerce_order_items'),
    orderItemMeta: t('woocommerce_order_itemmeta'),
    apiKeys: t('woocommerce_api_keys'),
    termTaxonomy: t('term_taxonomy'),
    orders: t('wc_orders'),
    orderAddresses: t('wc_order_addresses'),
    orderOperationalData: t('wc_order_operational_data'),
    ordersMeta: t('wc_orders_meta'),
  };
}

/** Rows of a SELECT, as plain records (mysql2 answers `[rows, fields]`). */
export async function selectRows(db: MysqlQueryable, sql: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
  const [rows] = await db.query(sql, values);
  return rows as Record<string, unknown>[];
}

/** A column's value as text ('' for NULL); mysql2 with `dateStrings` gives dates and decimals as text already. */
export function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) return new TextDecoder().decode(value);
  return String(value);
}

// mysql2 is an optional peer: loaded on first use, by a variable specifier so bundlers leave it to run time.
export async function openPool(url: string, connectionLimit: number): Promise<MysqlQueryable & { end(): Promise<void> }> {
  const name = 'mysql2/promise';
  const mysql = (await import(name).catch(() => {
    throw new Error('createWooCommerceRepository({ url }) needs the "mysql2" package: npm install mysql2');
  })) as { default?: { createPool?: unknown }; createPool?: unknown };
  const createPool = (mysql.createPool ?? mysql.default?.createPool) as (o: object) => MysqlQueryable & { end(): Promise<void> };
  return createPool({ uri: url, dateStrings: true, connectionLimit, supportBigNumbers: true, bigNumberStrings: true });
}
