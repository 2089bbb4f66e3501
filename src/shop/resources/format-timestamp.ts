import { civilDate } from '../model/civil-date';

const EPOCH_TEXT = '1970-01-01T00:00:00Z';
const MS_PER_DAY = 86_400_000;

// Two-digit strings 00..59, built once: a table lookup is cheaper than padding on every call.
const TWO_DIGITS: readonly string[] = Array.from({ length: 60 }, (_, i) => (i < 10 ? '0' : '') + i);
const YMD = new Int32Array(3);

/**
 * Formats an instant the way every timestamp field of the API carries it: `YYYY-MM-DDTHH:mm:ssZ` in UTC, with no
 * milliseconds (they are truncated, not rounded) and a literal `Z`.
 *
 * `null` (an order that was never completed, a coupon that never expires) and an invalid `Date` print the Unix
 * epoch `1970-01-01T00:00:00Z`, as the legacy API does for missing dates. Years outside 0000-9999 cannot be shown
 * in four digits; they print as `Date#toISOString` prints them, with a sign and six digits (e.g.
 * `+010000-01-01T00:00:00Z`).
 *
 * The calendar is computed from the epoch milliseconds with integer arithmetic (one `getTime` call instead of six
 * UTC getters or `toISOString` plus slicing) and the text is built as one flat string, because this runs for
 * several fields of every order served.
 *
 * @param date - the instant, or null for "never".
 * @returns the formatted timestamp.
 * @example
 * ```ts
 * import { formatTimestamp } from 'wc-legacy-api/shop';
 * formatTimestamp(new Date('2024-03-05T07:08:09.999Z')); // '2024-03-05T07:08:09Z'
 * formatTimestamp(null);                                 // '1970-01-01T00:00:00Z'
 * ```
 */
export function formatTimestamp(date: Date | null): string {
  if (date === null) return EPOCH_TEXT;
  const ms = date.getTime();
  if (ms !== ms) return EPOCH_TEXT; // invalid Date (NaN)
  const days = Math.floor(ms / MS_PER_DAY);
  const secondOfDay = Math.floor((ms - days * MS_PER_DAY) / 1000);
  civilDate(days, YMD);
  const year = YMD[0]!;
  const month = YMD[1]!;
  const day = YMD[2]!;
  const hour = Math.floor(secondOfDay / 3600);
  const minute = Math.floor((secondOfDay - hour * 3600) / 60);
  const second = secondOfDay - hour * 3600 - minute * 60;
  if (year < 0 || year > 9999) {
    const sign = year < 0 ? '-' : '+';
    return `${sign}${String(Math.abs(year)).padStart(6, '0')}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]}T${TWO_DIGITS[hour]}:${TWO_DIGITS[minute]}:${TWO_DIGITS[second]}Z`;
  }
  // One flat string from character codes (48 is '0'): a concatenation would build a rope that JSON.stringify then
  // has to flatten, an extra allocation per field.
  return String.fromCharCode(
    48 + Math.floor(year / 1000), 48 + (Math.floor(year / 100) % 10), 48 + (Math.floor(year / 10) % 10), 48 + (year % 10), 45,
    48 + Math.floor(month / 10), 48 + (month % 10), 45, 48 + Math.floor(day / 10), 48 + (day % 10), 84,
    48 + Math.floor(hour / 10), 48 + (hour % 10), 58, 48 + Math.floor(minute / 10), 48 + (minute % 10), 58,
    48 + Math.floor(second / 10), 48 + (second % 10), 90,
  );
}
