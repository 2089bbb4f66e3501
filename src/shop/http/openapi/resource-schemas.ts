/**
 * The JSON Schemas (2020-12, as OpenAPI 3.1 uses them) of everything a successful answer holds. Each object schema is
 * typed against the TypeScript resource type the serializers return, so the compiler refuses a schema that misses
 * a field of the type or has one the type lacks; the objects are closed (`additionalProperties: false`), so a
 * validator refuses a body with a field the document does not describe. Built on call, never at import.
 */
import { COUPON_TYPES } from '../../model/coupon';
import { ORDER_STATUSES } from '../../model/order';
import type { SalesPeriodResource, SalesReportResource, TopSellerResource } from '../../reports/report-types';
import type {
  AddressResource,
  BillingAddressResource,
  CouponLineResource,
  CouponResource,
  FeeLineResource,
  LineItemResource,
  OrderNoteResource,
  OrderResource,
  PaymentDetailsResource,
  ShippingLineResource,
  TaxLineResource,
} from '../../resources/resource-types';
import type { IndexDocument, IndexRoute } from '../index-document';
import { KNOWN_METHODS, ROUTES, type ResponseSchemaName } from '../route';

import type { JsonObject } from './openapi-types';

/** Where a schema of the document is referenced from. */
export function schemaRef(name: string): JsonObject {
  return { $ref: `#/components/schemas/${name}` };
}

/** A closed object schema with exactly the keys of `T`, all required, in `T`'s (wire) order. */
function closed<T>(description: string, properties: { readonly [K in keyof T]-?: JsonObject }): JsonObject {
  return { type: 'object', description, properties, required: Object.keys(properties), additionalProperties: false };
}

/** A money amount: a decimal string with exactly two decimals (exact, never a float). */
export function money(description = 'An amount of money: a decimal string with exactly two decimals.'): JsonObject {
  return { type: 'string', pattern: '^-?[0-9]+\\.[0-9]{2}$', description, examples: ['25.00'] };
}

/** A timestamp as every timestamp field prints it. */
function timestamp(description = 'UTC, whole seconds, literal Z.'): JsonObject {
  const pattern = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$';
  return { type: 'string', format: 'date-time', pattern, description };
}

const described = (schema: JsonObject, description: string | undefined): JsonObject =>
  description === undefined ? schema : { ...schema, description };
const text = (description?: string): JsonObject => described({ type: 'string' }, description);
const textOrNull = (description: string): JsonObject => ({ type: ['string', 'null'], description });
const count = (description?: string): JsonObject => described({ type: 'integer', minimum: 0 }, description);
const id = (): JsonObject => ({ type: 'integer', minimum: 0 });
const flag = (description?: string): JsonObject => described({ type: 'boolean' }, description);
const list = (items: JsonObject): JsonObject => ({ type: 'array', items });
const number = (description: string): JsonObject => ({ type: 'number', description });

function address(): { [K in keyof AddressResource]-?: JsonObject } {
  return {
    first_name: text(),
    last_name: text(),
    company: text(),
    address_1: text(),
    address_2: text(),
    city: text(),
    state: text(),
    postcode: text(),
    country: text(),
  };
}

function orderSchemas() {
  return {
    PaymentDetails: closed<PaymentDetailsResource>('payment_details of an order.', {
      method_id: text(),
      method_title: text(),
      paid: flag('True when the order has a paid date.'),
    }),
    BillingAddress: closed<BillingAddressResource>('billing_address of an order; unset parts are "".', {
      ...address(),
      email: text(),
      phone: text(),
    }),
    Address: closed<AddressResource>('shipping_address of an order; unset parts are "".', address()),
    LineItem: closed<LineItemResource>('One element of line_items.', {
      id: id(),
      subtotal: money('Line subtotal before discounts, excluding tax.'),
      total: money('Line total after discounts, excluding tax.'),
      total_tax: money(),
      price: money('Unit price after discounts: total / quantity, rounded to cents.'),
      quantity: { type: 'integer' },
      tax_class: textOrNull('Null for the standard (empty) tax class.'),
      name: text(),
      product_id: { ...id(), description: 'The variation id for a variation, else the product id.' },
      sku: textOrNull('Null when the product (or variation) no longer exists.'),
    }),
    ShippingLine: closed<ShippingLineResource>('One element of shipping_lines.', {
      id: id(),
      method_id: text(),
      method_title: text(),
      total: money(),
    }),
    TaxLine: closed<TaxLineResource>('One element of tax_lines: one per tax rate code.', {
      code: text(),
      title: text(),
      total: money('Tax on items plus tax on shipping at this rate.'),
      compound: flag(),
    }),
    FeeLine: closed<FeeLineResource>('One element of fee_lines.', {
      id: id(),
      title: text(),
      tax_class: textOrNull('Null for the standard (empty) tax class.'),
      total: money(),
      total_tax: money(),
    }),
    CouponLine: closed<CouponLineResource>('One element of coupon_lines.', { id: id(), code: text(), amount: money() }),
    Order: closed<OrderResource>('An order.', {
      id: id(),
      order_number: text(),
      created_at: timestamp(),
      updated_at: timestamp(),
      completed_at: timestamp('The epoch (1970-01-01T00:00:00Z) when the order was never completed.'),
      status: { type: 'string', enum: [...ORDER_STATUSES] },
      currency: text('ISO 4217 code.'),
      total: money(),
      subtotal: money(),
      total_line_items_quantity: { type: 'integer' },
      total_tax: money(),
      total_shipping: money(),
      cart_tax: money(),
      shipping_tax: money(),
      total_discount: money(),
      cart_discount: money(),
      order_discount: money(),
      shipping_methods: text('The titles of the shipping lines, comma-separated.'),
      payment_details: schemaRef('PaymentDetails'),
      billing_address: schemaRef('BillingAddress'),
      shipping_address: schemaRef('Address'),
      note: text('The customer note.'),
      customer_ip: text(),
      customer_user_agent: text(),
      customer_id: count('0 for a guest order.'),
      view_order_url: text(),
      line_items: list(schemaRef('LineItem')),
      shipping_lines: list(schemaRef('ShippingLine')),
      tax_lines: list(schemaRef('TaxLine')),
      fee_lines: list(schemaRef('FeeLine')),
      coupon_lines: list(schemaRef('CouponLine')),
    }),
    OrderNote: closed<OrderNoteResource>('An approved order note.', {
      id: id(),
      created_at: timestamp(),
      note: text(),
      customer_note: flag('True when the note was sent to the customer.'),
    }),
  };
}

