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

export type { SnapshotOrder } from './read-orders';

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
 * One part of a store as {@link readWooCommerceSnapshot} reads it: first everything but the orders, then the orders
 * page by page (`orders` holds the page, `read` the orders read so far).
 *
 * @example
 * ```ts
 * for await (const part of readWooCommerceSnapshot(pool)) if (part.kind === 'orders') console.log(part.read);
 * ```
 */
export type WooCommerceSnapshotPart =
  | { readonly kind: 'head'; readonly head: Omit<WooCommerceSnapshotJson, 'orders'> }
  | { readonly kind: 'orders'; readonly orders: SnapshotOrder[]; readonly read: number };

/**
 * Reads a WooCommerce store as {@link exportWooCommerceSnapshot} does, but part by part, so a caller can write or
 * import a store of any size holding one page of orders at a time (the CLI's `export` and `import
 * --from-woocommerce`). Read-only; the same errors as {@link exportWooCommerceSnapshot}.
 *
 * @example
 * ```ts
 * for await (const part of readWooCommerceSnapshot(pool, { tablePrefix: 'wp_' })) {
 *   if (part.kind === 'head') console.log(part.head.store.name);
 *   else for (const order of part.orders) console.log(order.id, order.total);
 * }
 * ```
 */
export async function* readWooCommerceSnapshot(db: MysqlQueryable, options: WooCommerceExportOptions = {}): AsyncGenerator<WooCommerceSnapshotPart, void> {
  const prefix = options.tablePrefix ?? 'wp_';
  if (!isValidTablePrefix(prefix)) throw new RangeError(`tablePrefix ${JSON.stringify(prefix)} is not a table prefix (letters, digits and _ only)`);
  const t = woocommerceTables(prefix);
  const settings = await readStoreSettings(db, t);
  const storage = options.storage === undefined || options.storage === 'auto' ? settings.storage : options.storage;
  const timeZone = settings.store.time_zone;
  const [products, customers, coupons] = [await readProducts(db, t), await readCustomers(db, t, prefix), await readCoupons(db, t, timeZone)];
  yield { kind: 'head', head: { format_version: 1, store: settings.store, products, customers, coupons } };
  const pageSize = Math.max(1, Math.min(options.pageSize ?? 500, 5_000));
  let read = 0;
  for (let after = 0; ; ) {
    const ids = await orderIds(db, t, storage, after, pageSize);
    if (ids.length === 0) break;
    const orders = await readOrders(db, t, storage, { ids }, timeZone);
    after = ids[ids.length - 1]!;
    read += orders.length;
    options.onProgress?.({ orders: read });
    yield { kind: 'orders', orders, read };
  }
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
  let head: Omit<WooCommerceSnapshotJson, 'orders'> | undefined;
  const orders: SnapshotOrder[] = [];
  for await (const part of readWooCommerceSnapshot(db, options)) {
    if (part.kind === 'head') head = part.head;
    else orders.push(...part.orders);
  }
  return { ...head!, orders };
}
