import { TZDate } from '@date-fns/tz';
import { addMonths } from 'date-fns/addMonths';
import { localDate, periodCount, rangeOf, zoned } from './report-periods';
import type { ReportFilter, ReportGrouping, ReportRange } from './report-types';

export { reportPeriodBounds } from './report-periods';

/**
 * Why a report filter was refused: an unparseable `date_min` or `date_max` (the handler answers 400).
 *
 * @example
 * ```ts
 * const error: InvalidReportDateError = {
 *   code: 'invalid_report_date', path: ['filter', 'date_min'], message: 'filter[date_min] must be an ISO 8601 date ...',
 * };
 * ```
 */
export interface InvalidReportDateError {
  readonly code: 'invalid_report_date';
  readonly path: readonly ['filter', 'date_min' | 'date_max'];
  readonly message: string;
}

/**
 * Why a report filter was refused: the range covers more periods (days or months) than the limit (the handler
 * answers 400 `shop_api_report_range_too_large`). Found by counting, before any label is built.
 *
 * @example
 * ```ts
 * const error: ReportRangeTooLargeError = {
 *   code: 'report_range_too_large', path: ['filter'], periods: 119_988, maxPeriods: 1200, message: 'The report range covers ...',
 * };
 * ```
 */
export interface ReportRangeTooLargeError {
  readonly code: 'report_range_too_large';
  readonly path: readonly ['filter'];
  /** How many periods the range would have. */
  readonly periods: number;
  /** The limit it exceeds. */
  readonly maxPeriods: number;
  readonly message: string;
}

/**
 * The result of {@link resolveReportRange}.
 *
 * @example
 * ```ts
 * const result: ReportRangeResult = resolveReportRange({ period: 'month' }, { now: new Date(), timeZone: 'UTC' });
 * if (!result.ok) console.log(result.error.code); // 'invalid_report_date' or 'report_range_too_large'
 * ```
 */
export type ReportRangeResult =
  | { readonly ok: true; readonly range: ReportRange }
  | { readonly ok: false; readonly error: InvalidReportDateError | ReportRangeTooLargeError };

/**
 * Options of {@link resolveReportRange}.
 *
 * @example
 * ```ts
 * const limits: ReportRangeOptions = { maxPeriods: 366 };
 * ```
 */
export interface ReportRangeOptions {
  /** Most periods (day or month labels) a range may have; default {@link MAX_REPORT_PERIODS}. */
  readonly maxPeriods?: number | undefined;
}

/**
 * The default limit on the periods of a report range: 1,200 (100 years of months). A sales report holds one entry
 * per period, so the limit bounds its work and its size (about 150 kB of JSON at the limit) whatever the filter.
 *
 * @example
 * ```ts
 * MAX_REPORT_PERIODS; // 1200
 * ```
 */
export const MAX_REPORT_PERIODS = 1200;

/**
 * The clock a range is resolved against: the current instant and the store's IANA time zone.
 *
 * @example
 * ```ts
 * const clock: ReportClock = { now: new Date(), timeZone: store.timeZone };
 * ```
 */
export interface ReportClock {
  readonly now: Date;
  readonly timeZone: string;
}

/**
 * The periods a `filter[period]` may name; any other non-empty value means `week`.
 *
 * @example
 * ```ts
 * REPORT_PERIODS.includes('year'); // true
 * ```
 */
export const REPORT_PERIODS = ['week', 'month', 'last_month', 'year'] as const;

/**
 * A custom range groups by month when MORE than this many whole months fit in it (Jan 1 - Apr 29: day;
 * Jan 1 - Apr 30: month).
 *
 * @example
 * ```ts
 * CUSTOM_DAY_GROUPING_MAX_MONTHS; // 3
 * ```
 */
export const CUSTOM_DAY_GROUPING_MAX_MONTHS = 3;

type ParsedDate =
  | { readonly kind: 'day'; readonly y: number; readonly m: number; readonly d: number }
  | { readonly kind: 'instant'; readonly ms: number };

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

function daysInMonth(y: number, m: number): number {
  // Proleptic Gregorian, independent of any zone.
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m] ?? 0;
}

