// Whole orders (heads, lines, refunds, notes) in the snapshot format's shape, for a list of ids or a page: the one row -> order
// mapping both the export and the repository use (the repository turns these records into model orders with the
// snapshot loader's own builder, so an order reads the same whichever way it leaves the database).
import type { Order } from '../../model/order';
import { SnapshotModelBuilder } from '../../snapshot/snapshot-model';
import { orderDetails } from './read-order-details';
import { headRows, orderHead, type OrderHead, type OrderSelection, type RefundHead } from './read-order-heads';
import type { OrderLines } from './read-order-lines';
import type { MysqlQueryable, WooCommerceStorage, WooCommerceTables } from './woocommerce-database';

export type { OrderSelection } from './read-order-heads';

/** An order as the snapshot format writes it. */
export type SnapshotOrder = OrderHead & Omit<OrderLines, 'notes'> & { refunds: RefundHead['refund'][]; notes: OrderLines['notes'] };

/**
 * The selected orders (ids that are no order of `storage` are left out), in the selection's order (ids: id order).
 * Two statements whatever the number of orders: the head rows, and everything else of these orders (items with the
 * item meta keys the format needs, notes, refunds, posts meta) in one UNION. Ids given are read in parallel, one
 * round trip deep; a page's ids come from its head rows, so its second statement waits for the first.
 */
export async function readOrders(db: MysqlQueryable, t: WooCommerceTables, storage: WooCommerceStorage, selection: OrderSelection, timeZone: string): Promise<SnapshotOrder[]> {
  let rows: Record<string, unknown>[];
  let details: Awaited<ReturnType<typeof orderDetails>>;
  if ('ids' in selection) {
    if (selection.ids.length === 0) return [];
    // Parts of ids that are no order are read for nothing and dropped with their missing head.
    [rows, details] = await Promise.all([headRows(db, t, storage, selection), orderDetails(db, t, storage, selection.ids)]);
  } else {
    rows = await headRows(db, t, storage, selection);
    details = await orderDetails(db, t, storage, rows.map((r) => Number(r.id)));
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
export async function readModelOrders(db: MysqlQueryable, t: WooCommerceTables, storage: WooCommerceStorage, selection: OrderSelection, store: { timeZone: string; currency: string }): Promise<Order[]> {
  const records = await readOrders(db, t, storage, selection, store.timeZone);
  let ordered = records;
  if ('ids' in selection) {
    const byId = new Map(records.map((r) => [r.id, r]));
    ordered = selection.ids.flatMap((id) => byId.get(id) ?? []);
  }
  const build = new SnapshotModelBuilder();
  // The ids and pages come from queries requiring a defined status, so each record is a valid order input.
  return ordered.map((record) => build.order(record as unknown as OrderInput, store.currency));
}
