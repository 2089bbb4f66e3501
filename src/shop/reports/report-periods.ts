// The periods of a report range: the calendar arithmetic in the store's time zone, the day or month labels, their
// count (without building them) and the instants between them.
import { TZDate } from '@date-fns/tz';
import type { ReportGrouping, ReportRange } from './report-types';

/** Milliseconds in a UTC day. */
export const DAY_MS = 86_400_000;
// 400 Gregorian years are exactly 146,097 days.
const FOUR_CENTURIES_MS = 146_097 * DAY_MS;

/**
 * The instant of a wall-clock time in `timeZone`. Out-of-range parts roll over like `Date` (day 0 is the last day
 * of the previous month). A wall time skipped by a DST jump resolves to the instant after the gap; a repeated one to
 * its later occurrence (what `TZDate` does).
 */
export function zoned(timeZone: string, y: number, m: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number {
  if (y >= 0 && y < 100) {
    // Date maps years 0-99 to 1900-1999; every zone keeps one constant local mean time offset before 1850, so
    // computing 400 years later (same calendar) and shifting back is exact.
    return new TZDate(y + 400, m, d, h, mi, s, ms, timeZone).getTime() - FOUR_CENTURIES_MS;
  }
  return new TZDate(y, m, d, h, mi, s, ms, timeZone).getTime();
}

/** A calendar date in some time zone. */
export interface LocalDate {
  readonly y: number;
  /** 0-based month. */
  readonly m: number;
  readonly d: number;
}

/** The calendar date of an instant in `timeZone`. */
export function localDate(instant: number, timeZone: string): LocalDate {
  const t = new TZDate(instant, timeZone);
  return { y: t.getFullYear(), m: t.getMonth(), d: t.getDate() };
}

const pad2 = (n: number): string => (n < 10 ? '0' : '') + n;
const pad4 = (n: number): string => String(n).padStart(4, '0');
const monthLabel = (y: number, m: number): string => `${pad4(y)}-${pad2(m + 1)}`;
const dayLabel = (y: number, m: number, d: number): string => `${pad4(y)}-${pad2(m + 1)}-${pad2(d)}`;

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

/** The day number of a local date (days since 1970-01-01 in the proleptic Gregorian calendar); years below 100 too. */
function dayNumber(date: LocalDate): number {
  const t = new Date(0);
  t.setUTCFullYear(date.y, date.m, date.d);
  return Math.round(t.getTime() / DAY_MS);
}

/** How many labels {@link rangeOf} would build, in constant time. */
export function periodCount(start: number, end: number, grouping: ReportGrouping, timeZone: string): number {
  if (end <= start) return 0;
  const first = localDate(start, timeZone);
  const last = localDate(end - 1, timeZone);
  return grouping === 'month' ? (last.y - first.y) * 12 + (last.m - first.m) + 1 : dayNumber(last) - dayNumber(first) + 1;
}

/** The range `[start, end)` with every label of its periods. */
export function rangeOf(start: number, end: number, grouping: ReportGrouping, timeZone: string): ReportRange {
  return {
    start: new Date(start),
    end: new Date(end),
    grouping,
    labels: buildLabels(start, end, grouping, timeZone),
    timeZone,
  };
}

/**
 * The instants (epoch milliseconds) that split a range into its periods: `labels.length + 1` ascending values, so
 * period `i` (label `labels[i]`) is `[bounds[i], bounds[i + 1])`. The first is the range start (which may fall inside
 * its day or month), the last the range end; the others are local midnights (of the 1st, for month grouping) in the
 * range's time zone, so a DST day is 23 or 25 hours long. An empty range gives `[start]`.
 *
 * @example
 * ```ts
 * import { reportPeriodBounds, resolveReportRange } from 'wc-legacy-api/shop';
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
