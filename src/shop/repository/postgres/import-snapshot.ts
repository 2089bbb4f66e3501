import { Decimal } from 'decimal.js';
import type { Order } from '../../model/order';
import type { ShopSnapshot } from '../../model/shop';
import type { PostgresClient, PostgresQueryable } from './client';
import { arrayLiteral, instantFromMs, isStorableText } from './params';
import { createPostgresSession } from './session';
import {
  COUPONS_TABLE,
  CUSTOMERS_TABLE,
  ORDER_CHILD_TABLES,
  ORDERS_TABLE,
  PRODUCTS_TABLE,
  STORE_TABLE,
  type ColumnType,
  type ColumnValue,
  type Positioned,
  type TableSpec,
} from './tables';

/**
 * Options of {@link importShopSnapshot}.
 *
 * @example
 * ```ts
 * await importShopSnapshot(pool, snapshot, { batchSize: 5000 });
 * ```
 */
export interface ImportShopSnapshotOptions {
  /** Orders per batch (default 1,000); products, customers and coupons go in batches of ten times that. */
  readonly batchSize?: number | undefined;
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

/**
 * A snapshot value PostgreSQL cannot store as it is; the import stops before writing anything.
 *
 * @example
 * ```ts
 * try {
 *   await importShopSnapshot(pool, snapshot);
 * } catch (error) {
 *   if (error instanceof SnapshotImportError) console.error(`cannot import ${error.column}: ${error.message}`);
 * }
 * ```
 */
export class SnapshotImportError extends Error {
  override readonly name = 'SnapshotImportError';
  constructor(
    message: string,
    /** Table and column, e.g. `shop_orders.customer_note`. */
    readonly column: string,
  ) {
    super(message);
  }
}

// Every value is sent as one element of a text array per column, and cast in SQL: a handful of parameters per
// batch whatever its size (the protocol allows 65,535), one parse per batch, and identical behaviour in every driver.
function checkedText(s: string, where: string): string {
  if (!isStorableText(s)) {
    throw new SnapshotImportError(`${where} holds a NUL character or a lone UTF-16 surrogate, which PostgreSQL text cannot store`, where);
  }
  return s;
}

function checkedInteger(n: number, where: string): string {
  if (!Number.isSafeInteger(n)) throw new SnapshotImportError(`${where} must be a safe integer, got ${n}`, where);
  return String(n);
}

function encode(value: ColumnValue, type: ColumnType, where: string): string | null {
  if (value === null) return null;
  switch (type) {
    case 'text':
      return checkedText(typeof value === 'string' ? value : String(value), where);
    case 'bigint':
    case 'integer':
      return checkedInteger(value as number, where);
    case 'numeric':
      if (!(value instanceof Decimal) || !value.isFinite()) throw new SnapshotImportError(`${where} must be a finite Decimal`, where);
      return value.toFixed();
    case 'boolean':
      return value ? 'true' : 'false';
    case 'timestamptz': {
      const ms = (value as Date).getTime();
      if (Number.isNaN(ms)) throw new SnapshotImportError(`${where} is an invalid date`, where);
      return String(ms);
    }
    case 'bigint[]':
      return arrayLiteral((value as readonly number[]).map((n) => checkedInteger(n, where)));
    case 'text[]':
      return arrayLiteral((value as readonly string[]).map((s) => checkedText(s, where)));
  }
}

function castFrom(column: string, type: ColumnType): string {
  return type === 'timestamptz' ? instantFromMs(column) : type === 'text' ? column : `${column}::${type}`;
}

/** Inserts rows with one `INSERT ... SELECT FROM unnest(...)` statement. */
async function insertBatch<R>(tx: PostgresQueryable, spec: TableSpec<R>, rows: readonly R[]): Promise<void> {
  if (rows.length === 0) return;
  const params = spec.columns.map((c) => {
    const where = `${spec.table}.${c.name}`;
    const values = new Array<string | null>(rows.length);
    for (let i = 0; i < rows.length; i += 1) values[i] = encode(c.value(rows[i] as R), c.type, where);
    return arrayLiteral(values);
  });
  const names = spec.columns.map((c) => c.name).join(', ');
  const unnest = spec.columns.map((_, i) => `$${i + 1}::text[]`).join(', ');
  const aliases = spec.columns.map((_, i) => `c${i}`).join(', ');
  const exprs = spec.columns.map((c, i) => castFrom(`c${i}`, c.type)).join(', ');
  await tx.query(`INSERT INTO ${spec.table} (${names}) SELECT ${exprs} FROM unnest(${unnest}) AS u(${aliases})`, params);
}

async function insertAll<R>(tx: PostgresQueryable, spec: TableSpec<R>, rows: readonly R[], batchSize: number): Promise<void> {
  for (let i = 0; i < rows.length; i += batchSize) await insertBatch(tx, spec, rows.slice(i, i + batchSize));
}

function positioned<T>(orders: readonly Order[], lines: (o: Order) => readonly T[]): Positioned<T>[] {
  const out: Positioned<T>[] = [];
  for (const o of orders) lines(o).forEach((line, position) => out.push({ orderId: o.id, position, line }));
  return out;
}

/**
 * Loads a whole {@link ShopSnapshot} into a migrated, empty shop schema (see `migratePostgres`): store settings,
 * products, customers, coupons and orders with all their lines, in batched multi-row INSERTs inside ONE transaction,
 * so a failure (a duplicate id, a value PostgreSQL cannot hold) leaves the database exactly as it was.
 *
 * PostgreSQL text cannot hold NUL characters: a snapshot containing one is refused with a {@link SnapshotImportError}
 * naming the column, and nothing is written.
 *
 * @example
 * ```ts
 * import { PGlite } from '@electric-sql/pglite';
 * import { createPostgresRepository, importShopSnapshot, migratePostgres } from 'shopkeep/shop';
 * const db = new PGlite();
 * await migratePostgres(db);
 * await importShopSnapshot(db, snapshot); // { products: 40, customers: 100, coupons: 14, orders: 300 }
 * const repo = createPostgresRepository({ client: db });
 * ```
 */
export async function importShopSnapshot(
  client: PostgresClient,
  snapshot: ShopSnapshot,
  options: ImportShopSnapshotOptions = {},
): Promise<ImportShopSnapshotResult> {
  const batch = Math.max(1, Math.floor(options.batchSize ?? 1000));
  const session = createPostgresSession(client);
  await session.transaction(async (tx) => {
    await insertBatch(tx, STORE_TABLE, [snapshot.store]);
    await insertAll(tx, PRODUCTS_TABLE, snapshot.products, batch * 10);
    await insertAll(tx, CUSTOMERS_TABLE, snapshot.customers, batch * 10);
    await insertAll(tx, COUPONS_TABLE, snapshot.coupons, batch * 10);
    for (let i = 0; i < snapshot.orders.length; i += batch) {
      const orders = snapshot.orders.slice(i, i + batch);
      await insertBatch(tx, ORDERS_TABLE, orders);
      for (const child of ORDER_CHILD_TABLES) {
        // Each entry pairs a table with the lines it holds; the pairing is by construction, so erase the line type.
        const { spec, lines } = child as unknown as {
          spec: TableSpec<Positioned<unknown>>;
          lines: (o: Order) => readonly unknown[];
        };
        await insertBatch(tx, spec, positioned(orders, lines));
      }
    }
    // Notes added later by status changes continue after the highest imported note id.
    await tx.query(
      `SELECT setval('shop_order_note_ids', greatest((SELECT coalesce(max(id), 0) FROM shop_order_notes), 1),
                     (SELECT count(*) > 0 FROM shop_order_notes))`,
    );
  });
  // Fresh statistics, so the planner picks index scans or sequential scans by the real sizes from the first query on,
  // and a fresh visibility map, so filtered counts run as index-only scans instead of reading the heap (see the
  // postgres bench's page + count figure); autovacuum would get there later. VACUUM cannot run inside a caller's transaction block, so
  // ANALYZE alone is the fallback. Outside our transaction: the rows are committed by now, so a failure here (e.g. a
  // role that may insert but not vacuum) must not report the import as failed.
  const tables = [STORE_TABLE, PRODUCTS_TABLE, CUSTOMERS_TABLE, COUPONS_TABLE, ORDERS_TABLE, ...ORDER_CHILD_TABLES.map((c) => c.spec)];
  const list = tables.map((t) => t.table).join(', ');
  await session
    .rows(`VACUUM (ANALYZE) ${list}`)
    .catch(() => session.rows(`ANALYZE ${list}`))
    .catch(() => undefined);
  return {
    products: snapshot.products.length,
    customers: snapshot.customers.length,
    coupons: snapshot.coupons.length,
    orders: snapshot.orders.length,
  };
}
