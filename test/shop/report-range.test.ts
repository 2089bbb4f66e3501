import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_REPORT_PERIODS, reportPeriodBounds, resolveReportRange } from 'wc-legacy-api/shop';
import type { ReportFilter, ReportRange } from 'wc-legacy-api/shop';

function resolve(filter: ReportFilter, now: string, timeZone = 'UTC'): ReportRange {
  const result = resolveReportRange(filter, { now: new Date(now), timeZone });
  if (!result.ok) throw new Error(`expected a range, got ${result.error.message}`);
  return result.range;
}

/** start, end (ISO), grouping and labels: the whole observable range. */
function summary(range: ReportRange) {
  return {
    start: range.start.toISOString(),
    end: range.end.toISOString(),
    grouping: range.grouping,
    labels: range.labels,
  };
}

/** Consecutive day labels from `first` (inclusive), `count` of them, by plain calendar arithmetic. */
function days(first: string, count: number): string[] {
  const out: string[] = [];
  const [y, m, d] = first.split('-').map(Number) as [number, number, number];
  for (let i = 0; i < count; i++) out.push(new Date(Date.UTC(y, m - 1, d + i)).toISOString().slice(0, 10));
  return out;
}

const HOUR = 3_600_000;

/** Lengths of the periods in hours. */
function periodHours(range: ReportRange): number[] {
  const bounds = reportPeriodBounds(range);
  return bounds.slice(1).map((b, i) => (b - (bounds[i] as number)) / HOUR);
}

