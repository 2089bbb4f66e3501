// Where each model field lives in the shop schema (migrations/0001-initial-schema.ts), as data: the snapshot import
// writes rows through these descriptions and the repository's row readers mirror them.
import type { Decimal } from 'decimal.js';
import type { Coupon } from '../../model/coupon';
import type { Customer, Product, StoreSettings } from '../../model/shop';
import type { FeeLine, LineItem, OrderNote, Refund, ShippingLine, TaxLine, CouponLine } from '../../model/order-lines';
import type { Order } from '../../model/order';
import { couponSearchText, orderSearchText } from '../search-text';
import { ORDER_AGGREGATE_COLUMNS } from './order-aggregates';

/** The SQL type of a column as the import sends it. */
export type ColumnType = 'bigint' | 'integer' | 'text' | 'numeric' | 'boolean' | 'timestamptz' | 'bigint[]' | 'text[]';

/** A JavaScript value before it is written: the import checks and encodes it by the column's type. */
export type ColumnValue = string | number | boolean | Decimal | Date | null | readonly number[] | readonly string[];

/** One column: its name, type and how to read it from a row source. */
export interface ColumnSpec<R> {
  readonly name: string;
  readonly type: ColumnType;
  readonly value: (row: R) => ColumnValue;
}

/** One table: its name and columns. */
export interface TableSpec<R> {
  readonly table: string;
  readonly columns: readonly ColumnSpec<R>[];
}

const col = <R>(name: string, type: ColumnType, value: (row: R) => ColumnValue): ColumnSpec<R> => ({ name, type, value });

/** A child line with the order it belongs to and its position within that order. */
export interface Positioned<T> {
  readonly orderId: number;
  readonly position: number;
  readonly line: T;
}

const childKeys = <T>(): ColumnSpec<Positioned<T>>[] => [
  col('order_id', 'bigint', (r) => r.orderId),
  col('position', 'integer', (r) => r.position),
];

export const STORE_TABLE: TableSpec<StoreSettings> = {
  table: 'shop_store',
  columns: [
    col('name', 'text', (s) => s.name),
    col('description', 'text', (s) => s.description),
    col('site_url', 'text', (s) => s.siteUrl),
    col('time_zone', 'text', (s) => s.timeZone),
    col('currency', 'text', (s) => s.currency),
    col('currency_symbol', 'text', (s) => s.currencySymbol),
    col('prices_include_tax', 'boolean', (s) => s.pricesIncludeTax),
    col('weight_unit', 'text', (s) => s.weightUnit),
    col('dimension_unit', 'text', (s) => s.dimensionUnit),
  ],
};

export const PRODUCTS_TABLE: TableSpec<Product> = {
  table: 'shop_products',
  columns: [
    col('id', 'bigint', (p) => p.id),
    col('name', 'text', (p) => p.name),
    col('sku', 'text', (p) => p.sku),
    col('parent_id', 'bigint', (p) => p.parentId),
  ],
};

export const CUSTOMERS_TABLE: TableSpec<Customer> = {
  table: 'shop_customers',
  columns: [
    col('id', 'bigint', (c) => c.id),
    col('email', 'text', (c) => c.email),
    col('first_name', 'text', (c) => c.firstName),
    col('last_name', 'text', (c) => c.lastName),
    col('username', 'text', (c) => c.username),
    col('role', 'text', (c) => c.role),
    col('registered_at', 'timestamptz', (c) => c.registeredAt),
  ],
};

