import * as z from 'zod/mini';
import { COUPON_STATUSES, COUPON_TYPES } from '../model/coupon';
import { ORDER_STATUSES } from '../model/order';
import { instantMillis } from './snapshot-instant';

// The JSON shop snapshot format (documented field by field in docs/data-format.md). Field names are snake_case as
// the shop's own data and API use them; money is a decimal string (exact), instants are ISO 8601 with an offset.
// Objects are strict so a misspelt field is reported instead of silently dropped. Optional fields have the defaults
// the documentation lists; `serializeShopSnapshot` always writes every field.

/** Whether `text` is an instant the snapshot format accepts (see the `instant` schema below). */
export function isValidInstant(text: string): boolean {
  return !Number.isNaN(instantMillis(text));
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The current format version; a snapshot must say `"format_version": 1`.
 *
 * @example
 * ```ts
 * const file = { format_version: SNAPSHOT_FORMAT_VERSION, store, orders: [] };
 * ```
 */
export const SNAPSHOT_FORMAT_VERSION = 1;

/** Money in the format: a plain decimal string such as `"12.50"` or `"-3"`; no exponent, no thousands separator. */
export const MONEY_PATTERN = /^-?\d{1,18}(\.\d{1,12})?$/;

/** Builds every schema of the format; see {@link snapshotSchemas}. */
function buildSnapshotSchemas() {
  const money = z.string({ error: 'expected a decimal string such as "12.50"' }).check(z.regex(MONEY_PATTERN, {
    error: 'expected a decimal string such as "12.50"',
  }));

  /** An instant: ISO 8601 with an explicit offset, e.g. `2026-03-01T09:30:00Z` or `2026-03-01T10:30:00+01:00`. */
  const instant = z
    .string({ error: 'expected an ISO 8601 date-time with offset, e.g. "2026-03-01T09:30:00Z"' })
    .check(z.refine(isValidInstant, { error: 'expected an ISO 8601 date-time with offset, e.g. "2026-03-01T09:30:00Z"' }));

  const id = z.int({ error: 'expected integer' }).check(z.gte(1, { error: 'expected a positive integer' }));
  const count = z.int({ error: 'expected integer' }).check(z.gte(0, { error: 'expected a non-negative integer' }));
  const text = z.string({ error: 'expected string' });
  const flag = z.boolean({ error: 'expected boolean' });
  const ids = z.array(id, { error: 'expected an array of integers' });

  function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
    return z.enum(values, { error: `expected one of ${values.map((v) => JSON.stringify(v)).join(', ')}` });
  }

  /** Postal address; every part defaults to `""`. */
  const addressSchema = z.strictObject({
    first_name: z._default(text, ''),
    last_name: z._default(text, ''),
    company: z._default(text, ''),
    address_1: z._default(text, ''),
    address_2: z._default(text, ''),
    city: z._default(text, ''),
    state: z._default(text, ''),
    postcode: z._default(text, ''),
    country: z._default(text, ''),
  });

  /** Billing address: an address plus email and phone (default `""`). */
  const billingAddressSchema = z.extend(addressSchema, {
    email: z._default(text, ''),
    phone: z._default(text, ''),
  });

  const lineItemSchema = z.strictObject({
    id,
    name: text,
    product_id: id,
    variation_id: z._default(z.nullable(id), null),
    quantity: count,
    subtotal: money,
    total: money,
    tax: z._default(money, '0'),
    tax_class: z._default(text, ''),
  });

  const shippingLineSchema = z.strictObject({
    id,
    method_id: text,
    method_title: text,
    total: money,
  });

  const taxLineSchema = z.strictObject({
    id,
    code: text,
    title: text,
    tax_total: money,
    shipping_tax_total: z._default(money, '0'),
    compound: z._default(flag, false),
  });

  const feeLineSchema = z.strictObject({
    id,
    title: text,
    tax_class: z._default(text, ''),
    total: money,
    tax: z._default(money, '0'),
  });

  const couponLineSchema = z.strictObject({
    id,
    code: text,
    amount: money,
  });

  const refundSchema = z.strictObject({
    id,
    created_at: instant,
    amount: money,
    reason: z._default(text, ''),
  });

  const orderNoteSchema = z.strictObject({
    id,
    created_at: instant,
    content: text,
    customer_note: z._default(flag, false),
    approved: z._default(flag, true),
    type: z._default(text, 'order_note'),
  });

  const paymentSchema = z.strictObject({
    method_id: z._default(text, ''),
    method_title: z._default(text, ''),
    paid_at: z._default(z.nullable(instant), null),
  });

  const orderSchema = z.strictObject({
    id,
    /** Defaults to the id as a string. */
    number: z.optional(text),
    created_at: instant,
    /** Defaults to `created_at`. */
    updated_at: z.optional(instant),
    completed_at: z._default(z.nullable(instant), null),
    status: oneOf(ORDER_STATUSES),
    /** Defaults to the store currency. */
    currency: z.optional(text),
    total: money,
    cart_tax: z._default(money, '0'),
    shipping_total: z._default(money, '0'),
    shipping_tax: z._default(money, '0'),
    cart_discount: z._default(money, '0'),
    order_discount: z._default(money, '0'),
    payment: z._default(paymentSchema, { method_id: '', method_title: '', paid_at: null }),
    billing: z._default(billingAddressSchema, () => billingAddressSchema.parse({})),
    shipping: z._default(addressSchema, () => addressSchema.parse({})),
    customer_note: z._default(text, ''),
    customer_ip: z._default(text, ''),
    customer_user_agent: z._default(text, ''),
    customer_id: z._default(count, 0),
    items: z._default(z.array(lineItemSchema, { error: 'expected array' }), []),
    shipping_lines: z._default(z.array(shippingLineSchema, { error: 'expected array' }), []),
    tax_lines: z._default(z.array(taxLineSchema, { error: 'expected array' }), []),
    fee_lines: z._default(z.array(feeLineSchema, { error: 'expected array' }), []),
    coupon_lines: z._default(z.array(couponLineSchema, { error: 'expected array' }), []),
    refunds: z._default(z.array(refundSchema, { error: 'expected array' }), []),
    notes: z._default(z.array(orderNoteSchema, { error: 'expected array' }), []),
  });

  const couponSchema = z.strictObject({
    id,
    code: text,
    type: oneOf(COUPON_TYPES),
    status: z._default(oneOf(COUPON_STATUSES), 'publish'),
    description: z._default(text, ''),
    created_at: instant,
    /** Defaults to `created_at`. */
    updated_at: z.optional(instant),
    amount: money,
    individual_use: z._default(flag, false),
    product_ids: z._default(ids, []),
    exclude_product_ids: z._default(ids, []),
    usage_limit: z._default(z.nullable(count), null),
    usage_limit_per_user: z._default(z.nullable(count), null),
    limit_usage_to_x_items: z._default(count, 0),
    usage_count: z._default(count, 0),
    expires_at: z._default(z.nullable(instant), null),
    free_shipping: z._default(flag, false),
    product_category_ids: z._default(ids, []),
    exclude_product_category_ids: z._default(ids, []),
    exclude_sale_items: z._default(flag, false),
    minimum_amount: z._default(money, '0'),
    customer_emails: z._default(z.array(text, { error: 'expected an array of strings' }), []),
  });

  const productSchema = z.strictObject({
    id,
    name: text,
    sku: z._default(text, ''),
    parent_id: z._default(z.nullable(id), null),
  });

  const customerSchema = z.strictObject({
    id,
    email: text,
    first_name: z._default(text, ''),
    last_name: z._default(text, ''),
    username: text,
    role: z._default(text, 'customer'),
    registered_at: instant,
  });

  const storeSchema = z.strictObject({
    name: text,
    description: z._default(text, ''),
    site_url: text.check(z.refine((u) => /^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(u) && !u.endsWith('/'), {
      error: 'expected an http(s) URL without a trailing slash, e.g. "https://shop.example.com"',
    })),
    time_zone: text.check(z.refine(isTimeZone, { error: 'expected an IANA time zone such as "Europe/Berlin"' })),
    currency: text.check(z.regex(/^[A-Z]{3}$/, { error: 'expected an ISO 4217 currency code such as "EUR"' })),
    currency_symbol: z._default(text, ''),
    prices_include_tax: z._default(flag, false),
    weight_unit: z._default(text, 'kg'),
    dimension_unit: z._default(text, 'cm'),
  });

  const shopSnapshotSchema = z.strictObject({
    format_version: z.literal(SNAPSHOT_FORMAT_VERSION, { error: `expected ${SNAPSHOT_FORMAT_VERSION}` }),
    store: storeSchema,
    products: z._default(z.array(productSchema, { error: 'expected array' }), []),
    customers: z._default(z.array(customerSchema, { error: 'expected array' }), []),
    coupons: z._default(z.array(couponSchema, { error: 'expected array' }), []),
    orders: z._default(z.array(orderSchema, { error: 'expected array' }), []),
  });

  return {
    addressSchema, billingAddressSchema, lineItemSchema, shippingLineSchema, taxLineSchema, feeLineSchema,
    couponLineSchema, refundSchema, orderNoteSchema, paymentSchema, orderSchema, couponSchema, productSchema,
    customerSchema, storeSchema, shopSnapshotSchema,
  };
}