describe('resolveReportRange: periods', () => {
  describe('now = Sun 2024-03-31 12:00 UTC (a month end after a leap February)', () => {
    const now = '2024-03-31T12:00:00Z';

    it('week: the last seven calendar days, today included, from midnight six days ago', () => {
      // 31 - 6 = 25: Mar 25 00:00 through the end of Mar 31 (= Apr 1 00:00).
      expect(summary(resolve({ period: 'week' }, now))).toEqual({
        start: '2024-03-25T00:00:00.000Z',
        end: '2024-04-01T00:00:00.000Z',
        grouping: 'day',
        labels: ['2024-03-25', '2024-03-26', '2024-03-27', '2024-03-28', '2024-03-29', '2024-03-30', '2024-03-31'],
      });
    });

    it('month: the 1st through today, by day', () => {
      // Mar 1 .. Mar 31 = 31 labels.
      expect(summary(resolve({ period: 'month' }, now))).toEqual({
        start: '2024-03-01T00:00:00.000Z',
        end: '2024-04-01T00:00:00.000Z',
        grouping: 'day',
        labels: days('2024-03-01', 31),
      });
    });

    it('last_month on the 31st is February (legacy "-1 month" overflow would give March)', () => {
      // 2024 is a leap year: Feb 1 .. Feb 29 = 29 labels, ending at Mar 1 00:00.
      expect(summary(resolve({ period: 'last_month' }, now))).toEqual({
        start: '2024-02-01T00:00:00.000Z',
        end: '2024-03-01T00:00:00.000Z',
        grouping: 'day',
        labels: days('2024-02-01', 29),
      });
    });

    it.each(['2024-03-29T00:00:00Z', '2024-03-30T23:59:59Z', '2024-03-01T00:00:00Z'])(
      'last_month is February on every day of March (%s)',
      (day) => {
        const r = resolve({ period: 'last_month' }, day);
        expect([r.labels[0], r.labels.at(-1), r.labels.length]).toEqual(['2024-02-01', '2024-02-29', 29]);
      },
    );

    it('year: Jan 1 through today, grouped by month', () => {
      expect(summary(resolve({ period: 'year' }, now))).toEqual({
        start: '2024-01-01T00:00:00.000Z',
        end: '2024-04-01T00:00:00.000Z',
        grouping: 'month',
        labels: ['2024-01', '2024-02', '2024-03'],
      });
    });

    it('any other period is week, and a given period ignores date_min/date_max (even unparseable ones)', () => {
      const week = summary(resolve({ period: 'week' }, now));
      expect(summary(resolve({ period: 'fortnight' }, now))).toEqual(week);
      expect(summary(resolve({ period: 'WEEK' }, now))).toEqual(week);
      expect(summary(resolve({ period: 'year', date_min: 'garbage', date_max: '2020-01-01' }, now)).labels).toEqual([
        '2024-01',
        '2024-02',
        '2024-03',
      ]);
    });
  });

  describe('now = Tue 2024-12-31 23:30 UTC (year end)', () => {
    const now = '2024-12-31T23:30:00Z';

    it('week, month, last_month, year in UTC', () => {
      expect(resolve({ period: 'week' }, now).labels).toEqual(days('2024-12-25', 7));
      expect(resolve({ period: 'month' }, now).labels).toEqual(days('2024-12-01', 31));
      // November has 30 days.
      expect(summary(resolve({ period: 'last_month' }, now))).toEqual({
        start: '2024-11-01T00:00:00.000Z',
        end: '2024-12-01T00:00:00.000Z',
        grouping: 'day',
        labels: days('2024-11-01', 30),
      });
      const year = resolve({ period: 'year' }, now);
      expect(year.labels).toEqual(Array.from({ length: 12 }, (_, i) => `2024-${String(i + 1).padStart(2, '0')}`));
      expect(year.end.toISOString()).toBe('2025-01-01T00:00:00.000Z');
    });

    it('in Pacific/Auckland the same instant is already 2025-01-01 12:30 NZDT (UTC+13)', () => {
      // Jan 1 00:00 NZDT = Dec 31 11:00 UTC; Jan 2 00:00 NZDT = Jan 1 11:00 UTC.
      expect(summary(resolve({ period: 'year' }, now, 'Pacific/Auckland'))).toEqual({
        start: '2024-12-31T11:00:00.000Z',
        end: '2025-01-01T11:00:00.000Z',
        grouping: 'month',
        labels: ['2025-01'],
      });
      // Last month is December 2024 local: Dec 1 00:00 NZDT = Nov 30 11:00 UTC.
      expect(summary(resolve({ period: 'last_month' }, now, 'Pacific/Auckland'))).toEqual({
        start: '2024-11-30T11:00:00.000Z',
        end: '2024-12-31T11:00:00.000Z',
        grouping: 'day',
        labels: days('2024-12-01', 31),
      });
      expect(resolve({}, now, 'Pacific/Auckland').labels).toEqual(['2025-01-01']);
    });
  });

  describe('leap day', () => {
    it('now = 2024-02-29: week, month (29 days), last_month (January), year', () => {
      const now = '2024-02-29T10:00:00Z';
      expect(resolve({ period: 'week' }, now).labels).toEqual(days('2024-02-23', 7));
      expect(resolve({ period: 'month' }, now).labels).toEqual(days('2024-02-01', 29));
      expect(resolve({ period: 'last_month' }, now).labels).toEqual(days('2024-01-01', 31));
      expect(resolve({ period: 'year' }, now).labels).toEqual(['2024-01', '2024-02']);
    });

    it('a week across the leap day has Feb 29; the same week in 2023 does not', () => {
      expect(resolve({ period: 'week' }, '2024-03-03T10:00:00Z').labels).toEqual([
        '2024-02-26', '2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02', '2024-03-03',
      ]);
      expect(resolve({ period: 'week' }, '2023-03-03T10:00:00Z').labels).toEqual([
        '2023-02-25', '2023-02-26', '2023-02-27', '2023-02-28', '2023-03-01', '2023-03-02', '2023-03-03',
      ]);
    });

    it('in Los Angeles, 2024-03-01 05:00 UTC is still Feb 29 21:00 PST: "today" is the leap day', () => {
      // Feb 29 00:00 PST (UTC-8) = 08:00 UTC; Mar 1 00:00 PST = Mar 1 08:00 UTC.
      expect(summary(resolve({}, '2024-03-01T05:00:00Z', 'America/Los_Angeles'))).toEqual({
        start: '2024-02-29T08:00:00.000Z',
        end: '2024-03-01T08:00:00.000Z',
        grouping: 'day',
        labels: ['2024-02-29'],
      });
      expect(resolve({ period: 'month' }, '2024-03-01T05:00:00Z', 'America/Los_Angeles').labels).toEqual(
        days('2024-02-01', 29),
      );
      expect(resolve({ period: 'last_month' }, '2024-03-01T05:00:00Z', 'America/Los_Angeles').labels).toEqual(
        days('2024-01-01', 31),
      );
    });
  });

  describe('DST changes in the store zone', () => {
    it('Pacific/Auckland, NZDT starts 2024-09-29 02:00 -> 03:00: that day is 23 hours', () => {
      // now = Oct 1 00:00 UTC = Oct 1 13:00 NZDT. Week = Sep 25 .. Oct 1.
      // Sep 25 00:00 NZST (UTC+12) = Sep 24 12:00 UTC; Oct 2 00:00 NZDT (UTC+13) = Oct 1 11:00 UTC.
      const r = resolve({ period: 'week' }, '2024-10-01T00:00:00Z', 'Pacific/Auckland');
      expect(summary(r)).toEqual({
        start: '2024-09-24T12:00:00.000Z',
        end: '2024-10-01T11:00:00.000Z',
        grouping: 'day',
        labels: days('2024-09-25', 7),
      });
      // Sep 25, 26, 27, 28: 24 h; Sep 29: 23 h; Sep 30, Oct 1: 24 h (7 * 24 - 1 = 167 h in all).
      expect(periodHours(r)).toEqual([24, 24, 24, 24, 23, 24, 24]);
    });

    it('Pacific/Auckland, NZDT ends 2024-04-07 03:00 -> 02:00: that day is 25 hours', () => {
      // Apr 7 00:00 NZDT = Apr 6 11:00 UTC; Apr 8 00:00 NZST = Apr 7 12:00 UTC.
      const r = resolve({ date_min: '2024-04-06', date_max: '2024-04-08' }, '2024-05-01T00:00:00Z', 'Pacific/Auckland');
      expect(r.labels).toEqual(['2024-04-06', '2024-04-07', '2024-04-08']);
      expect(reportPeriodBounds(r).map((b) => new Date(b).toISOString())).toEqual([
        '2024-04-05T11:00:00.000Z',
        '2024-04-06T11:00:00.000Z',
        '2024-04-07T12:00:00.000Z',
        '2024-04-08T12:00:00.000Z',
      ]);
      expect(periodHours(r)).toEqual([24, 25, 24]);
    });

    it('America/Los_Angeles: Mar 10 2024 is 23 hours, Nov 3 2024 is 25 hours', () => {
      // Mar 10 00:00 PST = 08:00 UTC; Mar 11 00:00 PDT = 07:00 UTC.
      const spring = resolve({ period: 'week' }, '2024-03-12T19:00:00Z', 'America/Los_Angeles');
      expect(spring.labels).toEqual(days('2024-03-06', 7));
      expect(periodHours(spring)).toEqual([24, 24, 24, 24, 23, 24, 24]);
      expect(spring.start.toISOString()).toBe('2024-03-06T08:00:00.000Z');
      expect(spring.end.toISOString()).toBe('2024-03-13T07:00:00.000Z');
      // Nov 3 00:00 PDT = 07:00 UTC; Nov 4 00:00 PST = 08:00 UTC.
      const autumn = resolve({ period: 'month' }, '2024-11-05T20:00:00Z', 'America/Los_Angeles');
      expect(autumn.labels).toEqual(days('2024-11-01', 5));
      expect(periodHours(autumn)).toEqual([24, 24, 25, 24, 24]);
    });

    it('America/Santiago skips midnight (00:00 -> 01:00 on 2024-09-08): that day starts at 01:00 local', () => {
      // Sep 7 00:00 -04 = 04:00Z; Sep 8 01:00 -03 = 04:00Z (no 00:00 that day); Sep 9 00:00 -03 = 03:00Z.
      const r = resolve({ date_min: '2024-09-07', date_max: '2024-09-09' }, '2024-10-01T00:00:00Z', 'America/Santiago');
      expect(r.labels).toEqual(['2024-09-07', '2024-09-08', '2024-09-09']);
      expect(reportPeriodBounds(r).map((b) => new Date(b).toISOString())).toEqual([
        '2024-09-07T04:00:00.000Z',
        '2024-09-08T04:00:00.000Z',
        '2024-09-09T03:00:00.000Z',
        '2024-09-10T03:00:00.000Z',
      ]);
      expect(periodHours(r)).toEqual([24, 23, 24]);
    });

    it('month grouping in Los Angeles: March has 31 * 24 - 1 hours', () => {
      const r = resolve({ period: 'year' }, '2024-04-15T19:00:00Z', 'America/Los_Angeles');
      expect(r.labels).toEqual(['2024-01', '2024-02', '2024-03', '2024-04']);
      // Jan 744 h, Feb (leap) 29 * 24 = 696 h, Mar 744 - 1 = 743 h, Apr 1 .. end of Apr 15 = 15 * 24 = 360 h.
      expect(periodHours(r)).toEqual([744, 696, 743, 360]);
    });
  });
});

