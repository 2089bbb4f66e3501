// The per-day report aggregates of migration 4: built in one pass by the import and the migration, moved from one
// status to another by every status change, inside the caller's transaction. See docs/postgres.md, "Day aggregates".
import type { OrderStatus } from '../../model/order';
import { DAY_MS, localDate, zoned } from '../../reports/report-periods';
import { REPORT_CUSTOMER_ROLE } from '../../reports/sales-report';
import type { PostgresQueryable } from './client';
import { arrayLiteral, instantFromMs } from './params';

// Every maintenance of the aggregate rows (a status change, a rebuild) holds this lock until its commit: two changes
// moving orders between the same statuses in opposite directions would otherwise lock the same rows in opposite
// orders and deadlock. The work under it is a few index look-ups per change.
const LOCK = `SELECT pg_advisory_xact_lock(hashtext('wc-legacy-api.report-days:' || current_schema()))`;

/**
 * The local midnights, in `timeZone`, of every calendar day an instant of the given UTC days (days since the epoch)
 * can fall in, with a day's margin either side: the set holds the start of each such instant's day, so an instant's
 * day is the latest start at or before it. The midnights are `zoned(timeZone, y, m, d)`, the very instants
 * `reportPeriodBounds` uses (a midnight skipped by DST is the instant after the gap). Ascending, distinct.
 */
export function dayStartsAround(utcDays: Iterable<number>, timeZone: string): number[] {
  const starts = new Set<number>();
  const dates = new Set<number>();
  for (const n of utcDays) {
    const first = localDate(n * DAY_MS, timeZone);
    const last = localDate(n * DAY_MS + DAY_MS - 1, timeZone);
    const from = dayNumber(first.y, first.m, first.d) - 1;
    const to = dayNumber(last.y, last.m, last.d) + 1;
    for (let day = from; day <= to; day += 1) dates.add(day);
  }
  for (const day of dates) {
    const t = new Date(day * DAY_MS);
    const start = zoned(timeZone, t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate());
    if (Number.isFinite(start)) starts.add(start);
  }
  return [...starts].sort((a, b) => a - b);
}

// A zone JavaScript does not know has no midnights: no day rows then (a report in it is refused anyway), rather than
// an import or a migration that fails.
function isKnownZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

// Days since the epoch of a calendar date (setUTCFullYear: Date.UTC would read years 0-99 as 1900-1999).
function dayNumber(y: number, m: number, d: number): number {
  const t = new Date(0);
  t.setUTCFullYear(y, m, d);
  return Math.round(t.getTime() / DAY_MS);
}

const DAY_OF = (column: string) => `b.a[greatest(width_bucket(${column}, b.a), 1)]`;
const STARTS = `b AS (SELECT coalesce(array_agg(starts_at ORDER BY starts_at), '{}') AS a FROM shop_report_day_starts)`;

/**
 * Recomputes every aggregate row of migration 4 from the orders and customers, in the store's time zone, inside the
 * caller's transaction. Its work: three passes over the orders (days, products, counts) and one over the customers,
 * plus one `zoned` computation per distinct UTC day of the data (at most three per order or customer). Without store
 * settings only the status counts are built, and reports read the per-order path.
 */
