// Answers kept between changes of the shop. A read answered from here costs a map lookup instead of a round trip,
// which is what brings counts, pages and reports within reach of the in-process memory repository.
//
// Exactness rests on one rule: an answer is kept only if no change was signalled while it was being read (the
// generation it started under is still current when it arrives), and every signal drops everything kept. A read
// whose snapshot predates a commit either arrives before that commit's signal (kept, then dropped by the signal) or
// after it (not kept). So a kept answer is never older than the last signal this process has received: for the
// repository's own writes that is their commit (signalled before the write resolves), for other processes' writes
// the delivery of PostgreSQL's notification (change-feed.ts). Without a live feed nothing is kept at all.

/**
 * Limits of the PostgreSQL repository's read cache (`createPostgresRepository({ readCache })`).
 *
 * @example
 * ```ts
 * const repository = createPostgresRepository({ client: pool, readCache: { maxOrders: 2000, maxAgeMs: 10_000 } });
 * ```
 */
export interface PostgresReadCacheOptions {
  /** Most answers kept (the oldest dropped first); default 1,000. */
  readonly maxEntries?: number | undefined;
  /** Most orders held by kept pages and lists together; default 5,000 (a few megabytes). */
  readonly maxOrders?: number | undefined;
  /**
   * Oldest an answer may be, in milliseconds, whatever the notifications say; default 60,000. A bound for the case
   * no notification can catch (a listening connection that died without the socket noticing).
   */
  readonly maxAgeMs?: number | undefined;
}

/**
 * Counters of a read cache: answers served from it, answers read from the database, entries kept, and whether it is
 * listening (it keeps nothing while not).
 *
 * @example
 * ```ts
 * const stats: ReadCacheStats | undefined = repository.readCacheStats();
 * if (stats) console.log(`${stats.hits} hits, ${stats.misses} misses, live: ${stats.live}`);
 * ```
 */
export interface ReadCacheStats {
  readonly hits: number;
  readonly misses: number;
  readonly entries: number;
  readonly live: boolean;
}

/** See the file comment. Internal. */
export interface ReadCache {
  /** `load()`'s answer, kept under `key` until the next change; `weight`: the orders it holds (counts to maxOrders). */
  read<T>(key: string, load: () => Promise<T>, weight?: (value: T) => number): Promise<T>;
  /** Something changed (or may have): drop everything, and keep nothing read before now. */
  changed(): void;
  /** Whether changes are being signalled; entering or leaving either state drops everything. */
  setLive(live: boolean): void;
  stats(): ReadCacheStats;
}

interface Entry {
  // The answer as a settled promise: a hit hands out the same promise, allocating nothing.
  readonly value: Promise<unknown>;
  readonly at: number;
  readonly weight: number;
}

// Keys are the method and its arguments as JSON: a search of many terms or a report range of many labels makes a
// long key, and such reads are rare enough to go to the database every time.
const MAX_KEY_LENGTH = 4096;

function limit(value: number | undefined, fallback: number, name: string): number {
  const v = value ?? fallback;
  if (!Number.isFinite(v) || v < 0) throw new RangeError(`readCache.${name} must be a number of at least 0, got ${v}`);
  return Math.floor(v);
}

/** A read cache with the limits of `options`; `wake` is told of every read while not live (to reconnect). */
export function createReadCache(options: PostgresReadCacheOptions, wake: () => void = () => undefined): ReadCache {
  const maxEntries = limit(options.maxEntries, 1000, 'maxEntries');
  const maxOrders = limit(options.maxOrders, 5000, 'maxOrders');
  const maxAgeMs = limit(options.maxAgeMs, 60_000, 'maxAgeMs');
  // Map order is the order answers were kept in: eviction takes the oldest. (Not least-recently-used: moving an entry
  // on every hit would cost each hit two map operations; a hot answer evicted by a churn of others is read once more.)
  const entries = new Map<string, Entry>();
  let weight = 0;
  let generation = 0;
  let live = false;
  let hits = 0;
  let misses = 0;

  const drop = (key: string, entry: Entry): void => {
    entries.delete(key);
    weight -= entry.weight;
  };
  const keep = (key: string, value: unknown, at: number, w: number): void => {
    if (w > maxOrders || maxEntries === 0) return;
    const old = entries.get(key);
    if (old !== undefined) drop(key, old);
    entries.set(key, { value: Promise.resolve(value), at, weight: w });
    weight += w;
    for (const [k, e] of entries) {
      if (entries.size <= maxEntries && weight <= maxOrders) break;
      drop(k, e);
    }
  };
  const clear = (): void => {
    generation++;
    entries.clear();
    weight = 0;
  };

  return {
    // Not async: a hit answers with an already-resolved promise, without an async function's extra steps.
    read<T>(key: string, load: () => Promise<T>, weigh?: (value: T) => number): Promise<T> {
      if (!live) {
        wake();
        misses++;
        return load();
      }
      if (key.length > MAX_KEY_LENGTH) {
        misses++;
        return load();
      }
      const now = Date.now();
      const hit = entries.get(key);
      if (hit !== undefined) {
        if (now - hit.at <= maxAgeMs) {
          hits++;
          return hit.value as Promise<T>;
        }
        drop(key, hit);
      }
      misses++;
      const started = generation;
      return load().then((value) => {
        if (live && generation === started) keep(key, value, now, weigh === undefined ? 0 : weigh(value));
        return value;
      });
    },
    changed: clear,
    setLive(next: boolean) {
      if (next === live) return;
      live = next;
      clear();
    },
    stats: () => ({ hits, misses, entries: entries.size, live }),
  };
}