describe('resolveReportRange: custom ranges', () => {
  const now = '2024-12-31T12:00:00Z';

  it('neither date: today only', () => {
    expect(summary(resolve({}, '2024-03-31T12:00:00Z'))).toEqual({
      start: '2024-03-31T00:00:00.000Z',
      end: '2024-04-01T00:00:00.000Z',
      grouping: 'day',
      labels: ['2024-03-31'],
    });
    // An empty or blank period counts as absent.
    expect(summary(resolve({ period: '  ' }, '2024-03-31T12:00:00Z')).labels).toEqual(['2024-03-31']);
  });

  it('grouping threshold: Jan 1 - Apr 29 (3 whole months fit) is by day, Jan 1 - Apr 30 (4 fit) by month', () => {
    // date_max inclusive: Apr 29 -> end Apr 30 00:00; Jan 1 + 4 months = May 1 > Apr 30, so 3 whole months -> day.
    // Labels: 31 (Jan) + 29 (Feb) + 31 (Mar) + 29 (Apr 1-29) = 120.
    const day = resolve({ date_min: '2024-01-01', date_max: '2024-04-29' }, now);
    expect(day.grouping).toBe('day');
    expect(day.labels).toEqual(days('2024-01-01', 120));
    // Apr 30 -> end May 1 00:00 = Jan 1 + 4 months: 4 whole months fit -> month.
    expect(summary(resolve({ date_min: '2024-01-01', date_max: '2024-04-30' }, now))).toEqual({
      start: '2024-01-01T00:00:00.000Z',
      end: '2024-05-01T00:00:00.000Z',
      grouping: 'month',
      labels: ['2024-01', '2024-02', '2024-03', '2024-04'],
    });
  });

  it('grouping threshold mid-month, in Los Angeles across DST: Jan 15 - May 13 by day, Jan 15 - May 14 by month', () => {
    // Jan 15 + 4 months = May 15 00:00 PDT. May 13 -> end May 14: 3 months fit -> day, 17 + 29 + 31 + 30 + 13 = 120.
    const day = resolve({ date_min: '2024-01-15', date_max: '2024-05-13' }, now, 'America/Los_Angeles');
    expect([day.grouping, day.labels.length, day.labels[0], day.labels.at(-1)]).toEqual(['day', 120, '2024-01-15', '2024-05-13']);
    // May 14 -> end May 15 00:00 PDT = start + 4 months exactly: month, labels Jan .. May.
    const month = resolve({ date_min: '2024-01-15', date_max: '2024-05-14' }, now, 'America/Los_Angeles');
    expect(summary(month)).toEqual({
      start: '2024-01-15T08:00:00.000Z',
      end: '2024-05-15T07:00:00.000Z',
      grouping: 'month',
      labels: ['2024-01', '2024-02', '2024-03', '2024-04', '2024-05'],
    });
    // The first and last month periods are partial: Jan 15 00:00 PST .. Feb 1 00:00 PST = 17 days.
    expect(periodHours(month)[0]).toBe(17 * 24);
  });

  it('date_min only: from that day up to now (inclusive)', () => {
    expect(summary(resolve({ date_min: '2024-03-29' }, '2024-03-31T12:00:00Z'))).toEqual({
      start: '2024-03-29T00:00:00.000Z',
      end: '2024-03-31T12:00:00.001Z',
      grouping: 'day',
      labels: ['2024-03-29', '2024-03-30', '2024-03-31'],
    });
  });

  it('date_max only: from the start of today through that day', () => {
    expect(resolve({ date_max: '2024-04-02' }, '2024-03-31T12:00:00Z').labels).toEqual([
      '2024-03-31',
      '2024-04-01',
      '2024-04-02',
    ]);
  });

  it('one day: date_min = date_max', () => {
    expect(summary(resolve({ date_min: '2024-02-29', date_max: '2024-02-29' }, now))).toEqual({
      start: '2024-02-29T00:00:00.000Z',
      end: '2024-03-01T00:00:00.000Z',
      grouping: 'day',
      labels: ['2024-02-29'],
    });
  });

  it('an inverted range is empty: no labels, day grouping', () => {
    // date_max Mar 9 -> end Mar 10 00:00 = start: nothing fits.
    const touching = resolve({ date_min: '2024-03-10', date_max: '2024-03-09' }, now);
    expect(summary(touching)).toEqual({
      start: '2024-03-10T00:00:00.000Z',
      end: '2024-03-10T00:00:00.000Z',
      grouping: 'day',
      labels: [],
    });
    expect(resolve({ date_min: '2025-06-01', date_max: '2024-01-01' }, now).labels).toEqual([]);
    // date_max alone before today is inverted too.
    expect(resolve({ date_max: '2024-03-01' }, '2024-03-31T12:00:00Z').labels).toEqual([]);
    expect(reportPeriodBounds(touching)).toEqual([Date.UTC(2024, 2, 10)]);
  });

  it('date-times: Z and offsets are exact instants, a bare time is wall-clock time in the store zone', () => {
    // 10:00Z .. 09:59:59Z inclusive -> end one millisecond later.
    expect(summary(resolve({ date_min: '2024-03-10T10:00:00Z', date_max: '2024-03-12T09:59:59Z' }, now))).toEqual({
      start: '2024-03-10T10:00:00.000Z',
      end: '2024-03-12T09:59:59.001Z',
      grouping: 'day',
      labels: ['2024-03-10', '2024-03-11', '2024-03-12'],
    });
    // 23:30 at UTC-8 = Mar 11 07:30 UTC, so a UTC store's first day is Mar 11.
    expect(resolve({ date_min: '2024-03-10T23:30:00-08:00', date_max: '2024-03-11' }, now).labels).toEqual(['2024-03-11']);
    expect(resolve({ date_min: '2024-03-10T23:30:00-0800', date_max: '2024-03-11' }, now).start.toISOString()).toBe(
      '2024-03-11T07:30:00.000Z',
    );
    // Local noon on Mar 10 in Los Angeles is PDT (UTC-7) = 19:00 UTC; a space separator is accepted too.
    const la = resolve({ date_min: '2024-03-10 12:00', date_max: '2024-03-10T13:00:00.5' }, now, 'America/Los_Angeles');
    expect([la.start.toISOString(), la.end.toISOString(), la.labels]).toEqual([
      '2024-03-10T19:00:00.000Z',
      '2024-03-10T20:00:00.501Z',
      ['2024-03-10'],
    ]);
  });

  it('years before 100 are not mistaken for 19xx', () => {
    expect(summary(resolve({ date_min: '0001-01-01', date_max: '0001-01-02' }, now))).toEqual({
      start: '0001-01-01T00:00:00.000Z',
      end: '0001-01-03T00:00:00.000Z',
      grouping: 'day',
      labels: ['0001-01-01', '0001-01-02'],
    });
  });

  it.each([
    ['yesterday'],
    ['2024-02-30'],
    ['2023-02-29'],
    ['2024-13-01'],
    ['2024-00-10'],
    ['2024-1-1'],
    ['20240301'],
    ['2024-03-10T24:00:00'],
    ['2024-03-10T10:60'],
    ['2024-03-10T10:00:00+25:00'],
    ['1970'],
    ['2024-03-10T'],
  ])('an unparseable date is an error, not 1970: %j', (bad) => {
    const now = { now: new Date('2024-03-31T12:00:00Z'), timeZone: 'UTC' };
    expect(resolveReportRange({ date_min: bad }, now)).toEqual({
      ok: false,
      error: { code: 'invalid_report_date', path: ['filter', 'date_min'], message: expect.stringContaining(JSON.stringify(bad)) },
    });
    expect(resolveReportRange({ date_min: '2024-03-01', date_max: bad }, now)).toMatchObject({
      ok: false,
      error: { code: 'invalid_report_date', path: ['filter', 'date_max'] },
    });
  });

  it('an unknown store time zone is a configuration error', () => {
    expect(() => resolveReportRange({}, { now: new Date(), timeZone: 'Mars/Olympus_Mons' })).toThrow(RangeError);
  });
});

