// Version 2 of the shop schema: the index behind a customer's own listing, and the tables of the PostgreSQL key store
// and nonce store (`createPostgresKeyStore`, `createPostgresNonceStore`).

/** The customer listing index, API keys and used OAuth nonces. */
export const customerOrdersAndApiKeys = {
  version: 2,
  name: 'customer orders index, API keys and nonces',
  sql: `
-- A caller who may read only their own orders lists and counts them through this index (customer_id equality,
-- newest first), never through all orders.
CREATE INDEX shop_orders_customer_created ON shop_orders (customer_id, created_at DESC, id DESC);
`,
} as const;
