import { Decimal } from 'decimal.js';
import { isSyncIterable } from '../repository/either-iterable';
import { formatMoney } from '../resources/format-money';
import type { Customer } from '../model/shop';
import type { Order, OrderStatus } from '../model/order';
import { reportPeriodBounds } from './report-range';
import type {
  PeriodTotals,
  ReportRange,
  SalesPeriodResource,
  SalesReport,
  SalesReportResource,
} from './report-types';
import type { ShopRepository, TimeWindow } from '../repository/shop-repository';
import { PeriodsAccumulator, periodIndex } from './period-accumulator';

/**
 * The order statuses a report counts (the legacy `woocommerce_reports_order_statuses`): paid or about to be paid.
 * Pending, failed, cancelled and refunded orders are left out.
 *
 * @example
 * ```ts
 * import { REPORT_ORDER_STATUSES } from 'wc-legacy-api/shop';
 * repository.ordersCreatedIn(salesReportWindow(range), REPORT_ORDER_STATUSES);
 * ```
 */
export const REPORT_ORDER_STATUSES: readonly OrderStatus[] = Object.freeze([
  'completed',
  'processing',
  'on-hold',
] as const);

/**
 * The role whose registrations `total_customers` counts.
 *
 * @example
 * ```ts
 * repository.customersRegisteredIn(salesReportWindow(range), REPORT_CUSTOMER_ROLE);
 * ```
 */
export const REPORT_CUSTOMER_ROLE = 'customer';

/**
 * True for the statuses of {@link REPORT_ORDER_STATUSES}. Comparing interned strings is several times cheaper than a
 * `Set` lookup, which shows on a million orders.
 *
 * @example
 * ```ts
 * isReportOrderStatus('on-hold'); // true
 * ```
 */
export function isReportOrderStatus(status: string): boolean {
  return status === 'completed' || status === 'processing' || status === 'on-hold';
}

// Derived figures (net, average) are computed with enough digits that the final rounding to cents is exact.
const Precise = Decimal.clone({ precision: 64, rounding: Decimal.ROUND_HALF_UP });

/**
 * The time window a report's orders and customers come from: `[range.start, range.end)`.
 *
 * @example
 * ```ts
 * import { salesReportWindow, REPORT_ORDER_STATUSES } from 'wc-legacy-api/shop';
 * const orders = repository.ordersCreatedIn(salesReportWindow(range), REPORT_ORDER_STATUSES);
 * ```
 */
export function salesReportWindow(range: ReportRange): TimeWindow {
  return { start: range.start, end: range.end };
}

/**
 * Zero totals: the value of a period without orders or customers.
 *
 * @example
 * ```ts
 * import { ZERO_PERIOD_TOTALS } from 'wc-legacy-api/shop';
 * const periods = range.labels.map(() => ZERO_PERIOD_TOTALS); // an aggregateSales answer for an empty shop
 * ```
 */
export const ZERO_PERIOD_TOTALS: PeriodTotals = Object.freeze({
  sales: new Decimal(0),
  orders: 0,
  items: 0,
  tax: new Decimal(0),
  shipping: new Decimal(0),
  discount: new Decimal(0),
  refunds: new Decimal(0),
  customers: 0,
});

/**
 * Adds period totals exactly (e.g. several periods into one, or the same period of two partial reports).
 *
 * @example
 * ```ts
 * import { addPeriodTotals } from 'wc-legacy-api/shop';
 * const whole = addPeriodTotals(report.periods); // equals report.totals
 * ```
 */
export function addPeriodTotals(parts: Iterable<PeriodTotals>): PeriodTotals {
  const acc = new PeriodsAccumulator(1);
  for (const p of parts) acc.addTotals(0, p);
  return acc.totals(0);
}

/**
 * Builds a report from per-period totals (one per label of the range, in order), e.g. the result of a repository's
 * `aggregateSales` pushdown. The top-level totals are the exact sum of the periods.
 *
 * @throws RangeError when `periods` does not hold exactly one entry per label.
 * @example
 * ```ts
 * import { salesReportFromPeriods } from 'wc-legacy-api/shop';
 * const report = salesReportFromPeriods(range, await repository.aggregateSales!(range, REPORT_ORDER_STATUSES));
 * ```
 */
export function salesReportFromPeriods(range: ReportRange, periods: readonly PeriodTotals[]): SalesReport {
  if (periods.length !== range.labels.length) {
    throw new RangeError(
      `salesReportFromPeriods: ${periods.length} period totals for ${range.labels.length} labels`,
    );
  }
  return { range, periods: [...periods], totals: addPeriodTotals(periods) };
}

/**
 * Computes a sales report in one pass over each stream, holding one accumulator per period (memory is bound by the
 * number of periods, not of orders). Every sum is exact. Orders whose status is not in
 * {@link REPORT_ORDER_STATUSES} or created outside the range, and users whose role is not `customer` or registered
 * outside the range, are skipped, so the streams may be wider than needed. Figures are defined in `docs/reports.md`.
 *
 * @param orders - orders, typically `repository.ordersCreatedIn(salesReportWindow(range), REPORT_ORDER_STATUSES)`.
 * @param customers - users, typically `repository.customersRegisteredIn(salesReportWindow(range), 'customer')`.
 * @param range - from `resolveReportRange`.
 * @example
 * ```ts
 * import { computeSalesReport, serializeSalesReport } from 'wc-legacy-api/shop';
 * const report = await computeSalesReport(snapshot.orders, snapshot.customers, range);
 * const body = { sales: serializeSalesReport(report) };
 * ```
 */
