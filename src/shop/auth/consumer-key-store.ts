import { nodeCrypto } from './node-crypto';
import type { Caller } from '../model/caller';

/**
 * What a key may do: GET/HEAD need `read`, POST/PUT/PATCH/DELETE need `write`; `read_write` allows both.
 *
 * @example
 * ```ts
 * const permissions: KeyPermissions = 'read';
 * ```
 */
export type KeyPermissions = 'read' | 'write' | 'read_write';

/**
 * The permission values, for validation.
 *
 * @example
 * ```ts
 * KEY_PERMISSIONS.includes(row.permissions); // a row read from your database
 * ```
 */
export const KEY_PERMISSIONS: readonly KeyPermissions[] = Object.freeze(['read', 'write', 'read_write'] as const);

/**
 * One stored API key. The consumer key itself is never stored, only {@link hashConsumerKey} of it. The consumer
 * secret IS stored as is: OAuth 1.0a HMAC verification needs the secret itself (a hash would not do).
 *
 * @example
 * ```ts
 * const record: ConsumerKeyRecord = {
 *   consumerKeyHash: hashConsumerKey('ck_...'),
 *   consumerSecret: 'cs_...',
 *   permissions: 'read_write',
 *   caller: { userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES },
 * };
 * ```
 */
export interface ConsumerKeyRecord {
  /** `hashConsumerKey(consumerKey)`: the lookup key. */
  readonly consumerKeyHash: string;
  /** The consumer secret (`cs_...`). */
  readonly consumerSecret: string;
  readonly permissions: KeyPermissions;
  /** Who requests made with this key act as. */
  readonly caller: Caller;
  /** Free text for humans, e.g. "ERP sync". */
  readonly description?: string | undefined;
}

/**
 * Where API keys live. Looked up by the HASH of the consumer key, so that a database index or map lookup never
 * compares secret-bearing text and its timing tells an attacker nothing about valid keys.
 *
 * Keys imported from a WooCommerce database work as they are: its `woocommerce_api_keys.consumer_key` column already
 * holds this hash, and `consumer_secret` the secret.
 *
 * @example
 * ```ts
 * const keys: ConsumerKeyStore = {
 *   async findByKeyHash(hash) {
 *     const row = await db.oneOrNone('select * from api_keys where consumer_key_hash = $1', [hash]);
 *     return row && { consumerKeyHash: hash, consumerSecret: row.secret, permissions: row.permissions, caller: { userId: row.user_id, capabilities: row.capabilities } };
 *   },
 * };
 * ```
 */
export interface ConsumerKeyStore {
  findByKeyHash(consumerKeyHash: string): Promise<ConsumerKeyRecord | undefined> | ConsumerKeyRecord | undefined;
}

/**
 * A freshly generated key pair. Show it to its owner once; only a hash of the key is kept.
 *
 * @example
 * ```ts
 * const pair: ConsumerKeyPair = generateConsumerKeyPair(); // { consumerKey: 'ck_…', consumerSecret: 'cs_…' }
 * ```
 */
export interface ConsumerKeyPair {
  /** `ck_` + 40 lowercase hex digits (160 random bits). */
  readonly consumerKey: string;
  /** `cs_` + 40 lowercase hex digits (160 random bits). */
  readonly consumerSecret: string;
}

/**
 * The lookup hash of a consumer key: hex HMAC-SHA256 keyed with `wc-api`, the same as WooCommerce's `wc_api_hash`,
 * so existing WooCommerce keys can be imported.
 *
 * @example
 * ```ts
 * hashConsumerKey('ck_0123'); // 64 hex digits
 * ```
 */
export function hashConsumerKey(consumerKey: string): string {
  return nodeCrypto().createHmac('sha256', 'wc-api').update(consumerKey, 'utf8').digest('hex');
}

/**
 * Generates a `ck_`/`cs_` key pair from the operating system's cryptographic random source. Both are lowercase
 * `[a-z0-9_]`, which every legacy client can sign with unchanged.
 *
 * @example
 * ```ts
 * const { consumerKey, consumerSecret } = generateConsumerKeyPair();
 * ```
 */
