// Per-order report aggregates: the figures of an order the sales report needs from its lines, kept on the order row
// (migration 3) so a report reads one row per order and never joins line items, coupon lines or refunds.
import { Decimal } from 'decimal.js';
import type { Order } from '../../model/order';

/**
 * The aggregate columns of one `shop_orders` row, by column name. Every write of an order's lines must write them
 * too (the columns have no default, so an INSERT that forgets them fails): the snapshot import does, through
 * `ORDERS_TABLE`. Status changes and status notes change none of them (the status is its own column).
 */
export interface OrderAggregateColumns {
  /** Sum of the `quantity` of every line item (the report's `items`). */
  readonly agg_items: number;
  /** Sum of the `amount` of every coupon line, all codes (the report's `discount`). */
  readonly agg_discount: Decimal;
  /** Sum of the `amount` of every refund, whenever made (the report's `refunds`, in the period of the order). */
  readonly agg_refunds: Decimal;
}

// Summed without rounding (the precision only caps digits actually present), so the row holds the exact sum that
// migration 3's backfill computes in SQL numeric, whatever the amounts' digits.
const Exact = Decimal.clone({ precision: 1e9 });
const ZERO = new Decimal(0);

function itemsOf(order: Order): number {
  let items = 0;
  for (const line of order.lineItems) items += line.quantity;
  return items;
}

function sumOf(amounts: readonly { readonly amount: Decimal }[]): Decimal {
  if (amounts.length === 0) return ZERO;
  if (amounts.length === 1) return (amounts[0] as { readonly amount: Decimal }).amount;
  let sum = new Exact(0);
  for (const a of amounts) sum = sum.plus(a.amount);
  return new Decimal(sum);
}

/**
 * The aggregate column values of an order (exact: money as `Decimal`, summed without rounding). Pure.
 *
 * @example
 * ```ts
 * orderAggregateColumns(order); // { agg_items: 3, agg_discount: Decimal('4.25'), agg_refunds: Decimal('0') }
 * ```
 */
export function orderAggregateColumns(order: Order): OrderAggregateColumns {
  return { agg_items: itemsOf(order), agg_discount: sumOf(order.couponLines), agg_refunds: sumOf(order.refunds) };
}

/**
 * The aggregate columns as column specs of `ORDERS_TABLE` (in tables.ts) (each computes only its own sum, so writing a row computes
 * each aggregate once), in the order of {@link orderAggregateColumns}'s keys.
 */
export const ORDER_AGGREGATE_COLUMNS: readonly {
  readonly name: keyof OrderAggregateColumns;
  readonly type: 'bigint' | 'numeric';
  readonly value: (order: Order) => number | Decimal;
}[] = [
  { name: 'agg_items', type: 'bigint', value: itemsOf },
  { name: 'agg_discount', type: 'numeric', value: (o) => sumOf(o.couponLines) },
  { name: 'agg_refunds', type: 'numeric', value: (o) => sumOf(o.refunds) },
];
