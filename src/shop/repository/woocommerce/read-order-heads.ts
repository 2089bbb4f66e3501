// An order's own fields (not its lines) from either storage: HPOS's `wc_orders` with its operational data and
// addresses, or the posts tables' `shop_order` post with its meta. Both give the same {@link OrderHead}, so what
// follows (lines, notes, refunds, the snapshot shape) is written once. Orders WooCommerce does not list are left out:
// trashed, auto-draft, checkout-draft and draft orders. The head rows are read by ids or straight from a page's SELECT
// (one statement: the page's ids never make a round trip of their own); the posts meta comes with the order's other
// parts (read-order-details.ts).
import type { MetaByOwner } from './read-order-lines';
import { selectRows, text, type MysqlQueryable, type WooCommerceStorage, type WooCommerceTables } from './woocommerce-database';
import { gmtInstant, integer, localInstant, money, timestampInstant } from './woocommerce-values';

/** Post statuses (posts) and `wc_orders.status` values (HPOS) of orders WooCommerce does not serve. */
export const HIDDEN_ORDER_STATUSES = ['trash', 'auto-draft', 'draft', 'wc-checkout-draft', 'checkout-draft'] as const;

const ADDRESS = ['first_name', 'last_name', 'company', 'address_1', 'address_2', 'city', 'state', 'postcode', 'country'] as const;

type Address = Record<(typeof ADDRESS)[number], string>;

/** An order's own fields, as the snapshot format names them. */
export interface OrderHead {
  id: number;
  number: string;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  status: string;
  currency: string;
  total: string;
  cart_tax: string;
  shipping_total: string;
  shipping_tax: string;
  cart_discount: string;
  order_discount: string;
  payment: { method_id: string; method_title: string; paid_at: string | null };
  billing: Address & { email: string; phone: string };
  shipping: Address;
  customer_note: string;
  customer_ip: string;
  customer_user_agent: string;
  customer_id: number;
}

/** A refund of an order. */
export interface RefundHead {
  orderId: number;
  refund: { id: number; created_at: string; amount: string; reason: string };
}

const status = (stored: string) => (stored.startsWith('wc-') ? stored.slice(3) : stored);
const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(',');

function address(get: (field: string) => string): Address {
  return Object.fromEntries(ADDRESS.map((f) => [f, get(f)])) as Address;
}

// One statement: the order row, its operational data and both address rows (WooCommerce keeps at most one of each
// type per order: a unique key), so a page's heads cost one round trip.
const ADDRESS_COLUMNS = [...ADDRESS, 'email', 'phone'] as const;
const addressColumns = (alias: 'b' | 's') => ADDRESS_COLUMNS.map((f) => `${alias}.${f} AS ${alias}_${f}`).join(', ');

const hposColumns = `o.*, d.date_paid_gmt, d.date_completed_gmt, d.shipping_total_amount, d.shipping_tax_amount, d.discount_total_amount,
            b.id AS b_row, ${addressColumns('b')}, s.id AS s_row, ${addressColumns('s')}`;
const hposJoins = (t: WooCommerceTables) => `LEFT JOIN ${t.orderOperationalData} d ON d.order_id = o.id
       LEFT JOIN ${t.orderAddresses} b ON b.order_id = o.id AND b.address_type = 'billing'
       LEFT JOIN ${t.orderAddresses} s ON s.order_id = o.id AND s.address_type = 'shipping'`;

function hposHead(o: Record<string, unknown>): OrderHead {
  const part = (o: Record<string, unknown>, alias: 'b' | 's') =>
    o[`${alias}_row`] === null || o[`${alias}_row`] === undefined ? undefined : Object.fromEntries(ADDRESS_COLUMNS.map((f) => [f, o[`${alias}_${f}`]]));
  const id = Number(o.id);
  const billing = part(o, 'b');
  const shipping = part(o, 's');
  const created = gmtInstant(text(o.date_created_gmt)) ?? '1970-01-01T00:00:00Z';
  return {
    id,
    number: String(id),
    created_at: created,
    updated_at: gmtInstant(text(o.date_updated_gmt)) ?? created,
    completed_at: gmtInstant(text(o.date_completed_gmt)),
    status: status(text(o.status)),
    currency: text(o.currency),
    total: money(text(o.total_amount)),
    cart_tax: money(text(o.tax_amount)),
    shipping_total: money(text(o.shipping_total_amount)),
    shipping_tax: money(text(o.shipping_tax_amount)),
    cart_discount: money(text(o.discount_total_amount)),
    order_discount: '0',
    payment: { method_id: text(o.payment_method), method_title: text(o.payment_method_title), paid_at: gmtInstant(text(o.date_paid_gmt)) },
    billing: { ...address((f) => text(billing?.[f])), email: text(billing?.email ?? o.billing_email), phone: text(billing?.phone) },
    shipping: address((f) => text(shipping?.[f])),
    customer_note: text(o.customer_note),
    customer_ip: text(o.ip_address),
    customer_user_agent: text(o.user_agent),
    customer_id: Number(o.customer_id ?? 0),
  };
}

/** The postmeta keys of an order's head (posts storage). */
export const POSTS_ORDER_META = [
  '_order_currency', '_order_total', '_order_tax', '_order_shipping', '_order_shipping_tax', '_cart_discount', '_order_discount',
  '_customer_user', '_payment_method', '_payment_method_title', '_date_paid', '_paid_date', '_date_completed', '_completed_date',
  '_customer_ip_address', '_customer_user_agent',
  ...ADDRESS.flatMap((f) => [`_billing_${f}`, `_shipping_${f}`]), '_billing_email', '_billing_phone',
];

