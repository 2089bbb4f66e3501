// Whole orders (heads, lines, refunds, notes) in the snapshot format's shape, for a list of ids: the one row -> order
// mapping both the export and the repository use (the repository turns these records into model orders with the
// snapshot loader's own builder, so an order reads the same whichever way it leaves the database).
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
  const heads = await orderHeads(db, t, storage, ids, timeZone);
  const present = heads.map((h) => h.id);
  if (present.length === 0) return [];
  const lines = await linesOf(db, t, present);
  const refunds = await refundsOf(db, t, storage, present);
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
