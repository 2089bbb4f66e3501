import { TZDate } from '@date-fns/tz';
import { addMonths } from 'date-fns/addMonths';
import type { ReportFilter, ReportGrouping, ReportRange } from './report-types';

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
 * The result of {@link resolveReportRange}.
 *
 * @example
 * ```ts
 * const result: ReportRangeResult = resolveReportRange({ period: 'month' }, { now: new Date(), timeZone: 'UTC' });
 * if (!result.ok) console.log(result.error.path); // ['filter', 'date_min']
 * ```
 */
export type ReportRangeResult =
  | { readonly ok: true; readonly range: ReportRange }
  | { readonly ok: false; readonly error: InvalidReportDateError };

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

const DAY_MS = 86_400_000;
// 400 Gregorian years are exactly 146,097 days.
const FOUR_CENTURIES_MS = 146_097 * DAY_MS;

/**
 * The instant of a wall-clock time in `timeZone`. Out-of-range parts roll over like `Date` (day 0 is the last day
 * of the previous month). A wall time skipped by a DST jump resolves to the instant after the gap; a repeated one to
 * its later occurrence (what `TZDate` does).
 */
function zoned(timeZone: string, y: number, m: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number {
  if (y >= 0 && y < 100) {
    // Date maps years 0-99 to 1900-1999; every zone keeps one constant local mean time offset before 1850, so
    // computing 400 years later (same calendar) and shifting back is exact.
    return new TZDate(y + 400, m, d, h, mi, s, ms, timeZone).getTime() - FOUR_CENTURIES_MS;
  }
  return new TZDate(y, m, d, h, mi, s, ms, timeZone).getTime();
}

interface LocalDate {
  readonly y: number;
  /** 0-based month. */
  readonly m: number;
  readonly d: number;
}

function localDate(instant: number, timeZone: string): LocalDate {
  const t = new TZDate(instant, timeZone);
  return { y: t.getFullYear(), m: t.getMonth(), d: t.getDate() };
}

const pad2 = (n: number): string => (n < 10 ? '0' : '') + n;
const pad4 = (n: number): string => String(n).padStart(4, '0');
const monthLabel = (y: number, m: number): string => `${pad4(y)}-${pad2(m + 1)}`;
const dayLabel = (y: number, m: number, d: number): string => `${pad4(y)}-${pad2(m + 1)}-${pad2(d)}`;

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

function buildLabels(start: number, end: number, grouping: ReportGrouping, timeZone: string): string[] {
  if (end <= start) return [];
  const first = localDate(start, timeZone);
  const last = localDate(end - 1, timeZone);
  const labels: string[] = [];
  if (grouping === 'month') {
    const stop = monthLabel(last.y, last.m);
    for (let i = 0; ; i += 1) {
      const y = first.y + Math.floor((first.m + i) / 12);
      const label = monthLabel(y, (first.m + i) % 12);
      labels.push(label);
      if (label >= stop) return labels;
    }
  }
  const stop = dayLabel(last.y, last.m, last.d);
  // Walk calendar days in plain UTC arithmetic: a label is a calendar date, so DST never shifts it.
  for (let i = 0; ; i += 1) {
    const t = new Date(0);
    t.setUTCFullYear(first.y, first.m, first.d + i);
    const label = dayLabel(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate());
    labels.push(label);
    if (label >= stop) return labels;
  }
}

function rangeOf(start: number, end: number, grouping: ReportGrouping, timeZone: string): ReportRange {
  return {
    start: new Date(start),
    end: new Date(end),
    grouping,
    labels: buildLabels(start, end, grouping, timeZone),
    timeZone,
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
 * @param filter - the raw `filter` strings of the request.
 * @param clock - the current instant and the store's IANA time zone.
 * @returns the range, or an `invalid_report_date` error naming the unparseable key.
 * @throws RangeError when `clock.timeZone` is not a known time zone (a configuration error).
 * @example
 * ```ts
 * import { resolveReportRange } from 'shopkeep/shop';
 * const result = resolveReportRange({ period: 'week' }, { now: new Date('2024-03-31T12:00:00Z'), timeZone: 'UTC' });
 * if (result.ok) result.range.labels; // ['2024-03-25', ..., '2024-03-31']
 * ```
 */
export function resolveReportRange(filter: ReportFilter, clock: ReportClock): ReportRangeResult {
  const { timeZone } = clock;
  assertTimeZone(timeZone);
  const now = clock.now.getTime();
  const today = localDate(now, timeZone);
  const midnight = (dayOffset: number, y = today.y, m = today.m, d = today.d): number =>
    zoned(timeZone, y, m, d + dayOffset);
  const endOfToday = midnight(1);

  const period = filter.period?.trim() ?? '';
  if (period !== '') {
    switch (period) {
      case 'month':
        return { ok: true, range: rangeOf(midnight(0, today.y, today.m, 1), endOfToday, 'day', timeZone) };
      case 'last_month':
        return {
          ok: true,
          range: rangeOf(midnight(0, today.y, today.m - 1, 1), midnight(0, today.y, today.m, 1), 'day', timeZone),
        };
      case 'year':
        return { ok: true, range: rangeOf(midnight(0, today.y, 0, 1), endOfToday, 'month', timeZone) };
      default:
        return { ok: true, range: rangeOf(midnight(-6), endOfToday, 'day', timeZone) };
    }
  }

  const rawMin = filter.date_min?.trim() ?? '';
  const rawMax = filter.date_max?.trim() ?? '';
  if (rawMin === '' && rawMax === '') {
    return { ok: true, range: rangeOf(midnight(0), endOfToday, 'day', timeZone) };
  }
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
  return { ok: true, range: rangeOf(start, end, grouping, timeZone) };
}

/**
 * The instants (epoch milliseconds) that split a range into its periods: `labels.length + 1` ascending values, so
 * period `i` (label `labels[i]`) is `[bounds[i], bounds[i + 1])`. The first is the range start (which may fall inside
 * its day or month), the last the range end; the others are local midnights (of the 1st, for month grouping) in the
 * range's time zone, so a DST day is 23 or 25 hours long. An empty range gives `[start]`.
 *
 * @example
 * ```ts
 * import { reportPeriodBounds, resolveReportRange } from 'shopkeep/shop';
 * const r = resolveReportRange({ date_min: '2024-03-30', date_max: '2024-03-31' },
 *   { now: new Date('2024-04-01T00:00:00Z'), timeZone: 'UTC' });
 * if (r.ok) reportPeriodBounds(r.range); // [Date.UTC(2024,2,30), Date.UTC(2024,2,31), Date.UTC(2024,3,1)]
 * ```
 */
export function reportPeriodBounds(range: ReportRange): number[] {
  const bounds = [range.start.getTime()];
  for (let i = 1; i < range.labels.length; i += 1) {
    const label = range.labels[i] as string;
    const y = Number(label.slice(0, 4));
    const m = Number(label.slice(5, 7)) - 1;
    const d = label.length > 7 ? Number(label.slice(8, 10)) : 1;
    bounds.push(zoned(range.timeZone, y, m, d));
  }
  if (range.labels.length > 0) bounds.push(range.end.getTime());
  return bounds;
}