export async function rebuildReportDays(tx: PostgresQueryable): Promise<void> {
  await tx.query(LOCK);
  // The product rows group every (status, day, product) of the orders (300,000 pairs at 100,000 demo orders): with
  // the default 4 MB the hash spills to disk. Raised for this transaction only, never lowered.
  await tx.query(`SELECT set_config('work_mem', '64MB', true) FROM pg_settings WHERE name = 'work_mem' AND setting::bigint < 65536`);
  await tx.query('DELETE FROM shop_report_day_products');
  await tx.query('DELETE FROM shop_report_days');
  await tx.query('DELETE FROM shop_report_day_starts');
  await tx.query('DELETE FROM shop_report_zone');
  await tx.query('DELETE FROM shop_order_status_counts');
  await tx.query('INSERT INTO shop_order_status_counts (status, orders) SELECT status, count(*) FROM shop_orders GROUP BY status');
  const [store] = (await tx.query('SELECT time_zone FROM shop_store')).rows as { time_zone?: unknown }[];
  if (store === undefined || typeof store.time_zone !== 'string' || !isKnownZone(store.time_zone)) return;
  const timeZone = store.time_zone;
  const utcDays = (
    await tx.query(
      `SELECT floor(extract(epoch FROM created_at) / 86400)::bigint::text AS d FROM shop_orders
        UNION SELECT floor(extract(epoch FROM registered_at) / 86400)::bigint::text FROM shop_customers WHERE role = $1`,
      [REPORT_CUSTOMER_ROLE],
    )
  ).rows.map((r) => Number((r as { d: unknown }).d));
  const starts = dayStartsAround(utcDays, timeZone);
  await tx.query(
    `INSERT INTO shop_report_day_starts (starts_at, customers) SELECT ${instantFromMs('x')}, 0 FROM unnest($1::bigint[]) AS t(x)`,
    [arrayLiteral(starts.map(String))],
  );
  await tx.query(
    `WITH ${STARTS}
     UPDATE shop_report_day_starts s SET customers = c.n
       FROM (SELECT ${DAY_OF('u.registered_at')} AS day, count(*) AS n FROM shop_customers u, b WHERE u.role = $1 GROUP BY 1) c
      WHERE s.starts_at = c.day`,
    [REPORT_CUSTOMER_ROLE],
  );
  // Both tables are written in their key order, so a report's range of days is a few adjacent heap pages (a week of
  // product rows: 704 rows on 451 pages in hash order). Later status changes update in place or append.
  await tx.query(
    `WITH ${STARTS}
     INSERT INTO shop_report_days (status, starts_at, orders, sales, tax, shipping, items, discount, refunds)
     SELECT o.status, ${DAY_OF('o.created_at')}, count(*), sum(o.total), sum(o.cart_tax) + sum(o.shipping_tax),
            sum(o.shipping_total), sum(o.agg_items), sum(o.agg_discount), sum(o.agg_refunds)
       FROM shop_orders o, b
      GROUP BY 1, 2
      ORDER BY 1, 2`,
  );
  await tx.query(
    `WITH ${STARTS}
     INSERT INTO shop_report_day_products (status, starts_at, product_id, orders, quantity)
     SELECT o.status, ${DAY_OF('o.created_at')}, p.product_id, count(*), sum(p.quantity)
       FROM shop_orders o CROSS JOIN LATERAL unnest(o.agg_product_ids, o.agg_product_quantities) AS p(product_id, quantity), b
      GROUP BY 1, 2, 3
      ORDER BY 1, 2, 3`,
  );
  await tx.query('INSERT INTO shop_report_zone (time_zone) VALUES ($1)', [timeZone]);
  // Statistics now, not at autovacuum's next round: without them the planner sorts a year's product rows where a
  // hash of a few dozen products fits. (A role that does not own the tables gets a warning, not an error.)
  await tx.query('ANALYZE shop_report_days, shop_report_day_products, shop_report_day_starts');
}

/**
 * Whether the aggregates must be rebuilt: never built (a schema that got migration 4 with a shop in it), or built in
 * another zone than the store's now.
 */
export async function reportDaysStale(tx: PostgresQueryable): Promise<boolean> {
  const [row] = (
    await tx.query(
      `SELECT (SELECT time_zone FROM shop_store LIMIT 1) AS store_zone, (SELECT time_zone FROM shop_report_zone) AS day_zone,
              EXISTS (SELECT 1 FROM shop_order_status_counts) AS counted, EXISTS (SELECT 1 FROM shop_orders) AS orders`,
    )
  ).rows as { store_zone: unknown; day_zone: unknown; counted: unknown; orders: unknown }[];
  if (row === undefined) return false;
  if (row.orders === true && row.counted !== true) return true;
  return row.store_zone !== null && row.store_zone !== row.day_zone;
}

