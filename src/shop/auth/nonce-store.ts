/**
 * What a nonce store answers: the nonce was new and is now recorded, it was already used, or the store cannot record
 * it (full of nonces that are all still live, or unavailable) and the request must be refused.
 *
 * @example
 * ```ts
 * const verdict: NonceVerdict = await nonces.useOnce(scope, nonce, expiresAt, Date.now());
 * if (verdict !== 'fresh') refuse();
 * ```
 */
export type NonceVerdict = 'fresh' | 'reused' | 'unavailable';

/**
 * Remembers used OAuth nonces per consumer key, each until it expires.
 *
 * `useOnce` MUST be atomic: when two calls race with the same scope and nonce, exactly one may answer `'fresh'`
 * (with Redis: `SET key 1 NX PXAT expiresAt`; with SQL: an insert into a table with a unique key).
 *
 * @example
 * ```ts
 * const nonces: NonceStore = {
 *   async useOnce(scope, nonce, expiresAt) {
 *     const ok = await redis.set(`nonce:${scope}:${nonce}`, '1', { NX: true, PXAT: expiresAt + 1 });
 *     return ok === 'OK' ? 'fresh' : 'reused';
 *   },
 * };
 * ```
 */
export interface NonceStore {
  /**
   * Records `nonce` for `scope` (a hash of the consumer key, never the key itself) up to and including `expiresAt`
   * (epoch ms), unless it is already recorded and still live at `now` (epoch ms): live means `now <= expiresAt`.
   */
  useOnce(scope: string, nonce: string, expiresAt: number, now: number): Promise<NonceVerdict> | NonceVerdict;
}

/**
 * Options of {@link createMemoryNonceStore}.
 *
 * @example
 * ```ts
 * const options: MemoryNonceStoreOptions = { maxEntries: 10_000 };
 * ```
 */
export interface MemoryNonceStoreOptions {
  /** Most nonces held at once (default 100 000). When all are live, new requests are refused, never let through. */
  readonly maxEntries?: number | undefined;
}

/**
 * The in-process default nonce store: a map from scope + nonce to expiry, bounded in size. Expired entries are
 * dropped as it goes; when it is full of live nonces it answers `'unavailable'` (fail closed) rather than forget a
 * nonce that could then be replayed. Suits one process; use a shared store (Redis, SQL) behind a load balancer.
 *
 * @example
 * ```ts
 * const auth = createConsumerKeyAuth({ keys, siteUrl, nonces: createMemoryNonceStore({ maxEntries: 10_000 }) });
 * ```
 */
export function createMemoryNonceStore(options: MemoryNonceStoreOptions = {}): NonceStore & { readonly size: number } {
  const maxEntries = options.maxEntries ?? 100_000;
  if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new RangeError('maxEntries must be a positive integer');
  const expiries = new Map<string, number>();

  const sweepAll = (now: number): void => {
    for (const [entry, expiresAt] of expiries) if (expiresAt < now) expiries.delete(entry);
  };

  return {
    get size() {
      return expiries.size;
    },
    useOnce(scope, nonce, expiresAt, now) {
      // Length-prefixed so that no (scope, nonce) pair can collide with another.
      const entry = `${scope.length}:${scope}${nonce}`;
      const known = expiries.get(entry);
      if (known !== undefined && known >= now) return 'reused';
      // Cheap amortised cleanup: entries are inserted roughly in expiry order, so drop expired ones from the front.
      for (const [oldest, oldestExpiry] of expiries) {
        if (oldestExpiry >= now) break;
        expiries.delete(oldest);
      }
      if (expiries.size >= maxEntries) sweepAll(now);
      if (expiries.size >= maxEntries) return 'unavailable';
      expiries.delete(entry);
      expiries.set(entry, expiresAt);
      return 'fresh';
    },
  };
}
