import { nodeCrypto } from './node-crypto';
import { DEFAULT_NONCES_PER_KEY, type NonceStore, type NonceVerdict } from './nonce-store';
import type { PostgresAuthClient } from './postgres-key-store';

/**
 * Options of {@link createPostgresNonceStore}.
 *
 * @example
 * ```ts
 * const options: PostgresNonceStoreOptions = { client: pool, maxEntriesPerKey: 20_000 };
 * ```
 */
export interface PostgresNonceStoreOptions {
  /** The database holding `shop_api_nonces` (created by `migratePostgres`, migration 2), in its current schema. */
  readonly client: PostgresAuthClient;
  /**
   * Most live nonces one key may hold (default {@link DEFAULT_NONCES_PER_KEY}); past it that key is refused
   * (`'full'`) until its older nonces expire, and no other key is affected.
   */
  readonly maxEntriesPerKey?: number | undefined;
}

/**
 * The PostgreSQL nonce store, with a way to delete what has expired.
 *
 * @example
 * ```ts
 * const nonces: PostgresNonceStore = createPostgresNonceStore({ client: pool });
 * setInterval(() => void nonces.purgeExpired(), 60 * 60 * 1000).unref();
 * ```
 */
export interface PostgresNonceStore extends NonceStore {
  useOnce(scope: string, nonce: string, expiresAt: number, now: number): Promise<NonceVerdict>;
  /** Deletes every expired nonce of every key (keys that stopped calling leave theirs behind); answers how many. */
  purgeExpired(now?: number): Promise<number>;
}

/**
 * Used OAuth nonces in PostgreSQL (table `shop_api_nonces`, created by `migratePostgres`), so that several processes
 * behind one load balancer share replay protection: a nonce accepted by one process is refused by every other.
 *
 * Each call is ONE statement: it deletes the key's expired nonces, counts its live ones (at most the share) and
 * inserts the nonce, keyed by (key hash, SHA-256 of the nonce) so that two identical concurrent requests cannot both
 * pass (the unique key decides). An expired row of the same nonce is reused. Each key holds at most
 * `maxEntriesPerKey` live nonces: a flooding key is refused (`'full'`) and only that key. Concurrent requests of one
 * key may overshoot its share by as many as run at once (each counts before the others commit).
 *
 * @example
 * ```ts
 * import { createConsumerKeyAuth, createPostgresKeyStore, createPostgresNonceStore } from 'wc-legacy-api/shop';
 * const auth = createConsumerKeyAuth({
 *   keys: createPostgresKeyStore({ client: pool }),
 *   nonces: createPostgresNonceStore({ client: pool }),
 *   siteUrl: 'https://shop.example',
 * });
 * ```
 */
export function createPostgresNonceStore(options: PostgresNonceStoreOptions): PostgresNonceStore {
  const { client } = options;
  const perKey = options.maxEntriesPerKey ?? DEFAULT_NONCES_PER_KEY;
  if (!Number.isInteger(perKey) || perKey < 1) throw new RangeError('maxEntriesPerKey must be a positive integer');

  return {
    async useOnce(scope, nonce, expiresAt, now) {
      const nonceHash = nodeCrypto().createHash('sha256').update(nonce, 'utf8').digest('hex');
      const params = [scope, nonceHash, String(Math.floor(expiresAt)), String(Math.floor(now)), perKey];
      // The purge leaves this nonce's own row alone, so no row is changed twice in one statement; the count sees the
      // rows committed before the statement (the purged ones were expired, so they never counted).
      const { rows } = await client.query(
        `WITH purged AS (
           DELETE FROM shop_api_nonces WHERE scope = $1 AND expires_at < $4::bigint AND nonce_hash <> $2
         ), live AS (
           SELECT count(*) AS n FROM (
             SELECT 1 FROM shop_api_nonces WHERE scope = $1 AND expires_at >= $4::bigint LIMIT $5::integer
           ) held
         )
         INSERT INTO shop_api_nonces (scope, nonce_hash, expires_at)
         SELECT $1, $2, $3::bigint FROM live WHERE live.n < $5::integer
         ON CONFLICT (scope, nonce_hash) DO UPDATE SET expires_at = EXCLUDED.expires_at
           WHERE shop_api_nonces.expires_at < $4::bigint
         RETURNING 1 AS recorded`,
        params,
      );
      if (rows.length > 0) return 'fresh';
      // Not recorded: the nonce is live (a replay), or the key's share is full.
      const live = await client.query('SELECT 1 AS live FROM shop_api_nonces WHERE scope = $1 AND nonce_hash = $2 AND expires_at >= $3::bigint', [
        scope,
        nonceHash,
        String(Math.floor(now)),
      ]);
      return live.rows.length > 0 ? 'reused' : 'full';
    },

    async purgeExpired(now = Date.now()) {
      const { rows } = await client.query(
        'WITH gone AS (DELETE FROM shop_api_nonces WHERE expires_at < $1::bigint RETURNING 1) SELECT count(*) AS n FROM gone',
        [String(Math.floor(now))],
      );
      return Number((rows[0] as { n: unknown } | undefined)?.n ?? 0);
    },
  };
}
