import { Decimal } from 'decimal.js';
import type { Order } from '../../model/order';
import type { PostgresQueryable } from './client';
import { copyIn, supportsCopyIn } from './copy-in';
import { SnapshotImportError } from './import-errors';
import { arrayLiteral, instantFromMs, isStorableText } from './params';
import { ORDER_CHILD_TABLES, ORDERS_TABLE, type ColumnSpec, type ColumnType, type ColumnValue, type Positioned, type TableSpec } from './tables';

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

// COPY text format (PostgreSQL's COPY docs): columns separated by tabs, rows by newlines, NULL as \N, and a backslash,
// tab, newline or carriage return inside a value escaped with a backslash. Values are written straight into chunk
// strings (no per-row arrays), each column by an encoder chosen once by its type: this is the hot loop of an import.
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
// One test finds both what COPY escapes and what PostgreSQL text cannot hold (checkedText looks closer).
const COPY_SUSPECT = /[\\\t\n\r\0\uD800-\uDFFF]/;
const COPY_SPECIAL_ALL = /[\\\t\n\r]/g;

function copyText(value: string, where: string): string {
  if (!COPY_SUSPECT.test(value)) return value;
  return checkedText(value, where).replace(COPY_SPECIAL_ALL, (c) => COPY_ESCAPES[c] as string);
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');
const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => pad(i, 2));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, i) => pad(i, 3));
const DAY_MS = 86_400_000;
// 'YYYY-MM-DDT' of recent days (an import's instants fall on a few thousand days); cleared when it grows large.
const dayPrefixes = new Map<number, string>();
let lastInstant = { ms: NaN, text: '' };

/** An instant as a timestamptz literal any session reads alike (ISO, explicit UTC), whatever its year. */
function copyInstant(date: Date, where: string): string {
  const ms = date.getTime();
  // An order's instants often repeat (created = updated = paid).
  if (ms === lastInstant.ms) return lastInstant.text;
  if (Number.isNaN(ms)) throw new SnapshotImportError(`${where} is an invalid date`, where);
  const day = Math.floor(ms / DAY_MS);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    const year = date.getUTCFullYear();
    if (year < 1 || year > 9999) return farInstant(date, year);
    if (dayPrefixes.size >= 100_000) dayPrefixes.clear();
    prefix = date.toISOString().slice(0, 11);
    dayPrefixes.set(day, prefix);
  }
  let rest = ms - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const text = `${prefix}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${THREE_DIGITS[rest - seconds * 1000]}Z`;
  lastInstant = { ms, text };
  return text;
}

// toISOString writes years outside 1..9999 as +012345 / -000001, which PostgreSQL does not read; it wants AD/BC.
function farInstant(date: Date, year: number): string {
  const time = `${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)} ${pad(date.getUTCHours(), 2)}:${pad(date.getUTCMinutes(), 2)}:${pad(date.getUTCSeconds(), 2)}.${pad(date.getUTCMilliseconds(), 3)}+00`;
  return year >= 1 ? `${year}-${time}` : `${pad(1 - year, 4)}-${time} BC`;
}

/** The COPY text of one column's value in a row, by the column's type. */
function copyEncoder<R>(column: ColumnSpec<R>, where: string): (row: R) => string {
  const get = column.value;
  switch (column.type) {
    case 'text':
      return (row) => {
        const v = get(row);
        return v === null ? '\\N' : copyText(typeof v === 'string' ? v : String(v), where);
      };
    case 'timestamptz':
      return (row) => {
        const v = get(row);
        return v === null ? '\\N' : copyInstant(v as Date, where);
      };
    case 'bigint':
    case 'integer':
      return (row) => {
        const v = get(row);
        return v === null ? '\\N' : checkedInteger(v as number, where);
      };
    case 'boolean':
      return (row) => {
        const v = get(row);
        return v === null ? '\\N' : v ? 't' : 'f';
      };
    case 'text[]':
      return (row) => {
        const v = get(row);
        return v === null ? '\\N' : copyText(encode(v, 'text[]', where) as string, where);
      };
    default: {
      // numeric and bigint[]: digits, signs, points, braces and quotes only, nothing to escape.
      const type = column.type;
      return (row) => {
        const v = get(row);
        return v === null ? '\\N' : (encode(v, type, where) as string);
      };
    }
  }
}

/** Chunks of COPY text (about `CHUNK_CHARS` each) of `rows` in the column order of `spec`, encoded as they are asked for. */
function* copyChunks<R>(spec: TableSpec<R>, rows: Iterable<R>): Generator<string> {
  const encoders = spec.columns.map((c) => copyEncoder(c, `${spec.table}.${c.name}`));
  // Joined rather than concatenated: a join builds one flat string, `+=` a tree of pieces the GC has to trace.
  const values = new Array<string>(encoders.length);
  const lines: string[] = [];
  let chars = 0;
  for (const row of rows) {
    for (let i = 0; i < encoders.length; i += 1) values[i] = (encoders[i] as (row: R) => string)(row);
    const line = values.join('\t');
    lines.push(line);
    chars += line.length + 1;
    if (chars >= CHUNK_CHARS) {
      lines.push('');
      yield lines.join('\n');
      lines.length = 0;
      chars = 0;
    }
  }
  if (lines.length > 0) {
    lines.push('');
    yield lines.join('\n');
  }
}

