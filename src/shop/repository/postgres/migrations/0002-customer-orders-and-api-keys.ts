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

-- createPostgresKeyStore: one row per API key, looked up by the hash of the consumer key (hashConsumerKey); the key
-- itself is never stored. The secret is (OAuth HMAC verification needs it): protect the table like a password vault.
CREATE TABLE shop_api_keys (
  consumer_key_hash text PRIMARY KEY,
  consumer_secret text NOT NULL,
  permissions text NOT NULL CHECK (permissions IN ('read', 'write', 'read_write')),
  user_id bigint NOT NULL,
  capabilities text[] NOT NULL,
  description text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- createPostgresNonceStore: used OAuth nonces per key (scope = the key hash), each until expires_at (epoch ms). The
-- unique key makes recording atomic; (scope, expires_at) serves the per-key share count and the per-key purge.
CREATE TABLE shop_api_nonces (
  scope text NOT NULL,
  nonce_hash text NOT NULL,
  expires_at bigint NOT NULL,
  PRIMARY KEY (scope, nonce_hash)
);
CREATE INDEX shop_api_nonces_scope_expiry ON shop_api_nonces (scope, expires_at);
`,
} as const;
