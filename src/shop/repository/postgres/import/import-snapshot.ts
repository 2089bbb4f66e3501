import type { Order } from '../../../model/order';
import type { ShopSnapshot } from '../../../model/shop';
import type { ShopSnapshotHead, ShopSnapshotSource } from '../../../snapshot/read-shop-snapshot';
import type { PostgresClient, PostgresQueryable } from '../client';
import { ImportTargetError, InvalidSnapshotError } from './import-errors';
import { suspendIndexes, type SuspendedIndexes } from './bulk-load';
import { ConnectionQueue } from './connection-queue';
import { createCopyOrderWriter, type CopyOrderWriter, type OrderWriter } from './copy-rows';
import { supportsCopyIn, type PgClientLike } from './copy-in';
import { createOrderWriter, insertAll } from './import-rows';
import { OrderJsonEncoder, type OrderIdSkeleton } from './order-json-encoder';
import { STREAM_GROUP, streamOrders } from './stream-orders';
import { rebuildReportDays } from '../report-days';
import { createPostgresSession } from '../session';
import { COUPONS_TABLE, CUSTOMERS_TABLE, ORDER_CHILD_TABLES, ORDERS_TABLE, PRODUCTS_TABLE, STORE_TABLE, type TableSpec } from '../tables';

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
  /**
   * Orders written so far (not yet committed until `done`). A `ShopSnapshot` loaded with COPY is written in two
   * passes, the orders' lines first, and counts its orders in the second (their own rows).
   */
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
  /** For a streamed snapshot: most bytes of one order (or other value) held at once (default 16 MiB; see `readShopSnapshot`). */
  readonly maxValueBytes?: number | undefined;
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

// The shop's own tables (not the key and nonce stores, which may be filled before the shop is imported).
const SHOP_DATA_TABLES = ['shop_store', 'shop_products', 'shop_customers', 'shop_coupons', 'shop_orders'] as const;

// Refuses a target that is not migrated or already holds a shop, before anything is written (one cheap statement:
// each EXISTS reads at most one row). A duplicate key error halfway through the load named neither condition.
async function checkTarget(tx: PostgresQueryable): Promise<void> {
  const { rows } = await tx.query(`SELECT to_regclass('shop_orders') IS NOT NULL AND to_regclass('shop_store') IS NOT NULL AS migrated`);
  if ((rows[0] as { migrated: unknown }).migrated !== true) {
    throw new ImportTargetError('not_migrated', 'the target schema has no shop tables: run migratePostgres first (the wc-legacy-api import command does it)');
  }
  const found = (await tx.query(`SELECT ${SHOP_DATA_TABLES.map((t) => `EXISTS (SELECT 1 FROM ${t}) AS ${t}`).join(', ')}`)).rows[0] as Record<string, unknown>;
  const filled = SHOP_DATA_TABLES.filter((t) => found[t] === true);
  if (filled.length > 0) {
    throw new ImportTargetError(
      'not_empty',
      `the target schema already holds a shop (rows in ${filled.join(', ')}): import into an empty schema; an import never merges or replaces`,
      filled,
    );
  }
}

