// The sales report and top sellers of a store from the report day cache: the range's days (checked and, when
// stale, re-read by the cache) summed into the report's periods. Ranges that do not start and end on local midnights
// (or are longer than the cache keeps) answer null, and the repository reads them with the plain push-downs.
import type { OrderStatus } from '../../../model/order';
import { DAY_MS, localDate, reportPeriodBounds, zoned } from '../../../reports/report-periods';
import type { PeriodTotals, ReportRange, TopSellerRow } from '../../../reports/report-types';
import { ExactDecimal as Decimal } from '../../../reports/sales-exact-sum';
import type { OrderFilter, TimeWindow } from '../../shop-repository';
import type { PostsCounts } from './posts-counts';
import { ReportDayCache, type WooCommerceReportCacheOptions } from './report-day-cache';
import { aggregateWooCommerceSales, periodTotals, productNames, rankTopSellers, registrationsByPeriod, topSellersOf, wooCommerceTopSellers, type RawPeriodSums } from './report-sql';
import { statusesAlone } from '../order-where';
import type { MysqlQueryable, WooCommerceStorage, WooCommerceTables } from '../woocommerce-database';

/** The local midnights from a range's start through its end, when both are midnights; else null. */
export function dayBoundsOf(range: Pick<ReportRange, 'start' | 'end' | 'timeZone'>): readonly number[] | null {
  const start = range.start.getTime();
  const end = range.end.getTime();
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) return null;
  // A year is 366 zone conversions (milliseconds a report); the same few ranges are asked again and again.
  const key = `${start}|${end}|${range.timeZone}`;
  if (DAY_BOUNDS.has(key)) return DAY_BOUNDS.get(key)!;
  const bounds = localMidnights(start, end, range.timeZone);
  DAY_BOUNDS.set(key, bounds === null ? null : Object.freeze(bounds));
  for (const k of DAY_BOUNDS.keys()) if (DAY_BOUNDS.size > 64) DAY_BOUNDS.delete(k);
  return bounds;
}

const DAY_BOUNDS = new Map<string, readonly number[] | null>();

function localMidnights(start: number, end: number, timeZone: string): number[] | null {
  const first = localDate(start, timeZone);
  const bounds: number[] = [];
  for (let i = 0; ; i += 1) {
    const midnight = zoned(timeZone, first.y, first.m, first.d + i);
    if (!Number.isFinite(midnight) || midnight > end) return null;
    if (i === 0 && midnight !== start) return null;
    bounds.push(midnight);
    if (midnight === end) return bounds;
    // A zone whose midnight does not move a day forward (it cannot, but a safety stop beats a loop).
    if (bounds.length > 1 && midnight - bounds[bounds.length - 2]! < DAY_MS / 2) return null;
  }
}

/** The cache a report of a store in `storage` uses, if any. */
export type ReportCacheFor = (storage: WooCommerceStorage) => ReportDayCache | undefined;

/**
 * One repository's report cache (none for `false`), one per storage: HPOS follows every save by `date_updated_gmt`;
 * posts storage, whose update times no index has, checks its days by fingerprints only (report-day-cache.ts). A store
 * that switches storage has the other storage's days forgotten.
 */
export function reportCacheFor(option: boolean | WooCommerceReportCacheOptions | undefined): ReportCacheFor {
  if (option === false) return () => undefined;
  const options = option === true || option === undefined ? {} : option;
  const caches = { hpos: new ReportDayCache(options, Date.now, 'hpos'), posts: new ReportDayCache(options, Date.now, 'posts') };
  let last: WooCommerceStorage | undefined;
  return (storage) => {
    if (last !== undefined && last !== storage) caches[last].clear();
    last = storage;
    return caches[storage];
  };
}

/** A sales report's period totals: from the cache when there is one and it serves the range, else pushed down. */
export async function reportSales(
  cache: ReportDayCache | undefined,
  db: MysqlQueryable,
  t: WooCommerceTables,
  storage: WooCommerceStorage,
  prefix: string,
  range: ReportRange,
  statuses: readonly OrderStatus[],
): Promise<readonly PeriodTotals[]> {
  return (cache && (await cachedSales(cache, db, t, prefix, range, statuses))) ?? aggregateWooCommerceSales(db, t, storage, prefix, range, statuses);
}

/** Top sellers: from the cache when there is one and it serves the window, else pushed down. */
export async function reportTopSellers(
  cache: ReportDayCache | undefined,
  db: MysqlQueryable,
  t: WooCommerceTables,
  storage: WooCommerceStorage,
  window: TimeWindow,
  timeZone: string,
  statuses: readonly OrderStatus[],
  limit: number,
): Promise<readonly TopSellerRow[]> {
  return (cache && (await cachedTopSellers(cache, db, t, window, timeZone, statuses, limit))) ?? wooCommerceTopSellers(db, t, storage, window, statuses, limit);
}

