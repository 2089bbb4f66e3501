// Per-day report sums of a store, kept in memory by the bridge and checked against the store, so a year's report
// re-reads only the days that changed (the store is never written: nothing is stored there). Posts storage: the
// fingerprints and the age only (no index holds its update times; see followUpdates).
//
// Consistency rule (docs/woocommerce.md, "Report cache"): every report and kept count first follows
// `date_updated_gmt` (indexed), which WooCommerce sets on every save: rows updated since the newest update the cache
// has seen (less a margin for clock skew) mark their order's day stale and drop kept counts. So everything WooCommerce
// saves (a new order, a status change, an edit, a refund) is seen by the next request. At most every `verifyEveryMs`
// (default 5 min), each cached day is also compared with a fingerprint read from indexes only: per day, the count,
// sum and sum of squares of the ids of the report's orders (`type_status_date`) and the count and id sum of their
// refunds, so a hard-deleted order or refund, or a status or day change written without a stamp, is seen within that
// interval. A change that leaves both alone (a SQL edit of item meta behind WooCommerce's back) is seen when the
// day's entry is older than `maxAgeMs`.
import type { OrderStatus } from '../../../model/order';
import { datetimeOf, gmtMillis } from '../woocommerce-values';
import { orderColumns } from '../order-where';
import { KeptCounts, type SavedRow } from './kept-counts';
import { PostsCounts } from './posts-counts';
import { periodOf, productQuantitiesByPeriod, reportScope, salesSumsByPeriod, type RawPeriodSums } from './report-sql';
import { selectRows, text, type MysqlQueryable, type WooCommerceStorage, type WooCommerceTables } from '../woocommerce-database';

/**
 * How the bridge keeps report days in memory (see docs/woocommerce.md, "Report cache").
 *
 * @example
 * ```ts
 * const repository = createWooCommerceRepository({ url, reportCache: { maxAgeMs: 60_000, maxDays: 800 } });
 * ```
 */
export interface WooCommerceReportCacheOptions {
  /** A cached day is read again when older than this, whatever its fingerprint says (default 600,000: 10 min). */
  readonly maxAgeMs?: number | undefined;
  /** Days kept per kind (sales sums, top-seller quantities), least recently used dropped first (default 4,000). */
  readonly maxDays?: number | undefined;
  /**
   * How long a check by fingerprints (and the registrations count) holds (default 300,000: 5 min; 0: every report
   * checks). Within this long after a check, reports and order counts of statuses alone follow `date_updated_gmt`
   * only (every save WooCommerce makes is still seen by the next request): a hard-deleted order or refund, a change
   * written without a stamp, or a new customer registration or role change is then seen up to this much later.
   * WooCommerce's own v1 reports are kept for 24 hours (docs/woocommerce.md, "Report cache").
   */
  readonly verifyEveryMs?: number | undefined;
}

interface Entry<V> {
  readonly start: number;
  readonly end: number;
  readonly fingerprint: string;
  readonly at: number;
  /** When a fingerprint last matched (or the entry was read). */
  checked: number;
  readonly value: V;
}

// Rows updated within this much before the newest update seen are read again by each check: a save committed late,
// or stamped by a web server whose clock lags, still lands inside it.
const SKEW_MS = 5 * 60_000;
// Stale days read by one statement (see byDay).
const FILL_BATCH_DAYS = 31;
// More rows than this updated since the last check: the whole cache is dropped instead of the days looked up.
const MAX_CHANGED_ROWS = 10_000;
// A fingerprint check is an index scan of every order of the range: per report, 10-20x the PostgreSQL repository.
// Spaced 5 min, only what WooCommerce never stamps waits that long; its own v1 reports wait 24 h (docs/decisions.md).
const DEFAULT_VERIFY_EVERY_MS = 5 * 60_000;


/** The report days kept for one repository; see the file comment for what a report sees when. */
export class ReportDayCache {
  private readonly maxAgeMs: number;
  private readonly maxDays: number;
  private readonly verifyEveryMs: number;
  /** Posts storage: its order counts, kept by their own rule (posts-counts.ts). */
  readonly postsCounts: PostsCounts;
  private readonly registrations = new Map<string, { checked: number; counts: number[] }>();
  private readonly folds = new Map<string, { parts: readonly unknown[]; value: unknown }>();
  private readonly counts = new KeptCounts();
  private readonly sales = new Map<string, Entry<RawPeriodSums>>();
  private readonly quantities = new Map<string, Entry<Map<number, number>>>();
  private watermark: number | undefined;
  // Counts invalidations: days read while one happened are answered but not kept (they may predate the change).
  private generation = 0;
  private seen = new Map<number, string>();
  // A digest of the rows `seen` was read from (their count, newest stamp and a checksum of ids and stamps).
  private digest: string | undefined;

