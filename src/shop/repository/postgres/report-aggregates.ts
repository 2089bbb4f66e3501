import type { OrderStatus } from '../../model/order';
import { reportPeriodBounds } from '../../reports/report-range';
import type { PeriodTotals, ReportRange, TopSellerRow } from '../../reports/report-types';
import { REPORT_CUSTOMER_ROLE, ZERO_PERIOD_TOTALS } from '../../reports/sales-report';
import type { TimeWindow } from '../shop-repository';
import { Params, windowConds } from './filters';
import { arrayLiteral, readInt } from './params';
import { readPeriodTotals } from './rows';
import { isDayStart, salesFromDays, topSellersFromDays } from './report-day-reads';
import type { PostgresSession } from './session';

/** The sales report's per-period totals in one SQL statement (the optional `aggregateSales` push-down). */
export async function aggregateSales(
  rows: PostgresSession['rows'],
  range: ReportRange,
  statuses: readonly OrderStatus[],
): Promise<readonly PeriodTotals[]> {
  // The shared frozen zero is safe to repeat: periods with rows are replaced, never mutated.
  const periods: PeriodTotals[] = range.labels.map(() => ZERO_PERIOD_TOTALS);
  const bounds = reportPeriodBounds(range);
  if (periods.length === 0 || bounds.some((b) => Number.isNaN(b))) return periods;
  // A range of whole days reads the per-day rows (migration 4): at most 366 rows per status for a year.
  const fromDays = await salesFromDays(rows, bounds, range.timeZone, statuses, periods);
  if (fromDays !== undefined) return fromDays;
  // Otherwise one row per order. Periods are bucketed by the very bounds the in-memory report uses (local midnights
  // resolved in JavaScript): width_bucket against them gives identical periods whatever time zone data the server has.
  const p = new Params();
  const boundsParam = p.add(arrayLiteral(bounds.map(String)));
  const start = p.instant(range.start);
  const end = p.instant(range.end);
  if (start === null || end === null) return periods;
  const statusParam = p.add(arrayLiteral([...statuses]));
  const roleParam = p.add(REPORT_CUSTOMER_ROLE);
  // One row per order in range, read from the report index (status, created_at) INCLUDE (every summed column): the
  // per-order aggregates of migration 3 stand in for the lines, so the cost follows the range, not the table.
  const found = await rows(
    `WITH b AS (
       SELECT array_agg(('epoch'::timestamptz + x * interval '1 millisecond') ORDER BY i) AS bounds
         FROM unnest(${boundsParam}::bigint[]) WITH ORDINALITY AS t(x, i)
     ),
     totals AS (
       SELECT width_bucket(o.created_at, b.bounds) AS period, count(*) AS orders, sum(o.total) AS sales,
              sum(o.cart_tax) + sum(o.shipping_tax) AS tax, sum(o.shipping_total) AS shipping,
              sum(o.agg_items) AS items, sum(o.agg_discount) AS discount, sum(o.agg_refunds) AS refunds
         FROM shop_orders o, b
        WHERE o.status = ANY(${statusParam}::text[]) AND o.created_at >= ${start} AND o.created_at < ${end}
        GROUP BY 1
     ),
     customers AS (
       SELECT width_bucket(u.registered_at, b.bounds) AS period, count(*) AS customers
         FROM shop_customers u, b
        WHERE u.role = ${roleParam} AND u.registered_at >= ${start} AND u.registered_at < ${end}
        GROUP BY 1
     )
     SELECT period::int AS period,
            coalesce(totals.orders, 0) AS orders, coalesce(totals.sales, 0)::text AS sales,
            coalesce(totals.items, 0)::text AS items, coalesce(totals.tax, 0)::text AS tax,
            coalesce(totals.shipping, 0)::text AS shipping, coalesce(totals.discount, 0)::text AS discount,
            coalesce(totals.refunds, 0)::text AS refunds, coalesce(customers.customers, 0) AS customers
       FROM totals
       FULL JOIN customers USING (period)`,
    p.values,
  );
  for (const row of found) {
    // width_bucket numbers the periods 1..n; 0 and n + 1 lie outside (the WHERE already excludes them).
    const i = readInt(row.period) - 1;
    if (i < 0 || i >= periods.length) continue;
    periods[i] = readPeriodTotals(row);
  }
  return periods;
}

/**
 * The zone the day rows were built in, as far as this repository knows (read once, then cached; `forget` drops it
 * when a statement found the rows built in another zone).
 */
export interface DayZone {
  get(): Promise<string | undefined>;
  forget(): void;
}

/** The top sellers in one SQL statement (the optional `topSellers` push-down). */
export async function topSellers(
  rows: PostgresSession['rows'],
  window: TimeWindow,
  statuses: readonly OrderStatus[],
  limit: number,
  dayZone: DayZone,
): Promise<readonly TopSellerRow[]> {
  if (statuses.length === 0) return [];
  const p = new Params();
  const conds = windowConds('o', 'created_at', window, p);
  if (conds === null) return [];
  const lim = Number.isFinite(limit) && limit > 0 ? String(Math.min(Math.floor(limit), Number.MAX_SAFE_INTEGER)) : null;
  // A window of whole days of the day rows' zone reads the per-day product rows (migration 4).
  let zone = await dayZone.get();
  if (zone !== undefined && !isDayStartPair(window, zone)) {
    // Not whole days of the cached zone: the day rows may have been rebuilt in another zone since, so look again.
    dayZone.forget();
    zone = await dayZone.get();
  }
  if (zone !== undefined && isDayStartPair(window, zone)) {
    const fromDays = await topSellersFromDays(rows, window, zone, statuses, lim);
    if (fromDays !== undefined) return fromDays;
    dayZone.forget(); // rebuilt in another zone since it was read: the next report reads it again
  }
  // One row per order in range: its per-product quantities come from the order row (migration 3), so no line item
  // is read. Products that no longer exist drop out through the join, before the LIMIT, as the in-memory ranking
  // skips them.
  const found = await rows(
    `SELECT s.product_id, pr.name, s.quantity::text AS quantity
       FROM (SELECT p.product_id, sum(p.quantity) AS quantity
               FROM shop_orders o
              CROSS JOIN LATERAL unnest(o.agg_product_ids, o.agg_product_quantities) AS p(product_id, quantity)
              WHERE ${conds.join(' AND ')} AND o.status = ANY(${p.add(arrayLiteral([...statuses]))}::text[])
              GROUP BY p.product_id) s
       JOIN shop_products pr ON pr.id = s.product_id
      ORDER BY s.quantity DESC, s.product_id ASC
      LIMIT ${p.add(lim)}::bigint`,
    p.values,
  );
  return found.map((r) => ({ productId: readInt(r.product_id), name: String(r.name), quantity: readInt(r.quantity) }));
}

// Whether both ends of the window are local midnights of the zone (the day rows' bounds).
function isDayStartPair(window: TimeWindow, zone: string): boolean {
  return isDayStart(window.start.getTime(), zone) && isDayStart(window.end.getTime(), zone);
}
