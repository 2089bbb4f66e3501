// Reading model objects back from the shop schema. Every SELECT list here casts what drivers parse differently:
// numerics to text (read as Decimal, never a float), instants to epoch milliseconds, and an order's lines to JSON
// arrays built in the same query (one round trip per page, numerics inside as text).
import type { Coupon, CouponStatus, CouponType } from '../../model/coupon';
import type { Customer, Product, StoreSettings } from '../../model/shop';
import type { Order, OrderStatus } from '../../model/order';
import type { PeriodTotals } from '../../reports/report-types';
import {
  msOf,
  readDecimal,
  readInstant,
  readInt,
  readOptionalInstant,
  readOptionalInt,
} from './params';
import { BILLING_COLUMNS, SHIPPING_COLUMNS } from './tables';

type Row = Record<string, unknown>;

const str = (v: unknown): string => String(v);

/** A JSON array of an order's child rows, in position order. `fields` maps JSON keys to SQL expressions over `x`. */
function childArray(table: string, fields: Record<string, string>): string {
  const pairs = Object.entries(fields)
    .map(([k, e]) => `'${k}', ${e}`)
    .join(', ');
  return `(SELECT coalesce(json_agg(json_build_object(${pairs}) ORDER BY x.position), '[]'::json) FROM ${table} x WHERE x.order_id = o.id)`;
}

/** The SELECT list of an order, over `shop_orders o`; read it with {@link readOrder}. */
export const ORDER_SELECT = [
  'o.id',
  'o.number',
  `${msOf('o.created_at')} AS created_at`,
  `${msOf('o.updated_at')} AS updated_at`,
  `${msOf('o.completed_at')} AS completed_at`,
  'o.status',
  'o.currency',
  'o.total::text AS total',
  'o.cart_tax::text AS cart_tax',
  'o.shipping_total::text AS shipping_total',
  'o.shipping_tax::text AS shipping_tax',
  'o.cart_discount::text AS cart_discount',
  'o.order_discount::text AS order_discount',
  'o.payment_method_id',
  'o.payment_method_title',
  `${msOf('o.paid_at')} AS paid_at`,
  ...BILLING_COLUMNS.map(([c]) => `o.${c}`),
  ...SHIPPING_COLUMNS.map(([c]) => `o.${c}`),
  'o.customer_note',
  'o.customer_ip',
  'o.customer_user_agent',
  'o.customer_id',
  `${childArray('shop_order_line_items', {
    id: 'x.id',
    name: 'x.name',
    productId: 'x.product_id',
    variationId: 'x.variation_id',
    quantity: 'x.quantity',
    subtotal: 'x.subtotal::text',
    total: 'x.total::text',
    tax: 'x.tax::text',
    taxClass: 'x.tax_class',
  })} AS line_items`,
  `${childArray('shop_order_shipping_lines', {
    id: 'x.id',
    methodId: 'x.method_id',
    methodTitle: 'x.method_title',
    total: 'x.total::text',
  })} AS shipping_lines`,
  `${childArray('shop_order_tax_lines', {
    id: 'x.id',
    code: 'x.code',
    title: 'x.title',
    taxTotal: 'x.tax_total::text',
    shippingTaxTotal: 'x.shipping_tax_total::text',
    compound: 'x.compound',
  })} AS tax_lines`,
  `${childArray('shop_order_fee_lines', {
    id: 'x.id',
    title: 'x.title',
    taxClass: 'x.tax_class',
    total: 'x.total::text',
    tax: 'x.tax::text',
  })} AS fee_lines`,
  `${childArray('shop_order_coupon_lines', { id: 'x.id', code: 'x.code', amount: 'x.amount::text' })} AS coupon_lines`,
  `${childArray('shop_order_refunds', {
    id: 'x.id',
    createdAt: msOf('x.created_at'),
    amount: 'x.amount::text',
    reason: 'x.reason',
  })} AS refunds`,
  `${childArray('shop_order_notes', {
    id: 'x.id',
    createdAt: msOf('x.created_at'),
    content: 'x.content',
    customerNote: 'x.customer_note',
    approved: 'x.approved',
    type: 'x.type',
  })} AS notes`,
].join(',\n  ');

