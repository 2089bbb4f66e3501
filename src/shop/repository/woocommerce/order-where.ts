// The repository's filters as SQL over either storage: which rows are orders (and coupons) the API serves, their
// time bounds, the caller's customer restriction and the search, each as conditions with `?` parameters. Order and
// coupon pages and counts select ids only (indexed columns: `type_status_date`, `date_created`, `customer_id` of
// HPOS; `type_status_date` of posts); whole orders are then read for the ids of the page alone.
import { ORDER_STATUSES, type OrderStatus } from '../../model/order';
import { COUPON_TYPES } from '../../model/coupon';
import { isStorableText } from '../../model/storable-text';
import { foldCase } from '../search-text';
import { isStatusOnly, type CouponFilter, type OrderFilter, type Paging } from '../shop-repository';
import type { WooCommerceStorage, WooCommerceTables } from './woocommerce-database';
import { datetimeOf } from './woocommerce-values';

/** Collects `?` parameters beside the conditions that use them. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return '?';
  }
}

/** Conditions joined by AND, or null when they can match nothing (no query is needed then). */
export type Conditions = string[] | null;

/** The columns of an order in one storage, as SQL over the alias `o`. */
export interface OrderColumns {
  readonly from: string;
  readonly id: string;
  readonly created: string;
  readonly updated: string;
  readonly status: string;
  /** Rows that are orders of the API: the type, and one of its statuses (trash and drafts never are). */
  readonly base: string;
}

// Stored statuses are `wc-` + the API's status in both storages.
const STORED_STATUSES = ORDER_STATUSES.map((s) => `'wc-${s}'`).join(',');

/** Where and how orders are stored in `storage`. */
export function orderColumns(t: WooCommerceTables, storage: WooCommerceStorage): OrderColumns {
  if (storage === 'hpos') {
    return {
      from: `${t.orders} o`,
      id: 'o.id',
      created: 'o.date_created_gmt',
      // The reader falls back to the creation time when the update time is missing (NULL or WordPress's zero date).
      updated: `COALESCE(NULLIF(o.date_updated_gmt, '0000-00-00 00:00:00'), o.date_created_gmt)`,
      status: 'o.status',
      base: `o.type = 'shop_order' AND o.status IN (${STORED_STATUSES})`,
    };
  }
  return {
    from: `${t.posts} o`,
    id: 'o.ID',
    created: 'o.post_date_gmt',
    updated: `COALESCE(NULLIF(o.post_modified_gmt, '0000-00-00 00:00:00'), o.post_date_gmt)`,
    status: 'o.post_status',
    base: `o.post_type = 'shop_order' AND o.post_status IN (${STORED_STATUSES})`,
  };
}

const MIN_SECONDS = Date.UTC(1, 0, 1) / 1000;
const MAX_SECONDS = Date.UTC(9999, 11, 31, 23, 59, 59) / 1000;

const datetime = (seconds: number): string => datetimeOf(seconds * 1000);

/**
 * `column op date` for a GMT DATETIME column (whole seconds): `>=` an inclusive lower bound, `<=` an inclusive upper
 * bound, `<` an exclusive one, each rounded to the seconds the same instants satisfy. 'TRUE' when every stored time
 * passes, null when none can (an invalid date, or one beyond what DATETIME holds on the failing side).
 */
export function timeBound(column: string, op: '>=' | '<=' | '<', date: Date, p: SqlParams): string | null {
  const ms = date.getTime();
  if (Number.isNaN(ms)) return null;
  const seconds = op === '<=' ? Math.floor(ms / 1000) : Math.ceil(ms / 1000);
  if (op === '>=') {
    if (seconds <= MIN_SECONDS) return 'TRUE';
    return seconds > MAX_SECONDS ? null : `${column} >= ${p.add(datetime(seconds))}`;
  }
  if (op === '<=') {
    if (seconds >= MAX_SECONDS) return 'TRUE';
    return seconds < MIN_SECONDS ? null : `${column} <= ${p.add(datetime(seconds))}`;
  }
  if (seconds > MAX_SECONDS) return 'TRUE';
  return seconds <= MIN_SECONDS ? null : `${column} < ${p.add(datetime(seconds))}`;
}

/**
 * The GMT DATETIME bounds `[start, end)` of a window (see {@link timeBound}), or null when nothing can lie inside.
 */
