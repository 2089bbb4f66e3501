// Values as WooCommerce stores them: GMT and store-local DATETIME text, Unix timestamps, decimal text, yes/no flags.
import type { Decimal } from 'decimal.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** A GMT `DATETIME` (`2025-10-26 00:30:00`); WordPress keeps seconds, so milliseconds are dropped. */
export function gmtDatetime(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The store's local `DATETIME` of an instant (`post_date`, `comment_date`, 2.x-era `_paid_date`). */
export function localDatetime(date: Date, timeZone: string): string {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(date).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** A Unix timestamp in seconds, as text (`_date_paid`, `date_expires`). */
export function timestamp(date: Date): string {
  return String(Math.floor(date.getTime() / 1000));
}

/** Decimal text as WooCommerce writes amounts (`wc_format_decimal`: no exponent, no trailing zeros). */
export function decimalText(value: Decimal): string {
  const text = value.toFixed();
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

export const yesNo = (flag: boolean): string => (flag ? 'yes' : 'no');

/** A slug as WordPress's `sanitize_title` gives it for ASCII text (others are percent-encoded there; kept short here). */
export function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 190) || 'item'
  );
}

/** A 13-character order key as WooCommerce makes them (`wc_order_` + random), derived from the id so writes repeat. */
export function orderKey(id: number): string {
  let x = (id * 2654435761) >>> 0;
  let out = '';
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  for (let i = 0; i < 13; i += 1) {
    x = (Math.imul(x ^ (x >>> 15), 2246822507) + i) >>> 0;
    out += chars[x % chars.length];
  }
  return `wc_order_${out}`;
}
