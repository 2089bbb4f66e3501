// The report push-downs over WooCommerce's own tables: one grouped statement per figure, each reading only the
// orders of the report (their meta, items and refunds through the `post_id` / `order_id` / `order_item_id` /
// `parent_order_id` indexes), summing in SQL with exact DECIMAL arithmetic. Meta values are read as the readers
// read them (the first value of a key; money and whole numbers that do not parse count as 0), so the sums equal the
// fold over the orders the repository returns.
import { Decimal } from 'decimal.js';
import type { OrderStatus } from '../../../model/order';
import { reportPeriodBounds } from '../../../reports/report-periods';
import type { PeriodTotals, ReportRange, TopSellerRow } from '../../../reports/report-types';
import { REPORT_CUSTOMER_ROLE, ZERO_PERIOD_TOTALS } from '../../../reports/sales-report';
import type { TimeWindow } from '../../shop-repository';
import { datetimeWindow, limitClause, orderColumns, orderConditions, SqlParams, timeBound, type OrderColumns } from '../order-where';
import { PRODUCT_EXISTS, userRole } from '../read-catalog';
import { selectRows, text, type MysqlQueryable, type WooCommerceStorage, type WooCommerceTables } from '../woocommerce-database';

// Whether a trimmed text column `v` is decimal text as `money()` accepts it (`-?digits(.digits*)?`), with string
// functions only: MariaDB's REGEXP costs milliseconds a row. The digits are removed byte-exactly (REPLACE) and what
// is left measured by its length, since the `_ci` collations would call an ignorable character equal to ''.
const unsigned = (v: string) => `IF(LEFT(${v}, 1) = '-', SUBSTRING(${v}, 2), ${v})`;
const withoutDigits = (v: string) => [...'0123456789'].reduce((sql, d) => `REPLACE(${sql}, '${d}', '')`, `REPLACE(${unsigned(v)}, '.', '')`);
const isDecimal = (v: string) =>
  `(${v} IS NOT NULL AND CHAR_LENGTH(${unsigned(v)}) > 0 AND LEFT(${unsigned(v)}, 1) <> '.' AND CHAR_LENGTH(${v}) - CHAR_LENGTH(REPLACE(${v}, '.', '')) <= 1 AND CHAR_LENGTH(${withoutDigits(v)}) = 0)`;
/** A stored amount (a column of trimmed text) as `money()` reads it: decimal text, else 0; an exact DECIMAL. */
const money = (v: string) => `(CASE WHEN ${isDecimal(v)} THEN CAST(${v} AS DECIMAL(65,30)) ELSE 0 END)`;
/** A stored whole number (a column of trimmed text) as `integer()` reads it, else 0. */
const whole = (v: string) => `(CASE WHEN ${isDecimal(v)} AND CAST(${v} AS DECIMAL(65,30)) = CAST(${v} AS DECIMAL(65,0)) THEN CAST(${v} AS DECIMAL(65,0)) ELSE 0 END)`;

// A derived table of one row per order (or item, or refund) with its period and trimmed meta values, each subquery
// run once; the LIMIT keeps the server from merging it into the outer query (which would repeat the subqueries).
const perRow = (columns: string, from: string, where: string) => `(SELECT ${columns} FROM ${from} WHERE ${where} LIMIT 18446744073709551615) x`;

// The first value of a meta key (rows in id order), as `metaByOwner` reads it.
const firstMeta = (table: string, owner: string, ownerId: string, key: string, idColumn = 'meta_id') =>
  `(SELECT fm.meta_value FROM ${table} fm WHERE fm.${owner} = ${ownerId} AND fm.meta_key = '${key}' ORDER BY fm.${idColumn} LIMIT 1)`;

/** The orders of a report as SQL: their columns, the conditions over the alias `o`, and the conditions' values. */
export interface ReportScope {
  readonly c: OrderColumns;
  readonly where: string;
  readonly values: unknown[];
}

/**
 * The report's orders: the statuses, created inside one of `windows` (each `[start, end)`; several are ORed, ranges
 * of the same `type_status_date` index), or null when none can match.
 */
export function reportScope(t: WooCommerceTables, storage: WooCommerceStorage, windows: readonly TimeWindow[], statuses: readonly OrderStatus[]): ReportScope | null {
  const p = new SqlParams();
  const c = orderColumns(t, storage);
  const conds = orderConditions(t, storage, { statuses }, p);
  if (conds === null) return null;
  const ranges: string[] = [];
  for (const w of windows) {
    const start = timeBound(c.created, '>=', w.start, p);
    const end = timeBound(c.created, '<', w.end, p);
    if (start !== null && end !== null) ranges.push(`(${start} AND ${end})`);
  }
  if (ranges.length === 0) return null;
  return { c, where: [...conds, ranges.length === 1 ? ranges[0]! : `(${ranges.join(' OR ')})`].join(' AND '), values: p.values };
}

