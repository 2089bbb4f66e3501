// Version 1 of the shop schema. A migration is never edited once released: later changes are new versions.
// Table names carry a `shop_` prefix so the schema can share a database (or a search_path) with other tables.

/** The first shop schema: store, products, customers, coupons, orders and their lines. */
export const initialSchema = {
  version: 1,
  name: 'initial schema',
  sql: `
CREATE TABLE shop_store (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  name text NOT NULL,
  description text NOT NULL,
  site_url text NOT NULL,
  time_zone text NOT NULL,
  currency text NOT NULL,
  currency_symbol text NOT NULL,
  prices_include_tax boolean NOT NULL,
  weight_unit text NOT NULL,
  dimension_unit text NOT NULL
);

CREATE TABLE shop_products (
  id bigint PRIMARY KEY,
  name text NOT NULL,
  sku text NOT NULL,
  parent_id bigint
);

CREATE TABLE shop_customers (
  id bigint PRIMARY KEY,
  email text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  username text NOT NULL,
  role text NOT NULL,
  registered_at timestamptz NOT NULL
);
-- customersRegisteredIn(window, role): equality on role, range on registered_at.
CREATE INDEX shop_customers_role_registered ON shop_customers (role, registered_at, id);

CREATE TABLE shop_coupons (
  id bigint PRIMARY KEY,
  code text NOT NULL,
  type text NOT NULL,
  status text NOT NULL,
  description text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  amount numeric NOT NULL,
  individual_use boolean NOT NULL,
  product_ids bigint[] NOT NULL,
  exclude_product_ids bigint[] NOT NULL,
  usage_limit bigint,
  usage_limit_per_user bigint,
  limit_usage_to_x_items bigint NOT NULL,
  usage_count bigint NOT NULL,
  expires_at timestamptz,
  free_shipping boolean NOT NULL,
  product_category_ids bigint[] NOT NULL,
  exclude_product_category_ids bigint[] NOT NULL,
  exclude_sale_items boolean NOT NULL,
  minimum_amount numeric NOT NULL,
  customer_emails text[] NOT NULL,
  -- couponSearchText(coupon), computed in JavaScript so SQL and memory search the very same text.
  search_text text NOT NULL
);
-- Listing is newest first over published coupons only.
CREATE INDEX shop_coupons_published_created ON shop_coupons (created_at DESC, id DESC) WHERE status = 'publish';
CREATE INDEX shop_coupons_published_updated ON shop_coupons (updated_at) WHERE status = 'publish';
-- A hash index serves the exact code lookup for codes of any length (a btree entry is limited to about 2.7 kB).
CREATE INDEX shop_coupons_published_code ON shop_coupons USING hash (code) WHERE status = 'publish';

CREATE TABLE shop_orders (
  id bigint PRIMARY KEY,
  number text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  completed_at timestamptz,
  status text NOT NULL CHECK (status IN ('pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed')),
  currency text NOT NULL,
  total numeric NOT NULL,
  cart_tax numeric NOT NULL,
  shipping_total numeric NOT NULL,
  shipping_tax numeric NOT NULL,
  cart_discount numeric NOT NULL,
  order_discount numeric NOT NULL,
  payment_method_id text NOT NULL,
  payment_method_title text NOT NULL,
  paid_at timestamptz,
  billing_first_name text NOT NULL,
  billing_last_name text NOT NULL,
  billing_company text NOT NULL,
  billing_address_1 text NOT NULL,
  billing_address_2 text NOT NULL,
  billing_city text NOT NULL,
  billing_state text NOT NULL,
  billing_postcode text NOT NULL,
  billing_country text NOT NULL,
  billing_email text NOT NULL,
  billing_phone text NOT NULL,
  shipping_first_name text NOT NULL,
  shipping_last_name text NOT NULL,
  shipping_company text NOT NULL,
  shipping_address_1 text NOT NULL,
  shipping_address_2 text NOT NULL,
  shipping_city text NOT NULL,
  shipping_state text NOT NULL,
  shipping_postcode text NOT NULL,
  shipping_country text NOT NULL,
  customer_note text NOT NULL,
  customer_ip text NOT NULL,
  customer_user_agent text NOT NULL,
  customer_id bigint NOT NULL,
  -- orderSearchText(order), computed in JavaScript (see shop_coupons.search_text).
  search_text text NOT NULL
);
-- Newest-first listing without a status filter, and report ranges over every status.
CREATE INDEX shop_orders_created ON shop_orders (created_at DESC, id DESC);
-- Newest-first listing by status, and report ranges (status IN (...) AND created_at in [start, end)).
CREATE INDEX shop_orders_status_created ON shop_orders (status, created_at DESC, id DESC);
-- filter[updated_at_min] / filter[updated_at_max].
CREATE INDEX shop_orders_updated ON shop_orders (updated_at);

-- Order lines keep their order within the order through "position"; the primary key (order_id, position) is also
-- the index that fetches an order's lines and joins them to orders in reports.
CREATE TABLE shop_order_line_items (
  order_id bigint NOT NULL REFERENCES shop_orders (id) ON DELETE CASCADE,
  position integer NOT NULL,
  id bigint NOT NULL,
  name text NOT NULL,
  product_id bigint NOT NULL,
  variation_id bigint,
  quantity bigint NOT NULL,
  subtotal numeric NOT NULL,
  total numeric NOT NULL,
  tax numeric NOT NULL,
  tax_class text NOT NULL,
  PRIMARY KEY (order_id, position)
);

CREATE TABLE shop_order_shipping_lines (
  order_id bigint NOT NULL REFERENCES shop_orders (id) ON DELETE CASCADE,
  position integer NOT NULL,
  id bigint NOT NULL,
  method_id text NOT NULL,
  method_title text NOT NULL,
  total numeric NOT NULL,
  PRIMARY KEY (order_id, position)
);

CREATE TABLE shop_order_tax_lines (
  order_id bigint NOT NULL REFERENCES shop_orders (id) ON DELETE CASCADE,
  position integer NOT NULL,
  id bigint NOT NULL,
  code text NOT NULL,
  title text NOT NULL,
  tax_total numeric NOT NULL,
  shipping_tax_total numeric NOT NULL,
  compound boolean NOT NULL,
  PRIMARY KEY (order_id, position)
);

CREATE TABLE shop_order_fee_lines (
  order_id bigint NOT NULL REFERENCES shop_orders (id) ON DELETE CASCADE,
  position integer NOT NULL,
  id bigint NOT NULL,
  title text NOT NULL,
  tax_class text NOT NULL,
  total numeric NOT NULL,
  tax numeric NOT NULL,
  PRIMARY KEY (order_id, position)
);

CREATE TABLE shop_order_coupon_lines (
  order_id bigint NOT NULL REFERENCES shop_orders (id) ON DELETE CASCADE,
  position integer NOT NULL,
  id bigint NOT NULL,
  code text NOT NULL,
  amount numeric NOT NULL,
  PRIMARY KEY (order_id, position)
);

CREATE TABLE shop_order_refunds (
  order_id bigint NOT NULL REFERENCES shop_orders (id) ON DELETE CASCADE,
  position integer NOT NULL,
  id bigint NOT NULL,
  created_at timestamptz NOT NULL,
  amount numeric NOT NULL,
  reason text NOT NULL,
  PRIMARY KEY (order_id, position)
);

CREATE TABLE shop_order_notes (
  order_id bigint NOT NULL REFERENCES shop_orders (id) ON DELETE CASCADE,
  position integer NOT NULL,
  id bigint NOT NULL,
  created_at timestamptz NOT NULL,
  content text NOT NULL,
  customer_note boolean NOT NULL,
  approved boolean NOT NULL,
  type text NOT NULL,
  PRIMARY KEY (order_id, position)
);
-- Ids of notes added by status changes; importShopSnapshot moves it past the imported notes.
CREATE SEQUENCE shop_order_note_ids;
`,
} as const;