  constructor(
    options: WooCommerceReportCacheOptions = {},
    private readonly now: () => number = Date.now,
    // Posts storage: no update times to follow (see followUpdates); days are checked by fingerprints only.
    private readonly storage: WooCommerceStorage = 'hpos',
  ) {
    this.maxAgeMs = options.maxAgeMs ?? 600_000;
    this.maxDays = options.maxDays ?? 4000;
    this.verifyEveryMs = options.verifyEveryMs ?? DEFAULT_VERIFY_EVERY_MS;
    this.postsCounts = new PostsCounts(this.verifyEveryMs, now);
    if (!(this.verifyEveryMs >= 0)) throw new RangeError(`reportCache.verifyEveryMs must be a number of at least 0, got ${this.verifyEveryMs}`);
    if (!(this.maxAgeMs >= 0)) throw new RangeError(`reportCache.maxAgeMs must be a number of at least 0, got ${this.maxAgeMs}`);
    if (!Number.isSafeInteger(this.maxDays) || this.maxDays < 1) throw new RangeError(`reportCache.maxDays must be a whole number of at least 1, got ${this.maxDays}`);
  }

  /** Forgets every day (the store's storage changed, or too much changed at once). */
  clear(): void {
    this.dropEntries();
    this.postsCounts.clear();
    this.watermark = undefined;
    this.seen = new Map();
  }

  private dropEntries(): void {
    this.digest = undefined;
    this.generation += 1;
    for (const kept of [this.sales, this.quantities, this.registrations, this.folds, this.counts]) kept.clear();
  }

  /** The sums of each day of `days` (local midnights), or null when the range is too long to keep. */
  salesByDay(db: MysqlQueryable, t: WooCommerceTables, days: readonly number[], statuses: readonly OrderStatus[]): Promise<RawPeriodSums[] | null> {
    return this.byDay(db, t, days, statuses, this.sales, async (scope) => salesSumsByPeriod(db, t, this.storage, scope, days));
  }

  /** The line quantities per product of each day of `days`, or null when the range is too long to keep. */
  quantitiesByDay(db: MysqlQueryable, t: WooCommerceTables, days: readonly number[], statuses: readonly OrderStatus[]): Promise<Map<number, number>[] | null> {
    return this.byDay(db, t, days, statuses, this.quantities, async (scope) => productQuantitiesByPeriod(db, t, scope, days));
  }

  /** The value last folded under `key`, if any (see {@link folded}). */
  lastFolded<T>(key: string): T | undefined {
    return this.folds.get(key)?.value as T | undefined;
  }

  /**
   * `fold()` of the day values `parts`, or its last result under `key` when every part is the very value it was then
   * (no day re-read since): a year's report is then not re-summed from its 365 days.
   */
  folded<T>(key: string, parts: readonly unknown[], fold: () => T): T {
    const last = this.folds.get(key);
    if (last !== undefined && last.parts.length === parts.length && last.parts.every((p, i) => p === parts[i])) return last.value as T;
    const value = fold();
    this.folds.delete(key);
    this.folds.set(key, { parts, value });
    for (const k of this.folds.keys()) if (this.folds.size > 64) this.folds.delete(k);
    return value;
  }

  /**
   * The count of orders of `statuses` (stored names; `key` names the filter): with `verifyEveryMs` > 0, kept for that
   * long and adjusted by the saves seen meanwhile (kept-counts.ts), so a hard delete is counted up to that long late;
   * with 0, always read. `read` answers the count and the highest order id, from one statement.
   */
  async count(db: MysqlQueryable, t: WooCommerceTables, key: string, statuses: readonly string[], read: () => Promise<{ n: number; top: number }>): Promise<number> {
    if (this.verifyEveryMs === 0) return (await read()).n;
    await this.followUpdates(db, t);
    const generation = this.generation;
    const now = this.now();
    const kept = this.counts.get(key, now - this.verifyEveryMs + 1);
    if (kept !== undefined) return kept;
    const { n, top } = await read();
    // Not kept when saves were followed meanwhile (their rows may or may not be in `n`), or none can be followed.
    if (generation === this.generation && this.watermark !== undefined && Number.isSafeInteger(top)) this.counts.set(key, now, n, top, statuses);
    return n;
  }

  /** The registrations per period of `bounds`: read by `read`, or kept from a read within `verifyEveryMs`. */
  async registrationsBy(bounds: readonly number[], read: () => Promise<number[]>): Promise<number[]> {
    const key = bounds.join(',');
    const kept = this.registrations.get(key);
    if (kept !== undefined && this.now() - kept.checked < this.verifyEveryMs) return kept.counts;
    const counts = await read();
    this.registrations.delete(key);
    this.registrations.set(key, { checked: this.now(), counts });
    for (const k of this.registrations.keys()) if (this.registrations.size > 64) this.registrations.delete(k);
    return counts;
  }

