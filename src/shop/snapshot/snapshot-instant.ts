// The snapshot format's instants (ISO 8601 date-time, seconds and fraction optional, offset `Z` or `±HH:MM`), read
// by hand: a streamed snapshot has several per order, and a regular expression plus `Date.parse` (twice: to check,
// then to build the `Date`) was a large part of reading one. A property test holds this to the regular expression,
// range checks and `Date.parse` it replaced (test/shop/snapshot-instant.test.ts).

import { daysFromCivil } from '../model/civil-date';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The number written by the ASCII digits at [from, to) of `text`, or -1 when one of them is not a digit. */
function digits(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i += 1) {
    const c = text.charCodeAt(i) - 48;
    if (!(c >= 0 && c <= 9)) return -1;
    n = n * 10 + c;
  }
  return n;
}

// Days in a month as the check always computed them, with `Date.UTC`, which reads years 0-99 as 1900-1999: so
// February of year 0 has 28 days here (year 1900 is no leap year), a quirk kept so the accepted set stays the same.
export function daysInMonth(year: number, month: number): number {
  if (month !== 2) return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  const y = year <= 99 ? year + 1900 : year;
  return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
}

/**
 * The time of an instant the snapshot format accepts, in milliseconds since the epoch (what `Date.parse` returns for
 * it: a fraction beyond milliseconds is cut off), or NaN when the format does not accept `text`.
 */
export function instantMillis(text: string): number {
  const n = text.length;
  if (n < 17 || text.charCodeAt(4) !== 0x2d || text.charCodeAt(7) !== 0x2d || text.charCodeAt(10) !== 0x54 || text.charCodeAt(13) !== 0x3a) return NaN;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 7);
  const day = digits(text, 8, 10);
  const hour = digits(text, 11, 13);
  const minute = digits(text, 14, 16);
  if (year < 0 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59) return NaN;
  if (day > daysInMonth(year, month)) return NaN;
  let at = 16;
  let second = 0;
  let millis = 0;
  if (text.charCodeAt(at) === 0x3a) {
    second = digits(text, at + 1, at + 3);
    if (second < 0 || second > 59) return NaN;
    at += 3;
    if (text.charCodeAt(at) === 0x2e) {
      const from = at + 1;
      at = from;
      // (Past the end, charCodeAt gives NaN, which is not a digit.)
      while (at - from < 10) {
        const c = text.charCodeAt(at) - 48;
        if (!(c >= 0 && c <= 9)) break;
        if (at - from < 3) millis = millis * 10 + c;
        at += 1;
      }
      const count = at - from;
      if (count < 1 || count > 9) return NaN;
      if (count < 3) millis *= count === 1 ? 100 : 10;
    }
  }
  let offset = 0;
  const sign = text.charCodeAt(at);
  if (sign === 0x5a) {
    if (at + 1 !== n) return NaN;
  } else if (sign === 0x2b || sign === 0x2d) {
    if (at + 6 !== n || text.charCodeAt(at + 3) !== 0x3a) return NaN;
    const oh = digits(text, at + 1, at + 3);
    const om = digits(text, at + 4, at + 6);
    if (oh < 0 || oh > 23 || om < 0 || om > 59) return NaN;
    offset = (oh * 60 + om) * (sign === 0x2b ? 1 : -1);
  } else return NaN;
  return daysFromCivil(year, month, day) * DAY + (hour * 60 + minute - offset) * MINUTE + second * 1000 + millis;
}
