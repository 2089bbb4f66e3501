import type { Coupon } from '../model/coupon';
import type { Order } from '../model/order';
import type { Customer, Product, ShopSnapshot, StoreSettings } from '../model/shop';
import { SnapshotCrossChecks } from './cross-checks';
import { checkOrderFast } from './fast-order-check';
import { JsonSectionsError, JsonSectionsScanner, type JsonSection } from './json-sections';
import { toBytes } from './value-scan';
import type { LoadShopSnapshotResult } from './load-shop-snapshot';
import type { SnapshotIssue } from './snapshot-issue';
import { SnapshotModelBuilder } from './snapshot-model';
import { snapshotSchemas, type ShopSnapshotJson } from './snapshot-schema';
import { toSnapshotIssues } from './zod-issues';

/**
 * Where a streamed snapshot's bytes come from: a Node `Readable` (`fs.createReadStream(file)`), a web
 * `ReadableStream`, or any (async) iterable of byte chunks or strings.
 *
 * @example
 * ```ts
 * import { createReadStream } from 'node:fs';
 * const source: ShopSnapshotSource = createReadStream('shop.json');
 * ```
 */
export type ShopSnapshotSource = AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;

/**
 * The records of everything but the orders, given once at the end of a valid stream.
 *
 * @example
 * ```ts
 * const head: ShopSnapshotHead = { store, products: [], customers: [], coupons: [] };
 * ```
 */
export interface ShopSnapshotHead {
  readonly store: StoreSettings;
  readonly products: readonly Product[];
  readonly customers: readonly Customer[];
  readonly coupons: readonly Coupon[];
}

/**
 * One part of a streamed snapshot, in the order {@link readShopSnapshot} yields them: each valid order as soon as it
 * is read (`bytesRead` says how far into the source), then the `head` at the end when nothing was wrong. `issue`
 * parts may come at any point; after the first one no more orders or head are given (checking goes on).
 *
 * @example
 * ```ts
 * for await (const part of readShopSnapshot(createReadStream('shop.json'))) {
 *   if (part.kind === 'issue') console.error(formatSnapshotIssue(part.issue));
 * }
 * ```
 */
export type ShopSnapshotPart =
  | { readonly kind: 'order'; readonly order: Order; readonly index: number; readonly bytesRead: number }
  | { readonly kind: 'head'; readonly head: ShopSnapshotHead; readonly bytesRead: number }
  | { readonly kind: 'issue'; readonly issue: SnapshotIssue };

/**
 * Options of {@link readShopSnapshot} and {@link loadShopSnapshotStream}.
 *
 * @example
 * ```ts
 * const options: ReadShopSnapshotOptions = { maxIssues: 20, signal: AbortSignal.timeout(60_000) };
 * ```
 */
export interface ReadShopSnapshotOptions {
  /** Reading stops after this many issues (default 1,000), so a wholly wrong file cannot fill memory with them. */
  readonly maxIssues?: number | undefined;
  /** Stops reading: the iteration rejects with the signal's reason. */
  readonly signal?: AbortSignal | undefined;
  /**
   * Most bytes of one value held at once (default 16 MiB): one order, product, customer or coupon, a field name (at
   * most 4 KiB in any case), or a top-level member that is not an array. A longer one is a `too_large` issue and reading stops, so no one value
   * makes the reader hold more than about this much text (plus the chunk being read).
   */
  readonly maxValueBytes?: number | undefined;
}

const HEAD_KEYS = new Set(['store', 'products']);
const MAX_VALUE_BYTES = 16 * 1024 * 1024;
// Equal money strings share one Decimal up to this many distinct values; then the cache starts over.
const SHARED_DECIMALS = 10_000;

/**
 * Reads a JSON shop snapshot (the format of `docs/data-format.md`) incrementally from a stream, with memory that does
 * not grow with the number of orders: each order is validated (the same schema and cross-record checks as
 * {@link loadShopSnapshot}, issues with the same paths, e.g. `orders[12345].items[0].total`) and yielded as a model
 * `Order` as soon as its text is complete. Only the duplicate-id checks remember something per order (one number per
 * id). Products, customers and coupons are kept and given at the end (`head`).
 *
 * A snapshot is valid only when the iteration ends without an `issue` part. `store` and `products` must come before
 * `orders` (as `serializeShopSnapshot` writes them); other sections may come anywhere.
 *
 * @example
 * ```ts
 * import { createReadStream } from 'node:fs';
 * import { formatSnapshotIssue, readShopSnapshot } from 'wc-legacy-api/shop';
 *
 * let orders = 0;
 * for await (const part of readShopSnapshot(createReadStream('shop.json'))) {
 *   if (part.kind === 'order') orders += 1;
 *   else if (part.kind === 'issue') console.error(formatSnapshotIssue(part.issue));
 *   else console.log(`${orders} orders of ${part.head.store.name}`);
 * }
 * ```
 */
