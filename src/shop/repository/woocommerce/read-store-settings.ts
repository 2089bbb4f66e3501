// The store as WooCommerce reads it from `{prefix}options`: name, URL, currency, tax and unit settings, the time
// zone, the order storage in use, and the WooCommerce version (which this reader supports from 3.0 on).
import { selectRows, text, type MysqlQueryable, type WooCommerceStorage, type WooCommerceTables } from './woocommerce-database';
import { yes } from './woocommerce-values';

const OPTIONS = [
  'blogname',
  'blogdescription',
  'home',
  'timezone_string',
  'gmt_offset',
  'woocommerce_currency',
  'woocommerce_prices_include_tax',
  'woocommerce_weight_unit',
  'woocommerce_dimension_unit',
  'woocommerce_custom_orders_table_enabled',
  'woocommerce_version',
  'woocommerce_db_version',
] as const;

/** The store's settings, in the snapshot format's `store` shape, with how it stores orders. */
export interface WooCommerceStoreSettings {
  readonly store: {
    name: string;
    description: string;
    site_url: string;
    time_zone: string;
    currency: string;
    currency_symbol: string;
    prices_include_tax: boolean;
    weight_unit: string;
    dimension_unit: string;
  };
  /** Where orders are authoritative: `hpos` when `woocommerce_custom_orders_table_enabled` is `yes`. */
  readonly storage: WooCommerceStorage;
  readonly version: string;
}

// Offsets with no daylight saving time anywhere they are used, for stores set only by a fractional `gmt_offset`
// (whole hours map to `Etc/GMT-N`, whose sign IANA inverts). Any other fractional offset is refused.
const FRACTIONAL_OFFSET_ZONES: Record<string, string> = {
  '3.5': 'Asia/Tehran',
  '4.5': 'Asia/Kabul',
  '5.5': 'Asia/Kolkata',
  '5.75': 'Asia/Kathmandu',
  '6.5': 'Asia/Yangon',
  '8.75': 'Australia/Eucla',
  '9.5': 'Australia/Darwin',
  '-9.5': 'Pacific/Marquesas',
};

/**
 * The IANA zone of a store: `timezone_string` when set; otherwise a zone for its `gmt_offset` (WordPress's "UTC+2"
 * choice, which has no IANA name): whole hours as `Etc/GMT-2` (no daylight saving time, like the offset itself),
 * the fractional offsets in use as the one DST-free zone that has them. `undefined` when no such zone exists.
 *
 * @example
 * ```ts
 * storeTimeZone('', '2'); // 'Etc/GMT-2'
 * storeTimeZone('Europe/Berlin', '1'); // 'Europe/Berlin'
 * ```
 */
export function storeTimeZone(timezoneString: string, gmtOffset: string): string | undefined {
  if (timezoneString !== '') return timezoneString;
  const offset = Number(gmtOffset === '' ? '0' : gmtOffset);
  if (!Number.isFinite(offset) || Math.abs(offset) > 14) return undefined;
  if (offset === 0) return 'UTC';
  if (Number.isInteger(offset)) return `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
  return FRACTIONAL_OFFSET_ZONES[String(offset)];
}

/** The currency's symbol as Unicode CLDR writes it narrowly (WooCommerce's own table agrees for the common ones). */
function currencySymbol(currency: string): string {
  try {
    const part = new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
      .formatToParts(1)
      .find((p) => p.type === 'currency');
    return part?.value ?? '';
  } catch {
    return '';
  }
}

/**
 * Why a database cannot be read as a WooCommerce store: `not_woocommerce`, `unsupported_version` (before 3.0) or
 * `unknown_time_zone` (a fractional `gmt_offset` no DST-free IANA zone has).
 *
 * @example
 * ```ts
 * try {
 *   await exportWooCommerceSnapshot(pool);
 * } catch (error) {
 *   if (error instanceof WooCommerceStoreError) console.error(error.code, error.message);
 * }
 * ```
 */
export class WooCommerceStoreError extends Error {
  constructor(
    readonly code: 'not_woocommerce' | 'unsupported_version' | 'unknown_time_zone',
    message: string,
  ) {
    super(message);
    this.name = 'WooCommerceStoreError';
  }
}

/** Reads the store's settings; throws {@link WooCommerceStoreError} when it is no WooCommerce store this can read. */
export async function readStoreSettings(db: MysqlQueryable, tables: WooCommerceTables): Promise<WooCommerceStoreSettings> {
  const rows = await selectRows(db, `SELECT option_name, option_value FROM ${tables.options} WHERE option_name IN (${OPTIONS.map(() => '?').join(',')})`, [...OPTIONS]);
  const option = new Map(rows.map((r) => [text(r.option_name), text(r.option_value)]));
  const get = (name: (typeof OPTIONS)[number]) => option.get(name) ?? '';
  const version = get('woocommerce_version') || get('woocommerce_db_version');
  if (version === '') throw new WooCommerceStoreError('not_woocommerce', 'the database has WordPress options but no woocommerce_version: WooCommerce is not installed there');
  const major = Number(version.split('.')[0]);
  if (!(major >= 3)) throw new WooCommerceStoreError('unsupported_version', `WooCommerce ${version} is not supported (3.0 or later is)`);
  const timeZone = storeTimeZone(get('timezone_string'), get('gmt_offset'));
  if (timeZone === undefined) {
    throw new WooCommerceStoreError('unknown_time_zone', `the store's time zone (gmt_offset ${get('gmt_offset')}) has no IANA zone: set a city time zone in WordPress's settings`);
  }
  const currency = get('woocommerce_currency') || 'USD';
  return {
    store: {
      name: get('blogname'),
      description: get('blogdescription'),
      site_url: get('home').replace(/\/+$/, ''),
      time_zone: timeZone,
      currency,
      currency_symbol: currencySymbol(currency),
      prices_include_tax: yes(get('woocommerce_prices_include_tax')),
      weight_unit: get('woocommerce_weight_unit') || 'kg',
      dimension_unit: get('woocommerce_dimension_unit') || 'cm',
    },
    storage: yes(get('woocommerce_custom_orders_table_enabled')) ? 'hpos' : 'posts',
    version,
  };
}
