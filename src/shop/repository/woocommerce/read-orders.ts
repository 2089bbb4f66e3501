// Whole orders (heads, lines, refunds, notes) in the snapshot format's shape, for a list of ids or a page: the one row -> order
// mapping both the export and the repository use (the repository turns these records into model orders with the
// snapshot loader's own builder, so an order reads the same whichever way it leaves the database).
import type { Order } from '../../model/order';
import { SnapshotModelBuilder } from '../../snapshot/snapshot-model';
import type { OrderPartsCache } from './order-parts-cache';
import { assembleDetails, orderDetails, otherRows, savedParts, type OrderDetails, type SavedParts } from './read-order-details';
import { headModified, headRows, orderHead, type OrderHead, type OrderSelection, type RefundHead } from './read-order-heads';
import type { DetailRow, OrderLines } from './read-order-lines';
import type { MysqlQueryable, WooCommerceStorage, WooCommerceTables } from './woocommerce-database';

export type { OrderSelection } from './read-order-heads';

/** An order as the snapshot format writes it. */
export type SnapshotOrder = OrderHead & Omit<OrderLines, 'notes'> & { refunds: RefundHead['refund'][]; notes: OrderLines['notes'] };

// A page's ids are kept for pages of up to this many orders (a whole-store list is never guessed).
const HINTED_PAGE_MAX = 100;

/**
 * The ids each recently read page answered with (at most `capacity` pages, the least recently read dropped). The next
 * read of the same page (same SQL and values) reads the parts of those orders beside its head rows, one round trip
 * deep instead of two; when the head rows name an order the guess lacks (an order was added, trashed or moved), the
 * parts are read again for the ids the head rows name. With `parts`, the saved parts (line items, posts order meta)
 * of the pages' orders are kept too, and used only while each order's head row shows it unmodified
 * (order-parts-cache.ts).
 */
export class PageIdsHint {
  private readonly recent = new Map<string, readonly number[]>();
  constructor(
    private readonly capacity: number,
    readonly parts: OrderPartsCache | undefined,
  ) {}

  /** The ids `key` answered with last, if kept. */
  get(key: string): readonly number[] | undefined {
    return this.recent.get(key);
  }

  /** Keeps the ids `key` answered with (a page too large to guess forgets its key). */
  set(key: string, ids: readonly number[]): void {
    this.recent.delete(key);
    if (ids.length === 0 || ids.length > HINTED_PAGE_MAX) return;
    this.recent.set(key, ids);
    if (this.recent.size > this.capacity) this.recent.delete(this.recent.keys().next().value!);
  }
}

const idsOf = (rows: readonly Record<string, unknown>[]) => rows.map((r) => Number(r.id));

type Versions = Map<number, ReturnType<typeof headModified>>;
const versionsOf = (storage: WooCommerceStorage, rows: readonly Record<string, unknown>[]): Versions =>
  new Map(rows.map((r) => [Number(r.id), headModified(storage, r)]));

// The page's saved parts: kept ones whose order is unmodified, the others read (and kept). `pending`: parts already on
// their way for some of the ids (read beside the head rows on a guess).
async function pageParts(db: MysqlQueryable, t: WooCommerceTables, storage: WooCommerceStorage, rows: readonly Record<string, unknown>[], cache: OrderPartsCache, pending?: ReadonlyMap<number, SavedParts>): Promise<Map<number, SavedParts>> {
  const versions = versionsOf(storage, rows);
  const out = new Map<number, SavedParts>();
  const missing: number[] = [];
  for (const id of idsOf(rows)) {
    const coming = pending?.get(id);
    const kept = coming ?? cache.get(id, versions.get(id)!.version);
    if (kept === undefined) missing.push(id);
    else out.set(id, kept);
  }
  if (pending !== undefined) cache.keep(pending, versions);
  if (missing.length > 0) {
    const read = await savedParts(db, t, storage, missing);
    cache.keep(read, versions);
    for (const [id, parts] of read) out.set(id, parts);
  }
  return out;
}

