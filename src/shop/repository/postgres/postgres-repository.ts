import type { Coupon, Customer, Order, OrderStatus, Product, StoreSettings } from '../../model/model';
import type { PostgresClient, PostgresQueryable } from './client';
import {
  arrayLiteral,
  instantFromMs,
  isSafeId,
  isStorableText,
  msParam,
  readDecimal,
  readInt,
} from './params';
import {
  COUPON_SELECT,
  CUSTOMER_SELECT,
  ORDER_SELECT,
  readCoupon,
  readCustomer,
  readOrder,
  readProduct,
  readStore,
} from './rows';
import { createPostgresSession } from './session';
import { reportPeriodBounds } from '../../reports/report-range';
import { REPORT_CUSTOMER_ROLE, ZERO_PERIOD_TOTALS } from '../../reports/sales-report';
import type { PeriodTotals, ReportRange, TopSellerRow } from '../../reports/report-types';
import type { CouponFilter, OrderFilter, OrderStatusChange, Paging, ShopRepository, TimeWindow } from '../shop-repository';
import { foldCase } from '../search-text';
import { statusChangeNoteText } from '../../model/status-note';

/**
 * Options of {@link createPostgresRepository}.
 *
 * @example
 * ```ts
 * const repository = createPostgresRepository({ client: pool, streamChunkSize: 1000 });
 * ```
 */
export interface PostgresRepositoryOptions {
  /** A `pg` Pool or Client, a PGlite instance, or anything else fitting {@link PostgresClient}. */
  readonly client: PostgresClient;
  /** Rows fetched per round trip by the streaming methods (`ordersCreatedIn`, `customersRegisteredIn`); default 500. */
  readonly streamChunkSize?: number;
}

/** Collects positional parameters while a statement is built; every value is data, never SQL text. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  instant(date: Date): string | null {
    const ms = msParam(date);
    return ms === null ? null : instantFromMs(this.add(ms));
  }
}

/** A WHERE clause, or null when the filter can match nothing (then no query is needed at all). */
type Where = string | null;

interface TimeBounds {
  readonly createdMin?: Date;
  readonly createdMax?: Date;
  readonly updatedMin?: Date;
  readonly updatedMax?: Date;
  readonly search?: readonly string[];
}

// Shared by orders and coupons: inclusive time bounds and search terms. A term PostgreSQL text cannot hold (a NUL
// character, a lone surrogate) occurs in no stored text, so it matches nothing, exactly like the in-memory search.
function boundsAndSearch(alias: string, f: TimeBounds, p: Params, conds: string[]): boolean {
  const bounds: [Date | undefined, string, string][] = [
    [f.createdMin, 'created_at', '>='],
    [f.createdMax, 'created_at', '<='],
    [f.updatedMin, 'updated_at', '>='],
    [f.updatedMax, 'updated_at', '<='],
  ];
  for (const [date, column, op] of bounds) {
    if (date === undefined) continue;
    const value = p.instant(date);
    if (value === null) return false;
    conds.push(`${alias}.${column} ${op} ${value}`);
  }
  // Terms are case-folded here too (as the in-memory repository does), so a caller's unfolded term still matches.
  for (const term of (f.search ?? []).map(foldCase)) {
    if (!isStorableText(term)) return false;
    // strpos is a literal substring test: `%`, `_` and backslashes in a term are just characters.
    conds.push(`strpos(${alias}.search_text, ${p.add(term)}) > 0`);
  }
  return true;
}

function orderWhere(f: OrderFilter, p: Params): Where {
  const conds: string[] = [];
  if (f.statuses !== undefined) {
    if (f.statuses.length === 0) return null;
    conds.push(`o.status = ANY(${p.add(arrayLiteral([...f.statuses]))}::text[])`);
  }
  if (!boundsAndSearch('o', f, p, conds)) return null;
  return conds.length === 0 ? 'true' : conds.join(' AND ');
}

