import { CAPABILITIES, type Capability } from '../model/caller';
import {
  generateConsumerKeyPair,
  hashConsumerKey,
  KEY_PERMISSIONS,
  newKeyRecord,
  type ConsumerKeyPair,
  type ConsumerKeyRecord,
  type ConsumerKeyStore,
  type KeyPermissions,
  type NewKeyOptions,
} from './consumer-key-store';

/**
 * What the PostgreSQL key and nonce stores need of a client: one parameterised query at a time. A `pg` Pool or
 * Client and PGlite fit, as does the client given to `createPostgresRepository` (this is the shape of its
 * `PostgresQueryable`). Prefer a Pool: a single shared `pg.Client` would run a store's query inside whatever
 * transaction the repository has open on that connection.
 *
 * @example
 * ```ts
 * const client: PostgresAuthClient = new pg.Pool({ connectionString: process.env.DATABASE_URL });
 * ```
 */
export interface PostgresAuthClient {
  query(text: string, params?: unknown[]): Promise<{ readonly rows: readonly unknown[] }>;
}

/**
 * Options of {@link createPostgresKeyStore}.
 *
 * @example
 * ```ts
 * const options: PostgresKeyStoreOptions = { client: pool };
 * ```
 */
export interface PostgresKeyStoreOptions {
  /** The database holding `shop_api_keys` (created by `migratePostgres`, migration 2), in its current schema. */
  readonly client: PostgresAuthClient;
}

/**
 * The PostgreSQL {@link ConsumerKeyStore}, with ways to add and revoke keys (like the memory store, asynchronously).
 *
 * @example
 * ```ts
 * const keys: PostgresKeyStore = createPostgresKeyStore({ client: pool });
 * const { consumerKey, consumerSecret } = await keys.createKey({ permissions: 'read', caller: { userId: 7, capabilities: [] } });
 * ```
 */
export interface PostgresKeyStore extends ConsumerKeyStore {
  findByKeyHash(consumerKeyHash: string): Promise<ConsumerKeyRecord | undefined>;
  /** Generates a pair, stores its hash and secret, and returns the pair (the only time the key is visible). */
  createKey(options: NewKeyOptions): Promise<ConsumerKeyPair>;
  /** Stores an existing pair (e.g. keys moved from another store); a key stored before is replaced. */
  addKey(pair: ConsumerKeyPair, options: NewKeyOptions): Promise<void>;
  /** Revokes a key at once for every process sharing the database; answers whether it existed. */
  revokeKey(consumerKey: string): Promise<boolean>;
}

interface KeyRow {
  consumer_key_hash: string;
  consumer_secret: string;
  permissions: string;
  user_id: unknown;
  capabilities: unknown;
  description: string | null;
}

/**
 * API keys in PostgreSQL (table `shop_api_keys`, created by `migratePostgres`), so that several processes behind one
 * load balancer share them and a revocation takes effect everywhere at once. Like the memory store it keeps only
 * the hash of each consumer key (the primary key) and the secret, with the key's permissions and caller (user id and
 * capabilities). Every lookup is one primary-key query; nothing is cached, so a revoked key fails on its next
 * request. Unknown capability names in a row are ignored (they grant nothing).
 *
 * @example
 * ```ts
 * import pg from 'pg';
 * import { createConsumerKeyAuth, createPostgresKeyStore, createPostgresNonceStore, migratePostgres } from 'wc-legacy-api/shop';
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
 * await migratePostgres(pool);
 * const keys = createPostgresKeyStore({ client: pool });
 * const auth = createConsumerKeyAuth({ keys, nonces: createPostgresNonceStore({ client: pool }), siteUrl: 'https://shop.example' });
 * ```
 */
export function createPostgresKeyStore(options: PostgresKeyStoreOptions): PostgresKeyStore {
  const { client } = options;

  const addKey = async (pair: ConsumerKeyPair, key: NewKeyOptions): Promise<void> => {
    const record = newKeyRecord(pair, key);
    const capabilities = record.caller.capabilities.filter(isCapability);
    await client.query(
      `INSERT INTO shop_api_keys (consumer_key_hash, consumer_secret, permissions, user_id, capabilities, description)
       VALUES ($1, $2, $3, $4::bigint, $5::text[], $6)
       ON CONFLICT (consumer_key_hash) DO UPDATE
          SET consumer_secret = EXCLUDED.consumer_secret, permissions = EXCLUDED.permissions, user_id = EXCLUDED.user_id,
              capabilities = EXCLUDED.capabilities, description = EXCLUDED.description`,
      [
        record.consumerKeyHash,
        record.consumerSecret,
        record.permissions,
        String(userIdOf(record.caller.userId)),
        // Capability names are [a-z_] only, so the array literal needs no quoting.
        `{${capabilities.join(',')}}`,
        record.description ?? null,
      ],
    );
  };

  return {
    async findByKeyHash(consumerKeyHash) {
      const { rows } = await client.query(
        `SELECT consumer_key_hash, consumer_secret, permissions, user_id, capabilities, description
           FROM shop_api_keys WHERE consumer_key_hash = $1`,
        [consumerKeyHash],
      );
      const row = rows[0] as KeyRow | undefined;
      return row === undefined ? undefined : recordOf(row);
    },
    addKey,
    async createKey(key) {
      const pair = generateConsumerKeyPair();
      await addKey(pair, key);
      return pair;
    },
    async revokeKey(consumerKey) {
      const { rows } = await client.query('DELETE FROM shop_api_keys WHERE consumer_key_hash = $1 RETURNING 1 AS gone', [
        hashConsumerKey(consumerKey),
      ]);
      return rows.length > 0;
    },
  };
}

function recordOf(row: KeyRow): ConsumerKeyRecord | undefined {
  const permissions = row.permissions as KeyPermissions;
  // The table's CHECK allows only these; a row edited by hand past it grants nothing.
  if (!KEY_PERMISSIONS.includes(permissions)) return undefined;
  const names = Array.isArray(row.capabilities) ? (row.capabilities as unknown[]) : [];
  const capabilities = names.filter((name): name is Capability => typeof name === 'string' && isCapability(name));
  return {
    consumerKeyHash: row.consumer_key_hash,
    consumerSecret: row.consumer_secret,
    permissions,
    caller: { userId: Number(row.user_id), capabilities },
    ...(row.description === null ? {} : { description: row.description }),
  };
}

function isCapability(name: string): name is Capability {
  return (CAPABILITIES as readonly string[]).includes(name);
}

function userIdOf(userId: number | undefined): number {
  const id = userId ?? 0;
  if (!Number.isSafeInteger(id)) throw new TypeError('caller.userId must be a safe integer');
  return id;
}
