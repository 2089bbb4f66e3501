// The store's options, users, products and coupons as WooCommerce stores them (the same in both order storages).
import { hashConsumerKey, type ShopSnapshot } from 'wc-legacy-api/shop';
import { serializePhp, type PhpWritable } from './php-serialize';
import type { RowBuffer } from './fixture-tables';
import { decimalText, gmtDatetime, localDatetime, slug, timestamp, yesNo } from './fixture-values';

/** What the rows of one write share. */
export interface WriteContext {
  readonly rows: RowBuffer;
  readonly prefix: string;
  readonly storage: 'posts' | 'hpos';
  readonly version: string;
  readonly timeZone: string;
  readonly host: string;
  /** Orders written as WooCommerce 2.x left them in stores since upgraded (posts storage only). */
  readonly legacyOrder: (orderId: number) => boolean;
}

/** A `{prefix}posts` row with WordPress's dates (local and GMT) and what every WooCommerce post carries. */
export function post(ctx: WriteContext, values: { id: number; type: string; status: string; title?: string; excerpt?: string; parent?: number; created: Date; modified: Date; name?: string; password?: string }): void {
  ctx.rows.add('posts', {
    ID: values.id,
    post_author: 1,
    post_date: localDatetime(values.created, ctx.timeZone),
    post_date_gmt: gmtDatetime(values.created),
    post_title: values.title ?? '',
    post_excerpt: values.excerpt ?? '',
    post_status: values.status,
    comment_status: 'closed',
    ping_status: 'closed',
    post_password: values.password ?? '',
    post_name: values.name ?? '',
    post_modified: localDatetime(values.modified, ctx.timeZone),
    post_modified_gmt: gmtDatetime(values.modified),
    post_parent: values.parent ?? 0,
    guid: `${ctx.host}/?post_type=${values.type}&p=${values.id}`,
    post_type: values.type,
  });
}

export function postMeta(ctx: WriteContext, postId: number, meta: Record<string, string | null>): void {
  for (const [key, value] of Object.entries(meta)) ctx.rows.add('postmeta', { post_id: postId, meta_key: key, meta_value: value });
}

/** The gmt_offset WordPress keeps beside timezone_string: the zone's offset in hours at `at`. */
function gmtOffset(timeZone: string, at: Date): string {
  const local = localDatetime(at, timeZone).replace(' ', 'T') + 'Z';
  return String((Date.parse(local) - Math.floor(at.getTime() / 1000) * 1000) / 3_600_000);
}

export function writeOptions(ctx: WriteContext, shop: ShopSnapshot, now: Date): void {
  const s = shop.store;
  const options: Record<string, string> = {
    siteurl: s.siteUrl,
    home: s.siteUrl,
    blogname: s.name,
    blogdescription: s.description,
    timezone_string: s.timeZone,
    gmt_offset: gmtOffset(s.timeZone, now),
    woocommerce_currency: s.currency,
    woocommerce_prices_include_tax: yesNo(s.pricesIncludeTax),
    woocommerce_weight_unit: s.weightUnit,
    woocommerce_dimension_unit: s.dimensionUnit,
    woocommerce_version: ctx.version,
    woocommerce_db_version: ctx.version,
    woocommerce_custom_orders_table_enabled: yesNo(ctx.storage === 'hpos'),
    woocommerce_custom_orders_table_data_sync_enabled: 'no',
    [`${ctx.prefix}user_roles`]: serializePhp(
      new Map(Object.entries(ROLES).map(([role, { name, capabilities }]) => [role, new Map<string, PhpWritable>([['name', name], ['capabilities', new Map(capabilities.map((c) => [c, true]))]])])),
    ),
  };
  for (const [name, value] of Object.entries(options)) ctx.rows.add('options', { option_name: name, option_value: value, autoload: 'yes' });
}

// WordPress's roles with the WooCommerce capabilities WC_Install::create_roles() grants them (those that decide what an
// API key's user may read: orders, coupons, reports), as `{prefix}user_roles` keeps them.
const SHOP_CAPABILITIES = ['manage_woocommerce', 'view_woocommerce_reports', 'read_private_shop_orders', 'edit_shop_orders', 'read_private_shop_coupons', 'edit_shop_coupons'];
const ROLES: Record<string, { name: string; capabilities: string[] }> = {
  administrator: { name: 'Administrator', capabilities: ['manage_options', 'edit_users', 'read', ...SHOP_CAPABILITIES] },
  shop_manager: { name: 'Shop manager', capabilities: ['read', 'edit_posts', ...SHOP_CAPABILITIES] },
  customer: { name: 'Customer', capabilities: ['read'] },
  subscriber: { name: 'Subscriber', capabilities: ['read'] },
};

const USER_LEVEL: Record<string, number> = { administrator: 10, editor: 7, author: 2, contributor: 1 };