function couponWhere(f: CouponFilter, p: Params): Where {
  const conds = [`c.status = 'publish'`];
  if (!boundsAndSearch('c', f, p, conds)) return null;
  return conds.join(' AND ');
}

// Paging values come from the handler already validated; clamp anyway so no value can become a SQL error.
function pageClause(paging: Paging, p: Params): string {
  const offset = Number.isFinite(paging.offset) ? Math.min(Math.max(0, Math.floor(paging.offset)), Number.MAX_SAFE_INTEGER) : 0;
  const limit =
    paging.limit === null || !Number.isFinite(paging.limit)
      ? null
      : Math.min(Math.max(0, Math.floor(paging.limit)), Number.MAX_SAFE_INTEGER);
  return `LIMIT ${p.add(limit === null ? null : String(limit))}::bigint OFFSET ${p.add(String(offset))}::bigint`;
}

function windowConds(alias: string, column: string, window: TimeWindow, p: Params): string[] | null {
  const start = p.instant(window.start);
  const end = p.instant(window.end);
  if (start === null || end === null) return null;
  return [`${alias}.${column} >= ${start}`, `${alias}.${column} < ${end}`];
}

/**
 * A {@link ShopRepository} over PostgreSQL (a server through `pg`, or embedded PGlite). Filters, search, counts,
 * paging and the report aggregates run as parameterised SQL; nothing loads all rows to count, page or aggregate.
 * The schema must be migrated ({@link migratePostgres}) and loaded (e.g. {@link importShopSnapshot}).
 *
 * Status changes lock the order row (`SELECT ... FOR UPDATE`) and write the status and its note in one transaction,
 * so concurrent changes serialise and no note is lost. See {@link PostgresClient} for how each client kind runs
 * transactions.
 *
 * @example
 * ```ts
 * import pg from 'pg';
 * import { createPostgresRepository, createShopApi, migratePostgres } from 'shopkeep/shop';
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
 * await migratePostgres(pool);
 * const repository = createPostgresRepository({ client: pool });
 * const page = await repository.listOrders({ statuses: ['processing'] }, { offset: 0, limit: 10 });
 * ```
 */