/** The order sums of one period, exact decimal text (the order count a number). */
export interface RawPeriodSums {
  orders: number;
  sales: string;
  tax: string;
  shipping: string;
  items: string;
  discount: string;
  refunds: string;
}

/**
 * The period of an order as SQL: MySQL's INTERVAL() is the number of bounds at or before its value (bounds
 * ascending), the bounds being the very local midnights the in-memory report uses, in seconds.
 */
export const periodOf = (c: OrderColumns, bounds: readonly number[]): string => periodOfColumn(c.created, bounds);

// TO_SECONDS counts from year 0 (measured cheaper per row than TIMESTAMPDIFF from 1970): the bounds shifted to match.
const periodOfColumn = (column: string, bounds: readonly number[]): string =>
  `INTERVAL(TO_SECONDS(${column}), ${bounds.map((b) => (b / 1000 + 62_167_219_200).toFixed(3)).join(', ')}) - 1`;

/**
 * The sums of the scope's orders per period: period i is `[bounds[i], bounds[i + 1])` (bounds ascending); one entry
 * per period, orders outside the bounds left out.
 */
export async function salesSumsByPeriod(db: MysqlQueryable, t: WooCommerceTables, storage: WooCommerceStorage, scope: ReportScope, bounds: readonly number[]): Promise<RawPeriodSums[]> {
  const sums: RawPeriodSums[] = bounds.slice(1).map(() => ({ orders: 0, sales: '0', tax: '0', shipping: '0', items: '0', discount: '0', refunds: '0' }));
  const { c, where, values } = scope;
  const period = periodOf(c, bounds);
  const heads =
    storage === 'hpos'
      ? `SELECT ${period} AS period, COUNT(*) AS orders, SUM(COALESCE(o.total_amount, 0)) AS sales,
                SUM(COALESCE(o.tax_amount, 0)) + SUM(COALESCE(d.shipping_tax_amount, 0)) AS tax, SUM(COALESCE(d.shipping_total_amount, 0)) AS shipping
           FROM ${c.from} LEFT JOIN ${t.orderOperationalData} d ON d.order_id = o.id WHERE ${where} GROUP BY 1`
      : `SELECT x.period, COUNT(*) AS orders, SUM(${money('x.total')}) AS sales, SUM(${money('x.tax')}) + SUM(${money('x.shipping_tax')}) AS tax,
                SUM(${money('x.shipping')}) AS shipping
           FROM ${perRow(
             `${period} AS period, TRIM(${firstMeta(t.postmeta, 'post_id', 'o.ID', '_order_total')}) AS total,
              TRIM(${firstMeta(t.postmeta, 'post_id', 'o.ID', '_order_tax')}) AS tax, TRIM(${firstMeta(t.postmeta, 'post_id', 'o.ID', '_order_shipping_tax')}) AS shipping_tax,
              TRIM(${firstMeta(t.postmeta, 'post_id', 'o.ID', '_order_shipping')}) AS shipping`,
             c.from,
             where,
           )} GROUP BY x.period`;
  for (const r of await selectRows(db, heads, values)) {
    const s = sums[Number(r.period)];
    if (s !== undefined) Object.assign(s, { orders: Number(r.orders), sales: String(r.sales), tax: String(r.tax), shipping: String(r.shipping) });
  }
  // Line item quantities and coupon discounts: the item meta of the report's orders only (one key per item type).
  const itemValue = `TRIM((SELECT fm.meta_value FROM ${t.orderItemMeta} fm WHERE fm.order_item_id = i.order_item_id
                        AND fm.meta_key = IF(i.order_item_type = 'line_item', '_qty', 'discount_amount') ORDER BY fm.meta_id LIMIT 1))`;
  const lines = `SELECT x.period, SUM(CASE WHEN x.type = 'line_item' THEN ${whole('x.v')} ELSE 0 END) AS items,
                        SUM(CASE WHEN x.type = 'coupon' THEN ${money('x.v')} ELSE 0 END) AS discount
                   FROM ${perRow(`${period} AS period, i.order_item_type AS type, ${itemValue} AS v`, `${c.from} JOIN ${t.orderItems} i ON i.order_id = ${c.id} AND i.order_item_type IN ('line_item', 'coupon')`, where)}
                  GROUP BY x.period`;
  for (const r of await selectRows(db, lines, values)) {
    const s = sums[Number(r.period)];
    if (s !== undefined) Object.assign(s, { items: String(r.items), discount: String(r.discount) });
  }
  // Refunds count in their order's period, whenever made (docs/reports.md). An HPOS refund without
  // `_refund_amount` reads as its (negative) total, sign dropped.
  const refunds =
    storage === 'hpos'
      ? `SELECT x.period, SUM(CASE WHEN x.v IS NULL THEN x.total ELSE ${money('x.v')} END) AS refunds
           FROM ${perRow(
             `${period} AS period, ABS(COALESCE(r.total_amount, 0)) AS total, TRIM(${firstMeta(t.ordersMeta, 'order_id', 'r.id', '_refund_amount', 'id')}) AS v`,
             `${c.from} JOIN ${t.orders} r ON r.parent_order_id = o.id AND r.type = 'shop_order_refund'`,
             where,
           )} GROUP BY x.period`
      : `SELECT x.period, SUM(${money('x.v')}) AS refunds
           FROM ${perRow(
             `${period} AS period, TRIM(${firstMeta(t.postmeta, 'post_id', 'r.ID', '_refund_amount')}) AS v`,
             `${c.from} JOIN ${t.posts} r ON r.post_parent = o.ID AND r.post_type = 'shop_order_refund'`,
             where,
           )} GROUP BY x.period`;
  for (const r of await selectRows(db, refunds, values)) {
    const s = sums[Number(r.period)];
    if (s !== undefined) s.refunds = String(r.refunds);
  }
  return sums;
}