  private async byDay<V>(
    db: MysqlQueryable,
    t: WooCommerceTables,
    days: readonly number[],
    statuses: readonly OrderStatus[],
    entries: Map<string, Entry<V>>,
    compute: (scope: NonNullable<ReturnType<typeof reportScope>>) => Promise<V[]>,
  ): Promise<V[] | null> {
    const n = days.length - 1;
    if (n < 1 || n > this.maxDays) return null;
    await this.followUpdates(db, t);
    const generation = this.generation;
    const tag = [...new Set(statuses)].sort().join(',');
    const key = (i: number) => `${tag}|${days[i]}|${days[i + 1]}`;
    const now = this.now();
    if (this.verifyEveryMs > 0) {
      // Inside the check interval every day must be kept, young enough, and checked recently.
      const kept = days.slice(1).map((_, i) => entries.get(key(i)));
      if (kept.every((e) => e !== undefined && now - e.at <= this.maxAgeMs && now - e.checked < this.verifyEveryMs)) return kept.map((e) => e!.value);
    }
    const prints = await fingerprints(db, t, this.storage, days, statuses);
    const out: (V | undefined)[] = [];
    const stale: number[] = [];
    for (let i = 0; i < n; i += 1) {
      const entry = entries.get(key(i));
      if (entry !== undefined && entry.fingerprint === prints[i] && now - entry.at <= this.maxAgeMs) {
        entry.checked = now;
        entries.delete(key(i)); // re-inserted last: the Map's order is the least recently used first
        entries.set(key(i), entry);
        out.push(entry.value);
      } else {
        // A kept day whose fingerprint moved: orders came or went unseen by the saves, so kept counts go too.
        if (entry !== undefined && entry.fingerprint !== prints[i]) this.counts.clear();
        out.push(undefined);
        stale.push(i);
      }
    }
    // Stale days read a month at a time, each batch kept as it arrives: a range too long to read within one request's
    // budget (a year's first read on a loaded server) is then filled over a few requests instead of never.
    for (let from = 0; from < stale.length; from += FILL_BATCH_DAYS) {
      const batch = stale.slice(from, from + FILL_BATCH_DAYS);
      // Runs of consecutive days, each an index range of the one query.
      const windows: { start: Date; end: Date }[] = [];
      for (const i of batch) {
        const last = windows[windows.length - 1];
        if (last !== undefined && last.end.getTime() === days[i]) last.end = new Date(days[i + 1]!);
        else windows.push({ start: new Date(days[i]!), end: new Date(days[i + 1]!) });
      }
      const scope = reportScope(t, this.storage, windows, statuses);
      if (scope === null) return null;
      const fresh = await compute(scope);
      const keep = generation === this.generation;
      for (const i of batch) {
        out[i] = fresh[i]!;
        if (!keep) continue;
        entries.delete(key(i));
        entries.set(key(i), { start: days[i]!, end: days[i + 1]!, fingerprint: prints[i]!, at: now, checked: now, value: fresh[i]! });
      }
      for (const k of entries.keys()) {
        if (entries.size <= this.maxDays) break;
        entries.delete(k);
      }
    }
    return out as V[];
  }