export const COUPONS_TABLE: TableSpec<Coupon> = {
  table: 'shop_coupons',
  columns: [
    col('id', 'bigint', (c) => c.id),
    col('code', 'text', (c) => c.code),
    col('type', 'text', (c) => c.type),
    col('status', 'text', (c) => c.status),
    col('description', 'text', (c) => c.description),
    col('created_at', 'timestamptz', (c) => c.createdAt),
    col('updated_at', 'timestamptz', (c) => c.updatedAt),
    col('amount', 'numeric', (c) => c.amount),
    col('individual_use', 'boolean', (c) => c.individualUse),
    col('product_ids', 'bigint[]', (c) => c.productIds),
    col('exclude_product_ids', 'bigint[]', (c) => c.excludeProductIds),
    col('usage_limit', 'bigint', (c) => c.usageLimit),
    col('usage_limit_per_user', 'bigint', (c) => c.usageLimitPerUser),
    col('limit_usage_to_x_items', 'bigint', (c) => c.limitUsageToXItems),
    col('usage_count', 'bigint', (c) => c.usageCount),
    col('expires_at', 'timestamptz', (c) => c.expiresAt),
    col('free_shipping', 'boolean', (c) => c.freeShipping),
    col('product_category_ids', 'bigint[]', (c) => c.productCategoryIds),
    col('exclude_product_category_ids', 'bigint[]', (c) => c.excludeProductCategoryIds),
    col('exclude_sale_items', 'boolean', (c) => c.excludeSaleItems),
    col('minimum_amount', 'numeric', (c) => c.minimumAmount),
    col('customer_emails', 'text[]', (c) => c.customerEmails),
    col('search_text', 'text', (c) => couponSearchText(c)),
  ],
};

const ADDRESS_FIELDS = [
  ['first_name', 'firstName'],
  ['last_name', 'lastName'],
  ['company', 'company'],
  ['address_1', 'address1'],
  ['address_2', 'address2'],
  ['city', 'city'],
  ['state', 'state'],
  ['postcode', 'postcode'],
  ['country', 'country'],
] as const;

/** Billing columns: `billing_<column>` for each address field, then email and phone. */
export const BILLING_COLUMNS: readonly (readonly [column: string, field: keyof Order['billing']])[] = [
  ...ADDRESS_FIELDS.map(([c, f]) => [`billing_${c}`, f] as const),
  ['billing_email', 'email'],
  ['billing_phone', 'phone'],
];

/** Shipping address columns: `shipping_<column>` for each address field. */
export const SHIPPING_COLUMNS: readonly (readonly [column: string, field: keyof Order['shipping']])[] = ADDRESS_FIELDS.map(
  ([c, f]) => [`shipping_${c}`, f] as const,
);

export const ORDERS_TABLE: TableSpec<Order> = {
  table: 'shop_orders',
  columns: [
    col('id', 'bigint', (o) => o.id),
    col('number', 'text', (o) => o.number),
    col('created_at', 'timestamptz', (o) => o.createdAt),
    col('updated_at', 'timestamptz', (o) => o.updatedAt),
    col('completed_at', 'timestamptz', (o) => o.completedAt),
    col('status', 'text', (o) => o.status),
    col('currency', 'text', (o) => o.currency),
    col('total', 'numeric', (o) => o.total),
    col('cart_tax', 'numeric', (o) => o.cartTax),
    col('shipping_total', 'numeric', (o) => o.shippingTotal),
    col('shipping_tax', 'numeric', (o) => o.shippingTax),
    col('cart_discount', 'numeric', (o) => o.cartDiscount),
    col('order_discount', 'numeric', (o) => o.orderDiscount),
    col('payment_method_id', 'text', (o) => o.payment.methodId),
    col('payment_method_title', 'text', (o) => o.payment.methodTitle),
    col('paid_at', 'timestamptz', (o) => o.payment.paidAt),
    ...BILLING_COLUMNS.map(([c, f]) => col<Order>(c, 'text', (o) => o.billing[f])),
    ...SHIPPING_COLUMNS.map(([c, f]) => col<Order>(c, 'text', (o) => o.shipping[f])),
    col('customer_note', 'text', (o) => o.customerNote),
    col('customer_ip', 'text', (o) => o.customerIp),
    col('customer_user_agent', 'text', (o) => o.customerUserAgent),
    col('customer_id', 'bigint', (o) => o.customerId),
    col('search_text', 'text', (o) => orderSearchText(o)),
    // Migration 3: the report aggregates of the order's lines (orderAggregateColumns).
    ...ORDER_AGGREGATE_COLUMNS,
  ],
};

