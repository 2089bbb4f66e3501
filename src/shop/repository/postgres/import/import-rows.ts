import { Decimal } from 'decimal.js';
import type { Order } from '../../../model/order';
import type { PostgresQueryable } from '../client';
import { ConnectionQueue } from './connection-queue';
import { supportsCopyIn } from './copy-in';
import { CHILDREN, copyRows, createCopyOrderWriter, type OrderWriter } from './copy-rows';
import { SnapshotImportError } from './import-errors';
import { arrayLiteral, instantFromMs, isStorableText } from '../params';
import { ORDERS_TABLE, type ColumnType, type ColumnValue, type Positioned, type TableSpec } from '../tables';

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

/** The INSERT of a batch of rows as one `INSERT ... SELECT FROM unnest(...)` statement: text and parameters. */
function insertStatement<R>(spec: TableSpec<R>, rows: readonly R[]): [string, string[]] {
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
  return [`INSERT INTO ${spec.table} (${names}) SELECT ${exprs} FROM unnest(${unnest}) AS u(${aliases})`, params];
}

/** Inserts rows with one `INSERT ... SELECT FROM unnest(...)` statement. */
export async function insertBatch<R>(tx: PostgresQueryable, spec: TableSpec<R>, rows: readonly R[]): Promise<void> {
  if (rows.length === 0) return;
  const [text, params] = insertStatement(spec, rows);
  await tx.query(text, params);
}

/**
 * Writes rows with one COPY when `tx` is a node-postgres connection (`COPY ... (FREEZE)` with `freeze`: the table was
 * truncated in this transaction), else with batched INSERTs.
 */
export async function insertAll<R>(tx: PostgresQueryable, spec: TableSpec<R>, rows: readonly R[], batchSize: number, freeze = false): Promise<void> {
  if (rows.length === 0) return;
  if (supportsCopyIn(tx)) {
    await copyRows(tx, spec, rows, freeze);
    return;
  }
  for (let i = 0; i < rows.length; i += batchSize) await insertBatch(tx, spec, rows.slice(i, i + batchSize));
}

/** Every line of the orders with its order id and position; one object, reused (each row is encoded before the next). */
function* positionedLines(orders: readonly Order[], lines: (o: Order) => readonly unknown[]): Generator<Positioned<unknown>> {
  const row = { orderId: 0, position: 0, line: undefined as unknown };
  for (const o of orders) {
    const list = lines(o);
    row.orderId = o.id;
    for (let p = 0; p < list.length; p += 1) {
      row.position = p;
      row.line = list[p];
      yield row;
    }
  }
}

/** The statements that write a batch of orders and all their lines, encoded (so encoding errors surface here). */
function orderStatements(orders: readonly Order[]): [string, string[]][] {
  const out: [string, string[]][] = [insertStatement(ORDERS_TABLE, orders)];
  for (const { spec, lines } of CHILDREN) {
    const rows = Array.from(positionedLines(orders, lines), (r) => ({ ...r }));
    if (rows.length > 0) out.push(insertStatement(spec, rows));
  }
  return out;
}

/** Writes a batch of orders and all their lines, one statement after the other. */
export async function insertOrders(tx: PostgresQueryable, orders: readonly Order[]): Promise<void> {
  for (const [text, params] of orderStatements(orders)) await tx.query(text, params);
}

/**
 * Writes batches of orders, never two queries at once on the connection: as COPY text on a node-postgres connection
 * (see `createCopyOrderWriter`; `freeze` as for {@link insertAll}), elsewhere as INSERT statements, the next batch encoded while the previous batch's
 * run. After a failure every later call rejects with the first error.
 */
export function createOrderWriter(tx: PostgresQueryable, freeze = false, ahead = 0): OrderWriter {
  if (supportsCopyIn(tx)) return createCopyOrderWriter(tx, freeze, { ahead });
  const queue = new ConnectionQueue();
  return {
    async write(orders) {
      const statements = orderStatements(orders);
      // The previous batch is stored (or its failure rejects here) before this one is queued.
      await queue.done();
      void queue.add(async () => {
        for (const [text, params] of statements) await tx.query(text, params);
      });
    },
    flush: () => queue.done(),
    settled: () => queue.settled(),
  };
}
