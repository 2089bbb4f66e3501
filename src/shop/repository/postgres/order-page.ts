// GET /orders in one statement (ShopRepository.orderPage): the page, its total and the products its lines name.
// Three calls were three units of work (page ∥ count, then the products once the page was known), each a pool
// checkout and a transaction with the budget settings; one statement is one unit, and with the repository's
// one-trip reads (prepared-statements.ts) one round trip. The answers are those of listOrders, countOrders and
// getProducts: the same WHERE clause, the same page subquery, the same count (per status where only statuses
// filter), the same product columns; the contract suite holds them equal on every backend.
import type { Product } from '../../model/shop';
import { isStatusOnly, type OrderFilter, type OrderPage, type Paging } from '../shop-repository';
import { hasLiteralLimit, isCustomerOnly, orderWhere, pageClause, Params } from './filters';
import { arrayLiteral, readInt } from './params';
import { ORDER_SELECT, readOrder, readProduct } from './rows';
import type { PostgresSession } from './session';

type Row = Record<string, unknown>;

// The products the page's lines name (a variation when the line has one, as lineProductIds), as one JSON array.
// Evaluated once: only on the statement's first row (CASE evaluates its subquery lazily).
const PAGE_PRODUCTS = `(SELECT coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'sku', p.sku, 'parent_id', p.parent_id)), '[]'::json)
     FROM shop_products p
    WHERE p.id IN (SELECT coalesce(x.variation_id, x.product_id) FROM shop_order_line_items x WHERE x.order_id IN (SELECT id FROM page)))`;

/** {@link OrderPage} of `filter` and `paging` in one statement through `rows`. */
export async function orderPage(rows: PostgresSession['rows'], filter: OrderFilter, paging: Paging): Promise<OrderPage> {
  const p = new Params();
  const where = orderWhere(filter, p);
  if (where === null) return { orders: [], total: 0, products: new Map() };
  const fixed = isCustomerOnly(filter);
  const page = pageClause(paging, p, fixed);
  // The same counts as countOrders: one row per status where only statuses filter, else the orders' index.
  let count: string;
  if (isStatusOnly(filter)) {
    const only = filter.statuses === undefined ? '' : ` WHERE status = ANY(${p.add(arrayLiteral([...filter.statuses]))}::text[])`;
    count = `SELECT coalesce(sum(orders), 0) AS n FROM shop_order_status_counts${only}`;
  } else {
    count = `SELECT count(*) AS n FROM shop_orders o WHERE ${where}`;
  }
  // The count's row is always there (LEFT JOIN): an empty page still answers its total. `page` is read twice, so
  // PostgreSQL computes it once (a CTE referenced twice is materialised, on every version).
  const found = await rows(
    `WITH page AS (SELECT o.id FROM shop_orders o WHERE ${where} ORDER BY o.created_at DESC, o.id DESC ${page})
     SELECT t.n::text AS page_total,
            CASE WHEN row_number() OVER (ORDER BY o.created_at DESC, o.id DESC) = 1 THEN ${PAGE_PRODUCTS} END AS page_products,
            ${ORDER_SELECT}
       FROM (${count}) t
       LEFT JOIN (page JOIN shop_orders o ON o.id = page.id) ON true
      ORDER BY o.created_at DESC, o.id DESC`,
    p.values,
    // As listOrders: unfiltered or one customer's, the plan is the same index walk whatever the values.
    fixed && hasLiteralLimit(paging) ? 'generic' : fixed,
  );
  const first = found[0];
  const products = new Map<number, Product>();
  const listed = first?.page_products;
  for (const row of (typeof listed === 'string' ? JSON.parse(listed) : (listed ?? [])) as Row[]) {
    const product = readProduct(row);
    products.set(product.id, product);
  }
  const orders = first === undefined || first.id === null ? [] : found.map(readOrder);
  return { orders, total: readInt(first?.page_total ?? 0), products };
}