export function generateConsumerKeyPair(): ConsumerKeyPair {
  return {
    consumerKey: `ck_${randomHex(20)}`,
    consumerSecret: `cs_${randomHex(20)}`,
  };
}

/**
 * What {@link MemoryKeyStore.createKey} needs besides the generated pair.
 *
 * @example
 * ```ts
 * const options: NewKeyOptions = { permissions: 'read', caller: { userId: 7, capabilities: [] }, description: 'BI export' };
 * ```
 */
export interface NewKeyOptions {
  readonly permissions: KeyPermissions;
  readonly caller: Caller;
  readonly description?: string | undefined;
}

/**
 * The in-memory {@link ConsumerKeyStore}, with ways to add and revoke keys.
 *
 * @example
 * ```ts
 * const keys: MemoryKeyStore = createMemoryKeyStore();
 * keys.addKey({ consumerKey: process.env.CK!, consumerSecret: process.env.CS! }, { permissions: 'read', caller });
 * keys.revokeKey(process.env.CK!); // true
 * ```
 */
export interface MemoryKeyStore extends ConsumerKeyStore {
  /** Generates a pair, stores its hash and secret, and returns the pair (the only time the key is visible). */
  createKey(options: NewKeyOptions): ConsumerKeyPair;
  /** Stores an existing pair (e.g. read from configuration). */
  addKey(pair: ConsumerKeyPair, options: NewKeyOptions): void;
  /** Revokes a key; answers whether it existed. */
  revokeKey(consumerKey: string): boolean;
}

/**
 * An in-memory key store holding only the hash of each consumer key and its secret.
 *
 * @example
 * ```ts
 * const keys = createMemoryKeyStore();
 * const pair = keys.createKey({ permissions: 'read', caller: { userId: 1, capabilities: ['read_private_shop_orders'] } });
 * const auth = createConsumerKeyAuth({ keys, siteUrl: 'http://127.0.0.1:8080' });
 * ```
 */
export function createMemoryKeyStore(): MemoryKeyStore {
  const records = new Map<string, ConsumerKeyRecord>();
  const addKey = (pair: ConsumerKeyPair, options: NewKeyOptions): void => {
    const record = newKeyRecord(pair, options);
    records.set(record.consumerKeyHash, record);
  };
  return {
    findByKeyHash: (hash) => records.get(hash),
    addKey,
    createKey(options) {
      const pair = generateConsumerKeyPair();
      addKey(pair, options);
      return pair;
    },
    revokeKey: (consumerKey) => records.delete(hashConsumerKey(consumerKey)),
  };
}

/**
 * The record a key store keeps for a pair: checks the options (TypeError for unknown permissions or an empty key or
 * secret) and hashes the consumer key. Shared by the memory and PostgreSQL key stores.
 *
 * @example
 * ```ts
 * const record = newKeyRecord(generateConsumerKeyPair(), { permissions: 'read', caller });
 * await myStore.save(record); // consumerKeyHash, consumerSecret, permissions, caller
 * ```
 */
export function newKeyRecord(pair: ConsumerKeyPair, options: NewKeyOptions): ConsumerKeyRecord {
  if (!KEY_PERMISSIONS.includes(options.permissions)) {
    throw new TypeError(`permissions must be one of ${KEY_PERMISSIONS.join(', ')}`);
  }
  if (pair.consumerKey === '' || pair.consumerSecret === '') throw new TypeError('key and secret must not be empty');
  const consumerKeyHash = hashConsumerKey(pair.consumerKey);
  return {
    consumerKeyHash,
    consumerSecret: pair.consumerSecret,
    permissions: options.permissions,
    caller: options.caller,
    ...(options.description === undefined ? {} : { description: options.description }),
  };
}

function randomHex(bytes: number): string {
  return nodeCrypto().randomBytes(bytes).toString('hex');
}
