/**
 * What a nonce store answers: the nonce was new and is now recorded; it was already used; the key's share of live
 * nonces is used up (`'full'`: only that key is refused until its older nonces expire); or the store cannot record
 * it (`'unavailable'`: down, or full overall). Anything but `'fresh'` refuses the request.
 *
 * @example
 * ```ts
 * const verdict: NonceVerdict = await nonces.useOnce(scope, nonce, expiresAt, Date.now());
 * if (verdict !== 'fresh') refuse();
 * ```
 */
export type NonceVerdict = 'fresh' | 'reused' | 'full' | 'unavailable';

/**
 * Remembers used OAuth nonces per consumer key, each until it expires.
 *
 * `useOnce` MUST be atomic: when two calls race with the same scope and nonce, exactly one may answer `'fresh'`
 * (with Redis: `SET key 1 NX PXAT expiresAt`; with SQL: an insert into a table with a unique key). A store should
 * bound what each scope may hold and answer `'full'` past it, so that one key's flood refuses only that key.
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
 * const options: MemoryNonceStoreOptions = { maxEntriesPerKey: 20_000 };
 * ```
 */
export interface MemoryNonceStoreOptions {
  /**
   * Most live nonces one key (scope) may hold (default {@link DEFAULT_NONCES_PER_KEY}). A key past its share is
   * refused (`'full'`) until its older nonces expire; every other key is unaffected.
   */
  readonly maxEntriesPerKey?: number | undefined;
  /**
   * Most nonces held at once over all keys (default 1,000,000), a last-resort memory ceiling: only
   * when that many live nonces are held (100 keys flooding at once with the default share) are new ones refused
   * for everyone (`'unavailable'`), never let through.
   */
  readonly maxEntries?: number | undefined;
}

/**
 * The in-memory nonce store: answers at once, and tells how many nonces it holds.
 *
 * @example
 * ```ts
 * const nonces: MemoryNonceStore = createMemoryNonceStore();
 * nonces.useOnce(scope, 'abc', Date.now() + 900_000, Date.now()); // 'fresh'
 * nonces.size; // 1
 * ```
 */
export interface MemoryNonceStore extends NonceStore {
  useOnce(scope: string, nonce: string, expiresAt: number, now: number): NonceVerdict;
  /** Nonces held (live, or expired and not yet dropped). */
  readonly size: number;
}

/**
 * The default share of live nonces per key: 10,000, i.e. 11 requests a second sustained over a 15-minute window.
 *
 * @example
 * ```ts
 * createMemoryNonceStore({ maxEntriesPerKey: DEFAULT_NONCES_PER_KEY * 2 }); // for a key doing ~22 requests/s
 * ```
 */
export const DEFAULT_NONCES_PER_KEY = 10_000;

/**
 * The in-process default nonce store: per key, a map from nonce to expiry, in insertion order. Each key has its own
 * bounded share (`maxEntriesPerKey`), so one key flooding the API with signed requests fills only its own share and
 * only its own requests are refused (`'full'`); other keys keep working. Expired entries are dropped as it goes; a
 * full store never forgets a live nonce (that would make it replayable): it refuses instead. Suits one process;
 * behind a load balancer use a shared store such as {@link createPostgresNonceStore}.
 *
 * @example
 * ```ts
 * const auth = createConsumerKeyAuth({ keys, siteUrl, nonces: createMemoryNonceStore({ maxEntriesPerKey: 20_000 }) });
 * ```
 */
export function createMemoryNonceStore(options: MemoryNonceStoreOptions = {}): MemoryNonceStore {
  const perKey = positive('maxEntriesPerKey', options.maxEntriesPerKey ?? DEFAULT_NONCES_PER_KEY);
  const maxEntries = positive('maxEntries', options.maxEntries ?? 1_000_000);
  const scopes = new Map<string, Map<string, number>>();
  let size = 0;

  // Entries are inserted roughly in expiry order (timestamp + window), so expired ones are dropped from the front;
  // the cost is proportional to what is dropped.
  const sweep = (scope: string, entries: Map<string, number>, now: number): void => {
    for (const [nonce, expiresAt] of entries) {
      if (expiresAt >= now) break;
      entries.delete(nonce);
      size -= 1;
    }
    if (entries.size === 0) scopes.delete(scope);
  };

  return {
    get size() {
      return size;
    },
    useOnce(scope, nonce, expiresAt, now) {
      let entries = scopes.get(scope);
      const known = entries?.get(nonce);
      if (known !== undefined && known >= now) return 'reused';
      if (entries !== undefined) {
        sweep(scope, entries, now);
        if (entries.size >= perKey) return 'full';
      }
      if (size >= maxEntries) {
        for (const [other, otherEntries] of scopes) sweep(other, otherEntries, now);
        if (size >= maxEntries) return 'unavailable';
      }
      entries = scopes.get(scope);
      if (entries === undefined) scopes.set(scope, (entries = new Map()));
      // An expired entry of the same nonce that the sweep did not reach is replaced, not counted twice.
      if (entries.delete(nonce)) size -= 1;
      entries.set(nonce, expiresAt);
      size += 1;
      return 'fresh';
    },
  };
}

function positive(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
  return value;
}
