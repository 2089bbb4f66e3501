// Rows as COPY text on a node-postgres connection: each column written by a method chosen once by its type (see
// copy-text.ts), the orders and their lines in one pass or the orders first (see createCopyOrderWriter), the text
// sent in parts while the next part is encoded.
import type { Decimal } from 'decimal.js';
import type { Order } from '../../../model/order';
import { orderSearchFields } from '../../search-text';
import { ORDER_CHILD_TABLES, ORDERS_TABLE, type ColumnSpec, type Positioned, type TableSpec } from '../tables';
import { ConnectionQueue } from './connection-queue';
import { copyIn, type PgClientLike } from './copy-in';
import { releaseChunks } from './copy-chunks';
import { CopyTextWriter } from './copy-text';

/** Writes one row's value of a column, followed by nothing (the row encoder adds tabs and the newline). */
type ColumnWrite<R> = (w: CopyTextWriter, row: R) => void;

/** Writes a column's non-null value by its type. */
const VALUE_WRITE: Record<ColumnSpec<unknown>['type'], (w: CopyTextWriter, v: unknown, where: string) => void> = {
  text: (w, v, where) => w.text(typeof v === 'string' ? v : String(v), where),
  bigint: (w, v, where) => w.integer(v as number, where),
  integer: (w, v, where) => w.integer(v as number, where),
  numeric: (w, v, where) => w.decimal(v as Decimal, where),
  timestamptz: (w, v, where) => w.instant(v as Date, where),
  boolean: (w, v) => w.boolean(v as boolean),
  'bigint[]': (w, v, where) => w.integers(v as readonly number[], where),
  'text[]': (w, v, where) => w.texts(v as readonly string[], where),
};

function columnWrite<R>(column: ColumnSpec<R>, where: string): ColumnWrite<R> {
  const get = column.value;
  const write = VALUE_WRITE[column.type];
  return (w, row) => {
    const v = get(row);
    if (v === null) w.null();
    else write(w, v, where);
  };
}

/** Writes one row of `spec` (its columns in order, then the newline). */
export type RowWrite<R> = (w: CopyTextWriter, row: R) => void;

/** The row writer of a table from per-column writers: what {@link rowWrite} compiles, and its fallback. */
export function genericRowWrite<R>(spec: TableSpec<R>): RowWrite<R> {
  const columns = spec.columns.map((c) => columnWrite(c, `${spec.table}.${c.name}`));
  const n = columns.length;
  return (w, row) => {
    for (let i = 0; i < n; i += 1) {
      if (i > 0) w.tab();
      (columns[i] as ColumnWrite<R>)(w, row);
    }
    w.endRow();
  };
}

const METHOD: Record<ColumnSpec<unknown>['type'], string> = {
  text: 'text',
  bigint: 'integer',
  integer: 'integer',
  numeric: 'decimal',
  timestamptz: 'instant',
  boolean: 'boolean',
  'bigint[]': 'integers',
  'text[]': 'texts',
};

/**
 * The row writer of a table as one compiled function: a call site per column, so each getter call sees one function
 * and V8 inlines it (the loop of {@link genericRowWrite} calls every column's closures from one megamorphic site).
 * Where code generation is refused (a CSP), the generic writer.
 */
export function rowWrite<R>(spec: TableSpec<R>): RowWrite<R> {
  const overrides = (OVERRIDES.get(spec as TableSpec<never>) ?? {}) as Record<string, ColumnWrite<R>>;
  const getters = spec.columns.map((c) => overrides[c.name] ?? c.value);
  const wheres = spec.columns.map((c) => `${spec.table}.${c.name}`);
  const body = spec.columns
    .map((c, i) => {
      if (overrides[c.name] !== undefined) return `${i > 0 ? 'w.tab();' : ''}g[${i}](w, row);`;
      const value = c.type === 'text' ? `typeof v === 'string' ? v : String(v)` : 'v';
      return `${i > 0 ? 'w.tab();' : ''}v = g[${i}](row); if (v === null) w.null(); else w.${METHOD[c.type]}(${value}, s[${i}]);`;
    })
    .join('\n');
  try {
    const make = new Function('g', 's', `return function writeRow(w, row) { let v;\n${body}\nw.endRow(); };`) as (
      g: typeof getters,
      s: string[],
    ) => RowWrite<R>;
    return make(getters, wheres);
  } catch {
    return genericRowWrite(spec);
  }
}

