import type { Decimal } from 'decimal.js';
import { exactCents, formatCents, formatMoney, formatMoneyQuotient } from './format-money';
import { formatTimestamp } from './format-timestamp';
import type { CouponLine, FeeLine, LineItem, ShippingLine, TaxLine } from '../model/order-lines';
import type { Order } from '../model/order';
import type { Product, StoreSettings } from '../model/shop';
import type {
  CouponLineResource,
  FeeLineResource,
  LineItemResource,
  OrderResource,
  ShippingLineResource,
  TaxLineResource,
} from './resource-types';

/**
 * What {@link serializeOrder} needs besides the order itself.
 *
 * @example
 * ```ts
 * const context: SerializeOrderContext = { products: new Map(snapshot.products.map((p) => [p.id, p])), store: snapshot.store };
 * ```
 */
export interface SerializeOrderContext {
  /** Products and variations by id; a line whose product is missing here gets `sku: null`. */
  readonly products: ReadonlyMap<number, Product>;
  /** Store settings; `siteUrl` builds `view_order_url`. */
  readonly store: StoreSettings;
}

/**
 * Serializes an order into the API's order resource: every field of the spec, in the legacy key order, with money
 * as two-decimal strings (half away from zero) and timestamps as `YYYY-MM-DDTHH:mm:ssZ` (UTC).
 *
 * Derived fields: `subtotal` is the exact sum of the line subtotals; `total_line_items_quantity` the sum of the
 * quantities; `total_tax` cart tax plus shipping tax; `total_discount` cart plus order discount; a line's `price`
 * its total divided by its quantity, rounded once to cents (`0.00` for quantity 0); `product_id` the variation id
 * for a variation; `sku` null when that product no longer exists; `completed_at` the epoch for an order never
 * completed. Tax lines sharing a rate code are merged into one entry, their item and shipping tax summed.
 *
 * @param order - the order, with its lines.
 * @param context - the products (for SKUs) and the store settings (for `view_order_url`).
 * @returns a fresh resource object; it shares nothing mutable with `order`.
 * @example
 * ```ts
 * import { serializeOrder } from 'wc-legacy-api/shop';
 * const products = new Map(snapshot.products.map((p) => [p.id, p]));
 * const resource = serializeOrder(order, { products, store: snapshot.store });
 * resource.line_items[0]?.price; // e.g. '9.50'
 * JSON.stringify({ order: resource });
 * ```
 */
export function serializeOrder(order: Order, context: SerializeOrderContext): OrderResource {
  const items = order.lineItems;
  // Line subtotals are summed in integer cents while they are whole cents (the usual case); otherwise in Decimal.
  let subtotalCents = 0;
  let quantity = 0;
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    subtotalCents += exactCents(item.subtotal);
    quantity += item.quantity;
  }
  const shipping = order.shippingLines;
  let shippingMethods = '';
  for (let i = 0; i < shipping.length; i++) {
    shippingMethods = i === 0 ? shipping[i]!.methodTitle : shippingMethods + ', ' + shipping[i]!.methodTitle;
  }

  const billing = order.billing;
  const shippingAddress = order.shipping;
  const payment = order.payment;
  // Every key is written here, in wire order, so V8 gives all order resources one hidden class.
  return {
    id: order.id,
    order_number: order.number,
    created_at: formatTimestamp(order.createdAt),
    updated_at: formatTimestamp(order.updatedAt),
    completed_at: formatTimestamp(order.completedAt),
    status: order.status,
    currency: order.currency,
    total: formatMoney(order.total),
    subtotal: sumOfSubtotals(items, subtotalCents),
    total_line_items_quantity: quantity,
    total_tax: formatSum(order.cartTax, order.shippingTax),
    total_shipping: formatMoney(order.shippingTotal),
    cart_tax: formatMoney(order.cartTax),
    shipping_tax: formatMoney(order.shippingTax),
    total_discount: formatSum(order.cartDiscount, order.orderDiscount),
    cart_discount: formatMoney(order.cartDiscount),
    order_discount: formatMoney(order.orderDiscount),
    shipping_methods: shippingMethods,
    payment_details: {
      method_id: payment.methodId,
      method_title: payment.methodTitle,
      paid: payment.paidAt !== null,
    },
    billing_address: {
      first_name: billing.firstName,
      last_name: billing.lastName,
      company: billing.company,
      address_1: billing.address1,
      address_2: billing.address2,
      city: billing.city,
      state: billing.state,
      postcode: billing.postcode,
      country: billing.country,
      email: billing.email,
      phone: billing.phone,
    },
    shipping_address: {
      first_name: shippingAddress.firstName,
      last_name: shippingAddress.lastName,
      company: shippingAddress.company,
      address_1: shippingAddress.address1,
      address_2: shippingAddress.address2,
      city: shippingAddress.city,
      state: shippingAddress.state,
      postcode: shippingAddress.postcode,
      country: shippingAddress.country,
    },
    note: order.customerNote,
    customer_ip: order.customerIp,
    customer_user_agent: order.customerUserAgent,
    customer_id: order.customerId,
    view_order_url: context.store.siteUrl + '/my-account/view-order/' + order.id,
    // `map` with a module-level function (the products as `this`, no closure) gives exact-size packed arrays.
    line_items: items.map(lineItemResource, context.products),
    shipping_lines: shipping.map(shippingLineResource),
    tax_lines: serializeTaxLines(order.taxLines),
    fee_lines: order.feeLines.map(feeLineResource),
    coupon_lines: order.couponLines.map(couponLineResource),
  };
}

