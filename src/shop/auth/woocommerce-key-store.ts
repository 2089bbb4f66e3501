// The API keys a WooCommerce store already has, read from its own database: existing clients keep their keys.
// WooCommerce 2.4+ keeps them in `{prefix}woocommerce_api_keys` (the consumer key as `wc_api_hash`, which is
// hashConsumerKey; the secret in clear); 2.1-2.3 kept one pair per user in user meta, the key in clear. Read-only:
// nonces live in our own nonce store, never in the table's `nonces` column, and `last_access` is not touched.
import type { Capability } from '../model/caller';
import { hashConsumerKey, KEY_PERMISSIONS, type ConsumerKeyRecord, type ConsumerKeyStore, type KeyPermissions } from './consumer-key-store';

/**
 * What the WooCommerce key store needs of a mysql2 pool or connection (promise API).
 *
 * @example
 * ```ts
 * const db: WooCommerceAuthClient = mysql.createPool({ uri: process.env.WOOCOMMERCE_URL!, dateStrings: true });
 * ```
 */
export interface WooCommerceAuthClient {
  query(sql: string, values?: unknown[]): Promise<[unknown, unknown]>;
}

/**
 * Options of {@link createWooCommerceKeyStore}.
 *
 * @example
 * ```ts
 * const options: WooCommerceKeyStoreOptions = { db: pool, tablePrefix: 'wp_' };
 * ```
 */
export interface WooCommerceKeyStoreOptions {
  readonly db: WooCommerceAuthClient;
  /** The store's table prefix (default `wp_`); letters, digits and `_` only. */
  readonly tablePrefix?: string;
}

// WooCommerce's capabilities that grant what ours do (`view_woocommerce_reports` is the reports' one).
const CAPABILITY_OF: Record<string, Capability> = {
  read_private_shop_orders: 'read_private_shop_orders',
  edit_shop_orders: 'edit_shop_orders',
  read_private_shop_coupons: 'read_private_shop_coupons',
  view_woocommerce_reports: 'view_shop_reports',
};

type Row = Record<string, unknown>;
const str = (v: unknown): string => (v === null || v === undefined ? '' : v instanceof Uint8Array ? new TextDecoder().decode(v) : String(v));

// `s:N:"name";b:1;` pairs of a serialized `role => true` or `capability => true` array. Only these flat arrays are
// read (a regular expression over the text, never PHP's unserialize): a value that is not `b:1` grants nothing.
function grantedNames(serialized: string): string[] {
  return [...serialized.matchAll(/s:\d+:"([A-Za-z0-9_-]{1,100})";b:1;/g)].map((m) => m[1]!);
}

/**
 * The {@link ConsumerKeyStore} of a live WooCommerce database: its `woocommerce_api_keys` (WooCommerce 2.4 and
 * later) and the 2.1-2.3 keys in user meta. A key acts as its user with the capabilities of the user's roles (from
 * the store's `{prefix}user_roles` option) and of the user's own capability grants, so a customer's key reads only
 * that customer's orders, as in WooCommerce. Looked up on every request (a revoked key stops at once); never writes.
 *
 * @example
 * ```ts
 * import mysql from 'mysql2/promise';
 * const db = mysql.createPool({ uri: 'mysql://reader@localhost/wordpress', dateStrings: true });
 * const authenticate = createConsumerKeyAuth({ keys: createWooCommerceKeyStore({ db }), nonces: createMemoryNonceStore() });
 * ```
 */
export function createWooCommerceKeyStore(options: WooCommerceKeyStoreOptions): ConsumerKeyStore {
  const prefix = options.tablePrefix ?? 'wp_';
  if (!/^[A-Za-z0-9_]{0,48}$/.test(prefix)) throw new RangeError(`tablePrefix ${JSON.stringify(prefix)} is not a table prefix (letters, digits and _ only)`);
  const { db } = options;
  const select = async (sql: string, values: unknown[]): Promise<Row[]> => (await db.query(sql, values))[0] as Row[];

  async function capabilitiesOf(userId: number): Promise<Capability[]> {
    const [meta] = await select(`SELECT meta_value FROM \`${prefix}usermeta\` WHERE user_id = ? AND meta_key = ? ORDER BY umeta_id LIMIT 1`, [userId, `${prefix}capabilities`]);
    const granted = new Set(grantedNames(str(meta?.meta_value)));
    const [roles] = await select(`SELECT option_value FROM \`${prefix}options\` WHERE option_name = ?`, [`${prefix}user_roles`]);
    const rolesText = str(roles?.option_value);
    for (const role of [...granted]) {
      // A role's entry: s:N:"role";a:2:{s:4:"name";s:..;s:12:"capabilities";a:K:{...}} (flat, so the first `}` ends it).
      const at = rolesText.indexOf(`s:${new TextEncoder().encode(role).length}:"${role}";a:`);
      if (at < 0) continue;
      const caps = rolesText.indexOf('s:12:"capabilities";a:', at);
      const end = caps < 0 ? -1 : rolesText.indexOf('}', rolesText.indexOf('{', caps));
      if (end > caps) for (const c of grantedNames(rolesText.slice(caps, end))) granted.add(c);
    }
    return [...new Set([...granted].map((c) => CAPABILITY_OF[c]).filter((c): c is Capability => c !== undefined))];
  }

  async function record(hash: string, secret: string, permissions: string, userId: number, description: string): Promise<ConsumerKeyRecord | undefined> {
    if (!(KEY_PERMISSIONS as readonly string[]).includes(permissions)) return undefined;
    return { consumerKeyHash: hash, consumerSecret: secret, permissions: permissions as KeyPermissions, caller: { userId, capabilities: await capabilitiesOf(userId) }, description };
  }

  return {
    async findByKeyHash(consumerKeyHash) {
      if (!/^[0-9a-f]{64}$/.test(consumerKeyHash)) return undefined;
      const [key] = await select(
        `SELECT user_id, permissions, consumer_secret, description FROM \`${prefix}woocommerce_api_keys\` WHERE consumer_key = ? LIMIT 1`,
        [consumerKeyHash],
      );
      if (key !== undefined) return record(consumerKeyHash, str(key.consumer_secret), str(key.permissions), Number(key.user_id), str(key.description));
      // WooCommerce 2.1-2.3: the key in clear in user meta. Few users ever had one; each is hashed and compared.
      const legacy = await select(
        `SELECT k.user_id, k.meta_value AS consumer_key,
                (SELECT s.meta_value FROM \`${prefix}usermeta\` s WHERE s.user_id = k.user_id AND s.meta_key = 'woocommerce_api_consumer_secret' LIMIT 1) AS consumer_secret,
                (SELECT p.meta_value FROM \`${prefix}usermeta\` p WHERE p.user_id = k.user_id AND p.meta_key = 'woocommerce_api_key_permissions' LIMIT 1) AS permissions
           FROM \`${prefix}usermeta\` k WHERE k.meta_key = 'woocommerce_api_consumer_key' LIMIT 1000`,
        [],
      );
      for (const row of legacy) {
        if (hashConsumerKey(str(row.consumer_key)) === consumerKeyHash) {
          return record(consumerKeyHash, str(row.consumer_secret), str(row.permissions) || 'read', Number(row.user_id), 'WooCommerce 2.1-2.3 user key');
        }
      }
      return undefined;
    },
  };
}