  // Drops the days of orders (and of refunds' orders) updated since the last check.
  private async followUpdates(db: MysqlQueryable, t: WooCommerceTables): Promise<void> {
    // Posts storage: `post_modified_gmt` has no index, so following saves would scan every order on every report.
    // Its days are checked by fingerprints alone (at most every `verifyEveryMs`), and counts are never kept.
    if (this.storage === 'posts') return;
    // The first time from the newest stamp (`date_updated` index); then from the newest seen, and when the digest of
    // the rows since (one row, from the index alone) is the one of the rows last read, nothing was saved since.
    let from = this.watermark;
    let digest: string | undefined;
    if (from === undefined) {
      const [top] = await selectRows(db, `SELECT MAX(date_updated_gmt) AS m FROM ${t.orders}`);
      from = gmtMillis(text(top?.m));
      if (!Number.isFinite(from)) return; // no update time anywhere: fingerprints and age only
    } else {
      const [d] = await selectRows(
        db,
        `SELECT COUNT(*) AS n, MAX(date_updated_gmt) AS m, SUM(CRC32(CONCAT(id, ' ', date_updated_gmt))) AS h FROM ${t.orders} WHERE date_updated_gmt >= ?`,
        [datetimeOf(from - SKEW_MS)],
      );
      digest = `${from}|${text(d?.n)}|${text(d?.m)}|${text(d?.h)}`;
      if (digest === this.digest) return;
    }
    const updatedSince = (op: '>=' | '>', at: number) =>
      selectRows(
        db,
        `SELECT o.id, o.type, o.status, o.date_updated_gmt AS updated, COALESCE(p.date_created_gmt, o.date_created_gmt) AS created
           FROM ${t.orders} o LEFT JOIN ${t.orders} p ON p.id = o.parent_order_id AND o.parent_order_id > 0
          WHERE o.date_updated_gmt ${op} ? LIMIT ${MAX_CHANGED_ROWS + 1}`,
        [datetimeOf(at)],
      );
    let rows = await updatedSince('>=', from - SKEW_MS);
    // A crowded margin (a bulk import stamped within minutes): the rows past the watermark only, without the margin.
    if (rows.length > MAX_CHANGED_ROWS && this.watermark !== undefined) {
      rows = await updatedSince('>', from);
      digest = undefined;
    }
    if (rows.length > MAX_CHANGED_ROWS) {
      this.clear();
      return;
    }
    const first = this.watermark === undefined;
    const seen = new Map<number, string>();
    const changed: number[] = [];
    const saved: SavedRow[] = [];
    for (const r of rows) {
      const id = Number(r.id);
      const updated = text(r.updated);
      seen.set(id, updated);
      if (first || this.seen.get(id) === updated) continue;
      changed.push(gmtMillis(text(r.created)));
      saved.push({ id, type: text(r.type), status: text(r.status) });
    }
    if (changed.some((at) => !Number.isFinite(at))) this.dropEntries();
    else if (changed.length > 0) {
      this.generation += 1;
      this.counts.saved(saved);
      changed.sort((x, y) => x - y);
      for (const entries of [this.sales, this.quantities] as Map<string, Entry<unknown>>[]) {
        for (const [k, e] of entries) {
          // The first change at or after the day's start, by bisection: stale when it falls before the day's end.
          let lo = 0;
          let hi = changed.length;
          while (lo < hi) {
            const mid = (lo + hi) >> 1;
            if (changed[mid]! < e.start) lo = mid + 1;
            else hi = mid;
          }
          if (lo < changed.length && changed[lo]! < e.end) entries.delete(k);
        }
      }
    }
    let newest = from;
    for (const stamp of seen.values()) newest = Math.max(newest, gmtMillis(stamp) || newest);
    this.watermark = newest;
    this.seen = seen;
    // The digest holds for these rows only while the watermark stays (a new one starts a new window).
    this.digest = newest === from ? digest : undefined;
  }
}

// Per day: the report's orders (count, id sum, id square sum) and their refunds (count, id sum); HPOS from indexes
// only, posts storage through the order rows' `post_date_gmt` (no index has it).
async function fingerprints(db: MysqlQueryable, t: WooCommerceTables, storage: WooCommerceStorage, days: readonly number[], statuses: readonly OrderStatus[]): Promise<string[]> {
  const prints = days.slice(1).map(() => ({ orders: '0:0:0', refunds: '0:0' }));
  const scope = reportScope(t, storage, [{ start: new Date(days[0]!), end: new Date(days[days.length - 1]!) }], statuses);
  if (scope !== null) {
    const c = orderColumns(t, storage);
    const day = periodOf(c, days);
    const refundJoin =
      storage === 'hpos'
        ? `${t.orders} rf STRAIGHT_JOIN ${c.from} ON o.id = rf.parent_order_id WHERE rf.type = 'shop_order_refund'`
        : `${t.posts} rf STRAIGHT_JOIN ${c.from} ON o.ID = rf.post_parent WHERE rf.post_type = 'shop_order_refund'`;
    const refundId = storage === 'hpos' ? 'rf.id' : 'rf.ID';
    // Both in parallel; refunds (few) read first, their orders by primary key.
    const [orders, refunds] = await Promise.all([
      selectRows(db, `SELECT ${day} AS d, COUNT(*) AS n, SUM(${c.id}) AS s, SUM(CAST(${c.id} AS DECIMAL(40,0)) * ${c.id}) AS q FROM ${c.from} WHERE ${scope.where} GROUP BY 1 ORDER BY NULL`, scope.values),
      selectRows(db, `SELECT ${day} AS d, COUNT(*) AS n, SUM(${refundId}) AS s FROM ${refundJoin} AND ${scope.where} GROUP BY 1 ORDER BY NULL`, scope.values),
    ]);
    for (const r of orders) {
      const p = prints[Number(r.d)];
      if (p !== undefined) p.orders = `${text(r.n)}:${text(r.s)}:${text(r.q)}`;
    }
    for (const r of refunds) {
      const p = prints[Number(r.d)];
      if (p !== undefined) p.refunds = `${text(r.n)}:${text(r.s)}`;
    }
  }
  return prints.map((p) => `${p.orders}|${p.refunds}`);
}