function lineItemResource(this: ReadonlyMap<number, Product>, item: LineItem): LineItemResource {
  const productId = item.variationId ?? item.productId;
  const product = this.get(productId);
  return {
    id: item.id,
    subtotal: formatMoney(item.subtotal),
    total: formatMoney(item.total),
    total_tax: formatMoney(item.tax),
    price: unitPrice(item.total, item.quantity),
    quantity: item.quantity,
    tax_class: item.taxClass === '' ? null : item.taxClass,
    name: item.name,
    product_id: productId,
    sku: product === undefined ? null : product.sku,
  };
}

function shippingLineResource(line: ShippingLine): ShippingLineResource {
  return { id: line.id, method_id: line.methodId, method_title: line.methodTitle, total: formatMoney(line.total) };
}

function feeLineResource(fee: FeeLine): FeeLineResource {
  return {
    id: fee.id,
    title: fee.title,
    tax_class: fee.taxClass === '' ? null : fee.taxClass,
    total: formatMoney(fee.total),
    total_tax: formatMoney(fee.tax),
  };
}

function couponLineResource(coupon: CouponLine): CouponLineResource {
  return { id: coupon.id, code: coupon.code, amount: formatMoney(coupon.amount) };
}

/** The exact sum of the line subtotals; `cents` is their integer-cents sum, NaN when one was not whole cents. */
function sumOfSubtotals(items: Order['lineItems'], cents: number): string {
  // Each term is at most EXACT_CENTS_LIMIT, so up to 9,000 terms cannot leave the exact integer range.
  if (items.length <= 9000 && cents === cents) return formatCents(cents);
  let sum: Decimal | null = null;
  for (const item of items) sum = sum === null ? item.subtotal : sum.plus(item.subtotal);
  return sum === null ? '0.00' : formatMoney(sum);
}

/** a + b, exact, formatted; integer cents when both are whole cents. */
function formatSum(a: Decimal, b: Decimal): string {
  const cents = exactCents(a) + exactCents(b); // NaN unless both are whole cents within EXACT_CENTS_LIMIT
  return cents === cents ? formatCents(cents) : formatMoney(a.plus(b));
}

/** Unit price after discounts; a zero quantity has no unit price and shows `0.00` (as WooCommerce does). */
function unitPrice(total: Decimal, quantity: number): string {
  if (quantity === 1) return formatMoney(total);
  if (quantity === 0 || !Number.isFinite(quantity)) return '0.00';
  return formatMoneyQuotient(total, quantity);
}

/** One entry per tax rate code, in first-seen order; item tax and shipping tax are summed exactly. */
function serializeTaxLines(taxLines: readonly TaxLine[]): TaxLineResource[] {
  const count = taxLines.length;
  let distinct = true;
  for (let i = 0; i < count && distinct; i++) {
    const code = taxLines[i]!.code;
    for (let j = 0; j < i; j++) {
      if (taxLines[j]!.code === code) {
        distinct = false;
        break;
      }
    }
  }
  // The usual case (one line per rate): no grouping needed.
  if (distinct) return taxLines.map(taxLineResource);
  const out: TaxLineResource[] = [];
  const groups = new Map<string, { line: TaxLine; total: Decimal }>();
  for (const line of taxLines) {
    const sum = line.taxTotal.plus(line.shippingTaxTotal);
    const seen = groups.get(line.code);
    if (seen === undefined) groups.set(line.code, { line, total: sum });
    else seen.total = seen.total.plus(sum);
  }
  for (const { line, total } of groups.values()) {
    out.push({ code: line.code, title: line.title, total: formatMoney(total), compound: line.compound });
  }
  return out;
}

function taxLineResource(line: TaxLine): TaxLineResource {
  return { code: line.code, title: line.title, total: formatSum(line.taxTotal, line.shippingTaxTotal), compound: line.compound };
}