// Drivers hand back `json` columns parsed; accept text too, for clients configured without a JSON parser.
function jsonArray(value: unknown): Row[] {
  return (typeof value === 'string' ? JSON.parse(value) : value) as Row[];
}

/** An {@link Order} from a row selected with {@link ORDER_SELECT}. */
export function readOrder(r: Row): Order {
  const billing = Object.fromEntries(BILLING_COLUMNS.map(([c, f]) => [f, str(r[c])])) as unknown as Order['billing'];
  const shipping = Object.fromEntries(SHIPPING_COLUMNS.map(([c, f]) => [f, str(r[c])])) as unknown as Order['shipping'];
  return {
    id: readInt(r.id),
    number: str(r.number),
    createdAt: readInstant(r.created_at),
    updatedAt: readInstant(r.updated_at),
    completedAt: readOptionalInstant(r.completed_at),
    status: str(r.status) as OrderStatus,
    currency: str(r.currency),
    total: readDecimal(r.total),
    cartTax: readDecimal(r.cart_tax),
    shippingTotal: readDecimal(r.shipping_total),
    shippingTax: readDecimal(r.shipping_tax),
    cartDiscount: readDecimal(r.cart_discount),
    orderDiscount: readDecimal(r.order_discount),
    payment: {
      methodId: str(r.payment_method_id),
      methodTitle: str(r.payment_method_title),
      paidAt: readOptionalInstant(r.paid_at),
    },
    billing,
    shipping,
    customerNote: str(r.customer_note),
    customerIp: str(r.customer_ip),
    customerUserAgent: str(r.customer_user_agent),
    customerId: readInt(r.customer_id),
    lineItems: jsonArray(r.line_items).map((x) => ({
      id: readInt(x.id),
      name: str(x.name),
      productId: readInt(x.productId),
      variationId: readOptionalInt(x.variationId),
      quantity: readInt(x.quantity),
      subtotal: readDecimal(x.subtotal),
      total: readDecimal(x.total),
      tax: readDecimal(x.tax),
      taxClass: str(x.taxClass),
    })),
    shippingLines: jsonArray(r.shipping_lines).map((x) => ({
      id: readInt(x.id),
      methodId: str(x.methodId),
      methodTitle: str(x.methodTitle),
      total: readDecimal(x.total),
    })),
    taxLines: jsonArray(r.tax_lines).map((x) => ({
      id: readInt(x.id),
      code: str(x.code),
      title: str(x.title),
      taxTotal: readDecimal(x.taxTotal),
      shippingTaxTotal: readDecimal(x.shippingTaxTotal),
      compound: x.compound === true,
    })),
    feeLines: jsonArray(r.fee_lines).map((x) => ({
      id: readInt(x.id),
      title: str(x.title),
      taxClass: str(x.taxClass),
      total: readDecimal(x.total),
      tax: readDecimal(x.tax),
    })),
    couponLines: jsonArray(r.coupon_lines).map((x) => ({
      id: readInt(x.id),
      code: str(x.code),
      amount: readDecimal(x.amount),
    })),
    refunds: jsonArray(r.refunds).map((x) => ({
      id: readInt(x.id),
      createdAt: readInstant(x.createdAt),
      amount: readDecimal(x.amount),
      reason: str(x.reason),
    })),
    notes: jsonArray(r.notes).map((x) => ({
      id: readInt(x.id),
      createdAt: readInstant(x.createdAt),
      content: str(x.content),
      customerNote: x.customerNote === true,
      approved: x.approved === true,
      type: str(x.type),
    })),
  };
}

const idArray = (v: unknown): number[] => (v as unknown[]).map(readInt);

