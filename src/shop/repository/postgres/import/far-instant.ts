// Instants outside the years 1..9999 as PostgreSQL reads them: toISOString writes such years as +012345 / -000001,
// which PostgreSQL does not read; it wants AD/BC. Rare, so built as a string (see CopyTextWriter.instant).

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** A timestamptz literal of any instant a `Date` holds, in UTC with BC years (e.g. `0001-12-31 23:59:59.999+00 BC`). */
export function farInstant(date: Date): string {
  const year = date.getUTCFullYear();
  const time = `${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)} ${pad(date.getUTCHours(), 2)}:${pad(date.getUTCMinutes(), 2)}:${pad(date.getUTCSeconds(), 2)}.${pad(date.getUTCMilliseconds(), 3)}+00`;
  return year >= 1 ? `${year}-${time}` : `${pad(1 - year, 4)}-${time} BC`;
}