// Columns written without building their value first (a test holds them to the column's value): the search text is
// the order's fields folded and joined, which would otherwise be one more string per order, built three times over.
const OVERRIDES = new Map<TableSpec<never>, Record<string, ColumnWrite<never>>>([
  [
    ORDERS_TABLE as TableSpec<never>,
    {
      search_text: ((w: CopyTextWriter, order: Order) => {
        const fields = orderSearchFields(order);
        for (let i = 0; i < fields.length; i += 1) {
          if (i > 0) w.escapedNewline();
          w.text(fields[i] as string, 'shop_orders.search_text', true);
        }
      }) as ColumnWrite<never>,
    },
  ],
]);

/** `COPY table (columns) FROM STDIN`, the columns in the order of `spec`; `freeze` when truncated in this transaction. */
export const copyStatement = <R>(spec: TableSpec<R>, freeze: boolean): string =>
  `COPY ${spec.table} (${spec.columns.map((c) => c.name).join(', ')}) FROM STDIN${freeze ? ' (FREEZE)' : ''}`;

/** Writes rows with one COPY (the head tables: store, products, customers, coupons). */
export async function copyRows<R>(tx: PgClientLike, spec: TableSpec<R>, rows: readonly R[], freeze: boolean): Promise<void> {
  const write = rowWrite(spec);
  const w = new CopyTextWriter();
  for (const row of rows) write(w, row);
  const chunks = w.take();
  await copyIn(tx, copyStatement(spec, freeze), chunks);
  releaseChunks(chunks);
}

/** Each child table with the lines of an order it holds; the pairing is by construction, so the line type is erased. */
export const CHILDREN = ORDER_CHILD_TABLES as unknown as readonly { spec: TableSpec<Positioned<unknown>>; lines: (o: Order) => readonly unknown[] }[];

/** Writes batches of orders inside the import's transaction; see `createOrderWriter`. */
export interface OrderWriter {
  /** Hands over a batch; resolves when it may be reused and the next batch may come (not when it is stored). */
  write(orders: readonly Order[]): Promise<void>;
  /** Writes everything handed over; rejects with the first failure. */
  flush(): Promise<void>;
  /** Resolves once nothing runs on the connection any more, writing nothing new (before a rollback). */
  settled(): Promise<void>;
  /**
   * COPY writers only: takes the rows of one order encoded from its JSON (order-json-encoder.ts), one buffer per
   * table of ORDER_TABLES; they are sent with what the next `write` sends.
   */
  readonly encoded?: (rows: readonly { readonly length: number; bytes(): Uint8Array }[]) => void;
}

// COPY text gathered before it is sent: fewer, longer COPY statements (each costs a round trip and a start-up on the
// server), and a bound on what is held: about twice this much at most (one part sending, one being encoded), plus
// what a writer is allowed to encode ahead (see CopyOrderWriterOptions.ahead), plus the rows `encoded` takes from
// one chunk of a stream before the next `write` checks.
const SEND_BYTES = 8 * 1024 * 1024;
// Encoding pauses for the event loop after this much, so the socket takes what the server has read meanwhile.
const SLICE_BYTES = 64 * 1024;

const toIo = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** How a table's rows come from an order: its own row, or one row per line of a kind. */
type OrderRows = (w: CopyTextWriter, order: Order, line: { orderId: number; position: number; line: unknown }) => void;

const WRITE_ORDER = rowWrite(ORDERS_TABLE);

const ORDER_ROWS = new Map<TableSpec<never>, OrderRows>([
  [ORDERS_TABLE as TableSpec<never>, (w, order) => WRITE_ORDER(w, order)],
  ...CHILDREN.map(({ spec, lines }): [TableSpec<never>, OrderRows] => {
    const write = rowWrite(spec);
    return [
      spec as TableSpec<never>,
      (w, order, line) => {
        const list = lines(order);
        line.orderId = order.id;
        for (let p = 0; p < list.length; p += 1) {
          line.position = p;
          line.line = list[p];
          write(w, line);
        }
      },
    ];
  }),
]);

/** The tables of an order, the order's own first (so parents precede lines when keys are live). */
export const ORDER_TABLES: readonly TableSpec<never>[] = [...ORDER_ROWS.keys()];

/** The COPY text of some orders: one writer per table. */
class OrderPart {
  readonly writers: CopyTextWriter[];

  constructor(readonly rows: readonly OrderRows[]) {
    this.writers = rows.map(() => new CopyTextWriter());
  }

  get bytes(): number {
    let sum = 0;
    for (const w of this.writers) sum += w.bytes;
    return sum;
  }