export const LINE_ITEMS_TABLE: TableSpec<Positioned<LineItem>> = {
  table: 'shop_order_line_items',
  columns: [
    ...childKeys<LineItem>(),
    col('id', 'bigint', (r) => r.line.id),
    col('name', 'text', (r) => r.line.name),
    col('product_id', 'bigint', (r) => r.line.productId),
    col('variation_id', 'bigint', (r) => r.line.variationId),
    col('quantity', 'bigint', (r) => r.line.quantity),
    col('subtotal', 'numeric', (r) => r.line.subtotal),
    col('total', 'numeric', (r) => r.line.total),
    col('tax', 'numeric', (r) => r.line.tax),
    col('tax_class', 'text', (r) => r.line.taxClass),
  ],
};

export const SHIPPING_LINES_TABLE: TableSpec<Positioned<ShippingLine>> = {
  table: 'shop_order_shipping_lines',
  columns: [
    ...childKeys<ShippingLine>(),
    col('id', 'bigint', (r) => r.line.id),
    col('method_id', 'text', (r) => r.line.methodId),
    col('method_title', 'text', (r) => r.line.methodTitle),
    col('total', 'numeric', (r) => r.line.total),
  ],
};

export const TAX_LINES_TABLE: TableSpec<Positioned<TaxLine>> = {
  table: 'shop_order_tax_lines',
  columns: [
    ...childKeys<TaxLine>(),
    col('id', 'bigint', (r) => r.line.id),
    col('code', 'text', (r) => r.line.code),
    col('title', 'text', (r) => r.line.title),
    col('tax_total', 'numeric', (r) => r.line.taxTotal),
    col('shipping_tax_total', 'numeric', (r) => r.line.shippingTaxTotal),
    col('compound', 'boolean', (r) => r.line.compound),
  ],
};

export const FEE_LINES_TABLE: TableSpec<Positioned<FeeLine>> = {
  table: 'shop_order_fee_lines',
  columns: [
    ...childKeys<FeeLine>(),
    col('id', 'bigint', (r) => r.line.id),
    col('title', 'text', (r) => r.line.title),
    col('tax_class', 'text', (r) => r.line.taxClass),
    col('total', 'numeric', (r) => r.line.total),
    col('tax', 'numeric', (r) => r.line.tax),
  ],
};

export const COUPON_LINES_TABLE: TableSpec<Positioned<CouponLine>> = {
  table: 'shop_order_coupon_lines',
  columns: [
    ...childKeys<CouponLine>(),
    col('id', 'bigint', (r) => r.line.id),
    col('code', 'text', (r) => r.line.code),
    col('amount', 'numeric', (r) => r.line.amount),
  ],
};

export const REFUNDS_TABLE: TableSpec<Positioned<Refund>> = {
  table: 'shop_order_refunds',
  columns: [
    ...childKeys<Refund>(),
    col('id', 'bigint', (r) => r.line.id),
    col('created_at', 'timestamptz', (r) => r.line.createdAt),
    col('amount', 'numeric', (r) => r.line.amount),
    col('reason', 'text', (r) => r.line.reason),
  ],
};

export const NOTES_TABLE: TableSpec<Positioned<OrderNote>> = {
  table: 'shop_order_notes',
  columns: [
    ...childKeys<OrderNote>(),
    col('id', 'bigint', (r) => r.line.id),
    col('created_at', 'timestamptz', (r) => r.line.createdAt),
    col('content', 'text', (r) => r.line.content),
    col('customer_note', 'boolean', (r) => r.line.customerNote),
    col('approved', 'boolean', (r) => r.line.approved),
    col('type', 'text', (r) => r.line.type),
  ],
};

/** The child tables of an order and how to list an order's lines for each. */
export const ORDER_CHILD_TABLES = [
  { spec: LINE_ITEMS_TABLE, lines: (o: Order) => o.lineItems },
  { spec: SHIPPING_LINES_TABLE, lines: (o: Order) => o.shippingLines },
  { spec: TAX_LINES_TABLE, lines: (o: Order) => o.taxLines },
  { spec: FEE_LINES_TABLE, lines: (o: Order) => o.feeLines },
  { spec: COUPON_LINES_TABLE, lines: (o: Order) => o.couponLines },
  { spec: REFUNDS_TABLE, lines: (o: Order) => o.refunds },
  { spec: NOTES_TABLE, lines: (o: Order) => o.notes },
] as const;
