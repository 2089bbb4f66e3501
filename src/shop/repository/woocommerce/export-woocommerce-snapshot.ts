// A whole WooCommerce store as a shop snapshot (the format `loadShopSnapshot` reads and the CLI imports), read page
// by page of orders so memory holds one page's rows at a time beside the result. Read-only: SELECTs only.
import { readCoupons, readCustomers, readProducts } from './read-catalog';
import { orderIds } from './read-order-heads';
import { readOrders, type SnapshotOrder } from './read-orders';
import { readStoreSettings, type WooCommerceStoreSettings } from './read-store-settings';
import { isValidTablePrefix, woocommerceTables, type MysqlQueryable, type WooCommerceStorage } from './woocommerce-database';

/**
 * Options of {@link exportWooCommerceSnapshot}.
 *
 * @example
 * ```ts
 * const options: WooCommerceExportOptions = { tablePrefix: 'wp_', storage: 'auto' };
 * ```
 */
export interface WooCommerceExportOptions {
  /** The store's table prefix (WordPress's `$table_prefix`); default `wp_`. */
  readonly tablePrefix?: string;
  /** Which order storage to read: `auto` (default) reads `woocommerce_custom_orders_table_enabled`. */
  readonly storage?: 'auto' | WooCommerceStorage;
  /** Orders read per round trip (default 500). */
  readonly pageSize?: number;
  /** Called after every page with the orders read so far. */
  readonly onProgress?: (progress: { orders: number }) => void;
}

/**
 * A WooCommerce store in the snapshot format (JSON-ready: `loadShopSnapshot` reads it, `JSON.stringify` writes it).
 *
 * @example
 * ```ts
 * const json: WooCommerceSnapshotJson = await exportWooCommerceSnapshot(pool);
 * writeFileSync('shop.json', JSON.stringify(json));
 * ```
 */
export interface WooCommerceSnapshotJson {
  format_version: 1;
  store: WooCommerceStoreSettings['store'];
  products: Awaited<ReturnType<typeof readProducts>>;
  customers: Awaited<ReturnType<typeof readCustomers>>;
  coupons: Awaited<ReturnType<typeof readCoupons>>;
  orders: SnapshotOrder[];
}

/**
 * Reads a WooCommerce store (MySQL 8 / MariaDB 10.6+, posts or HPOS order storage) into the shop snapshot format.
 * `db` is a mysql2 pool or connection (promise API) created with `dateStrings: true`, so no time is shifted by the
 * process's zone. Never writes. Throws `WooCommerceStoreError` for a database that is not a WooCommerce store this
 * can read, and the driver's error for a missing table or privilege.
 *
 * @example
 * ```ts
 * import mysql from 'mysql2/promise';
 * const pool = mysql.createPool({ uri: 'mysql://reader@localhost/wordpress', dateStrings: true });
 * const json = await exportWooCommerceSnapshot(pool, { tablePrefix: 'wp_' });
 * const loaded = loadShopSnapshot(json); // a ShopSnapshot for createMemoryRepository or importShopSnapshot
 * ```
 */
export async function exportWooCommerceSnapshot(db: MysqlQueryable, options: WooCommerceExportOptions = {}): Promise<WooCommerceSnapshotJson> {
  const prefix = options.tablePrefix ?? 'wp_';
  if (!isValidTablePrefix(prefix)) throw new RangeError(`tablePrefix ${JSON.stringify(prefix)} is not a table prefix (letters, digits and _ only)`);
  const t = woocommerceTables(prefix);
  const settings = await readStoreSettings(db, t);
  const storage = options.storage === undefined || options.storage === 'auto' ? settings.storage : options.storage;
  const timeZone = settings.store.time_zone;
  const [products, customers, coupons] = [await readProducts(db, t), await readCustomers(db, t, prefix), await readCoupons(db, t, timeZone)];
  const pageSize = Math.max(1, Math.min(options.pageSize ?? 500, 5_000));
  const orders: SnapshotOrder[] = [];
  for (let after = 0; ; ) {
    const ids = await orderIds(db, t, storage, after, pageSize);
    if (ids.length === 0) break;
    for (const order of await readOrders(db, t, storage, ids, timeZone)) orders.push(order);
    after = ids[ids.length - 1]!;
    options.onProgress?.({ orders: orders.length });
  }
  return { format_version: 1, store: settings.store, products, customers, coupons, orders };
}