/** Parses an ISO 8601 calendar date or date-time; undefined when it is not one (or names no real day/time). */
function parseIsoDate(text: string, timeZone: string): ParsedDate | undefined {
  const match = ISO_DATE.exec(text);
  if (match === null) return undefined;
  const [, ys, mos, ds, hs, mis, ss, fs, zs] = match;
  const y = Number(ys);
  const m = Number(mos) - 1;
  const d = Number(ds);
  if (m < 0 || m > 11 || d < 1 || d > daysInMonth(y, m)) return undefined;
  if (hs === undefined) return { kind: 'day', y, m, d };
  const h = Number(hs);
  const mi = Number(mis);
  const s = ss === undefined ? 0 : Number(ss);
  const ms = fs === undefined ? 0 : Math.floor(Number(`0.${fs}`) * 1000);
  if (h > 23 || mi > 59 || s > 59) return undefined;
  if (zs === undefined) return { kind: 'instant', ms: zoned(timeZone, y, m, d, h, mi, s, ms) };
  let offsetMinutes = 0;
  if (zs.toUpperCase() !== 'Z') {
    const digits = zs.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = digits.length > 2 ? Number(digits.slice(2)) : 0;
    if (oh > 23 || om > 59) return undefined;
    offsetMinutes = (zs[0] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const utc = zoned('UTC', y, m, d, h, mi, s, ms);
  return { kind: 'instant', ms: utc - offsetMinutes * 60_000 };
}

function assertTimeZone(timeZone: string): void {
  // An unknown zone is a store configuration error, not a request error: fail loudly instead of reporting NaN.
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw new RangeError(`resolveReportRange: unknown time zone ${JSON.stringify(timeZone)}`);
  }
}

/** Whole months from `start` that fit before `end`: the largest n with start + n months <= end (local calendar). */
function wholeMonthsBetween(start: number, end: number, timeZone: string): number {
  if (end <= start) return 0;
  const from = new TZDate(start, timeZone);
  const a = localDate(start, timeZone);
  const b = localDate(end, timeZone);
  let n = Math.max(0, (b.y - a.y) * 12 + (b.m - a.m));
  while (n > 0 && addMonths(from, n).getTime() > end) n -= 1;
  while (addMonths(from, n + 1).getTime() <= end) n += 1;
  return n;
}

// Thousands separators as en-US prints them, without an Intl.NumberFormat: building one at module load costs
// about 3 ms of ICU start-up on every import of the shop entry, for a message few requests ever need.
function counted(n: number): string {
  const digits = String(Math.trunc(n));
  let out = '';
  for (let i = 0; i < digits.length; i += 1) {
    const left = digits.length - i;
    out += (i > 0 && left % 3 === 0 && digits[i - 1] !== '-' ? ',' : '') + digits[i];
  }
  return out;
}

/** The range, or the error when it has more periods than allowed (counted first: labels are never built then). */
function boundedRange(start: number, end: number, grouping: ReportGrouping, timeZone: string, maxPeriods: number): ReportRangeResult {
  const periods = periodCount(start, end, grouping, timeZone);
  if (periods <= maxPeriods) return { ok: true, range: rangeOf(start, end, grouping, timeZone) };
  const unit = grouping === 'month' ? 'months' : 'days';
  return {
    ok: false,
    error: {
      code: 'report_range_too_large',
      path: ['filter'],
      periods,
      maxPeriods,
      message:
        `The report range covers ${counted(periods)} ${unit}; at most ${counted(maxPeriods)} periods (days or ` +
        'months) are reported. Narrow filter[date_min] and filter[date_max].',
    },
  };
}

function invalidDate(key: 'date_min' | 'date_max', value: string): ReportRangeResult {
  return {
    ok: false,
    error: {
      code: 'invalid_report_date',
      path: ['filter', key],
      message: `filter[${key}] must be an ISO 8601 date (YYYY-MM-DD) or date-time, got ${JSON.stringify(value)}`,
    },
  };
}

/**
 * Resolves a report's `filter` into the range it covers, in the store's time zone (see `docs/reports.md`):
 *
 * - `period` (non-empty) wins and `date_min`/`date_max` are ignored: `week` is the last seven calendar days, today
 *   included (from local midnight six days ago); `month` is the 1st of this month through today; `last_month` is the
 *   whole calendar month before the current one; `year` is Jan 1 through today, grouped by month; any other value is
 *   `week`. Every range but `last_month` ends at the end of today.
 * - Otherwise `date_min`/`date_max` give a custom range: a date-only value is a whole calendar day in the store's
 *   zone, a date-time without offset is a wall time in the store's zone, one with `Z` or an offset an exact instant;
 *   `date_max` is inclusive; no `date_min` means from the start of today, no `date_max` up to now. It groups by month
 *   when more than three whole months fit in it, else by day. An end at or before the start gives an empty range.
 * - Neither: today.
 *
 * A range with more periods (labels) than `options.maxPeriods` (default {@link MAX_REPORT_PERIODS}) is refused with
 * a `report_range_too_large` error; the periods are counted in constant time, so refusing costs nothing.
 *
 * @param filter - the raw `filter` strings of the request.
 * @param clock - the current instant and the store's IANA time zone.
 * @param options - the period limit.
 * @returns the range, or an `invalid_report_date` error naming the unparseable key, or `report_range_too_large`.
 * @throws RangeError when `clock.timeZone` is not a known time zone or `maxPeriods` not a positive integer (a
 * configuration error).
 * @example
 * ```ts
 * import { resolveReportRange } from 'wc-legacy-api/shop';
 * const result = resolveReportRange({ period: 'week' }, { now: new Date('2024-03-31T12:00:00Z'), timeZone: 'UTC' });
 * if (result.ok) result.range.labels; // ['2024-03-25', ..., '2024-03-31']
 * ```
 */
export function resolveReportRange(filter: ReportFilter, clock: ReportClock, options: ReportRangeOptions = {}): ReportRangeResult {
  const { timeZone } = clock;
  assertTimeZone(timeZone);
  const maxPeriods = options.maxPeriods ?? MAX_REPORT_PERIODS;
  if (!Number.isInteger(maxPeriods) || maxPeriods < 1) {
    throw new RangeError(`resolveReportRange: maxPeriods must be a positive integer, got ${maxPeriods}`);
  }
  const bounded = (start: number, end: number, grouping: ReportGrouping) => boundedRange(start, end, grouping, timeZone, maxPeriods);
  const now = clock.now.getTime();
  const today = localDate(now, timeZone);
  const midnight = (dayOffset: number, y = today.y, m = today.m, d = today.d): number =>
    zoned(timeZone, y, m, d + dayOffset);
  const endOfToday = midnight(1);

  const period = filter.period?.trim() ?? '';
  if (period !== '') {
    switch (period) {
      case 'month':
        return bounded(midnight(0, today.y, today.m, 1), endOfToday, 'day');
      case 'last_month':
        return bounded(midnight(0, today.y, today.m - 1, 1), midnight(0, today.y, today.m, 1), 'day');
      case 'year':
        return bounded(midnight(0, today.y, 0, 1), endOfToday, 'month');
      default:
        return bounded(midnight(-6), endOfToday, 'day');
    }
  }

  const rawMin = filter.date_min?.trim() ?? '';
  const rawMax = filter.date_max?.trim() ?? '';
  if (rawMin === '' && rawMax === '') return bounded(midnight(0), endOfToday, 'day');
  let start = midnight(0);
  if (rawMin !== '') {
    const parsed = parseIsoDate(rawMin, timeZone);
    if (parsed === undefined) return invalidDate('date_min', filter.date_min ?? '');
    start = parsed.kind === 'day' ? zoned(timeZone, parsed.y, parsed.m, parsed.d) : parsed.ms;
  }
  // Inclusive ends become exclusive ones: the day after a date, the millisecond after an instant or now.
  let end = now + 1;
  if (rawMax !== '') {
    const parsed = parseIsoDate(rawMax, timeZone);
    if (parsed === undefined) return invalidDate('date_max', filter.date_max ?? '');
    end = parsed.kind === 'day' ? zoned(timeZone, parsed.y, parsed.m, parsed.d + 1) : parsed.ms + 1;
  }
  const grouping: ReportGrouping =
    wholeMonthsBetween(start, end, timeZone) > CUSTOM_DAY_GROUPING_MAX_MONTHS ? 'month' : 'day';
  return bounded(start, end, grouping);
}