export function writeUsers(ctx: WriteContext, shop: ShopSnapshot): void {
  for (const c of shop.customers) {
    ctx.rows.add('users', {
      ID: c.id,
      user_login: c.username,
      // Not a password hash of anything: fixture users cannot log in.
      user_pass: '$P$B.fixture.writer.no.login.0000',
      user_nicename: slug(c.username).slice(0, 50),
      user_email: c.email,
      user_registered: gmtDatetime(c.registeredAt),
      display_name: `${c.firstName} ${c.lastName}`.trim() || c.username,
    });
    const meta: Record<string, string> = {
      nickname: c.username,
      first_name: c.firstName,
      last_name: c.lastName,
      [`${ctx.prefix}capabilities`]: serializePhp(c.role === '' ? [] : new Map([[c.role, true]])),
      [`${ctx.prefix}user_level`]: String(USER_LEVEL[c.role] ?? 0),
    };
    for (const [key, value] of Object.entries(meta)) ctx.rows.add('usermeta', { user_id: c.id, meta_key: key, meta_value: value });
  }
}

/** Products and variations, typed as WooCommerce types them: `product_type` terms `simple` / `variable`. */
export function writeProducts(ctx: WriteContext, shop: ShopSnapshot, now: Date): void {
  const parents = new Set(shop.products.flatMap((p) => (p.parentId === null ? [] : [p.parentId])));
  const terms = [
    { id: 1, slug: 'simple' },
    { id: 2, slug: 'variable' },
  ];
  for (const t of terms) {
    ctx.rows.add('terms', { term_id: t.id, name: t.slug, slug: t.slug });
    ctx.rows.add('term_taxonomy', { term_taxonomy_id: t.id, term_id: t.id, taxonomy: 'product_type', description: '', count: 0 });
  }
  for (const p of shop.products) {
    const variation = p.parentId !== null;
    post(ctx, { id: p.id, type: variation ? 'product_variation' : 'product', status: 'publish', title: p.name, parent: p.parentId ?? 0, created: now, modified: now, name: slug(p.name) });
    postMeta(ctx, p.id, { _sku: p.sku, _tax_status: 'taxable', _tax_class: variation ? 'parent' : '', _stock_status: 'instock', _product_version: ctx.version });
    if (!variation) ctx.rows.add('term_relationships', { object_id: p.id, term_taxonomy_id: parents.has(p.id) ? 2 : 1 });
  }
}

/** An API key of the store, as WooCommerce 2.4+ keeps it: the consumer key hashed (`wc_api_hash`), the secret in clear. */
export interface FixtureApiKey {
  readonly userId: number;
  readonly consumerKey: string;
  readonly consumerSecret: string;
  readonly permissions: 'read' | 'write' | 'read_write';
  readonly description?: string;
}

export function writeApiKeys(ctx: WriteContext, keys: readonly FixtureApiKey[]): void {
  keys.forEach((k, i) =>
    ctx.rows.add('woocommerce_api_keys', {
      key_id: i + 1,
      user_id: k.userId,
      description: k.description ?? `key ${i + 1}`,
      permissions: k.permissions,
      consumer_key: hashConsumerKey(k.consumerKey),
      consumer_secret: k.consumerSecret,
      truncated_key: k.consumerKey.slice(-7),
    }),
  );
}

export function writeCoupons(ctx: WriteContext, shop: ShopSnapshot): void {
  for (const c of shop.coupons) {
    post(ctx, { id: c.id, type: 'shop_coupon', status: c.status, title: c.code, excerpt: c.description, created: c.createdAt, modified: c.updatedAt, name: slug(c.code) });
    postMeta(ctx, c.id, {
      discount_type: c.type,
      coupon_amount: decimalText(c.amount),
      individual_use: yesNo(c.individualUse),
      product_ids: c.productIds.join(','),
      exclude_product_ids: c.excludeProductIds.join(','),
      usage_limit: String(c.usageLimit ?? 0),
      usage_limit_per_user: String(c.usageLimitPerUser ?? 0),
      limit_usage_to_x_items: c.limitUsageToXItems > 0 ? String(c.limitUsageToXItems) : null,
      usage_count: String(c.usageCount),
      date_expires: c.expiresAt === null ? null : timestamp(c.expiresAt),
      free_shipping: yesNo(c.freeShipping),
      product_categories: serializePhp([...c.productCategoryIds]),
      exclude_product_categories: serializePhp([...c.excludeProductCategoryIds]),
      exclude_sale_items: yesNo(c.excludeSaleItems),
      minimum_amount: c.minimumAmount.isZero() ? '' : decimalText(c.minimumAmount),
      maximum_amount: '',
      customer_email: serializePhp([...c.customerEmails]),
    });
  }
}