// The order's contribution, and its day (null when the day rows were never built).
const ORDER = `o AS (
  SELECT (SELECT max(s.starts_at) FROM shop_report_day_starts s WHERE s.starts_at <= x.created_at) AS day,
         x.total, x.cart_tax + x.shipping_tax AS tax, x.shipping_total, x.agg_items, x.agg_discount, x.agg_refunds,
         x.agg_product_ids, x.agg_product_quantities
    FROM shop_orders x WHERE x.id = $1::bigint)`;

/**
 * Moves one order's contribution from status `from` to status `to` (`from !== to`) in the per-day, per-product and
 * per-status rows, inside the status change's transaction: either both commit or neither does. Rows left with no
 * order are deleted, so the rows always equal a fresh {@link rebuildReportDays}.
 */
export async function moveOrderContribution(tx: PostgresQueryable, id: string, from: OrderStatus, to: OrderStatus): Promise<void> {
  await tx.query(LOCK);
  // The old key's rows exist (the order is counted in them) and the new key's are inserted or added to: different
  // rows, so one statement does both.
  await tx.query(
    `WITH ${ORDER},
     old_day AS (
       UPDATE shop_report_days d
          SET orders = d.orders - 1, sales = d.sales - o.total, tax = d.tax - o.tax, shipping = d.shipping - o.shipping_total,
              items = d.items - o.agg_items, discount = d.discount - o.agg_discount, refunds = d.refunds - o.agg_refunds
         FROM o WHERE d.status = $2 AND d.starts_at = o.day RETURNING 1),
     new_day AS (
       INSERT INTO shop_report_days AS d (status, starts_at, orders, sales, tax, shipping, items, discount, refunds)
       SELECT $3, o.day, 1, o.total, o.tax, o.shipping_total, o.agg_items, o.agg_discount, o.agg_refunds FROM o WHERE o.day IS NOT NULL
       ON CONFLICT (status, starts_at) DO UPDATE
          SET orders = d.orders + 1, sales = d.sales + excluded.sales, tax = d.tax + excluded.tax,
              shipping = d.shipping + excluded.shipping, items = d.items + excluded.items,
              discount = d.discount + excluded.discount, refunds = d.refunds + excluded.refunds
       RETURNING 1),
     lines AS (SELECT o.day, p.product_id, p.quantity FROM o CROSS JOIN LATERAL unnest(o.agg_product_ids, o.agg_product_quantities) AS p(product_id, quantity) WHERE o.day IS NOT NULL),
     old_products AS (
       UPDATE shop_report_day_products d SET orders = d.orders - 1, quantity = d.quantity - l.quantity
         FROM lines l WHERE d.status = $2 AND d.starts_at = l.day AND d.product_id = l.product_id RETURNING 1),
     new_products AS (
       INSERT INTO shop_report_day_products AS d (status, starts_at, product_id, orders, quantity)
       SELECT $3, l.day, l.product_id, 1, l.quantity FROM lines l
       ON CONFLICT (status, starts_at, product_id) DO UPDATE SET orders = d.orders + 1, quantity = d.quantity + excluded.quantity
       RETURNING 1),
     old_count AS (UPDATE shop_order_status_counts SET orders = orders - 1 WHERE status = $2 RETURNING 1)
     INSERT INTO shop_order_status_counts AS c (status, orders) VALUES ($3, 1)
     ON CONFLICT (status) DO UPDATE SET orders = c.orders + 1`,
    [id, from, to],
  );
  await tx.query(
    `WITH ${ORDER},
     days AS (DELETE FROM shop_report_days d USING o WHERE d.status = $2 AND d.starts_at = o.day AND d.orders = 0 RETURNING 1),
     products AS (DELETE FROM shop_report_day_products d USING o WHERE d.status = $2 AND d.starts_at = o.day AND d.orders = 0 RETURNING 1)
     DELETE FROM shop_order_status_counts WHERE status = $2 AND orders = 0`,
    [id, from],
  );
}
