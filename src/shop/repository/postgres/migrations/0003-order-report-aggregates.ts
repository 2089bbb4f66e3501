// Version 3 of the shop schema: per-order report aggregates kept at write time, and the index reports read.

/** Per-order aggregate columns (backfilled for existing orders) and the covering report index. */
export const orderReportAggregates = {
  version: 3,
  name: 'order report aggregates',
  sql: `
-- What the sales report and top sellers need from an order's lines (orderAggregateColumns in order-aggregates.ts):
-- a report reads one row per order and joins no line items, coupon lines or refunds.
ALTER TABLE shop_orders
  ADD COLUMN agg_items bigint NOT NULL DEFAULT 0,
  ADD COLUMN agg_discount numeric NOT NULL DEFAULT 0,
  ADD COLUMN agg_refunds numeric NOT NULL DEFAULT 0,
  ADD COLUMN agg_product_ids bigint[] NOT NULL DEFAULT '{}',
  ADD COLUMN agg_product_quantities bigint[] NOT NULL DEFAULT '{}';

-- Existing orders: the same values, computed from their lines.
UPDATE shop_orders o
   SET agg_items = coalesce((SELECT sum(li.quantity) FROM shop_order_line_items li WHERE li.order_id = o.id), 0)::bigint,
       agg_discount = coalesce((SELECT sum(cl.amount) FROM shop_order_coupon_lines cl WHERE cl.order_id = o.id), 0),
       agg_refunds = coalesce((SELECT sum(r.amount) FROM shop_order_refunds r WHERE r.order_id = o.id), 0),
       (agg_product_ids, agg_product_quantities) = (
         SELECT coalesce(array_agg(s.product_id ORDER BY s.product_id), '{}'), coalesce(array_agg(s.quantity ORDER BY s.product_id), '{}')
           FROM (SELECT li.product_id, sum(li.quantity)::bigint AS quantity
                   FROM shop_order_line_items li WHERE li.order_id = o.id GROUP BY li.product_id) s)
 WHERE EXISTS (SELECT 1 FROM shop_order_line_items li WHERE li.order_id = o.id)
    OR EXISTS (SELECT 1 FROM shop_order_coupon_lines cl WHERE cl.order_id = o.id)
    OR EXISTS (SELECT 1 FROM shop_order_refunds r WHERE r.order_id = o.id);

-- No defaults from now on: a write that forgets the aggregates fails instead of storing zeros.
ALTER TABLE shop_orders
  ALTER COLUMN agg_items DROP DEFAULT,
  ALTER COLUMN agg_discount DROP DEFAULT,
  ALTER COLUMN agg_refunds DROP DEFAULT,
  ALTER COLUMN agg_product_ids DROP DEFAULT,
  ALTER COLUMN agg_product_quantities DROP DEFAULT;

-- Reports (status IN (...) AND created_at in [start, end)): a range scan per status that carries every figure the
-- sales report sums, so it reads only its range's index entries (index-only once the visibility map is set). The
-- product arrays stay out: a btree entry is limited to about 2.7 kB, which an order of many products would exceed;
-- top sellers reads them from the range's rows.
CREATE INDEX shop_orders_report ON shop_orders (status, created_at)
  INCLUDE (total, cart_tax, shipping_tax, shipping_total, agg_items, agg_discount, agg_refunds);
`,
} as const;