/** The SELECT list of a coupon, over `shop_coupons c`; read it with {@link readCoupon}. */
export const COUPON_SELECT = [
  'c.id',
  'c.code',
  'c.type',
  'c.status',
  'c.description',
  `${msOf('c.created_at')} AS created_at`,
  `${msOf('c.updated_at')} AS updated_at`,
  'c.amount::text AS amount',
  'c.individual_use',
  // Arrays as JSON text: driver-independent, and bigint elements stay exact as JSON numbers below 2^53.
  'to_json(c.product_ids)::text AS product_ids',
  'to_json(c.exclude_product_ids)::text AS exclude_product_ids',
  'c.usage_limit',
  'c.usage_limit_per_user',
  'c.limit_usage_to_x_items',
  'c.usage_count',
  `${msOf('c.expires_at')} AS expires_at`,
  'c.free_shipping',
  'to_json(c.product_category_ids)::text AS product_category_ids',
  'to_json(c.exclude_product_category_ids)::text AS exclude_product_category_ids',
  'c.exclude_sale_items',
  'c.minimum_amount::text AS minimum_amount',
  'to_json(c.customer_emails)::text AS customer_emails',
].join(', ');

/** A {@link Coupon} from a row selected with {@link COUPON_SELECT}. */
export function readCoupon(r: Row): Coupon {
  return {
    id: readInt(r.id),
    code: str(r.code),
    type: str(r.type) as CouponType,
    status: str(r.status) as CouponStatus,
    description: str(r.description),
    createdAt: readInstant(r.created_at),
    updatedAt: readInstant(r.updated_at),
    amount: readDecimal(r.amount),
    individualUse: r.individual_use === true,
    productIds: idArray(JSON.parse(str(r.product_ids))),
    excludeProductIds: idArray(JSON.parse(str(r.exclude_product_ids))),
    usageLimit: readOptionalInt(r.usage_limit),
    usageLimitPerUser: readOptionalInt(r.usage_limit_per_user),
    limitUsageToXItems: readInt(r.limit_usage_to_x_items),
    usageCount: readInt(r.usage_count),
    expiresAt: readOptionalInstant(r.expires_at),
    freeShipping: r.free_shipping === true,
    productCategoryIds: idArray(JSON.parse(str(r.product_category_ids))),
    excludeProductCategoryIds: idArray(JSON.parse(str(r.exclude_product_category_ids))),
    excludeSaleItems: r.exclude_sale_items === true,
    minimumAmount: readDecimal(r.minimum_amount),
    customerEmails: (JSON.parse(str(r.customer_emails)) as unknown[]).map(str),
  };
}

/** The SELECT list of a customer, over `shop_customers u`. */
export const CUSTOMER_SELECT = `u.id, u.email, u.first_name, u.last_name, u.username, u.role, ${msOf('u.registered_at')} AS registered_at`;

/** A {@link Customer} from a row selected with {@link CUSTOMER_SELECT}. */
export function readCustomer(r: Row): Customer {
  return {
    id: readInt(r.id),
    email: str(r.email),
    firstName: str(r.first_name),
    lastName: str(r.last_name),
    username: str(r.username),
    role: str(r.role),
    registeredAt: readInstant(r.registered_at),
  };
}

/** A {@link Product} from a `shop_products` row. */
export function readProduct(r: Row): Product {
  return { id: readInt(r.id), name: str(r.name), sku: str(r.sku), parentId: readOptionalInt(r.parent_id) };
}

/** {@link StoreSettings} from the `shop_store` row. */
export function readStore(r: Row): StoreSettings {
  return {
    name: str(r.name),
    description: str(r.description),
    siteUrl: str(r.site_url),
    timeZone: str(r.time_zone),
    currency: str(r.currency),
    currencySymbol: str(r.currency_symbol),
    pricesIncludeTax: r.prices_include_tax === true,
    weightUnit: str(r.weight_unit),
    dimensionUnit: str(r.dimension_unit),
  };
}

/** One period's totals from a row of either report path (per order, or per day). */
export function readPeriodTotals(row: Record<string, unknown>): PeriodTotals {
  return {
    sales: readDecimal(row.sales),
    orders: readInt(row.orders),
    items: readInt(row.items),
    tax: readDecimal(row.tax),
    shipping: readDecimal(row.shipping),
    discount: readDecimal(row.discount),
    refunds: readDecimal(row.refunds),
    customers: readInt(row.customers),
  };
}