describe('resolveReportRange: the period limit', () => {
  const now = { now: new Date('2024-03-31T12:00:00Z'), timeZone: 'Europe/Berlin' };

  it('refuses a range of more periods than the limit, naming both, without building its labels', () => {
    expect(MAX_REPORT_PERIODS).toBe(1200);
    const huge = resolveReportRange({ date_min: '0001-01-01', date_max: '9999-12-31' }, now);
    expect(huge).toEqual({
      ok: false,
      error: {
        code: 'report_range_too_large',
        path: ['filter'],
        periods: 119_988,
        maxPeriods: 1200,
        message:
          'The report range covers 119,988 months; at most 1,200 periods (days or months) are reported. Narrow filter[date_min] and filter[date_max].',
      },
    });
    expect(resolveReportRange({ date_min: '1924-04-01', date_max: '2024-03-31' }, now)).toMatchObject({ ok: true, range: { grouping: 'month' } });
    expect(resolveReportRange({ date_min: '1924-03-31', date_max: '2024-03-31' }, now)).toMatchObject({ ok: false, error: { periods: 1201 } });
  });

  it('counts days for day-grouped ranges, across years below 100 too, and takes a smaller limit', () => {
    const limit = { maxPeriods: 30 };
    expect(resolveReportRange({ date_min: '2024-03-01', date_max: '2024-03-30' }, now, limit)).toMatchObject({ ok: true });
    expect(resolveReportRange({ date_min: '2024-03-01', date_max: '2024-03-31' }, now, limit)).toMatchObject({
      ok: false,
      error: { periods: 31, maxPeriods: 30, message: expect.stringMatching(/^The report range covers 31 days; at most 30 periods/) },
    });
    expect(resolveReportRange({ date_min: '0099-12-20', date_max: '0100-01-10' }, now, limit)).toMatchObject({ ok: true, range: { grouping: 'day' } });
    const r = resolveReportRange({ date_min: '0099-12-20', date_max: '0100-01-10' }, now);
    expect(r.ok && r.range.labels.length).toBe(22);
    expect(resolveReportRange({ period: 'week' }, now, { maxPeriods: 6 })).toMatchObject({ ok: false, error: { periods: 7 } });
    expect(() => resolveReportRange({}, now, { maxPeriods: 0.5 })).toThrow(RangeError);
  });

  it('prints both counts with en-US thousands separators, as Intl.NumberFormat would (property)', () => {
    const en = new Intl.NumberFormat('en-US');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_000_000 }), fc.integer({ min: 1, max: 3660 }), (maxPeriods, years) => {
        const r = resolveReportRange({ date_min: `${String(9999 - years).padStart(4, '0')}-01-01`, date_max: '9999-12-31' }, now, {
          maxPeriods: Math.min(maxPeriods, years * 12 - 1),
        });
        expect(r.ok).toBe(false);
        if (!r.ok && r.error.code === 'report_range_too_large') {
          const { periods, maxPeriods: max } = r.error as { periods: number; maxPeriods: number };
          expect(r.error.message).toContain(`covers ${en.format(periods)} months; at most ${en.format(max)} periods`);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('agrees with the labels it builds: the period count equals labels.length for any accepted range (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('0050-01-01T00:00:00Z'), max: new Date('2400-01-01T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: -40, max: 3000 }),
        fc.constantFrom('UTC', 'Europe/Berlin', 'Pacific/Chatham', 'America/St_Johns'),
        (start, days, timeZone) => {
          const iso = (d: Date) => d.toISOString().slice(0, 10);
          const end = new Date(start.getTime() + days * 86_400_000);
          const r = resolveReportRange({ date_min: iso(start), date_max: iso(end) }, { now: now.now, timeZone }, { maxPeriods: 60 });
          if (r.ok) expect(r.range.labels.length).toBeLessThanOrEqual(60);
          else {
            expect(r.error).toMatchObject({ code: 'report_range_too_large', maxPeriods: 60 });
            const all = resolveReportRange({ date_min: iso(start), date_max: iso(end) }, { now: now.now, timeZone }, { maxPeriods: 1e9 });
            expect(all.ok && all.range.labels.length).toBe((r.error as { periods: number }).periods);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
