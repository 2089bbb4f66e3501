import type { Order } from '../../model/order';
import type { ShopSnapshot } from '../../model/shop';
import { readShopSnapshot, type ShopSnapshotHead, type ShopSnapshotSource } from '../../snapshot/read-shop-snapshot';
import type { SnapshotIssue } from '../../snapshot/snapshot-issue';
import type { PostgresClient, PostgresQueryable } from './client';
import { InvalidSnapshotError } from './import-errors';
import { insertAll, insertBatch, insertOrders } from './import-rows';
import { createPostgresSession } from './session';
import { COUPONS_TABLE, CUSTOMERS_TABLE, ORDER_CHILD_TABLES, ORDERS_TABLE, PRODUCTS_TABLE, STORE_TABLE } from './tables';

/**
 * How far {@link importShopSnapshot} is: given after every batch of orders, and once more when it is done.
 * `orders` never decreases.
 *
 * @example
 * ```ts
 * const onProgress = (p: ImportProgress) => console.log(`${p.orders} of ${p.totalOrders ?? '?'} orders`);
 * ```
 */
export interface ImportProgress {
  /** Orders written so far (not yet committed until `done`). */
  readonly orders: number;
  /** Every order of the snapshot, when known (a `ShopSnapshot`); undefined for a stream. */
  readonly totalOrders: number | undefined;
  /** Bytes read from a streamed source so far (0 for a `ShopSnapshot`). */
  readonly bytesRead: number;
  /** True once, at the end, after the commit. */
  readonly done: boolean;
}

/**
 * Options of {@link importShopSnapshot}.
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * await importShopSnapshot(pool, snapshot, { batchSize: 5000, signal: controller.signal, onProgress: (p) => console.log(p.orders) });
 * ```
 */
export interface ImportShopSnapshotOptions {
  /** Orders per batch (default 1,000); products, customers and coupons go in batches of ten times that. */
  readonly batchSize?: number | undefined;
  /** Told after every batch and at the end; must not throw (an exception aborts the import). */
  readonly onProgress?: ((progress: ImportProgress) => void) | undefined;
  /** Cancels the import: it rolls back (nothing stays written) and rejects with the signal's reason. */
  readonly signal?: AbortSignal | undefined;
  /** For a streamed snapshot: most issues collected before reading stops (default 1,000). */
  readonly maxIssues?: number | undefined;
}

/**
 * How many rows {@link importShopSnapshot} wrote.
 *
 * @example
 * ```ts
 * const { orders } = await importShopSnapshot(pool, snapshot); // snapshot.orders.length
 * ```
 */
export interface ImportShopSnapshotResult {
  readonly products: number;
  readonly customers: number;
  readonly coupons: number;
  readonly orders: number;
}

function isSnapshot(value: ShopSnapshot | ShopSnapshotSource): value is ShopSnapshot {
  const v = value as Partial<ShopSnapshot>;
  return typeof v === 'object' && v !== null && Array.isArray(v.orders) && typeof v.store === 'object';
}

/**
 * Loads a shop snapshot into a migrated, empty shop schema (see `migratePostgres`): store settings, products,
 * customers, coupons and orders with all their lines, in batches inside ONE transaction, so a failure (a duplicate
 * id, a value PostgreSQL cannot hold), an invalid streamed snapshot or an abort leaves the database exactly as it was.
 *
 * The snapshot is a {@link ShopSnapshot} in memory, or a JSON snapshot streamed from any byte source (a file stream,
 * see `readShopSnapshot`), which is validated as it is read and never held in memory whole; an invalid one rejects
 * with an {@link InvalidSnapshotError} listing the issues. `onProgress` hears after every batch; `signal` cancels.
 *
 * PostgreSQL text cannot hold NUL characters: a snapshot containing one is refused with a {@link SnapshotImportError}
 * naming the column, and nothing is written.
 *
 * @example
 * ```ts
 * import { createReadStream } from 'node:fs';
 * import { PGlite } from '@electric-sql/pglite';
 * import { createPostgresRepository, importShopSnapshot, migratePostgres } from 'shopkeep/shop';
 * const db = new PGlite();
 * await migratePostgres(db);
 * await importShopSnapshot(db, createReadStream('shop.json'), { onProgress: (p) => console.log(`${p.orders} orders`) });
 * const repo = createPostgresRepository({ client: db });
 * ```
 */