export function datetimeWindow(window: { readonly start: Date; readonly end: Date }): { start: string; end: string } | null {
  const p = new SqlParams();
  const start = timeBound('x', '>=', window.start, p);
  const end = timeBound('x', '<', window.end, p);
  if (start === null || end === null) return null;
  return {
    start: start === 'TRUE' ? '0000-01-01 00:00:00' : String(p.values[0]),
    end: end === 'TRUE' ? '9999-12-31 23:59:59' : String(p.values[p.values.length - 1]),
  };
}

/**
 * `text` folded as `foldCase` folds (ASCII letters only), as bytes: UTF-8 never holds an ASCII byte inside another
 * character, so replacing the 26 bytes is exactly that folding, and a byte search in it is `String.includes` on the
 * folded text. (The tables' `_ci` collations fold far more, accents included, so their LIKE would match more.)
 */
export function asciiFolded(text: string): string {
  let sql = `CAST(${text} AS BINARY)`;
  for (let c = 65; c <= 90; c++) sql = `REPLACE(${sql}, '${String.fromCharCode(c)}', '${String.fromCharCode(c + 32)}')`;
  return sql;
}

/** The search terms as the contract defines them (folded, empty ones dropped), or null when one can occur nowhere. */
export function searchTermsOf(search: readonly string[] | undefined): string[] | null {
  const terms = [...new Set((search ?? []).map(foldCase))].filter((t) => t !== '');
  return terms.every(isStorableText) ? terms : null;
}

const contains = (p: SqlParams, term: string, folded: string) => `LOCATE(CAST(${p.add(term)} AS BINARY), ${folded}) > 0`;

// The fields `orderSearchFields` names (id = number, billing name, company, e-mail and phone, customer note, line item
// names), where each storage keeps them. A term must occur in one of them.
function orderSearch(t: WooCommerceTables, storage: WooCommerceStorage, term: string, p: SqlParams): string {
  const c = orderColumns(t, storage);
  const item = `EXISTS (SELECT 1 FROM ${t.orderItems} si WHERE si.order_id = ${c.id} AND si.order_item_type = 'line_item' AND ${contains(p, term, asciiFolded('si.order_item_name'))})`;
  const id = contains(p, term, `CAST(CAST(${c.id} AS CHAR) AS BINARY)`);
  if (storage === 'hpos') {
    const billing = `EXISTS (SELECT 1 FROM ${t.orderAddresses} sa WHERE sa.order_id = o.id AND sa.address_type = 'billing' AND (${[
      'sa.first_name', 'sa.last_name', 'sa.company', 'sa.phone', 'COALESCE(sa.email, o.billing_email)',
    ].map((f) => contains(p, term, asciiFolded(f))).join(' OR ')}))`;
    // Without a billing address row the reader takes the e-mail from the order row.
    const orderEmail = `(NOT EXISTS (SELECT 1 FROM ${t.orderAddresses} sb WHERE sb.order_id = o.id AND sb.address_type = 'billing') AND ${contains(p, term, asciiFolded('o.billing_email'))})`;
    return `(${id} OR ${contains(p, term, asciiFolded('o.customer_note'))} OR ${billing} OR ${orderEmail} OR ${item})`;
  }
  const meta = `EXISTS (SELECT 1 FROM ${t.postmeta} sm WHERE sm.post_id = o.ID AND sm.meta_key IN ('_billing_first_name', '_billing_last_name', '_billing_company', '_billing_email', '_billing_phone') AND ${contains(p, term, asciiFolded('sm.meta_value'))})`;
  return `(${id} OR ${contains(p, term, asciiFolded('o.post_excerpt'))} OR ${meta} OR ${item})`;
}

// A customer id as the posts reader reads `_customer_user` (integer(): '' and absent are 0, the guest).
function postsCustomer(t: WooCommerceTables, customerId: number, p: SqlParams): string {
  const value = `(SELECT cm.meta_value FROM ${t.postmeta} cm WHERE cm.post_id = o.ID AND cm.meta_key = '_customer_user' ORDER BY cm.meta_id LIMIT 1)`;
  if (customerId === 0) return `COALESCE(TRIM(${value}), '') IN ('', '0')`;
  return `TRIM(${value}) = ${p.add(String(customerId))}`;
}

/**
 * The statuses of a filter of statuses alone (every defined status when it names none; unknown names left out), sorted;
 * null when the filter has any other condition. What kept counts and the posts page window may serve.
 */
export function statusesAlone(f: OrderFilter): OrderStatus[] | null {
  if (!isStatusOnly(f)) return null;
  return [...new Set(f.statuses ?? ORDER_STATUSES)].filter((s) => (ORDER_STATUSES as readonly string[]).includes(s)).sort();
}

