// Per-order report aggregates: the figures of an order the reports need from its lines, kept on the order row
// (migration 3) so a report reads one row per order and never joins line items, coupon lines or refunds.
import { Decimal } from 'decimal.js';
import type { Order } from '../../model/order';
import { ExactDecimal } from '../../reports/sales-exact-sum';

/**
 * The aggregate columns of one `shop_orders` row, by column name. Every write of an order's lines must write them
 * too (the columns have no default, so an INSERT that forgets them fails): the snapshot import does, through
 * `ORDERS_TABLE`. Status changes and status notes change none of them (the status is its own column).
 */
export interface OrderAggregateColumns {
  /** Sum of the `quantity` of every line item (the sales report's `items`). */
  readonly agg_items: number;
  /** Sum of the `amount` of every coupon line, all codes (the sales report's `discount`). */
  readonly agg_discount: Decimal;
  /** Sum of the `amount` of every refund, whenever made (the sales report's `refunds`, in the period of the order). */
  readonly agg_refunds: Decimal;
  /** The distinct `productId`s of the line items, ascending (top sellers). */
  readonly agg_product_ids: readonly number[];
  /** The summed `quantity` of each product of `agg_product_ids`, at the same index. */
  readonly agg_product_quantities: readonly number[];
}

const ZERO = new Decimal(0);

function itemsOf(order: Order): number {
  let items = 0;
  for (const line of order.lineItems) items += line.quantity;
  return items;
}

function sumOf(amounts: readonly { readonly amount: Decimal }[]): Decimal {
  if (amounts.length === 0) return ZERO;
  if (amounts.length === 1) return (amounts[0] as { readonly amount: Decimal }).amount;
  let sum = new ExactDecimal(0);
  for (const a of amounts) sum = sum.plus(a.amount);
  return new Decimal(sum);
}

// The two product columns come from one grouping; the import asks for both of the same order in a row.
let lastOrder: Order | undefined;
let lastProducts: { ids: number[]; quantities: number[] } = { ids: [], quantities: [] };

// Orders with at most this many line items are grouped by insertion into the sorted arrays (a few comparisons, no
// Map): the import computes this for every order.
const FEW_LINES = 16;

function productsOf(order: Order): { ids: number[]; quantities: number[] } {
  if (order === lastOrder) return lastProducts;
  const lines = order.lineItems;
  if (lines.length <= FEW_LINES) {
    const ids: number[] = [];
    const quantities: number[] = [];
    for (const line of lines) {
      const id = line.productId;
      let j = ids.length;
      while (j > 0 && (ids[j - 1] as number) > id) j -= 1;
      if (j > 0 && ids[j - 1] === id) quantities[j - 1] = (quantities[j - 1] as number) + line.quantity;
      else {
        ids.splice(j, 0, id);
        quantities.splice(j, 0, line.quantity);
      }
    }
    lastProducts = { ids, quantities };
    lastOrder = order;
    return lastProducts;
  }
  const byProduct = new Map<number, number>();
  for (const line of order.lineItems) byProduct.set(line.productId, (byProduct.get(line.productId) ?? 0) + line.quantity);
  const ids = [...byProduct.keys()].sort((a, b) => a - b);
  lastProducts = { ids, quantities: ids.map((id) => byProduct.get(id) as number) };
  lastOrder = order;
  return lastProducts;
}

/**
 * The aggregate column values of an order (exact: money as `Decimal`, summed without rounding). Pure.
 *
 * @example
 * ```ts
 * orderAggregateColumns(order);
 * // { agg_items: 3, agg_discount: Decimal('4.25'), agg_refunds: Decimal('0'), agg_product_ids: [7, 9], agg_product_quantities: [2, 1] }
 * ```
 */
export function orderAggregateColumns(order: Order): OrderAggregateColumns {
  const products = productsOf(order);
  return {
    agg_items: itemsOf(order),
    agg_discount: sumOf(order.couponLines),
    agg_refunds: sumOf(order.refunds),
    agg_product_ids: products.ids,
    agg_product_quantities: products.quantities,
  };
}

/**
 * The aggregate columns as column specs of `ORDERS_TABLE` (in tables.ts), in the order of
 * {@link OrderAggregateColumns}: each computes only its own value, so writing a row computes each aggregate once.
 */
export const ORDER_AGGREGATE_COLUMNS: readonly {
  readonly name: keyof OrderAggregateColumns;
  readonly type: 'bigint' | 'numeric' | 'bigint[]';
  readonly value: (order: Order) => number | Decimal | readonly number[];
}[] = [
  { name: 'agg_items', type: 'bigint', value: itemsOf },
  { name: 'agg_discount', type: 'numeric', value: (o) => sumOf(o.couponLines) },
  { name: 'agg_refunds', type: 'numeric', value: (o) => sumOf(o.refunds) },
  { name: 'agg_product_ids', type: 'bigint[]', value: (o) => productsOf(o).ids },
  { name: 'agg_product_quantities', type: 'bigint[]', value: (o) => productsOf(o).quantities },
];
