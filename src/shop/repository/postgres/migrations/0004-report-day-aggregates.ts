// Version 4 of the shop schema: per-day report aggregates (store time zone) and per-status order counts, kept by the
// import and by every status change in its own transaction (report-days.ts).

/** Tables of per-day and per-status aggregates; `migratePostgres` fills them right after (rebuildReportDays). */
export const reportDayAggregates = {
  version: 4,
  name: 'report day aggregates',
  sql: `
-- The time zone the day rows were computed in (the store's at the time): one row, absent until they are built:
-- Reports read the day rows only for ranges whose bounds are local midnights of this zone.
CREATE TABLE shop_report_zone (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  time_zone text NOT NULL
);

-- Local midnights (computed in JavaScript, as reportPeriodBounds does) of the days around every order and customer
-- registration; an order belongs to the day of the latest start at or before its created_at. customers: the
-- registrations of role customer in that day (the sales report's customer count).
CREATE TABLE shop_report_day_starts (
  starts_at timestamptz PRIMARY KEY,
  customers bigint NOT NULL
);

-- The sales report's sums per (status, day): exact numeric sums of the per-order aggregates of migration 3.
CREATE TABLE shop_report_days (
  status text NOT NULL,
  starts_at timestamptz NOT NULL,
  orders bigint NOT NULL,
  sales numeric NOT NULL,
  tax numeric NOT NULL,
  shipping numeric NOT NULL,
  items bigint NOT NULL,
  discount numeric NOT NULL,
  refunds numeric NOT NULL,
  PRIMARY KEY (status, starts_at)
);

-- Top sellers per (status, day, product): the summed quantity and how many orders hold the product (a row whose
-- orders fall to zero is deleted, while a product sold with quantity 0 still ranks, as in memory).
CREATE TABLE shop_report_day_products (
  status text NOT NULL,
  starts_at timestamptz NOT NULL,
  product_id bigint NOT NULL,
  orders bigint NOT NULL,
  quantity bigint NOT NULL,
  PRIMARY KEY (status, starts_at, product_id)
);

-- Orders per status: the unfiltered and status-only listing counts (X-WC-Total) read these rows instead of the index.
CREATE TABLE shop_order_status_counts (
  status text PRIMARY KEY,
  orders bigint NOT NULL
);
`,
} as const;