const CHUNK_CHARS = 64 * 1024;

const copyStatement = <R>(spec: TableSpec<R>): string => `COPY ${spec.table} (${spec.columns.map((c) => c.name).join(', ')}) FROM STDIN`;

/** Writes rows with one COPY when `tx` is a node-postgres connection, else with batched INSERTs. */
export async function insertAll<R>(tx: PostgresQueryable, spec: TableSpec<R>, rows: readonly R[], batchSize: number): Promise<void> {
  if (rows.length === 0) return;
  if (supportsCopyIn(tx)) {
    await copyIn(tx, copyStatement(spec), copyChunks(spec, rows));
    return;
  }
  for (let i = 0; i < rows.length; i += batchSize) await insertBatch(tx, spec, rows.slice(i, i + batchSize));
}

// Each entry pairs a table with the lines it holds; the pairing is by construction, so erase the line type.
const CHILDREN = ORDER_CHILD_TABLES as unknown as readonly { spec: TableSpec<Positioned<unknown>>; lines: (o: Order) => readonly unknown[] }[];

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

/** The COPY text of some orders and their lines, table by table (orders first), waiting to be sent. */
type Encoded = Map<TableSpec<never>, Buffer[]>;

const toIo = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Encodes orders and all their lines into `into`, returning the characters added. It yields to the event loop after
 * every chunk, so the COPY of earlier orders keeps the server busy while these are encoded.
 */
async function encodeOrders(into: Encoded, orders: readonly Order[]): Promise<number> {
  let chars = 0;
  const add = async <R>(spec: TableSpec<R>, rows: Iterable<R>) => {
    let list = into.get(spec as TableSpec<never>);
    for (const chunk of copyChunks(spec, rows)) {
      if (list === undefined) into.set(spec as TableSpec<never>, (list = []));
      // Held as bytes until sent: a held string (a tree of concatenations) would be traced by every GC.
      list.push(Buffer.from(chunk, 'utf8'));
      chars += chunk.length;
      await toIo();
    }
  };
  await add(ORDERS_TABLE, orders);
  for (const { spec, lines } of CHILDREN) await add(spec, positionedLines(orders, lines));
  return chars;
}

async function sendEncoded(tx: Parameters<typeof copyIn>[0], encoded: Encoded): Promise<void> {
  for (const [spec, chunks] of encoded) await copyIn(tx, copyStatement(spec), chunks);
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

/** Writes batches of orders inside the import's transaction; see {@link createOrderWriter}. */
export interface OrderWriter {
  /** Hands over a batch; resolves when it may be reused and the next batch may come (not when it is stored). */
  write(orders: readonly Order[]): Promise<void>;
  /** Writes everything handed over; rejects with the first failure. */
  flush(): Promise<void>;
  /** Resolves once nothing runs on the connection any more, writing nothing new (before a rollback). */
  settled(): Promise<void>;
}

// COPY text gathered before it is sent: fewer, longer COPY statements (each costs a round trip and a start-up on the
// server), and a bound on what is held: about twice this many characters at most (one part sending, one encoding).
const SEND_CHARS = 4 * 1024 * 1024;

/**
 * Writes batches of orders, never two queries at once on the connection. On a node-postgres connection the orders are
 * encoded as COPY text (in slices, yielding to the event loop) while the previously encoded part is being copied, one
 * COPY per table, so the client encodes while the server stores. Elsewhere each batch is INSERT statements, the next
 * batch encoded while the previous batch's run. After a failure every later call rejects with the first error.
 */
export function createOrderWriter(tx: PostgresQueryable): OrderWriter {
  let running: Promise<void> = Promise.resolve();
  const settled = () => running.then(
    () => undefined,
    () => undefined,
  );
  const start = (work: () => Promise<void>) => {
    running = running.then(work);
    // A failure is reported by the next write or flush; until then it must not count as unhandled.
    running.catch(() => undefined);
  };
  if (!supportsCopyIn(tx)) {
    return {
      async write(orders) {
        const statements = orderStatements(orders);
        await running;
        start(async () => {
          for (const [text, params] of statements) await tx.query(text, params);
        });
      },
      flush: () => running,
      settled,
    };
  }
  let pending: Encoded = new Map();
  let chars = 0;
  let failure: { error: unknown } | undefined;
  const send = async () => {
    const encoded = pending;
    pending = new Map();
    chars = 0;
    await running;
    start(() => sendEncoded(tx, encoded));
  };
  return {
    async write(orders) {
      if (failure) throw failure.error;
      try {
        chars += await encodeOrders(pending, orders);
      } catch (error) {
        failure = { error };
        throw error;
      }
      if (chars >= SEND_CHARS) await send();
    },
    async flush() {
      if (failure) throw failure.error;
      if (chars > 0) await send();
      await running;
    },
    settled,
  };
}
