import type { Decimal } from 'decimal.js';

/** How a sales report groups its totals.
 *
 * @example
 * ```ts
 * const grouping: ReportGrouping = 'day';
 * ```
 */
export type ReportGrouping = 'day' | 'month';

/** The `filter` keys a report reads, as raw strings from the query.
 *
 * @example
 * ```ts
 * const filter: ReportFilter = { period: 'last_month' };
 * ```
 */
export interface ReportFilter {
  readonly period?: string | undefined;
  readonly date_min?: string | undefined;
  readonly date_max?: string | undefined;
  readonly limit?: string | undefined;
}

/**
 * A resolved report range: the instants it covers, how it groups, and every period label in order.
 *
 * @example
 * ```ts
 * const r = resolveReportRange({ period: 'week' }, { now: new Date(), timeZone: 'Pacific/Auckland' });
 * if (r.ok) r.range.labels.length; // 7
 * ```
 */
export interface ReportRange {
  /** First instant inside the range. */
  readonly start: Date;
  /** First instant after the range (exclusive end). */
  readonly end: Date;
  readonly grouping: ReportGrouping;
  /** `YYYY-MM-DD` (day) or `YYYY-MM` (month) labels, in the store's time zone, from start through end. */
  readonly labels: readonly string[];
  /** IANA zone the labels are computed in. */
  readonly timeZone: string;
}

/** Totals of one period of a sales report, exact.
 *
 * @example
 * ```ts
 * report.periods[0]?.sales.toFixed(2); // '42.50'
 * ```
 */
export interface PeriodTotals {
  readonly sales: Decimal;
  readonly orders: number;
  readonly items: number;
  /** Tax plus shipping tax. */
  readonly tax: Decimal;
  readonly shipping: Decimal;
  readonly discount: Decimal;
  readonly refunds: Decimal;
  readonly customers: number;
}

/**
 * A computed sales report, exact: one {@link PeriodTotals} per label of the range (same order), and their sum.
 * Serialize it with `serializeSalesReport`.
 *
 * @example
 * ```ts
 * const report: SalesReport = await computeSalesReport(orders, customers, range);
 * report.totals.orders; // the sum of report.periods[i].orders
 * ```
 */
export interface SalesReport {
  readonly range: ReportRange;
  /** `periods[i]` holds the totals of `range.labels[i]`. */
  readonly periods: readonly PeriodTotals[];
  /** The sum of all periods (what the top-level `total_*` fields are made of). */
  readonly totals: PeriodTotals;
}

/** One element of the `totals` map of {@link SalesReportResource}; key order is the wire order.
 *
 * @example
 * ```ts
 * serializeSalesReport(report).totals['2024-03-09']; // { sales: '42.50', orders: 2, ... }
 * ```
 */
export interface SalesPeriodResource {
  sales: string;
  orders: number;
  items: number;
  /** Tax plus shipping tax. */
  tax: string;
  shipping: string;
  discount: string;
  /** Customers registered in this period. */
  customers: number;
}

/** The `sales` object of `GET /reports/sales`; key order is the wire order (the spec table's order).
 *
 * @example
 * ```ts
 * const body = { sales: serializeSalesReport(report) satisfies SalesReportResource };
 * ```
 */
export interface SalesReportResource {
  total_sales: number;
  net_sales: number;
  average_sales: number;
  total_orders: number;
  total_items: number;
  /** Tax plus shipping tax, a two-decimal string. */
  total_tax: string;
  total_shipping: number;
  total_refunds: number;
  total_discount: number;
  totals_grouped_by: ReportGrouping;
  totals: Record<string, SalesPeriodResource>;
  total_customers: number;
}

/**
 * One ranked product of a top-sellers report before serialization: the product exists, and `quantity` is the sum
 * of the quantities sold of it and of its variations inside the range.
 *
 * @example
 * ```ts
 * const rows: TopSellerRow[] = await topSellersFor(repository, range, 12);
 * ```
 */
export interface TopSellerRow {
  readonly productId: number;
  /** The product's name (the `title` on the wire). */
  readonly name: string;
  readonly quantity: number;
}

/** One element of the `top_sellers` array of `GET /reports/sales/top_sellers`; key order is the wire order.
 *
 * @example
 * ```ts
 * const row: TopSellerResource = { title: 'Mug', product_id: 10, quantity: 3 };
 * ```
 */
export interface TopSellerResource {
  title: string;
  product_id: number;
  quantity: number;
}
