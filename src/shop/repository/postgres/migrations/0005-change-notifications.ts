// Version 5 of the shop schema: every statement that changes what the API reads sends one notification at commit, so
// a repository with a read cache (cache/read-cache.ts) drops what it kept when any process, an import or a hand-run
// UPDATE included, changes the shop. Statement-level triggers: one call per statement, not per row, so a COPY of a
// million rows costs one notification, and PostgreSQL folds identical notifications of one transaction into one.

/** The channel the shop's change notifications go to (see {@link changeNotifications}). */
export const SHOP_CHANGE_CHANNEL = 'wc_legacy_api_shop_changed';

// Every table a read of the API depends on. The key and nonce tables (migration 2) are not read through the cache.
const WATCHED = [
  'shop_store',
  'shop_products',
  'shop_customers',
  'shop_coupons',
  'shop_orders',
  'shop_order_line_items',
  'shop_order_shipping_lines',
  'shop_order_tax_lines',
  'shop_order_fee_lines',
  'shop_order_coupon_lines',
  'shop_order_refunds',
  'shop_order_notes',
  'shop_order_status_counts',
  'shop_report_zone',
  'shop_report_day_starts',
  'shop_report_days',
  'shop_report_day_products',
];

/** The trigger function and one statement trigger per watched table. */
export const changeNotifications = {
  version: 5,
  name: 'change notifications',
  sql: `
-- On one line: the migration runner splits statements at a semicolon that ends a line.
CREATE FUNCTION shop_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('${SHOP_CHANGE_CHANNEL}', ''); RETURN NULL; END $$;
${WATCHED.map(
  (t) => `CREATE TRIGGER shop_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${t} FOR EACH STATEMENT EXECUTE PROCEDURE shop_notify_change();`,
).join('\n')}
`,
};
