// Whole orders (heads, lines, refunds, notes) in the snapshot format's shape, for a list of ids: the one row -> order
// mapping both the export and the repository use (the repository turns these records into model orders with the
// snapshot loader's own builder, so an order reads the same whichever way it leaves the database).
import type { Order } from '../../model/order';
import { SnapshotModelBuilder } from '../../snapshot/snapshot-model';
import { orderHeads, refundsOf, type OrderHead, type RefundHead } from './read-order-heads';
import { linesOf, type OrderLines } from './read-order-lines';
import type { MysqlQueryable, WooCommerceStorage, WooCommerceTables } from './woocommerce-database';

/** An order as the snapshot format writes it. */
export type SnapshotOrder = OrderHead & Omit<OrderLines, 'notes'> & { refunds: RefundHead['refund'][]; notes: OrderLines['notes'] };

/**
 * The orders `ids` (ids that are no order of `storage` are left out), in id order. Reads only the rows of these
 * orders: their head (meta or HPOS columns), items with the item meta keys the format needs, refunds and notes.
 */
export async function readOrders(db: MysqlQueryable, t: WooCommerceTables, storage: WooCommerceStorage, ids: readonly number[], timeZone: string): Promise<SnapshotOrder[]> {
  if (ids.length === 0) return [];
  // The parts in parallel (each a few indexed statements): a page is then as slow as its slowest part, not their sum.
  // Lines and refunds of ids that are no order are read for nothing and dropped with their missing head.
  const [heads, lines, refunds] = await Promise.all([orderHeads(db, t, storage, ids, timeZone), linesOf(db, t, ids), refundsOf(db, t, storage, ids)]);
  if (heads.length === 0) return [];
  const refundsByOrder = new Map<number, RefundHead['refund'][]>();
  for (const r of refunds) {
    let list = refundsByOrder.get(r.orderId);
    if (list === undefined) refundsByOrder.set(r.orderId, (list = []));
    list.push(r.refund);
  }
  return heads.map((head) => {
    const l = lines.get(head.id)!;
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

/** The orders `ids` as the model's orders, in the order of `ids` (those that are no order left out). */
export async function readModelOrders(db: MysqlQueryable, t: WooCommerceTables, storage: WooCommerceStorage, ids: readonly number[], store: { timeZone: string; currency: string }): Promise<Order[]> {
  const byId = new Map((await readOrders(db, t, storage, ids, store.timeZone)).map((r) => [r.id, r]));
  const build = new SnapshotModelBuilder();
  const out: Order[] = [];
  for (const id of ids) {
    const record = byId.get(id);
    // The ids come from a query requiring a defined status, so the record is a valid order input.
    if (record !== undefined) out.push(build.order(record as unknown as OrderInput, store.currency));
  }
  return out;
}