export async function computeSalesReport(
  orders: AsyncIterable<Order> | Iterable<Order>,
  customers: AsyncIterable<Customer> | Iterable<Customer>,
  range: ReportRange,
): Promise<SalesReport> {
  const bounds = Float64Array.from(reportPeriodBounds(range));
  const periods = new PeriodsAccumulator(range.labels.length);

  // Streams usually arrive in creation order, so the previous order's period is the best first guess.
  let hint = 0;
  const takeOrder = (order: Order): void => {
    if (!isReportOrderStatus(order.status)) return;
    const t = order.createdAt.getTime();
    if (!(t >= (bounds[hint] as number) && t < (bounds[hint + 1] as number))) {
      const i = periodIndex(bounds, t);
      if (i < 0) return;
      hint = i;
    }
    periods.addOrder(hint, order);
  };
  if (isSyncIterable(orders)) for (const order of orders) takeOrder(order);
  else for await (const order of orders) takeOrder(order);

  const takeCustomer = (customer: Customer): void => {
    if (customer.role !== REPORT_CUSTOMER_ROLE) return;
    const i = periodIndex(bounds, customer.registeredAt.getTime());
    if (i >= 0) periods.customers[i] = (periods.customers[i] as number) + 1;
  };
  if (isSyncIterable(customers)) for (const customer of customers) takeCustomer(customer);
  else for await (const customer of customers) takeCustomer(customer);

  return salesReportFromPeriods(
    range,
    range.labels.map((_, i) => periods.totals(i)),
  );
}

/**
 * Computes the sales report for a range from a repository: through its `aggregateSales` pushdown when it has one,
 * else by folding `ordersCreatedIn` and `customersRegisteredIn` with {@link computeSalesReport}. Both give identical
 * reports. An empty range asks the repository nothing.
 *
 * @example
 * ```ts
 * import { resolveReportRange, salesReportFor, serializeSalesReport } from 'wc-legacy-api/shop';
 * const r = resolveReportRange(filter, { now: new Date(), timeZone: (await repository.getStore()).timeZone });
 * if (r.ok) body = { sales: serializeSalesReport(await salesReportFor(repository, r.range)) };
 * ```
 */
export async function salesReportFor(repository: ShopRepository, range: ReportRange): Promise<SalesReport> {
  if (range.labels.length === 0) return computeSalesReport([], [], range);
  if (repository.aggregateSales !== undefined) {
    return salesReportFromPeriods(range, await repository.aggregateSales(range, REPORT_ORDER_STATUSES));
  }
  const window = salesReportWindow(range);
  return computeSalesReport(
    repository.ordersCreatedIn(window, REPORT_ORDER_STATUSES),
    repository.customersRegisteredIn(window, REPORT_CUSTOMER_ROLE),
    range,
  );
}

/** Rounds half away from zero to cents and returns the JSON number (never -0). */
function money(value: Decimal.Value): number {
  const n = Number(new Precise(value).toFixed(2));
  return n === 0 ? 0 : n;
}

function serializePeriod(p: PeriodTotals): SalesPeriodResource {
  return {
    sales: formatMoney(p.sales),
    orders: p.orders,
    items: p.items,
    tax: formatMoney(p.tax),
    shipping: formatMoney(p.shipping),
    discount: formatMoney(p.discount),
    customers: p.customers,
  };
}

/**
 * The `sales` object of `GET /reports/sales`, keys in the spec's order. Top-level amounts are JSON numbers rounded
 * half away from zero to 2 places (from the exact sums); `total_tax` and the period amounts are 2-decimal strings.
 * `net_sales` = total_sales - total_tax - total_shipping; `average_sales` = total_sales / number of periods (0 for an
 * empty range).
 *
 * @example
 * ```ts
 * import { serializeSalesReport } from 'wc-legacy-api/shop';
 * JSON.stringify({ sales: serializeSalesReport(report) });
 * // {"sales":{"total_sales":30.5,"net_sales":25,...,"totals":{"2024-03-31":{"sales":"30.50",...}},...}}
 * ```
 */
export function serializeSalesReport(report: SalesReport): SalesReportResource {
  const t = report.totals;
  const count = report.range.labels.length;
  const sales = new Precise(t.sales);
  const totals: Record<string, SalesPeriodResource> = {};
  report.range.labels.forEach((label, i) => {
    totals[label] = serializePeriod(report.periods[i] ?? ZERO_PERIOD_TOTALS);
  });
  return {
    total_sales: money(sales),
    net_sales: money(sales.minus(t.tax).minus(t.shipping)),
    average_sales: count === 0 ? 0 : money(sales.dividedBy(count)),
    total_orders: t.orders,
    total_items: t.items,
    total_tax: formatMoney(t.tax),
    total_shipping: money(t.shipping),
    total_refunds: money(t.refunds),
    total_discount: money(t.discount),
    totals_grouped_by: report.range.grouping,
    totals,
    total_customers: t.customers,
  };
}
