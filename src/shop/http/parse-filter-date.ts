/**
 * A parsed filter date, or why the text is not one.
 *
 * @example
 * ```ts
 * const result: FilterDateResult = parseFilterDate('2024-03-01'); // { ok: true, date: 2024-03-01T00:00:00.000Z }
 * ```
 */
export type FilterDateResult = { readonly ok: true; readonly date: Date } | { readonly ok: false; readonly message: string };

// Date, optional time (T or space), optional fraction, optional zone: Z, ±HH:MM, ±HHMM, ±HH. A space standing where
// the "+" of an offset was is accepted too: clients that do not encode "+" in a query string send exactly that.
const FILTER_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(?:(Z)|([+\- ])(\d{2})(?::?(\d{2}))?)?$/i;

/**
 * Parses a date given in a query filter (`filter[created_at_min]` and friends): `YYYY-MM-DD`, optionally followed
 * by a time `HH:mm[:ss[.fff]]` (after `T` or a space) and a zone (`Z`, `±HH:MM`, `±HHMM`, `±HH`). Without a zone
 * the time is UTC; a given offset is honoured (the legacy API dropped it). A date-only value means midnight UTC.
 * Anything else, including impossible dates such as `2023-02-30`, is an error (the legacy API used 1970).
 *
 * @example
 * ```ts
 * parseFilterDate('2013-11-01T10:00:00+02:00'); // { ok: true, date: 2013-11-01T08:00:00.000Z }
 * parseFilterDate('yesterday'); // { ok: false, message: '...' }
 * ```
 */
export function parseFilterDate(text: string): FilterDateResult {
  const m = FILTER_DATE.exec(text.trim());
  const fail: FilterDateResult = {
    ok: false,
    message: `"${text}" is not a date; use YYYY-MM-DD or YYYY-MM-DDTHH:mm:ss with an optional Z or ±HH:MM offset`,
  };
  if (m === null) return fail;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return fail;
  if (hour > 23 || minute > 59 || second > 59) return fail;
  let offsetMinutes = 0;
  if (m[8] !== undefined) {
    const offsetHours = Number(m[9]);
    const offsetMins = Number(m[10] ?? 0);
    if (offsetHours > 23 || offsetMins > 59) return fail;
    offsetMinutes = (m[8] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMins);
  }
  // setUTCFullYear/setUTCHours keep years below 100 as written and carry minute overflow from the offset.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute - offsetMinutes, second, 0);
  return Number.isNaN(date.getTime()) ? fail : { ok: true, date };
}

function daysInMonth(year: number, month: number): number {
  const last = new Date(0);
  last.setUTCFullYear(year, month, 0);
  return last.getUTCDate();
}