/**
 * The registrations of report customers per period of `bounds` (see {@link salesSumsByPeriod}): the users of the
 * window counted per period and capabilities value in SQL, each distinct value's role read as the export reads it.
 */
export async function registrationsByPeriod(db: MysqlQueryable, t: WooCommerceTables, prefix: string, bounds: readonly number[]): Promise<number[]> {
  const counts = bounds.slice(1).map(() => 0);
  const window = datetimeWindow({ start: new Date(bounds[0]!), end: new Date(bounds[bounds.length - 1]!) });
  if (window === null) return counts;
  const period = periodOfColumn('u.user_registered', bounds);
  const rows = await selectRows(
    db,
    `SELECT x.period, x.capabilities, COUNT(*) AS n
       FROM ${perRow(
         `${period} AS period, (SELECT m.meta_value FROM ${t.usermeta} m WHERE m.user_id = u.ID AND m.meta_key = ? ORDER BY m.umeta_id LIMIT 1) AS capabilities`,
         `${t.users} u`,
         'u.user_registered >= ? AND u.user_registered < ?',
       )}
      GROUP BY 1, 2`,
    [`${prefix}capabilities`, window.start, window.end],
  );
  const roles = new Map<string, string>();
  for (const r of rows) {
    const capabilities = text(r.capabilities);
    let role = roles.get(capabilities);
    if (role === undefined) roles.set(capabilities, (role = userRole(capabilities)));
    const i = Number(r.period);
    if (role === REPORT_CUSTOMER_ROLE && i >= 0 && i < counts.length) counts[i]! += Number(r.n);
  }
  return counts;
}

/** Period totals from the raw sums and registrations. */
export function periodTotals(s: RawPeriodSums, customers: number): PeriodTotals {
  return {
    sales: new Decimal(s.sales),
    orders: s.orders,
    items: Number(s.items),
    tax: new Decimal(s.tax),
    shipping: new Decimal(s.shipping),
    discount: new Decimal(s.discount),
    refunds: new Decimal(s.refunds),
    customers,
  };
}

/** The per-period totals of a sales report (`aggregateSales`), equal to the fold over the repository's orders. */
export async function aggregateWooCommerceSales(
  db: MysqlQueryable,
  t: WooCommerceTables,
  storage: WooCommerceStorage,
  prefix: string,
  range: ReportRange,
  statuses: readonly OrderStatus[],
): Promise<readonly PeriodTotals[]> {
  const bounds = reportPeriodBounds(range);
  if (range.labels.length === 0 || bounds.some((b) => !Number.isFinite(b))) return range.labels.map(() => ZERO_PERIOD_TOTALS);
  const scope = reportScope(t, storage, [range], statuses);
  const sums = scope === null ? bounds.slice(1).map(() => ({ orders: 0, sales: '0', tax: '0', shipping: '0', items: '0', discount: '0', refunds: '0' })) : await salesSumsByPeriod(db, t, storage, scope, bounds);
  const customers = await registrationsByPeriod(db, t, prefix, bounds);
  return sums.map((s, i) => periodTotals(s, customers[i]!));
}

