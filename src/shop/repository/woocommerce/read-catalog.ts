// Products, customers and coupons of a WooCommerce store, in the snapshot format's shapes. All live in WordPress's
// posts and users tables whatever the order storage.
import { readPhpSerialized } from './php-unserialize';
import { selectRows, text, type MysqlQueryable, type WooCommerceTables } from './woocommerce-database';
import { gmtInstant, idList, integer, localInstant, money, timestampInstant, yes } from './woocommerce-values';

type Row = Record<string, unknown>;

/** Meta of posts (or users) as one map per owner: `owner id -> key -> value`. */
export function metaByOwner(rows: readonly Row[], owner: string): Map<number, Map<string, string>> {
  const out = new Map<number, Map<string, string>>();
  for (const r of rows) {
    const id = Number(r[owner]);
    let meta = out.get(id);
    if (meta === undefined) out.set(id, (meta = new Map()));
    // WordPress reads the first value of a key (get_post_meta(..., true)); rows come in meta_id order.
    const key = text(r.meta_key);
    if (!meta.has(key)) meta.set(key, text(r.meta_value));
  }
  return out;
}

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(',');

/** Where a product row counts as one the store has (the export, `getProducts` and the top sellers' join agree). */
export const PRODUCT_EXISTS = `p.post_type IN ('product', 'product_variation') AND p.post_status NOT IN ('trash', 'auto-draft')`;

// Products the store still has (trashed ones are gone for WooCommerce's reading of order lines too): all of them, or
// those of `ids` (the repository's getProducts).
export async function readProducts(db: MysqlQueryable, t: WooCommerceTables, ids?: readonly number[]) {
  if (ids !== undefined && ids.length === 0) return [];
  const rows = await selectRows(
    db,
    `SELECT p.ID AS id, p.post_title AS name, p.post_type AS type, p.post_parent AS parent,
            (SELECT m.meta_value FROM ${t.postmeta} m WHERE m.post_id = p.ID AND m.meta_key = '_sku' ORDER BY m.meta_id LIMIT 1) AS sku
       FROM ${t.posts} p
      WHERE ${PRODUCT_EXISTS}${ids === undefined ? '' : ` AND p.ID IN (${placeholders(ids.length)})`}
      ORDER BY p.ID`,
    ids === undefined ? [] : [...ids],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: text(r.name),
    sku: text(r.sku),
    parent_id: text(r.type) === 'product_variation' && Number(r.parent) > 0 ? Number(r.parent) : null,
  }));
}

/** The first role of a user's `{prefix}capabilities` (a serialized `role => true` array), as WordPress lists it. */
/** A user's role from their capabilities meta, as the export reads it: the first role granted, else `customer`. */
export function userRole(capabilities: string): string {
  return firstRole(capabilities) || 'customer';
}

function firstRole(capabilities: string): string {
  const value = readPhpSerialized(capabilities);
  if (value instanceof Map) for (const [role, on] of value) if (on === true && typeof role === 'string') return role;
  return '';
}

/** GMT `DATETIME` bounds `[start, end)` of a registration window, as MySQL compares them. */
export interface DatetimeWindow {
  readonly start: string;
  readonly end: string;
}

// Every user, or (the repository's report) those registered inside `registeredIn`.
export async function readCustomers(db: MysqlQueryable, t: WooCommerceTables, prefix: string, registeredIn?: DatetimeWindow) {
  const users = await selectRows(
    db,
    registeredIn === undefined
      ? `SELECT ID AS id, user_login, user_email, user_registered FROM ${t.users} ORDER BY ID`
      : `SELECT ID AS id, user_login, user_email, user_registered FROM ${t.users} WHERE user_registered >= ? AND user_registered < ? ORDER BY ID`,
    registeredIn === undefined ? [] : [registeredIn.start, registeredIn.end],
  );
  if (users.length === 0) return [];
  const capabilities = `${prefix}capabilities`;
  const ids = registeredIn === undefined ? undefined : users.map((u) => Number(u.id));
  const meta = metaByOwner(
    await selectRows(
      db,
      `SELECT user_id, meta_key, meta_value FROM ${t.usermeta} WHERE meta_key IN ('first_name', 'last_name', ?)${ids === undefined ? '' : ` AND user_id IN (${placeholders(ids.length)})`} ORDER BY umeta_id`,
      [capabilities, ...(ids ?? [])],
    ),
    'user_id',
  );
  return users.map((u) => {
    const m = meta.get(Number(u.id));
    return {
      id: Number(u.id),
      email: text(u.user_email),
      first_name: m?.get('first_name') ?? '',
      last_name: m?.get('last_name') ?? '',
      username: text(u.user_login),
      role: userRole(m?.get(capabilities) ?? ''),
      // user_registered is kept in UTC by WordPress.
      registered_at: gmtInstant(text(u.user_registered)) ?? '1970-01-01T00:00:00Z',
    };
  });
}