const POSTS_COLUMNS = 'o.ID AS id, o.post_status, o.post_date_gmt, o.post_modified_gmt, o.post_excerpt';

function postsHead(p: Record<string, unknown>, m: ReadonlyMap<string, string | null> | undefined, timeZone: string): OrderHead {
  const id = Number(p.id);
  const get = (key: string) => m?.get(key) ?? '';
  const created = gmtInstant(text(p.post_date_gmt)) ?? '1970-01-01T00:00:00Z';
  // WooCommerce 2.x kept paid and completed times as local strings; 3.0 added the timestamps (and keeps both).
  const paid = timestampInstant(get('_date_paid')) ?? localInstant(get('_paid_date'), timeZone);
  const completed = timestampInstant(get('_date_completed')) ?? localInstant(get('_completed_date'), timeZone);
  return {
    id,
    number: String(id),
    created_at: created,
    updated_at: gmtInstant(text(p.post_modified_gmt)) ?? created,
    completed_at: completed,
    status: status(text(p.post_status)),
    currency: get('_order_currency'),
    total: money(get('_order_total')),
    cart_tax: money(get('_order_tax')),
    shipping_total: money(get('_order_shipping')),
    shipping_tax: money(get('_order_shipping_tax')),
    cart_discount: money(get('_cart_discount')),
    // The after-tax discount of WooCommerce before 2.3; later stores have none.
    order_discount: money(get('_order_discount')),
    payment: { method_id: get('_payment_method'), method_title: get('_payment_method_title'), paid_at: paid },
    billing: { ...address((f) => get(`_billing_${f}`)), email: get('_billing_email'), phone: get('_billing_phone') },
    shipping: address((f) => get(`_shipping_${f}`)),
    customer_note: text(p.post_excerpt),
    customer_ip: get('_customer_ip_address'),
    customer_user_agent: get('_customer_user_agent'),
    customer_id: integer(get('_customer_user')),
  };
}

/** The ids of the orders WooCommerce lists, after `afterId`, at most `limit`, in id order. */
export async function orderIds(db: MysqlQueryable, t: WooCommerceTables, storage: WooCommerceStorage, afterId: number, limit: number): Promise<number[]> {
  const hidden = HIDDEN_ORDER_STATUSES as readonly string[];
  const rows =
    storage === 'hpos'
      ? await selectRows(db, `SELECT id FROM ${t.orders} WHERE type = 'shop_order' AND status NOT IN (${placeholders(hidden.length)}) AND id > ? ORDER BY id LIMIT ?`, [...hidden, afterId, limit])
      : await selectRows(db, `SELECT ID AS id FROM ${t.posts} WHERE post_type = 'shop_order' AND post_status NOT IN (${placeholders(hidden.length)}) AND ID > ? ORDER BY ID LIMIT ?`, [...hidden, afterId, limit]);
  return rows.map((r) => Number(r.id));
}

/**
 * Which orders to read: `ids` (read in id order), or the orders of `page`, a SELECT of `id` and `created` with its own
 * conditions, ORDER BY and LIMIT (its `?` parameters in `values`), read in its order: `order`, over the alias `p`;
 * `hintKey` names the page for read-orders.ts's `PageIdsHint` (default: its SQL and values).
 */
export type OrderSelection =
  | { readonly ids: readonly number[] }
  | { readonly page: { readonly sql: string; readonly values: readonly unknown[]; readonly order: string; readonly hintKey?: string } };

/** The head rows of the selected orders (ids that are no order left out), in the selection's order: one statement. */
export async function headRows(db: MysqlQueryable, t: WooCommerceTables, storage: WooCommerceStorage, selection: OrderSelection): Promise<Record<string, unknown>[]> {
  const columns = storage === 'hpos' ? hposColumns : POSTS_COLUMNS;
  const joins = storage === 'hpos' ? hposJoins(t) : '';
  const [table, id] = storage === 'hpos' ? [t.orders, 'o.id'] : [t.posts, 'o.ID'];
  if ('ids' in selection) {
    if (selection.ids.length === 0) return [];
    return selectRows(db, `SELECT ${columns} FROM ${table} o ${joins} WHERE ${id} IN (${placeholders(selection.ids.length)}) ORDER BY ${id}`, [...selection.ids]);
  }
  // The page as a derived table: its plan is the id page's own (an index walked until the page is full), and the
  // head rows are joined to its few rows by primary key.
  return selectRows(db, `SELECT ${columns} FROM (${selection.page.sql}) p JOIN ${table} o ON ${id} = p.id ${joins} ORDER BY ${selection.page.order}`, [...selection.page.values]);
}

/** An order's head from its head row (and, posts storage, its meta). */
export function orderHead(storage: WooCommerceStorage, row: Record<string, unknown>, meta: MetaByOwner, timeZone: string): OrderHead {
  return storage === 'hpos' ? hposHead(row) : postsHead(row, meta.get(Number(row.id)), timeZone);
}

/** An order's modification time as its head row carries it: the text as a version, and epoch ms where it reads. */
export function headModified(storage: WooCommerceStorage, row: Record<string, unknown>): { version: string; modifiedMs: number | undefined } {
  const version = text(storage === 'hpos' ? row.date_updated_gmt : row.post_modified_gmt);
  const iso = gmtInstant(version);
  return { version, modifiedMs: iso === null ? undefined : Date.parse(iso) };
}
