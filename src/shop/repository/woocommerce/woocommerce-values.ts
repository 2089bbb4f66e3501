// WooCommerce's stored values as the snapshot format writes them: money as decimal text, instants as ISO UTC,
// WordPress's yes/no flags, id lists. Each reader is total: what WooCommerce would read as empty or zero is that.
import { zoned } from '../../reports/report-periods';

const DECIMAL = /^-?(\d+)(\.(\d*))?$/;

/** A stored amount (`"15.98"`, `"238.57000000"`, `""`) as decimal text without trailing fraction zeros. */
export function money(value: string): string {
  const trimmed = value.trim();
  const m = DECIMAL.exec(trimmed);
  if (!m) return '0';
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  const whole = trimmed.startsWith('-') ? `-${m[1]}` : m[1]!;
  const out = fraction ? `${whole}.${fraction}` : whole;
  return /^-0(\.0*)?$/.test(out) ? '0' : out;
}

/** An instant (epoch milliseconds) as `DATETIME` text (`2025-10-26 00:30:00`), to compare with WordPress's columns. */
export function datetimeOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** A GMT `DATETIME` (`2025-10-26 00:30:00`) as an ISO instant; WooCommerce's zero date and NULL are `null`. */
export function gmtInstant(value: string): string | null {
  const m = /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)/.exec(value);
  if (!m || m[1] === '0000') return null;
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`;
}

/** A GMT `DATETIME` as epoch milliseconds; WooCommerce's zero date, NULL and anything unreadable as NaN. */
export function gmtMillis(value: string): number {
  return Date.parse(gmtInstant(value) ?? '');
}

/** A Unix timestamp meta (`_date_paid`, `date_expires`) as an ISO instant, or `null` when empty or zero. */
export function timestampInstant(value: string): string | null {
  if (!/^\d{1,12}$/.test(value.trim()) || Number(value) === 0) return null;
  return new Date(Number(value) * 1000).toISOString().replace('.000Z', 'Z');
}

/** A local `DATETIME` of WooCommerce 2.x (`_paid_date`, `_completed_date`) in the store's zone, as an ISO instant. */
export function localInstant(value: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d\d)-(\d\d)(?:[ T](\d\d):(\d\d)(?::(\d\d))?)?/.exec(value);
  if (!m || m[1] === '0000') return null;
  const ms = zoned(timeZone, Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0));
  return Number.isFinite(ms) ? new Date(ms).toISOString().replace('.000Z', 'Z') : null;
}

/** WordPress's `'yes'`/`'no'` (and `'1'`) flags. */
export function yes(value: string): boolean {
  return value === 'yes' || value === '1' || value === 'true';
}

/** A whole number meta (`usage_count`, `_qty`); anything else is 0. */
export function integer(value: string): number {
  const n = Number(value.trim());
  return Number.isSafeInteger(n) ? n : 0;
}

/** A comma-separated id list (`product_ids`), as WooCommerce's `wp_parse_id_list` reads it. */
export function idList(value: string): number[] {
  const out = new Set<number>();
  for (const part of value.split(',')) {
    const n = Number(part.trim());
    if (part.trim() !== '' && Number.isSafeInteger(n) && n > 0) out.add(n);
  }
  return [...out];
}
