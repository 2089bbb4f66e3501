// How JavaScript values travel to and from PostgreSQL, independent of the driver's own type parsers (pg and PGlite
// differ: int8 is a string in one and a number or bigint in the other). Every value crosses as text in a form
// PostgreSQL reads the same way in every session, and every column is read back through a cast we chose.
import { Decimal } from 'decimal.js';

/** Earliest instant a `timestamptz` holds (4714-11-24 00:00 UTC BC), in epoch milliseconds. */
const PG_MIN_MS = -210_866_803_200_000;

/**
 * SQL that turns a bigint parameter of epoch milliseconds into a `timestamptz`. Integer interval arithmetic is
 * exact, and the text needs no date format (JavaScript's ISO strings for years past 9999 are not PostgreSQL's).
 */
export function instantFromMs(placeholder: string): string {
  return `('epoch'::timestamptz + ${placeholder}::bigint * interval '1 millisecond')`;
}

/** SQL that reads a `timestamptz` column as epoch milliseconds (exact: stored instants are whole milliseconds). */
export function msOf(column: string): string {
  return `(extract(epoch from ${column}) * 1000)::bigint`;
}

/**
 * A `Date` as an epoch-milliseconds parameter, or null for an invalid date (which compares false with everything,
 * so a filter bound holding one matches nothing). Instants before PostgreSQL's range are clamped to its start:
 * no stored instant lies before it, so comparisons keep their meaning.
 */
export function msParam(date: Date): string | null {
  const ms = date.getTime();
  if (Number.isNaN(ms)) return null;
  return String(Math.max(ms, PG_MIN_MS));
}

// Whether PostgreSQL `text` can hold a string: one definition, shared with the HTTP layer's refusal of such text.
export { isStorableText } from '../../model/storable-text';

/** Whether a number is an integer a `bigint` column holds exactly and JavaScript reads back unchanged. */
export function isSafeId(value: number): boolean {
  return Number.isSafeInteger(value);
}

/**
 * A PostgreSQL array literal of text elements (`{"a","b\"c",NULL}`), passed as ONE text parameter and cast in SQL
 * (`$1::text[]`, `$1::bigint[]`), so arrays travel the same way through every driver.
 */
export function arrayLiteral(values: readonly (string | number | null)[]): string {
  // Built by concatenation with a test before each replace: the snapshot import encodes millions of values.
  let out = '{';
  for (let i = 0; i < values.length; i += 1) {
    const v = values[i];
    if (i > 0) out += ',';
    if (v === null || v === undefined) {
      out += 'NULL';
      continue;
    }
    const s = typeof v === 'string' ? v : String(v);
    out += NEEDS_ESCAPE.test(s) ? `"${s.replace(ESCAPED, '\\$&')}"` : `"${s}"`;
  }
  return `${out}}`;
}

const NEEDS_ESCAPE = /[\\"]/;
const ESCAPED = /[\\"]/g;

/** Reads a numeric column selected as text. */
export function readDecimal(value: unknown): Decimal {
  return new Decimal(String(value));
}

/** Reads an integer column (string, number or bigint, depending on the driver). */
export function readInt(value: unknown): number {
  return Number(value);
}

/** Reads an epoch-milliseconds column (see {@link msOf}). */
export function readInstant(value: unknown): Date {
  return new Date(Number(value));
}

/** Reads a nullable epoch-milliseconds column. */
export function readOptionalInstant(value: unknown): Date | null {
  return value === null || value === undefined ? null : readInstant(value);
}

/** Reads a nullable integer column. */
export function readOptionalInt(value: unknown): number | null {
  return value === null || value === undefined ? null : readInt(value);
}