/** The conditions of an order filter (beside `orderColumns(...).base`). */
export function orderConditions(t: WooCommerceTables, storage: WooCommerceStorage, f: OrderFilter, p: SqlParams): Conditions {
  const c = orderColumns(t, storage);
  const conds: string[] = [c.base];
  if (f.statuses !== undefined) {
    const wanted = f.statuses.filter((s) => (ORDER_STATUSES as readonly string[]).includes(s));
    if (wanted.length === 0) return null;
    conds.push(`${c.status} IN (${wanted.map((s) => p.add(`wc-${s}`)).join(',')})`);
  }
  if (f.customerId !== undefined) {
    if (!Number.isSafeInteger(f.customerId) || f.customerId < 0) return null;
    if (storage === 'posts') conds.push(postsCustomer(t, f.customerId, p));
    // Served by HPOS's (customer_id, billing_email) index; NULL reads as the guest, 0.
    else conds.push(f.customerId === 0 ? '(o.customer_id = 0 OR o.customer_id IS NULL)' : `o.customer_id = ${p.add(f.customerId)}`);
  }
  const bounds: [Date | undefined, string, '>=' | '<='][] = [
    [f.createdMin, c.created, '>='],
    [f.createdMax, c.created, '<='],
    [f.updatedMin, c.updated, '>='],
    [f.updatedMax, c.updated, '<='],
  ];
  for (const [date, column, op] of bounds) {
    if (date === undefined) continue;
    const cond = timeBound(column, op, date, p);
    if (cond === null) return null;
    conds.push(cond);
  }
  const terms = searchTermsOf(f.search);
  if (terms === null) return null;
  for (const term of terms) conds.push(orderSearch(t, storage, term, p));
  return conds;
}

/** LIMIT/OFFSET of a page (values the handler validated; clamped anyway, so none becomes a SQL error). */
export function limitClause(paging: Paging, p: SqlParams): string {
  const offset = Number.isFinite(paging.offset) ? Math.min(Math.max(0, Math.floor(paging.offset)), Number.MAX_SAFE_INTEGER) : 0;
  const limit = paging.limit === null || !Number.isFinite(paging.limit) ? null : Math.min(Math.max(0, Math.floor(paging.limit)), Number.MAX_SAFE_INTEGER);
  // MySQL has no "no limit": its documented idiom is the largest unsigned BIGINT.
  return `LIMIT ${limit === null ? '18446744073709551615' : p.add(limit)} OFFSET ${p.add(offset)}`;
}

const KNOWN_COUPON_TYPES = COUPON_TYPES.map((s) => `'${s}'`).join(',');

/**
 * Coupons the API serves at all: `shop_coupon` posts of a discount type the API knows (an empty type reads as
 * `fixed_cart`, as the reader does). Over the alias `c`.
 */
export function couponBase(t: WooCommerceTables): string {
  const type = `(SELECT tm.meta_value FROM ${t.postmeta} tm WHERE tm.post_id = c.ID AND tm.meta_key = 'discount_type' ORDER BY tm.meta_id LIMIT 1)`;
  return `c.post_type = 'shop_coupon' AND COALESCE(NULLIF(${type}, ''), 'fixed_cart') IN (${KNOWN_COUPON_TYPES})`;
}

/** The conditions of a coupon filter: published coupons, their time bounds and search (code and description). */
export function couponConditions(t: WooCommerceTables, f: CouponFilter, p: SqlParams): Conditions {
  const conds = [couponBase(t), `c.post_status = 'publish'`];
  const updated = `COALESCE(NULLIF(c.post_modified_gmt, '0000-00-00 00:00:00'), c.post_date_gmt)`;
  const bounds: [Date | undefined, string, '>=' | '<='][] = [
    [f.createdMin, 'c.post_date_gmt', '>='],
    [f.createdMax, 'c.post_date_gmt', '<='],
    [f.updatedMin, updated, '>='],
    [f.updatedMax, updated, '<='],
  ];
  for (const [date, column, op] of bounds) {
    if (date === undefined) continue;
    const cond = timeBound(column, op, date, p);
    if (cond === null) return null;
    conds.push(cond);
  }
  const terms = searchTermsOf(f.search);
  if (terms === null) return null;
  for (const term of terms) conds.push(`(${contains(p, term, asciiFolded('c.post_title'))} OR ${contains(p, term, asciiFolded('c.post_excerpt'))})`);
  return conds;
}