// For each day of `days`, the index of the period of `bounds` it lies in; null when a period bound is no day bound.
function periodOfDays(days: readonly number[], bounds: readonly number[]): number[] | null {
  const known = new Set(days);
  if (!bounds.every((b) => known.has(b))) return null;
  const out: number[] = [];
  let period = 0;
  for (let i = 0; i + 1 < days.length; i += 1) {
    while (period + 2 < bounds.length && bounds[period + 1]! <= days[i]!) period += 1;
    out.push(period);
  }
  return out;
}

/** The report's period totals from cached days, or null when the range is not one the cache serves. */
export async function cachedSales(
  cache: ReportDayCache,
  db: MysqlQueryable,
  t: WooCommerceTables,
  prefix: string,
  range: ReportRange,
  statuses: readonly OrderStatus[],
): Promise<PeriodTotals[] | null> {
  const bounds = reportPeriodBounds(range);
  const days = range.labels.length === 0 ? null : dayBoundsOf(range);
  const periods = days === null ? null : periodOfDays(days, bounds);
  if (days === null || periods === null) return null;
  // The registrations in parallel with the days (their own statement, or kept by the cache).
  const [perDay, customers] = await Promise.all([cache.salesByDay(db, t, days, statuses), cache.registrationsBy(bounds, () => registrationsByPeriod(db, t, prefix, bounds))]);
  if (perDay === null) return null;
  const sums = cache.folded(`sales|${statuses.join(',')}|${bounds.join(',')}`, perDay, () => {
    const zero = () => ({ orders: 0, sales: new Decimal(0), tax: new Decimal(0), shipping: new Decimal(0), items: new Decimal(0), discount: new Decimal(0), refunds: new Decimal(0) });
    const sums = range.labels.map(zero);
    for (const [i, d] of perDay.entries()) {
      const s = sums[periods[i]!]!;
      s.orders += d.orders;
      s.sales = s.sales.plus(d.sales);
      s.tax = s.tax.plus(d.tax);
      s.shipping = s.shipping.plus(d.shipping);
      s.items = s.items.plus(d.items);
      s.discount = s.discount.plus(d.discount);
      s.refunds = s.refunds.plus(d.refunds);
    }
    return sums;
  });
  return sums.map((s, i) => {
    const raw: RawPeriodSums = { ...s, sales: s.sales.toString(), tax: s.tax.toString(), shipping: s.shipping.toString(), items: s.items.toFixed(), discount: s.discount.toString(), refunds: s.refunds.toString() };
    return periodTotals(raw, customers[i]!);
  });
}

/** The top sellers of a window from cached days, or null when the window is not one the cache serves. */
export async function cachedTopSellers(
  cache: ReportDayCache,
  db: MysqlQueryable,
  t: WooCommerceTables,
  window: TimeWindow,
  timeZone: string,
  statuses: readonly OrderStatus[],
  limit: number,
): Promise<TopSellerRow[] | null> {
  const days = dayBoundsOf({ start: window.start, end: window.end, timeZone });
  if (days === null) return null;
  const key = `top|${statuses.join(',')}|${days[0]}|${days[days.length - 1]}`;
  // The names of the products the last answer summed, read beside the check of the days (one round trip less when
  // nothing changed, the usual case); when the sum changed, the names of its products are read after it.
  const last = cache.lastFolded<Map<number, number>>(key);
  const guess = last === undefined ? undefined : productNames(db, t, [...last.keys()]);
  guess?.catch(() => undefined); // awaited below only when it is used
  const perDay = await cache.quantitiesByDay(db, t, days, statuses);
  if (perDay === null) return null;
  const total = cache.folded(key, perDay, () => {
    const sum = new Map<number, number>();
    for (const day of perDay) for (const [id, q] of day) sum.set(id, (sum.get(id) ?? 0) + q);
    return sum;
  });
  if (guess !== undefined && total === last) return rankTopSellers(total, await guess, limit);
  return topSellersOf(db, t, total, limit);
}

/**
 * An order count: kept by the cache for a filter of statuses alone when fingerprint checks are spaced
 * (`verifyEveryMs` > 0, the default), adjusted by the saves it follows (kept-counts.ts); else `read()`.
 * `read(true)` also answers the highest order id, from the same statement.
 */
export async function countedOrders(
  cache: ReportDayCache | undefined,
  db: MysqlQueryable,
  t: WooCommerceTables,
  filter: OrderFilter,
  read: (withTop: boolean) => Promise<{ n: number; top: number }>,
  posts?: { readonly counts: PostsCounts; readonly where: string; readonly values: unknown[] },
): Promise<number> {
  const statuses = statusesAlone(filter);
  if ((cache === undefined && posts === undefined) || statuses === null) return (await read(false)).n;
  const key = filter.statuses === undefined ? '*' : statuses.join(',');
  const stored = statuses.map((s) => `wc-${s}`);
  if (posts !== undefined) return posts.counts.count(db, t, key, stored, posts.where, posts.values);
  return cache!.count(db, t, key, stored, () => read(true));
}