export async function* readShopSnapshot(source: ShopSnapshotSource, options: ReadShopSnapshotOptions = {}): AsyncGenerator<ShopSnapshotPart, void> {
  for await (const batch of readSnapshotBatches(source, options)) for (const part of batch as ShopSnapshotPart[]) yield part;
}

/** An order that `writeOrder` took from its bytes (see {@link readSnapshotBatches}): the ids it gave. */
export interface WrittenOrderPart {
  readonly kind: 'written';
  readonly ids: object;
  readonly index: number;
  readonly bytesRead: number;
}

// An element's value when writeOrder took it.
class Written {
  constructor(readonly ids: object) {}
}

/**
 * The parts of {@link readShopSnapshot}, those of each chunk read in one array (the streamed import takes hundreds
 * of orders per chunk, and an async step per order cost it more than the step itself). With `writeOrder`: each
 * order whose bytes `writeOrder` takes (returning its ids shaped as the order's JSON, for the cross-record checks) is
 * a `written` part, neither parsed nor checked here otherwise. Only orders whose end the layout shows are offered
 * (see json-sections.ts).
 */
export async function* readSnapshotBatches(
  source: ShopSnapshotSource,
  options: ReadShopSnapshotOptions,
  writeOrder?: (bytes: Uint8Array) => object | undefined,
): AsyncGenerator<readonly (ShopSnapshotPart | WrittenOrderPart)[], void> {
  const maxIssues = Math.max(1, options.maxIssues ?? 1000);
  const schemas = snapshotSchemas();
  const issues: SnapshotIssue[] = [];
  let reported = 0;
  const checks = new SnapshotCrossChecks(issues);
  const build = new SnapshotModelBuilder(SHARED_DECIMALS);
  const limit = options.maxValueBytes;
  const offer =
    writeOrder &&
    ((key: string, bytes: Uint8Array) => {
      // Once an issue is reported the import will roll back: the rest is only read (and checked), not written.
      const ids = key === 'orders' && reported === 0 ? writeOrder(bytes) : undefined;
      return ids === undefined ? undefined : new Written(ids);
    });
  const scanner = new JsonSectionsScanner(limit === undefined || Number.isNaN(limit) ? MAX_VALUE_BYTES : Math.max(1, limit), true, offer);
  // Top-level members other than streamed orders, as raw JSON (arrays collected element by element).
  const members = new Map<string, unknown>();
  // Top-level keys the format does not define: reported when read and not kept (their values may be of any length);
  // at most maxIssues names of at most 4 KiB each (see json-sections.ts), since reading stops there.
  const unknown = new Set<string>();
  const topKeys = new Set(Object.keys(schemas.shopSnapshotSchema.shape));
  let ordersStarted = false;
  let ordersStreamed = false;
  let currency: string | undefined;
  let bytesRead = 0;

  const take = (section: JsonSection): Order | Written | undefined => {
    if ((section.kind === 'array' || section.kind === 'member') && !topKeys.has(section.key)) {
      if (unknown.has(section.key)) issues.push({ code: 'invalid_json', path: [section.key], message: `"${section.key}" appears twice` });
      else issues.push({ code: 'unknown_field', path: [section.key], message: 'unknown field' });
      unknown.add(section.key);
      return undefined;
    }
    if (section.kind === 'array' || section.kind === 'member') {
      if (members.has(section.key) || (section.key === 'orders' && ordersStarted)) {
        issues.push({ code: 'invalid_json', path: [section.key], message: `"${section.key}" appears twice` });
      } else if (ordersStarted && HEAD_KEYS.has(section.key)) {
        issues.push({
          code: 'invalid_value',
          path: [section.key],
          message: `"${section.key}" must come before "orders" in a streamed snapshot (serializeShopSnapshot writes it there)`,
        });
      }
      if (section.key === 'orders' && !ordersStarted) {
        ordersStarted = true;
        ordersStreamed = section.kind === 'array';
        // Store and products are what orders are checked and converted with.
        const store = schemas.storeSchema.safeParse(members.get('store'));
        currency = store.success ? store.data.currency : undefined;
        if (section.kind === 'member') members.set('orders', section.value);
      } else members.set(section.key, section.kind === 'member' ? section.value : []);
      return undefined;
    }
    if (section.key !== 'orders' || !ordersStreamed) {
      const list = members.get(section.key);
      if (!Array.isArray(list)) return undefined;
      if (section.kind === 'element') list.push(section.value);
      else if (section.key === 'products') checks.products(list);
      else if (section.key === 'customers' || section.key === 'coupons') checks.records(section.key, list);
      return undefined;
    }
    if (section.kind === 'end') return undefined;
    const raw = section.value;
    if (raw instanceof Written) {
      checks.orderId(raw.ids, section.index);
      checks.orderLines(raw.ids, section.index);
      return raw;
    }
    // zod decides (and reports) only what the hand-written check does not accept at once.
    const fast = checkOrderFast(raw);
    const parsed = fast !== undefined ? { success: true as const, data: fast } : schemas.orderSchema.safeParse(raw);
    if (!parsed.success) for (const issue of parsed.error.issues) issues.push(...toSnapshotIssues(issue, raw, ['orders', section.index]));
    checks.orderId(raw, section.index);
    checks.orderLines(raw, section.index);
    const clean = parsed.success && issues.length === 0 && reported === 0 && currency !== undefined;
    return clean ? build.order(parsed.data, currency as string) : undefined;
  };

  try {
    for await (const chunk of source) {
      options.signal?.throwIfAborted();
      const bytes = toBytes(chunk);
      bytesRead += bytes.length;
      const batch: (ShopSnapshotPart | WrittenOrderPart)[] = [];
      for (const section of scanner.push(bytes)) {
        const order = take(section);
        if (order instanceof Written) batch.push({ kind: 'written', ids: order.ids, index: (section as { index: number }).index, bytesRead });
        else if (order !== undefined && section.kind === 'element') batch.push({ kind: 'order', order, index: section.index, bytesRead });
        // Issues are handed out as found and then forgotten; only their count is kept.
        for (const issue of issues) {
          batch.push({ kind: 'issue', issue });
          if (++reported >= maxIssues) {
            yield batch;
            return;
          }
        }
        issues.length = 0;
      }
      if (batch.length > 0) yield batch;
    }
    options.signal?.throwIfAborted();
    scanner.end();
  } catch (error) {
    if (!(error instanceof JsonSectionsError)) throw error;
    yield [{ kind: 'issue', issue: { code: error.code, path: error.path, message: error.message } }];
    return;
  }
  // The top level as a whole (required and unknown fields, format_version, store, the other sections), with the
  // streamed orders standing in as an empty list.
  const top = Object.fromEntries(members);
  if (ordersStreamed) top.orders = [];
  const parsed = schemas.shopSnapshotSchema.safeParse(top);
  if (!parsed.success) for (const issue of parsed.error.issues) issues.push(...toSnapshotIssues(issue, top));
  const last: ShopSnapshotPart[] = [];
  for (const issue of issues) {
    last.push({ kind: 'issue', issue });
    if (++reported >= maxIssues) break;
  }
  if (last.length > 0) yield last;
  if (reported > 0 || !parsed.success) return;
  const json: ShopSnapshotJson = parsed.data;
  const head: ShopSnapshotHead = {
    store: build.store(json.store),
    products: json.products.map((p) => build.product(p)),
    customers: json.customers.map((c) => build.customer(c)),
    coupons: json.coupons.map((c) => build.coupon(c)),
  };
  yield [{ kind: 'head', head, bytesRead }];
}