const COUPON_KEYS = [
  'discount_type', 'coupon_amount', 'individual_use', 'product_ids', 'exclude_product_ids', 'usage_limit',
  'usage_limit_per_user', 'limit_usage_to_x_items', 'usage_count', 'date_expires', 'expiry_date', 'free_shipping',
  'product_categories', 'exclude_product_categories', 'exclude_sale_items', 'minimum_amount', 'customer_email',
];

function serializedIds(value: string): number[] {
  const parsed = value === '' ? undefined : readPhpSerialized(value);
  if (!(parsed instanceof Map)) return idList(value);
  return idList([...parsed.values()].filter((v) => typeof v === 'number' || typeof v === 'string').join(','));
}

function serializedStrings(value: string): string[] {
  const parsed = value === '' ? undefined : readPhpSerialized(value);
  if (parsed instanceof Map) return [...parsed.values()].filter((v): v is string => typeof v === 'string' && v !== '');
  return value.split(',').map((v) => v.trim()).filter((v) => v !== '');
}

// A limit of 0 or '' means none (WooCommerce returns 0; the format writes null).
const limit = (value: string): number | null => (integer(value) > 0 ? integer(value) : null);

// Every coupon, or those of `ids` (the repository reads one page of coupons at a time).
export async function readCoupons(db: MysqlQueryable, t: WooCommerceTables, timeZone: string, ids?: readonly number[]) {
  if (ids !== undefined && ids.length === 0) return [];
  const only = ids === undefined ? '' : ` AND p.ID IN (${placeholders(ids.length)})`;
  const posts = await selectRows(
    db,
    `SELECT p.ID AS id, p.post_title, p.post_excerpt, p.post_status, p.post_date_gmt, p.post_modified_gmt FROM ${t.posts} p
      WHERE p.post_type = 'shop_coupon' AND p.post_status <> 'auto-draft'${only} ORDER BY p.ID`,
    [...(ids ?? [])],
  );
  const meta = metaByOwner(
    await selectRows(
      db,
      `SELECT m.post_id, m.meta_key, m.meta_value FROM ${t.postmeta} m JOIN ${t.posts} p ON p.ID = m.post_id
        WHERE p.post_type = 'shop_coupon'${only} AND m.meta_key IN (${COUPON_KEYS.map(() => '?').join(',')}) ORDER BY m.meta_id`,
      [...(ids ?? []), ...COUPON_KEYS],
    ),
    'post_id',
  );
  return posts.map((p) => {
    const m = meta.get(Number(p.id)) ?? new Map<string, string>();
    const get = (key: string) => m.get(key) ?? '';
    const created = gmtInstant(text(p.post_date_gmt)) ?? '1970-01-01T00:00:00Z';
    return {
      id: Number(p.id),
      code: text(p.post_title),
      type: get('discount_type') || 'fixed_cart',
      status: text(p.post_status),
      description: text(p.post_excerpt),
      created_at: created,
      updated_at: gmtInstant(text(p.post_modified_gmt)) ?? created,
      amount: money(get('coupon_amount')),
      individual_use: yes(get('individual_use')),
      product_ids: idList(get('product_ids')),
      exclude_product_ids: idList(get('exclude_product_ids')),
      usage_limit: limit(get('usage_limit')),
      usage_limit_per_user: limit(get('usage_limit_per_user')),
      limit_usage_to_x_items: integer(get('limit_usage_to_x_items')),
      usage_count: integer(get('usage_count')),
      // WooCommerce 3+ keeps a timestamp (date_expires); 2.x a local date string (expiry_date), read in the store's zone.
      expires_at: timestampInstant(get('date_expires')) ?? localInstant(get('expiry_date'), timeZone),
      free_shipping: yes(get('free_shipping')),
      product_category_ids: serializedIds(get('product_categories')),
      exclude_product_category_ids: serializedIds(get('exclude_product_categories')),
      exclude_sale_items: yes(get('exclude_sale_items')),
      minimum_amount: money(get('minimum_amount')),
      customer_emails: serializedStrings(get('customer_email')),
    };
  });
}