  /** Writes an order's rows in each table of the part. */
  write(order: Order, line: { orderId: number; position: number; line: unknown }): void {
    for (let t = 0; t < this.rows.length; t += 1) (this.rows[t] as OrderRows)(this.writers[t] as CopyTextWriter, order, line);
  }
}

/** The COPY order writer; see {@link createCopyOrderWriter}. */
export interface CopyOrderWriter extends OrderWriter {
  /** Queues what is left on the connection, without waiting for it to be stored (what comes next queues after it). */
  handOver(): Promise<void>;
}

/** Options of {@link createCopyOrderWriter}. */
export interface CopyOrderWriterOptions {
  /** The tables written, of {@link ORDER_TABLES} (default all): the others are left for another writer. */
  readonly tables?: readonly TableSpec<never>[];
  /** The connection's queue, when other work is queued on it too (the writer's COPY statements take turns with it). */
  readonly queue?: ConnectionQueue;
  /**
   * Bytes of COPY text the writer may encode ahead of what the connection has taken (default 0: the next part waits
   * for the previous one), so encoding goes on while the queue runs something else (index builds).
   */
  readonly ahead?: number;
}

/**
 * The COPY order writer: orders are encoded (in slices, yielding to the event loop) while the previously encoded part
 * is being copied, one COPY per table, so the client encodes while the server stores. Never two queries at once on
 * the connection; after a failure every later call rejects with the first error.
 */
export function createCopyOrderWriter(tx: PgClientLike, freeze: boolean, options: CopyOrderWriterOptions = {}): CopyOrderWriter {
  const tables = options.tables ?? ORDER_TABLES;
  const rows = tables.map((t) => ORDER_ROWS.get(t) as OrderRows);
  const queue = options.queue ?? new ConnectionQueue();
  const ahead = options.ahead ?? 0;
  const part = new OrderPart(rows);
  let failure: { error: unknown } | undefined;
  // One object for every line row (each is written before the next is set).
  const line = { orderId: 0, position: 0, line: undefined as unknown };
  // Rejects with a failure of work queued on the connection before anyone awaits it (encoding more would be wasted).
  const throwQueued = () => {
    const failed = queue.failure();
    if (failed) throw failed.error;
  };
  // The parts queued and not yet copied, oldest first, and their bytes.
  const queued: Promise<void>[] = [];
  let held = 0;
  const send = async () => {
    const bytes = part.bytes;
    const chunks = part.writers.map((w) => w.take());
    const copied = queue.add(async () => {
      for (let t = 0; t < tables.length; t += 1) {
        const list = chunks[t] as Buffer[];
        if (list.length > 0) await copyIn(tx, copyStatement(tables[t] as TableSpec<never>, freeze), list);
        releaseChunks(list);
      }
    });
    held += bytes;
    queued.push(copied);
    const forget = () => {
      held -= bytes;
      queued.shift();
    };
    copied.then(forget, forget);
    // Encoding goes on while at most `ahead` bytes besides this part wait (a failure rejects here).
    while (held - bytes > ahead) await queued[0];
  };
  // Where the last write paused for the event loop (rows taken by `encoded` since count towards the next pause).
  let mark = 0;
  return {
    async write(orders) {
      if (failure) throw failure.error;
      throwQueued();
      try {
        if (part.bytes >= SEND_BYTES) {
          await send();
          mark = 0;
        } else if (part.bytes - mark >= SLICE_BYTES) {
          await toIo();
          throwQueued();
        }
        mark = part.bytes;
        for (const order of orders) {
          part.write(order, line);
          const bytes = part.bytes;
          if (bytes >= SEND_BYTES) {
            await send();
            mark = 0;
          } else if (bytes - mark >= SLICE_BYTES) {
            await toIo();
            throwQueued();
            mark = bytes;
          }
        }
      } catch (error) {
        failure = { error };
        throw error;
      }
    },
    encoded(rows) {
      const writers = part.writers;
      if (rows.length !== ORDER_TABLES.length || writers.length !== rows.length) throw new Error('encoded rows need a writer of every order table');
      for (let t = 0; t < rows.length; t += 1) {
        const row = rows[t] as { readonly length: number; bytes(): Uint8Array };
        if (row.length > 0) (writers[t] as CopyTextWriter).raw(row.bytes());
      }
    },
    async handOver() {
      if (failure) throw failure.error;
      if (part.bytes > 0) await send();
    },
    async flush() {
      await this.handOver();
      await queue.done();
    },
    settled: () => queue.settled(),
  };
}