export function createPostgresRepository(options: PostgresRepositoryOptions): ShopRepository {
  const session = createPostgresSession(options.client);
  const chunk = Math.max(1, Math.floor(options.streamChunkSize ?? 500));
  const rows = session.rows;

  const orderById = async (q: PostgresQueryable | null, id: number): Promise<Order | undefined> => {
    const text = `SELECT ${ORDER_SELECT} FROM shop_orders o WHERE o.id = $1`;
    const found = q === null ? await rows(text, [String(id)]) : ((await q.query(text, [String(id)])).rows as Record<string, unknown>[]);
    return found[0] === undefined ? undefined : readOrder(found[0]);
  };

  async function* keyset<T>(
    table: string,
    alias: string,
    select: string,
    column: string,
    baseConds: (p: Params) => string[] | null,
    read: (row: Record<string, unknown>) => T,
  ): AsyncGenerator<T> {
    // Keyset pagination on (column, id): each chunk is an index range scan that starts where the last one ended,
    // so a year of orders streams in constant memory and no chunk rescans skipped rows (unlike OFFSET).
    let after: [string, string] | null = null;
    for (;;) {
      const p = new Params();
      const conds = baseConds(p);
      if (conds === null) return;
      if (after !== null) {
        const at = `('epoch'::timestamptz + ${p.add(after[0])}::bigint * interval '1 microsecond')`;
        conds.push(`(${alias}.${column}, ${alias}.id) > (${at}, ${p.add(after[1])}::bigint)`);
      }
      const found = await rows(
        `SELECT ${select}, (extract(epoch from ${alias}.${column}) * 1000000)::bigint::text AS cursor_us, ${alias}.id::text AS cursor_id
           FROM ${table} ${alias} WHERE ${conds.join(' AND ')}
          ORDER BY ${alias}.${column}, ${alias}.id LIMIT ${p.add(String(chunk))}::bigint`,
        p.values,
      );
      for (const row of found) yield read(row);
      const last = found[found.length - 1];
      if (found.length < chunk || last === undefined) return;
      after = [String(last.cursor_us), String(last.cursor_id)];
    }
  }

  const repository: ShopRepository = {
    async getStore(): Promise<StoreSettings> {
      const [row] = await rows('SELECT * FROM shop_store');
      if (row === undefined) throw new Error('The shop schema holds no store settings: import a snapshot first (importShopSnapshot).');
      return readStore(row);
    },

    async listOrders(filter: OrderFilter, paging: Paging): Promise<Order[]> {
      const p = new Params();
      const where = orderWhere(filter, p);
      if (where === null) return [];
      // The page's ids are found first, so the lines (JSON sub-selects) are built for the returned rows only, not
      // for the rows OFFSET skips.
      const found = await rows(
        `SELECT ${ORDER_SELECT}
           FROM (SELECT o.id FROM shop_orders o WHERE ${where}
                  ORDER BY o.created_at DESC, o.id DESC ${pageClause(paging, p)}) page
           JOIN shop_orders o ON o.id = page.id
          ORDER BY o.created_at DESC, o.id DESC`,
        p.values,
      );
      return found.map(readOrder);
    },

    async countOrders(filter: OrderFilter): Promise<number> {
      const p = new Params();
      const where = orderWhere(filter, p);
      if (where === null) return 0;
      const [row] = await rows(`SELECT count(*) AS n FROM shop_orders o WHERE ${where}`, p.values);
      return readInt(row?.n ?? 0);
    },

    async getOrder(id: number): Promise<Order | undefined> {
      if (!isSafeId(id)) return undefined;
      return orderById(null, id);
    },

    async updateOrderStatus(id: number, change: OrderStatusChange): Promise<Order | undefined> {
      if (!isSafeId(id)) return undefined;
      const at = msParam(change.at);
      if (at === null) throw new RangeError('updateOrderStatus: change.at is an invalid date');
      if (!isStorableText(change.note)) {
        throw new RangeError('updateOrderStatus: the note holds a NUL character or a lone surrogate, which PostgreSQL text cannot store');
      }
      return session.transaction(async (tx) => {
        // The row lock serialises concurrent changes of one order: the second waits, then sees the first's status.
        const locked = (await tx.query('SELECT status FROM shop_orders WHERE id = $1 FOR UPDATE', [String(id)])).rows as {
          status: OrderStatus;
        }[];
        const from = locked[0]?.status;
        if (from === undefined) return undefined;
        if (from !== change.status) {
          await tx.query(
            `UPDATE shop_orders
                SET status = $2,
                    updated_at = ${instantFromMs('$3')},
                    completed_at = CASE WHEN $2 = 'completed' THEN ${instantFromMs('$3')} ELSE completed_at END
              WHERE id = $1`,
            [String(id), change.status, at],
          );
          await tx.query(
            `INSERT INTO shop_order_notes (order_id, position, id, created_at, content, customer_note, approved, type)
             SELECT $1, coalesce(max(position) + 1, 0), nextval('shop_order_note_ids'), ${instantFromMs('$2')}, $3, false, true, 'order_note'
               FROM shop_order_notes WHERE order_id = $1`,
            [String(id), at, statusChangeNoteText(change.note, from, change.status)],
          );
        }
        return orderById(tx, id);
      });
    },

    async listCoupons(filter: CouponFilter, paging: Paging): Promise<Coupon[]> {
      const p = new Params();
      const where = couponWhere(filter, p);
      if (where === null) return [];
      const found = await rows(
        `SELECT ${COUPON_SELECT} FROM shop_coupons c WHERE ${where}
          ORDER BY c.created_at DESC, c.id DESC ${pageClause(paging, p)}`,
        p.values,
      );
      return found.map(readCoupon);
    },

    async countCoupons(filter: CouponFilter): Promise<number> {
      const p = new Params();
      const where = couponWhere(filter, p);
      if (where === null) return 0;
      const [row] = await rows(`SELECT count(*) AS n FROM shop_coupons c WHERE ${where}`, p.values);
      return readInt(row?.n ?? 0);
    },

    async getCoupon(id: number): Promise<Coupon | undefined> {
      if (!isSafeId(id)) return undefined;
      const [row] = await rows(`SELECT ${COUPON_SELECT} FROM shop_coupons c WHERE c.id = $1`, [String(id)]);
      return row === undefined ? undefined : readCoupon(row);
    },

    async getCouponByCode(code: string): Promise<Coupon | undefined> {
      if (!isStorableText(code)) return undefined;
      const [row] = await rows(
        `SELECT ${COUPON_SELECT} FROM shop_coupons c WHERE c.code = $1 AND c.status = 'publish'
          ORDER BY c.created_at DESC, c.id DESC LIMIT 1`,
        [code],
      );
      return row === undefined ? undefined : readCoupon(row);
    },

    async getProducts(ids: readonly number[]): Promise<Map<number, Product>> {
      const wanted = [...new Set(ids.filter(isSafeId))];
      const map = new Map<number, Product>();
      if (wanted.length === 0) return map;
      const found = await rows('SELECT id, name, sku, parent_id FROM shop_products WHERE id = ANY($1::bigint[])', [arrayLiteral(wanted)]);
      for (const row of found) {
        const product = readProduct(row);
        map.set(product.id, product);
      }
      return map;
    },

    ordersCreatedIn(window: TimeWindow, statuses: readonly OrderStatus[]): AsyncIterable<Order> {
      return keyset('shop_orders', 'o', ORDER_SELECT, 'created_at', (p) => {
        if (statuses.length === 0) return null;
        const conds = windowConds('o', 'created_at', window, p);
        return conds === null ? null : [...conds, `o.status = ANY(${p.add(arrayLiteral([...statuses]))}::text[])`];
      }, readOrder);
    },

    customersRegisteredIn(window: TimeWindow, role: string): AsyncIterable<Customer> {
      return keyset('shop_customers', 'u', CUSTOMER_SELECT, 'registered_at', (p) => {
        if (!isStorableText(role)) return null;
        const conds = windowConds('u', 'registered_at', window, p);
        return conds === null ? null : [...conds, `u.role = ${p.add(role)}`];
      }, readCustomer);
    },

    async aggregateSales(range: ReportRange, statuses: readonly OrderStatus[]): Promise<readonly PeriodTotals[]> {
      // The shared frozen zero is safe to repeat: periods with rows are replaced, never mutated.
      const periods: PeriodTotals[] = range.labels.map(() => ZERO_PERIOD_TOTALS);
      const bounds = reportPeriodBounds(range);
      if (periods.length === 0 || bounds.some((b) => Number.isNaN(b))) return periods;
      // Periods are bucketed by the very bounds the in-memory report uses (local midnights resolved in JavaScript):
      // width_bucket against them gives identical periods whatever time zone data the server has.
      const p = new Params();
      const boundsParam = p.add(arrayLiteral(bounds.map(String)));
      const start = p.instant(range.start);
      const end = p.instant(range.end);
      if (start === null || end === null) return periods;
      const statusParam = p.add(arrayLiteral([...statuses]));
      const roleParam = p.add(REPORT_CUSTOMER_ROLE);
      const found = await rows(
        `WITH b AS (
           SELECT array_agg(('epoch'::timestamptz + x * interval '1 millisecond') ORDER BY i) AS bounds
             FROM unnest(${boundsParam}::bigint[]) WITH ORDINALITY AS t(x, i)
         ),
         o AS (
           SELECT o.id, width_bucket(o.created_at, b.bounds) AS period, o.total, o.cart_tax, o.shipping_tax, o.shipping_total
             FROM shop_orders o, b
            WHERE o.status = ANY(${statusParam}::text[]) AND o.created_at >= ${start} AND o.created_at < ${end}
         ),
         totals AS (
           SELECT period, count(*) AS orders, sum(total) AS sales, sum(cart_tax) + sum(shipping_tax) AS tax,
                  sum(shipping_total) AS shipping
             FROM o GROUP BY period
         ),
         items AS (
           SELECT o.period, sum(li.quantity) AS items FROM o JOIN shop_order_line_items li ON li.order_id = o.id GROUP BY o.period
         ),
         discounts AS (
           SELECT o.period, sum(cl.amount) AS discount FROM o JOIN shop_order_coupon_lines cl ON cl.order_id = o.id GROUP BY o.period
         ),
         refunds AS (
           SELECT o.period, sum(r.amount) AS refunds FROM o JOIN shop_order_refunds r ON r.order_id = o.id GROUP BY o.period
         ),
         customers AS (
           SELECT width_bucket(u.registered_at, b.bounds) AS period, count(*) AS customers
             FROM shop_customers u, b
            WHERE u.role = ${roleParam} AND u.registered_at >= ${start} AND u.registered_at < ${end}
            GROUP BY 1
         )
         SELECT period::int AS period,
                coalesce(totals.orders, 0) AS orders, coalesce(totals.sales, 0)::text AS sales,
                coalesce(items.items, 0)::text AS items, coalesce(totals.tax, 0)::text AS tax,
                coalesce(totals.shipping, 0)::text AS shipping, coalesce(discounts.discount, 0)::text AS discount,
                coalesce(refunds.refunds, 0)::text AS refunds, coalesce(customers.customers, 0) AS customers
           FROM totals
           FULL JOIN items USING (period)
           FULL JOIN discounts USING (period)
           FULL JOIN refunds USING (period)
           FULL JOIN customers USING (period)`,
        p.values,
      );
      for (const row of found) {
        // width_bucket numbers the periods 1..n; 0 and n + 1 lie outside (the WHERE already excludes them).
        const i = readInt(row.period) - 1;
        if (i < 0 || i >= periods.length) continue;
        periods[i] = {
          sales: readDecimal(row.sales),
          orders: readInt(row.orders),
          items: readInt(row.items),
          tax: readDecimal(row.tax),
          shipping: readDecimal(row.shipping),
          discount: readDecimal(row.discount),
          refunds: readDecimal(row.refunds),
          customers: readInt(row.customers),
        };
      }
      return periods;
    },

    async topSellers(window: TimeWindow, statuses: readonly OrderStatus[], limit: number): Promise<readonly TopSellerRow[]> {
      if (statuses.length === 0) return [];
      const p = new Params();
      const conds = windowConds('o', 'created_at', window, p);
      if (conds === null) return [];
      const lim = Number.isFinite(limit) && limit > 0 ? String(Math.min(Math.floor(limit), Number.MAX_SAFE_INTEGER)) : null;
      // Products that no longer exist drop out through the join, before the LIMIT, as the in-memory ranking skips them.
      const found = await rows(
        `SELECT li.product_id, pr.name, sum(li.quantity)::text AS quantity
           FROM shop_orders o
           JOIN shop_order_line_items li ON li.order_id = o.id
           JOIN shop_products pr ON pr.id = li.product_id
          WHERE ${conds.join(' AND ')} AND o.status = ANY(${p.add(arrayLiteral([...statuses]))}::text[])
          GROUP BY li.product_id, pr.name
          ORDER BY sum(li.quantity) DESC, li.product_id ASC
          LIMIT ${p.add(lim)}::bigint`,
        p.values,
      );
      return found.map((r) => ({ productId: readInt(r.product_id), name: String(r.name), quantity: readInt(r.quantity) }));
    },
  };
  return repository;
}