// The import itself; the shop entry exports the lazy `importShopSnapshot` of import-shop-snapshot.ts, which loads
// this module (and everything the import writes with) on its first call. The CLI imports it directly.
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

  // Frozen COPY (see suspendIndexes) leaves nothing for VACUUM to do from PostgreSQL 14 on, which also marks the
  // pages all-visible as it writes them; statistics are then gathered inside the transaction.
  let frozen = false;
  const writeHead = async (tx: PostgresQueryable, head: ShopSnapshotHead) => {
    signal?.throwIfAborted();
    await insertAll(tx, STORE_TABLE, [head.store], 1, frozen);
    await insertAll(tx, PRODUCTS_TABLE, head.products, batch * 10, frozen);
    await insertAll(tx, CUSTOMERS_TABLE, head.customers, batch * 10, frozen);
    await insertAll(tx, COUPONS_TABLE, head.coupons, batch * 10, frozen);
  };

  const counts = await session.transaction(async (tx) => {
    await checkTarget(tx);
    const canCopy = supportsCopyIn(tx);
    const copy = canCopy && (await setsVisibilityWhenFrozen(tx));
    const suspended = await suspendIndexes(tx, SHOP_TABLES.map((t) => t.table), copy);
    frozen = suspended?.truncated === true;
    // Notes added later by status changes continue after the highest note id: the notes already there (none in the
    // usual empty schema, so no scan of the notes at the end, which have no index on id) and the imported ones.
    const before = (await tx.query(`SELECT coalesce(max(id), 0)::text AS last, count(id) > 0 AS any FROM shop_order_notes`)).rows[0] as {
      last: unknown;
      any: unknown;
    };
    let lastNote = 0;
    let anyNote = before.any === true;
    // Writes orders that count as written; `report`: a batch ends here.
    // (`encoded`: orders already written from their JSON, see streamOrders.)
    const writeOrders = async (writer: OrderWriter, orders: readonly Order[], report = true, encoded: readonly OrderIdSkeleton[] = []) => {
      signal?.throwIfAborted();
      await writer.write(orders);
      for (const { notes } of [...orders, ...encoded]) {
        for (const note of notes) {
          anyNote = true;
          if (note.id > lastNote) lastNote = note.id;
        }
      }
      written += orders.length + encoded.length;
      if (report) progress(false);
    };
    const setNoteIds = () =>
      tx.query(`SELECT setval('shop_order_note_ids', greatest($1::bigint, $2::bigint, 1), $3::boolean)`, [String(before.last), String(lastNote), anyNote]);
    const result = (head: ShopSnapshotHead) => ({
      products: head.products.length,
      customers: head.customers.length,
      coupons: head.coupons.length,
      orders: written,
    });

    if (isSnapshot(snapshot) && suspended !== undefined && canCopy) {
      await writeHead(tx, snapshot);
      await copyTableByTable(tx, snapshot, suspended, frozen, batch, signal, writeOrders);
      signal?.throwIfAborted();
      await setNoteIds();
      await rebuildReportDays(tx);
      return result(snapshot);
    }

    const writer = createOrderWriter(tx, frozen, isSnapshot(snapshot) ? 0 : 0);
    try {
      let head: ShopSnapshotHead;
      if (isSnapshot(snapshot)) {
        head = snapshot;
        for (let i = 0; i < snapshot.orders.length; i += batch) await writeOrders(writer, snapshot.orders.slice(i, i + batch));
      } else {
        // A COPY writer encodes what it is given at once, so a stream hands it orders in small groups.
        const group = canCopy ? Math.min(batch, STREAM_GROUP) : batch;
        const encoder = writer.encoded && new OrderJsonEncoder();
        const encode =
          encoder &&
          ((bytes: Uint8Array) => {
            const ids = encoder.encode(bytes);
            if (ids !== undefined) writer.encoded?.(encoder.rows);
            return ids;
          });
        head = await streamOrders(snapshot, batch, group, options, (orders, encoded, end) => writeOrders(writer, orders, end, encoded), (n) => (bytesRead = n), encode);
      }
      await writer.flush();
      await writeHead(tx, head);
      signal?.throwIfAborted();
      if (suspended !== undefined) await analyzeAndRestore(tx, suspended, frozen, SHOP_TABLES);
      await setNoteIds();
      await rebuildReportDays(tx);
      return result(head);
    } finally {
      // Nothing may still be running on the connection when the transaction ends (or rolls back).
      await writer.settled();
    }
  });
  if (!frozen) await refreshStatistics(session);
  progress(true);
  return counts;
}

// COPY text of the orders encoded ahead while the connection builds the line tables' keys (see copyTableByTable):
// this much memory on top of the parts being sent, for a shorter wait at the end.
const AHEAD_BYTES = 64 * 1024 * 1024;

const HEAD_TABLES = [STORE_TABLE, PRODUCTS_TABLE, CUSTOMERS_TABLE, COUPONS_TABLE] as readonly TableSpec<never>[];
const LINE_TABLES = ORDER_CHILD_TABLES.map((c) => c.spec as TableSpec<never>);

/**
 * The orders of a ShopSnapshot over COPY with the indexes suspended (the head tables written already), in two passes
 * over the orders, so that the server's work after the rows of a table runs while the client still encodes: first
 * every order's lines, then (with the head and line tables' statistics, keys and indexes queued behind those rows)
 * the orders' own rows, encoded up to AHEAD_BYTES ahead of the connection meanwhile, which alone count as written.
 * Only the orders' statistics, key and indexes and the line tables' foreign keys (which need the orders' key) are
 * left after the last order. Rejects with the first failure, once nothing runs on the connection any more.
 */
