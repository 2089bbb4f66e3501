/**
 * The proleptic Gregorian date of a day count since 1970-01-01 (H. Hinnant's civil_from_days, 400-year eras), exact
 * for every day a `Date` can hold. Written into `out` as `[year, month 1-12, day 1-31]` rather than returned as an
 * object: it runs for every timestamp served and every instant imported, and a scratch array allocates nothing.
 *
 * @example
 * ```ts
 * const ymd = new Int32Array(3);
 * civilDate(19_787, ymd); // ymd is [2024, 3, 5]
 * ```
 */
export function civilDate(days: number, out: Int32Array): void {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  out[0] = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  out[1] = month;
  out[2] = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
}

/**
 * Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil): the inverse of
 * {@link civilDate}, for years 0-9999.
 *
 * @example
 * ```ts
 * daysFromCivil(2024, 3, 5); // 19_787
 * ```
 */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}