/** Every zod schema of the snapshot format, by record type. */
export type SnapshotSchemas = ReturnType<typeof buildSnapshotSchemas>;

let built: SnapshotSchemas | undefined;

/**
 * The zod schemas of the snapshot format, built on first use: building them is most of what the schemas cost, and a
 * server that never reads a snapshot file never pays it. zod itself is a plain static import (bundlers see it) of
 * `zod/mini`, whose functions tree-shake: the build bundles only the parts used here into the shop's chunk, which
 * costs far less to load than zod's own module tree (docs/decisions.md, "Bundlers").
 */
export function snapshotSchemas(): SnapshotSchemas {
  built ??= buildSnapshotSchemas();
  return built;
}

/**
 * The zod schema of a JSON shop snapshot (shape only; cross-record checks happen in `loadShopSnapshot`), built on
 * the first call (later calls return the same schema).
 *
 * @example
 * ```ts
 * const parsed = getShopSnapshotSchema().safeParse(JSON.parse(text));
 * ```
 */
export function getShopSnapshotSchema(): SnapshotSchemas['shopSnapshotSchema'] {
  return snapshotSchemas().shopSnapshotSchema;
}

/**
 * A snapshot as written in JSON (optional fields may be absent).
 *
 * @example
 * ```ts
 * const file: ShopSnapshotJsonInput = { format_version: 1, store: { name: 'S', site_url: 'https://s.example', time_zone: 'UTC', currency: 'EUR' } };
 * ```
 */
export type ShopSnapshotJsonInput = z.input<SnapshotSchemas['shopSnapshotSchema']>;
/**
 * A snapshot after shape validation, with defaults applied; also what `serializeShopSnapshot` returns.
 *
 * @example
 * ```ts
 * const json: ShopSnapshotJson = serializeShopSnapshot(snapshot);
 * json.orders[0]?.items[0]?.quantity; // a number
 * ```
 */
export type ShopSnapshotJson = z.output<SnapshotSchemas['shopSnapshotSchema']>;
