// The reports read from the per-day aggregates (migration 4) when their range is made of whole days of the zone the
// day rows were built in; otherwise (or when the rows were built in another zone) the caller takes the per-order path
// of report-aggregates.ts. Both give the in-memory report's exact figures.
import type { OrderStatus } from '../../model/order';
import { localDate, zoned } from '../../reports/report-periods';
import type { PeriodTotals, TopSellerRow } from '../../reports/report-types';
import type { TimeWindow } from '../shop-repository';
import { Params } from './filters';
import { arrayLiteral, readInt } from './params';
import { readPeriodTotals } from './rows';
import type { PostgresSession } from './session';

/** Whether an instant is the start of its local day in `timeZone`, as `reportPeriodBounds` computes day starts. */
export function isDayStart(ms: number, timeZone: string): boolean {
  if (!Number.isFinite(ms)) return false;
  const d = localDate(ms, timeZone);
  return zoned(timeZone, d.y, d.m, d.d) === ms;
}

// A first row tells whether the day rows were built in the zone asked for (`ok`), so a mismatch is seen in the same
// round trip; the CTEs read nothing then (`EXISTS (SELECT 1 FROM z)` is a one-time filter, not a join per row).
const ZONE = `z AS (SELECT 1 FROM shop_report_zone WHERE time_zone = $1)`;

/**
 * The sales report's periods from the day rows, or undefined when they do not apply (bounds that are not local
 * midnights, or day rows of another zone). `bounds`: the period bounds of `reportPeriodBounds`, all local midnights
 * of `timeZone`.
 */
export async function salesFromDays(
  rows: PostgresSession['rows'],
  bounds: readonly number[],
  timeZone: string,
  statuses: readonly OrderStatus[],
  periods: PeriodTotals[],
): Promise<PeriodTotals[] | undefined> {
  const first = bounds[0] as number;
  const last = bounds[bounds.length - 1] as number;
  // The inner bounds are midnights by construction (reportPeriodBounds); the range's own ends may be any instant.
  if (!isDayStart(first, timeZone) || !isDayStart(last, timeZone)) return undefined;
  const p = new Params();
  p.add(timeZone);
  const boundsParam = p.add(arrayLiteral(bounds.map(String)));
  const start = p.instant(new Date(first));
  const end = p.instant(new Date(last));
  const statusParam = p.add(arrayLiteral([...statuses]));
  // Each period sums its days: a year is at most 366 rows per status, whatever the number of orders.
  const found = await rows(
    `WITH ${ZONE},
     b AS (
       SELECT array_agg(('epoch'::timestamptz + x * interval '1 millisecond') ORDER BY i) AS bounds
         FROM unnest(${boundsParam}::bigint[]) WITH ORDINALITY AS t(x, i)
     ),
     totals AS (
       SELECT width_bucket(d.starts_at, (SELECT bounds FROM b)) AS period, sum(d.orders) AS orders, sum(d.sales) AS sales,
              sum(d.tax) AS tax, sum(d.shipping) AS shipping, sum(d.items) AS items, sum(d.discount) AS discount,
              sum(d.refunds) AS refunds
         FROM shop_report_days d
        WHERE EXISTS (SELECT 1 FROM z) AND d.status = ANY(${statusParam}::text[]) AND d.starts_at >= ${start} AND d.starts_at < ${end}
        GROUP BY 1
     ),
     customers AS (
       SELECT width_bucket(c.starts_at, (SELECT bounds FROM b)) AS period, sum(c.customers) AS customers
         FROM shop_report_day_starts c
        WHERE EXISTS (SELECT 1 FROM z) AND c.starts_at >= ${start} AND c.starts_at < ${end} AND c.customers > 0
        GROUP BY 1
     )
     SELECT (SELECT count(*) FROM z)::int AS ok, r.* FROM (SELECT 1) AS one
       LEFT JOIN (
         SELECT period::int AS period,
                coalesce(totals.orders, 0)::text AS orders, coalesce(totals.sales, 0)::text AS sales,
                coalesce(totals.items, 0)::text AS items, coalesce(totals.tax, 0)::text AS tax,
                coalesce(totals.shipping, 0)::text AS shipping, coalesce(totals.discount, 0)::text AS discount,
                coalesce(totals.refunds, 0)::text AS refunds, coalesce(customers.customers, 0)::text AS customers
           FROM totals FULL JOIN customers USING (period)
       ) r ON true`,
    p.values,
    true, // fixed text, values as parameters: a named statement on pg (prepared-statements.ts)
  );
  if (readInt(found[0]?.ok ?? 0) !== 1) return undefined;
  for (const row of found) {
    if (row.period === null || row.period === undefined) continue;
    const i = readInt(row.period) - 1;
    if (i < 0 || i >= periods.length) continue;
    periods[i] = readPeriodTotals(row);
  }
  return periods;
}

/**
 * The top sellers from the day rows, or undefined when they do not apply: the window's ends must be local midnights
 * of `timeZone`, the zone the day rows were built in (checked in the same statement).
 */
export async function topSellersFromDays(
  rows: PostgresSession['rows'],
  window: TimeWindow,
  timeZone: string,
  statuses: readonly OrderStatus[],
  lim: string | null,
): Promise<TopSellerRow[] | undefined> {
  if (!isDayStart(window.start.getTime(), timeZone) || !isDayStart(window.end.getTime(), timeZone)) return undefined;
  const p = new Params();
  p.add(timeZone);
  const start = p.instant(window.start);
  const end = p.instant(window.end);
  const statusParam = p.add(arrayLiteral([...statuses]));
  // A year reads at most 366 rows per status and product; the ranking is the per-order path's.
  const found = await rows(
    `WITH ${ZONE},
     ranked AS (
       SELECT s.product_id, pr.name, s.quantity
         FROM (SELECT d.product_id, sum(d.quantity) AS quantity
                 FROM shop_report_day_products d
                WHERE EXISTS (SELECT 1 FROM z) AND d.status = ANY(${statusParam}::text[]) AND d.starts_at >= ${start} AND d.starts_at < ${end}
                GROUP BY d.product_id) s
         JOIN shop_products pr ON pr.id = s.product_id
        ORDER BY s.quantity DESC, s.product_id ASC
        LIMIT ${p.add(lim)}::bigint
     )
     SELECT (SELECT count(*) FROM z)::int AS ok, r.product_id, r.name, r.quantity::text AS quantity
       FROM (SELECT 1) AS one LEFT JOIN ranked r ON true
      ORDER BY r.quantity DESC, r.product_id ASC`,
    p.values,
    true, // fixed text, values as parameters: a named statement on pg (prepared-statements.ts)
  );
  if (readInt(found[0]?.ok ?? 0) !== 1) return undefined;
  return found
    .filter((r) => r.product_id !== null && r.product_id !== undefined)
    .map((r) => ({ productId: readInt(r.product_id), name: String(r.name), quantity: readInt(r.quantity) }));
}