/** The top sellers (`topSellers`): line quantities summed per `_product_id` in SQL, products that exist only. */
export async function wooCommerceTopSellers(
  db: MysqlQueryable,
  t: WooCommerceTables,
  storage: WooCommerceStorage,
  window: TimeWindow,
  statuses: readonly OrderStatus[],
  limit: number,
): Promise<readonly TopSellerRow[]> {
  const scope = reportScope(t, storage, [window], statuses);
  if (scope === null) return [];
  const { c, where, values } = scope;
  const p = new SqlParams();
  p.values.push(...values);
  const tail = limitClause({ offset: 0, limit: Number.isFinite(limit) && limit > 0 ? limit : null }, p);
  const rows = await selectRows(
    db,
    `SELECT s.product_id, p.post_title AS name, s.quantity
       FROM (SELECT ${whole('x.product')} AS product_id, SUM(${whole('x.qty')}) AS quantity
               FROM ${perRow(
                 `TRIM(${firstMeta(t.orderItemMeta, 'order_item_id', 'i.order_item_id', '_product_id')}) AS product,
                  TRIM(${firstMeta(t.orderItemMeta, 'order_item_id', 'i.order_item_id', '_qty')}) AS qty`,
                 `${c.from} JOIN ${t.orderItems} i ON i.order_id = ${c.id} AND i.order_item_type = 'line_item'`,
                 where,
               )}
              GROUP BY 1) s
       JOIN ${t.posts} p ON p.ID = s.product_id AND ${PRODUCT_EXISTS}
      ORDER BY s.quantity DESC, s.product_id ASC ${tail}`,
    p.values,
  );
  return rows.map((r) => ({ productId: Number(r.product_id), name: String(r.name ?? ''), quantity: Number(r.quantity) }));
}

// One row per line item of the scope's orders: its product and quantity as stored (trimmed meta text).
const lineRows = (t: WooCommerceTables, scope: ReportScope, extra = '') =>
  perRow(
    `${extra}TRIM(${firstMeta(t.orderItemMeta, 'order_item_id', 'i.order_item_id', '_product_id')}) AS product,
     TRIM(${firstMeta(t.orderItemMeta, 'order_item_id', 'i.order_item_id', '_qty')}) AS qty`,
    `${scope.c.from} JOIN ${t.orderItems} i ON i.order_id = ${scope.c.id} AND i.order_item_type = 'line_item'`,
    scope.where,
  );

/** The line quantities of the scope's orders per period of `bounds` and product id (as `integer()` reads both). */
export async function productQuantitiesByPeriod(db: MysqlQueryable, t: WooCommerceTables, scope: ReportScope, bounds: readonly number[]): Promise<Map<number, number>[]> {
  const out = bounds.slice(1).map(() => new Map<number, number>());
  const rows = await selectRows(
    db,
    `SELECT x.period, ${whole('x.product')} AS product_id, SUM(${whole('x.qty')}) AS quantity
       FROM ${lineRows(t, scope, `${periodOf(scope.c, bounds)} AS period, `)} GROUP BY 1, 2`,
    scope.values,
  );
  for (const r of rows) out[Number(r.period)]?.set(Number(r.product_id), Number(r.quantity));
  return out;
}

/**
 * Top seller rows from quantities per product: products the store has only (as the SQL join), most sold first, ties
 * by product id; `limit` <= 0 or not finite is no limit.
 */
export async function topSellersOf(db: MysqlQueryable, t: WooCommerceTables, quantities: ReadonlyMap<number, number>, limit: number): Promise<TopSellerRow[]> {
  return rankTopSellers(quantities, await productNames(db, t, [...quantities.keys()]), limit);
}

/** The names of the products of `ids` the store still has (deleted or trashed ones are left out). */
export async function productNames(db: MysqlQueryable, t: WooCommerceTables, ids: readonly number[]): Promise<Map<number, string>> {
  const wanted = ids.filter((id) => Number.isSafeInteger(id) && id > 0);
  const names = new Map<number, string>();
  if (wanted.length === 0) return names;
  for (const r of await selectRows(db, `SELECT p.ID AS id, p.post_title AS name FROM ${t.posts} p WHERE p.ID IN (${wanted.map(() => '?').join(',')}) AND ${PRODUCT_EXISTS}`, wanted)) {
    names.set(Number(r.id), String(r.name ?? ''));
  }
  return names;
}

/** Top sellers of `quantities` among the products `names` holds, most sold first (ties by id), `limit` of them. */
export function rankTopSellers(quantities: ReadonlyMap<number, number>, names: ReadonlyMap<number, string>, limit: number): TopSellerRow[] {
  const rows = [...names].filter(([productId]) => quantities.has(productId)).map(([productId, name]) => ({ productId, name, quantity: quantities.get(productId)! }));
  rows.sort((a, b) => b.quantity - a.quantity || a.productId - b.productId);
  return Number.isFinite(limit) && limit > 0 ? rows.slice(0, Math.floor(limit)) : rows;
}