async function pageRows(db: MysqlQueryable, t: WooCommerceTables, storage: WooCommerceStorage, page: Extract<OrderSelection, { page: unknown }>['page'], hint: PageIdsHint | undefined) {
  const key = page.hintKey ?? JSON.stringify([storage, page.sql, page.values]);
  const guess = hint?.get(key);
  const cache = hint?.parts;
  let rows: Record<string, unknown>[];
  let details: OrderDetails;
  if (guess === undefined) {
    rows = await headRows(db, t, storage, { page });
    const ids = idsOf(rows);
    if (cache === undefined || ids.length > HINTED_PAGE_MAX) details = await orderDetails(db, t, storage, ids);
    else {
      const [saved, other] = await Promise.all([pageParts(db, t, storage, rows, cache), otherRows(db, t, storage, ids)]);
      details = assembleDetails(storage, ids, saved, other);
    }
  } else if (cache === undefined) {
    let guessed: OrderDetails;
    [rows, guessed] = await Promise.all([headRows(db, t, storage, { page }), orderDetails(db, t, storage, guess)]);
    const known = new Set(guess);
    // Parts of guessed orders the page no longer holds are dropped with their missing head.
    details = idsOf(rows).every((id) => known.has(id)) ? guessed : await orderDetails(db, t, storage, idsOf(rows));
  } else {
    // Beside the head rows: the other parts of the guessed orders, and the items of those with nothing kept.
    const unkept = guess.filter((id) => !cache.has(id));
    let other: Map<string, DetailRow[]>;
    let fresh: Map<number, SavedParts>;
    [rows, other, fresh] = await Promise.all([headRows(db, t, storage, { page }), otherRows(db, t, storage, guess), savedParts(db, t, storage, unkept)]);
    const ids = idsOf(rows);
    const known = new Set(guess);
    if (ids.every((id) => known.has(id))) {
      details = assembleDetails(storage, ids, await pageParts(db, t, storage, rows, cache, fresh), other);
    } else {
      const [saved, others] = await Promise.all([pageParts(db, t, storage, rows, cache), otherRows(db, t, storage, ids)]);
      details = assembleDetails(storage, ids, saved, others);
    }
  }
  hint?.set(key, idsOf(rows));
  return { rows, details };
}

/**
 * The selected orders (ids that are no order of `storage` are left out), in the selection's order (ids: id order).
 * Three statements whatever the number of orders: the head rows, and everything else of these orders (items with the
 * item meta keys the format needs, notes, refunds, posts meta) in two UNIONs sent together (read-order-details.ts).
 * Ids given are read all at once, one round trip deep; a page's ids come from its head rows, so its other statements
 * wait for the first unless `hint` knows the page's ids from its last read.
 */
export async function readOrders(db: MysqlQueryable, t: WooCommerceTables, storage: WooCommerceStorage, selection: OrderSelection, timeZone: string, hint?: PageIdsHint): Promise<SnapshotOrder[]> {
  let rows: Record<string, unknown>[];
  let details: OrderDetails;
  if ('ids' in selection) {
    if (selection.ids.length === 0) return [];
    // Parts of ids that are no order are read for nothing and dropped with their missing head.
    [rows, details] = await Promise.all([headRows(db, t, storage, selection), orderDetails(db, t, storage, selection.ids)]);
  } else {
    ({ rows, details } = await pageRows(db, t, storage, selection.page, hint));
  }
  if (rows.length === 0) return [];
  const refundsByOrder = new Map<number, RefundHead['refund'][]>();
  for (const r of details.refunds) {
    let list = refundsByOrder.get(r.orderId);
    if (list === undefined) refundsByOrder.set(r.orderId, (list = []));
    list.push(r.refund);
  }
  return rows.map((row) => {
    const head = orderHead(storage, row, details.orderMeta, timeZone);
    const l = details.lines.get(head.id)!;
    return {
      ...head,
      items: l.items,
      shipping_lines: l.shipping_lines,
      tax_lines: l.tax_lines,
      fee_lines: l.fee_lines,
      coupon_lines: l.coupon_lines,
      refunds: refundsByOrder.get(head.id) ?? [],
      notes: l.notes,
    };
  });
}

type OrderInput = Parameters<SnapshotModelBuilder['order']>[0];

/**
 * The selected orders as the model's orders: a page in its order, ids in the order of `ids` (those that are no order
 * left out).
 */
export async function readModelOrders(
  db: MysqlQueryable,
  t: WooCommerceTables,
  storage: WooCommerceStorage,
  selection: OrderSelection,
  store: { timeZone: string; currency: string },
  hint?: PageIdsHint,
): Promise<Order[]> {
  const records = await readOrders(db, t, storage, selection, store.timeZone, hint);
  let ordered = records;
  if ('ids' in selection) {
    const byId = new Map(records.map((r) => [r.id, r]));
    ordered = selection.ids.flatMap((id) => byId.get(id) ?? []);
  }
  const build = new SnapshotModelBuilder();
  // The ids and pages come from queries requiring a defined status, so each record is a valid order input.
  return ordered.map((record) => build.order(record as unknown as OrderInput, store.currency));
}