async function copyTableByTable(
  tx: PostgresQueryable & PgClientLike,
  snapshot: ShopSnapshot,
  suspended: SuspendedIndexes,
  frozen: boolean,
  batch: number,
  signal: AbortSignal | undefined,
  writeOrders: (writer: OrderWriter, orders: readonly Order[]) => Promise<void>,
): Promise<void> {
  const queue = new ConnectionQueue();
  const finish = (tables: readonly TableSpec<never>[], foreignKeys: boolean) => queue.add(() => analyzeAndRestore(tx, suspended, frozen, tables, foreignKeys));
  // The first pass's orders are not written whole yet: they do not count.
  const pass = async (writer: CopyOrderWriter, counted: boolean) => {
    for (let i = 0; i < snapshot.orders.length; i += batch) {
      const orders = snapshot.orders.slice(i, i + batch);
      if (counted) await writeOrders(writer, orders);
      else {
        signal?.throwIfAborted();
        await writer.write(orders);
      }
    }
    await writer.handOver();
  };
  try {
    await pass(createCopyOrderWriter(tx, frozen, { tables: LINE_TABLES, queue }), false);
    void finish([...HEAD_TABLES, ...LINE_TABLES], false);
    await pass(createCopyOrderWriter(tx, frozen, { tables: [ORDERS_TABLE as TableSpec<never>], queue, ahead: AHEAD_BYTES }), true);
    void finish([ORDERS_TABLE as TableSpec<never>], true);
    void queue.add(() => suspended.restore());
    await queue.done();
  } finally {
    await queue.settled();
  }
}

/**
 * Gathers the statistics of `tables` (after a frozen load; see ANALYZED), then re-creates what was dropped of them.
 * Statistics before the keys: the foreign-key checks are then planned on the real sizes, reading the orders' primary
 * key index alone (its pages all-visible) rather than the whole orders table once per line table.
 */
async function analyzeAndRestore(
  tx: PostgresQueryable,
  suspended: SuspendedIndexes,
  frozen: boolean,
  tables: readonly TableSpec<never>[],
  foreignKeys = true,
): Promise<void> {
  if (frozen) await tx.query(`ANALYZE ${analyzeTargets(tables)}`);
  await suspended.restore(
    tables.map((t) => t.table),
    foreignKeys,
  );
}

const SHOP_TABLES = [STORE_TABLE, PRODUCTS_TABLE, CUSTOMERS_TABLE, COUPONS_TABLE, ORDERS_TABLE, ...ORDER_CHILD_TABLES.map((c) => c.spec)] as readonly TableSpec<never>[];

// The columns queries filter, join or sort on (filters.ts, keyset-stream.ts, report-aggregates.ts, rows.ts): the
// planner's estimates need their statistics; the others (names, addresses, notes, search text, arrays) only cost
// ANALYZE time, most of it on a fresh import (a sample of 30,000 wide rows per table).
const ANALYZED: Record<string, readonly string[]> = {
  shop_store: [],
  shop_products: ['id', 'parent_id'],
  shop_customers: ['id', 'role', 'registered_at'],
  shop_coupons: ['id', 'status', 'created_at', 'updated_at', 'code'],
  shop_orders: ['id', 'status', 'created_at', 'updated_at', 'customer_id'],
};

/** `tables` with the columns ANALYZE needs (see ANALYZED); the line tables' keys for the others. */
function analyzeTargets(tables: readonly TableSpec<never>[]): string {
  return tables.map((t) => {
    const columns = ANALYZED[t.table] ?? ['order_id', ...(t.table === 'shop_order_line_items' ? ['product_id'] : [])];
    return columns.length === 0 ? t.table : `${t.table} (${columns.join(', ')})`;
  }).join(', ');
}

/** Whether the server marks pages all-visible during COPY FREEZE (PostgreSQL 14 and later). */
async function setsVisibilityWhenFrozen(tx: PostgresQueryable): Promise<boolean> {
  const { rows } = await tx.query(`SELECT current_setting('server_version_num')::int >= 140000 AS ok`);
  return (rows[0] as { ok: unknown }).ok === true;
}

/**
 * Fresh statistics, so the planner picks index scans or sequential scans by the real sizes from the first query on,
 * and a fresh visibility map, so filtered counts and the report index run index-only instead of reading the heap
 * (autovacuum would get there later, and analyze every column then). VACUUM cannot run inside a caller's
 * transaction block, so ANALYZE alone is the fallback. Outside the import's transaction: the rows are committed by
 * now, so a failure here (e.g. a role that may insert but not vacuum) must not report the import as failed. Not
 * needed after a frozen load (see importShopSnapshot).
 */
async function refreshStatistics(session: ReturnType<typeof createPostgresSession>): Promise<void> {
  const analyze = analyzeTargets(SHOP_TABLES);
  const list = SHOP_TABLES.map((t) => t.table).join(', ');
  await session
    .rows(`VACUUM (ANALYZE) ${analyze}`)
    .catch(() => session.rows(`ANALYZE ${analyze}`))
    .catch(() => session.rows(`ANALYZE ${list}`))
    .catch(() => undefined);
}
