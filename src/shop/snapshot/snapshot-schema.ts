import { createRequire } from 'node:module';
import type * as Zod from 'zod';
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

/** Builds every schema of the format with the given zod; see {@link snapshotSchemas}. */
function buildSnapshotSchemas(z: typeof Zod) {
  const money = z.string({ error: 'expected a decimal string such as "12.50"' }).regex(MONEY_PATTERN, {
    error: 'expected a decimal string such as "12.50"',
  });

  /** An instant: ISO 8601 with an explicit offset, e.g. `2026-03-01T09:30:00Z` or `2026-03-01T10:30:00+01:00`. */
  const instant = z
    .string({ error: 'expected an ISO 8601 date-time with offset, e.g. "2026-03-01T09:30:00Z"' })
    .refine(isValidInstant, { error: 'expected an ISO 8601 date-time with offset, e.g. "2026-03-01T09:30:00Z"' });

  const id = z.int({ error: 'expected integer' }).min(1, { error: 'expected a positive integer' });
  const count = z.int({ error: 'expected integer' }).min(0, { error: 'expected a non-negative integer' });
  const text = z.string({ error: 'expected string' });
  const flag = z.boolean({ error: 'expected boolean' });
  const ids = z.array(id, { error: 'expected an array of integers' });

  function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
    return z.enum(values, { error: `expected one of ${values.map((v) => JSON.stringify(v)).join(', ')}` });
  }

  /** Postal address; every part defaults to `""`. */
  const addressSchema = z.strictObject({
    first_name: text.default(''),
    last_name: text.default(''),
    company: text.default(''),
    address_1: text.default(''),
    address_2: text.default(''),
    city: text.default(''),
    state: text.default(''),
    postcode: text.default(''),
    country: text.default(''),
  });

  /** Billing address: an address plus email and phone (default `""`). */
  const billingAddressSchema = addressSchema.extend({
    email: text.default(''),
    phone: text.default(''),
  });

  const lineItemSchema = z.strictObject({
    id,
    name: text,
    product_id: id,
    variation_id: id.nullable().default(null),
    quantity: count,
    subtotal: money,
    total: money,
    tax: money.default('0'),
    tax_class: text.default(''),
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
    shipping_tax_total: money.default('0'),
    compound: flag.default(false),
  });

  const feeLineSchema = z.strictObject({
    id,
    title: text,
    tax_class: text.default(''),
    total: money,
    tax: money.default('0'),
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
    reason: text.default(''),
  });

  const orderNoteSchema = z.strictObject({
    id,
    created_at: instant,
    content: text,
    customer_note: flag.default(false),
    approved: flag.default(true),
    type: text.default('order_note'),
  });

  const paymentSchema = z.strictObject({
    method_id: text.default(''),
    method_title: text.default(''),
    paid_at: instant.nullable().default(null),
  });

  const orderSchema = z.strictObject({
    id,
    /** Defaults to the id as a string. */
    number: text.optional(),
    created_at: instant,
    /** Defaults to `created_at`. */
    updated_at: instant.optional(),
    completed_at: instant.nullable().default(null),
    status: oneOf(ORDER_STATUSES),
    /** Defaults to the store currency. */
    currency: text.optional(),
    total: money,
    cart_tax: money.default('0'),
    shipping_total: money.default('0'),
    shipping_tax: money.default('0'),
    cart_discount: money.default('0'),
    order_discount: money.default('0'),
    payment: paymentSchema.default({ method_id: '', method_title: '', paid_at: null }),
    billing: billingAddressSchema.default(() => billingAddressSchema.parse({})),
    shipping: addressSchema.default(() => addressSchema.parse({})),
    customer_note: text.default(''),
    customer_ip: text.default(''),
    customer_user_agent: text.default(''),
    customer_id: count.default(0),
    items: z.array(lineItemSchema, { error: 'expected array' }).default([]),
    shipping_lines: z.array(shippingLineSchema, { error: 'expected array' }).default([]),
    tax_lines: z.array(taxLineSchema, { error: 'expected array' }).default([]),
    fee_lines: z.array(feeLineSchema, { error: 'expected array' }).default([]),
    coupon_lines: z.array(couponLineSchema, { error: 'expected array' }).default([]),
    refunds: z.array(refundSchema, { error: 'expected array' }).default([]),
    notes: z.array(orderNoteSchema, { error: 'expected array' }).default([]),
  });

  const couponSchema = z.strictObject({
    id,
    code: text,
    type: oneOf(COUPON_TYPES),
    status: oneOf(COUPON_STATUSES).default('publish'),
    description: text.default(''),
    created_at: instant,
    /** Defaults to `created_at`. */
    updated_at: instant.optional(),
    amount: money,
    individual_use: flag.default(false),
    product_ids: ids.default([]),
    exclude_product_ids: ids.default([]),
    usage_limit: count.nullable().default(null),
    usage_limit_per_user: count.nullable().default(null),
    limit_usage_to_x_items: count.default(0),
    usage_count: count.default(0),
    expires_at: instant.nullable().default(null),
    free_shipping: flag.default(false),
    product_category_ids: ids.default([]),
    exclude_product_category_ids: ids.default([]),
    exclude_sale_items: flag.default(false),
    minimum_amount: money.default('0'),
    customer_emails: z.array(text, { error: 'expected an array of strings' }).default([]),
  });

  const productSchema = z.strictObject({
    id,
    name: text,
    sku: text.default(''),
    parent_id: id.nullable().default(null),
  });

  const customerSchema = z.strictObject({
    id,
    email: text,
    first_name: text.default(''),
    last_name: text.default(''),
    username: text,
    role: text.default('customer'),
    registered_at: instant,
  });

  const storeSchema = z.strictObject({
    name: text,
    description: text.default(''),
    site_url: text.refine((u) => /^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(u) && !u.endsWith('/'), {
      error: 'expected an http(s) URL without a trailing slash, e.g. "https://shop.example.com"',
    }),
    time_zone: text.refine(isTimeZone, { error: 'expected an IANA time zone such as "Europe/Berlin"' }),
    currency: text.regex(/^[A-Z]{3}$/, { error: 'expected an ISO 4217 currency code such as "EUR"' }),
    currency_symbol: text.default(''),
    prices_include_tax: flag.default(false),
    weight_unit: text.default('kg'),
    dimension_unit: text.default('cm'),
  });

  const shopSnapshotSchema = z.strictObject({
    format_version: z.literal(SNAPSHOT_FORMAT_VERSION, { error: `expected ${SNAPSHOT_FORMAT_VERSION}` }),
    store: storeSchema,
    products: z.array(productSchema, { error: 'expected array' }).default([]),
    customers: z.array(customerSchema, { error: 'expected array' }).default([]),
    coupons: z.array(couponSchema, { error: 'expected array' }).default([]),
    orders: z.array(orderSchema, { error: 'expected array' }).default([]),
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
 * The zod schemas of the snapshot format, built on first use. zod is loaded (synchronously) only then: loading it
 * and building the schemas is most of what importing `wc-legacy-api/shop` would otherwise cost, and a server that never
 * reads a snapshot file never pays it.
 */
export function snapshotSchemas(): SnapshotSchemas {
  built ??= buildSnapshotSchemas(createRequire(import.meta.url)('zod') as typeof Zod);
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
export type ShopSnapshotJsonInput = Zod.input<SnapshotSchemas['shopSnapshotSchema']>;
/**
 * A snapshot after shape validation, with defaults applied; also what `serializeShopSnapshot` returns.
 *
 * @example
 * ```ts
 * const json: ShopSnapshotJson = serializeShopSnapshot(snapshot);
 * json.orders[0]?.items[0]?.quantity; // a number
 * ```
 */
export type ShopSnapshotJson = Zod.output<SnapshotSchemas['shopSnapshotSchema']>;