/**
 * Reads a whole JSON shop snapshot from a stream into memory with {@link readShopSnapshot}: the same result as
 * {@link loadShopSnapshot} on the same text, for files of any size (no string of the whole file is built, and only
 * the model is kept), except that it stops after `maxIssues` issues.
 *
 * @example
 * ```ts
 * import { createReadStream } from 'node:fs';
 * import { createMemoryRepository, formatSnapshotIssue, loadShopSnapshotStream } from 'wc-legacy-api/shop';
 *
 * const result = await loadShopSnapshotStream(createReadStream('big-shop.json'));
 * if (!result.ok) throw new Error(result.issues.map(formatSnapshotIssue).join('\n'));
 * const repository = createMemoryRepository(result.snapshot);
 * ```
 */
export async function loadShopSnapshotStream(source: ShopSnapshotSource, options: ReadShopSnapshotOptions = {}): Promise<LoadShopSnapshotResult> {
  const orders: Order[] = [];
  const issues: SnapshotIssue[] = [];
  let head: ShopSnapshotHead | undefined;
  for await (const part of readShopSnapshot(source, options)) {
    if (part.kind === 'order') orders.push(part.order);
    else if (part.kind === 'issue') issues.push(part.issue);
    else head = part.head;
  }
  if (issues.length > 0 || head === undefined) return { ok: false, issues };
  const snapshot: ShopSnapshot = { store: head.store, products: [...head.products], customers: [...head.customers], coupons: [...head.coupons], orders };
  return { ok: true, snapshot };
}