function couponSchema(): JsonObject {
  const limit = (description: string): JsonObject => ({ type: ['integer', 'null'], minimum: 1, description });
  return closed<CouponResource>('A published coupon.', {
    id: id(),
    code: text(),
    type: { type: 'string', enum: [...COUPON_TYPES] },
    created_at: timestamp(),
    updated_at: timestamp(),
    amount: money(),
    individual_use: flag(),
    product_ids: list(id()),
    exclude_product_ids: list(id()),
    usage_limit: limit('Null when unlimited.'),
    usage_limit_per_user: limit('Null when unlimited.'),
    limit_usage_to_x_items: count(),
    usage_count: count(),
    expiry_date: timestamp('The epoch (1970-01-01T00:00:00Z) when the coupon never expires.'),
    enable_free_shipping: flag(),
    product_category_ids: list(id()),
    exclude_product_category_ids: list(id()),
    exclude_sale_items: flag(),
    minimum_amount: money(),
    customer_emails: list(text()),
  });
}

function reportSchemas() {
  const amount = (what: string) => number(`${what}, a JSON number rounded half away from zero to two decimals.`);
  return {
    ReportName: { type: 'string', enum: ['sales', 'sales/top_sellers'] },
    SalesPeriod: closed<SalesPeriodResource>('The totals of one day or month of a sales report.', {
      sales: money(),
      orders: count(),
      items: count(),
      tax: money('Tax plus shipping tax.'),
      shipping: money(),
      discount: money(),
      customers: count('Customers registered in this period.'),
    }),
    SalesReport: closed<SalesReportResource>('A sales report over a range of days or months.', {
      total_sales: amount('Sales'),
      net_sales: amount('Sales minus tax and shipping'),
      average_sales: amount('Sales per period'),
      total_orders: count(),
      total_items: count(),
      total_tax: money('Tax plus shipping tax.'),
      total_shipping: amount('Shipping'),
      total_refunds: amount('Refunds'),
      total_discount: amount('Discounts'),
      totals_grouped_by: { type: 'string', enum: ['day', 'month'] },
      totals: {
        type: 'object',
        description: 'One entry per period of the range, in order, keyed YYYY-MM-DD (day) or YYYY-MM (month).',
        propertyNames: { pattern: '^[0-9]{4}-[0-9]{2}(-[0-9]{2})?$' },
        additionalProperties: schemaRef('SalesPeriod'),
      },
      total_customers: count(),
    }),
    TopSeller: closed<TopSellerResource>('One ranked product.', {
      title: text('The product name.'),
      product_id: id(),
      quantity: count('Quantity sold of the product and its variations in the range.'),
    }),
  };
}

function indexSchemas() {
  const about = 'One route: its methods, accepts_data on the route taking a body, its URL when it has no parameter.';
  const route = closed<IndexRoute>(about, {
    supports: list({ type: 'string', enum: [...KNOWN_METHODS] }),
    accepts_data: { const: true },
    meta: closed<NonNullable<IndexRoute['meta']>>('Links.', { self: text('The public URL of the route.') }),
  });
  // Only `supports` is always there.
  route.required = ['supports'];
  const routes: JsonObject = {};
  for (const r of ROUTES) routes[r.template] = schemaRef('IndexRoute');
  type Store = IndexDocument['store'];
  const meta = closed<Store['meta']>('Store settings.', {
    timezone: text('IANA time zone.'),
    currency: text('ISO 4217 code.'),
    currency_format: text('The currency symbol as decimal HTML entities, e.g. &#36;.'),
    tax_included: flag(),
    weight_unit: text(),
    dimension_unit: text(),
    ssl_enabled: flag('True when the site URL is https.'),
    permalinks_enabled: flag(),
    links: { type: 'object', additionalProperties: text() },
  });
  const store = closed<Store>('The store and the routes this API serves.', {
    name: text(),
    description: text(),
    URL: text('The site URL.'),
    wc_version: { type: 'string', const: '2.1' },
    routes: { type: 'object', properties: routes, required: Object.keys(routes), additionalProperties: false },
    meta,
  });
  return { IndexRoute: route, Index: closed<IndexDocument>('The index document.', { store }) };
}

/** The schemas the document's `components.schemas` holds, each response schema of the route table among them. */
export function resourceSchemas(): Record<string, JsonObject> {
  return {
    ...indexSchemas(),
    ...orderSchemas(),
    Coupon: couponSchema(),
    Count: count(),
    ...reportSchemas(),
  } satisfies Record<ResponseSchemaName, JsonObject>;
}