export async function importShopSnapshot(
  client: PostgresClient,
  snapshot: ShopSnapshot | ShopSnapshotSource,
  options: ImportShopSnapshotOptions = {},
): Promise<ImportShopSnapshotResult> {
  const batch = Math.max(1, Math.floor(options.batchSize ?? 1000));
  const { signal, onProgress } = options;
  signal?.throwIfAborted();
  const session = createPostgresSession(client);
  const totalOrders = isSnapshot(snapshot) ? snapshot.orders.length : undefined;
  let written = 0;
  let bytesRead = 0;
  const progress = (done: boolean) => onProgress?.({ orders: written, totalOrders, bytesRead, done });

  const writeOrders = async (tx: PostgresQueryable, orders: readonly Order[]) => {
    signal?.throwIfAborted();
    await insertOrders(tx, orders);
    written += orders.length;
    progress(false);
  };
  const writeHead = async (tx: PostgresQueryable, head: ShopSnapshotHead) => {
    signal?.throwIfAborted();
    await insertBatch(tx, STORE_TABLE, [head.store]);
    await insertAll(tx, PRODUCTS_TABLE, head.products, batch * 10);
    await insertAll(tx, CUSTOMERS_TABLE, head.customers, batch * 10);
    await insertAll(tx, COUPONS_TABLE, head.coupons, batch * 10);
  };

  const counts = await session.transaction(async (tx) => {
    let head: ShopSnapshotHead;
    if (isSnapshot(snapshot)) {
      head = snapshot;
      await writeHead(tx, head);
      for (let i = 0; i < snapshot.orders.length; i += batch) await writeOrders(tx, snapshot.orders.slice(i, i + batch));
    } else {
      head = await streamInto(tx, snapshot, batch, options, writeOrders, writeHead, (n) => (bytesRead = n));
    }
    signal?.throwIfAborted();
    // Notes added later by status changes continue after the highest imported note id.
    await tx.query(
      `SELECT setval('shop_order_note_ids', greatest((SELECT coalesce(max(id), 0) FROM shop_order_notes), 1),
                     (SELECT count(*) > 0 FROM shop_order_notes))`,
    );
    return { products: head.products.length, customers: head.customers.length, coupons: head.coupons.length, orders: written };
  });
  await refreshStatistics(session);
  progress(true);
  return counts;
}

/** Reads a streamed snapshot, writing orders in batches as they come; rejects (so the caller rolls back) on issues. */
async function streamInto(
  tx: PostgresQueryable,
  source: ShopSnapshotSource,
  batch: number,
  options: ImportShopSnapshotOptions,
  writeOrders: (tx: PostgresQueryable, orders: readonly Order[]) => Promise<void>,
  writeHead: (tx: PostgresQueryable, head: ShopSnapshotHead) => Promise<void>,
  onBytes: (bytesRead: number) => void,
): Promise<ShopSnapshotHead> {
  const issues: SnapshotIssue[] = [];
  let pending: Order[] = [];
  let head: ShopSnapshotHead | undefined;
  for await (const part of readShopSnapshot(source, { signal: options.signal, maxIssues: options.maxIssues })) {
    if (part.kind === 'issue') {
      issues.push(part.issue);
      pending = [];
      continue;
    }
    onBytes(part.bytesRead);
    if (part.kind === 'head') head = part.head;
    else {
      pending.push(part.order);
      if (pending.length >= batch) {
        await writeOrders(tx, pending);
        pending = [];
      }
    }
  }
  if (issues.length > 0 || head === undefined) throw new InvalidSnapshotError(issues);
  if (pending.length > 0) await writeOrders(tx, pending);
  await writeHead(tx, head);
  return head;
}

/**
 * Fresh statistics, so the planner picks index scans or sequential scans by the real sizes from the first query on,
 * and a fresh visibility map, so filtered counts run as index-only scans instead of reading the heap (see the
 * postgres bench's page + count figure); autovacuum would get there later. VACUUM cannot run inside a caller's
 * transaction block, so ANALYZE alone is the fallback. Outside the import's transaction: the rows are committed by
 * now, so a failure here (e.g. a role that may insert but not vacuum) must not report the import as failed.
 */
async function refreshStatistics(session: ReturnType<typeof createPostgresSession>): Promise<void> {
  const tables = [STORE_TABLE, PRODUCTS_TABLE, CUSTOMERS_TABLE, COUPONS_TABLE, ORDERS_TABLE, ...ORDER_CHILD_TABLES.map((c) => c.spec)];
  const list = tables.map((t) => t.table).join(', ');
  await session
    .rows(`VACUUM (ANALYZE) ${list}`)
    .catch(() => session.rows(`ANALYZE ${list}`))
    .catch(() => undefined);
}
