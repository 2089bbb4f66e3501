// Orders as WooCommerce stores them: the order record (a `shop_order` post with its meta, or HPOS's wc_orders row with
// addresses, operational data and meta and a `shop_order_placehold` post reserving the id), refunds (the same, of type
// `shop_order_refund`), order items with their item meta, and notes as `order_note` comments.
import { Decimal } from 'decimal.js';
import type { Address, Order } from 'wc-legacy-api/shop';
import { post, postMeta, type WriteContext } from './fixture-catalog';
import { serializePhp } from './php-serialize';
import { decimalText, gmtDatetime, localDatetime, orderKey, timestamp, yesNo } from './fixture-values';

const ADDRESS_FIELDS = ['firstName', 'lastName', 'company', 'address1', 'address2', 'city', 'state', 'postcode', 'country'] as const;
const COLUMN: Record<(typeof ADDRESS_FIELDS)[number], string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  company: 'company',
  address1: 'address_1',
  address2: 'address_2',
  city: 'city',
  state: 'state',
  postcode: 'postcode',
  country: 'country',
};

/** WooCommerce's `_billing_address_index`: the address's parts joined by spaces (searched by the admin screen). */
const addressIndex = (a: Address, extra: string[] = []) => [...ADDRESS_FIELDS.map((f) => a[f]), ...extra].join(' ');

/** Tax rate ids: WooCommerce's `woocommerce_tax_rates` ids, one per rate code of the shop in first-seen order. */
export class TaxRateIds {
  private readonly ids = new Map<string, number>();
  of(code: string): number {
    let id = this.ids.get(code);
    if (id === undefined) this.ids.set(code, (id = this.ids.size + 1));
    return id;
  }
}

function writeItems(ctx: WriteContext, order: Order, rates: TaxRateIds): void {
  const item = (id: number, name: string, type: string, meta: Record<string, string>) => {
    ctx.rows.add('woocommerce_order_items', { order_item_id: id, order_item_name: name, order_item_type: type, order_id: order.id });
    for (const [key, value] of Object.entries(meta)) ctx.rows.add('woocommerce_order_itemmeta', { order_item_id: id, meta_key: key, meta_value: value });
  };
  // The snapshot keeps one tax amount per line; WooCommerce splits it by rate in `_line_tax_data`. The line's tax goes
  // to the order's first rate (the split is not in the snapshot, and no reader of this package uses it).
  const firstRate = order.taxLines[0] === undefined ? undefined : rates.of(order.taxLines[0].code);
  const taxData = (total: Decimal, subtotal: Decimal) =>
    serializePhp(
      new Map([
        ['total', firstRate === undefined || total.isZero() ? [] : new Map([[firstRate, decimalText(total)]])],
        ['subtotal', firstRate === undefined || subtotal.isZero() ? [] : new Map([[firstRate, decimalText(subtotal)]])],
      ]),
    );
  for (const l of order.lineItems) {
    const subtotalTax = l.total.isZero() ? l.tax : l.tax.mul(l.subtotal).div(l.total).toDecimalPlaces(2);
    item(l.id, l.name, 'line_item', {
      _product_id: String(l.productId),
      _variation_id: String(l.variationId ?? 0),
      _qty: String(l.quantity),
      _tax_class: l.taxClass,
      _line_subtotal: decimalText(l.subtotal),
      _line_subtotal_tax: decimalText(subtotalTax),
      _line_total: decimalText(l.total),
      _line_tax: decimalText(l.tax),
      _line_tax_data: taxData(l.tax, subtotalTax),
    });
  }
  for (const t of order.taxLines) {
    item(t.id, t.code, 'tax', {
      rate_id: String(rates.of(t.code)),
      label: t.title,
      compound: t.compound ? '1' : '',
      tax_amount: decimalText(t.taxTotal),
      shipping_tax_amount: decimalText(t.shippingTaxTotal),
    });
  }
  for (const s of order.shippingLines) {
    // The order's shipping tax by rate is exact: each tax line's shipping_tax_total.
    const taxes = new Map(order.taxLines.filter((t) => !t.shippingTaxTotal.isZero()).map((t) => [rates.of(t.code), decimalText(t.shippingTaxTotal)] as const));
    const first = order.shippingLines[0] === s;
    item(s.id, s.methodTitle, 'shipping', {
      method_id: s.methodId,
      instance_id: '0',
      cost: decimalText(s.total),
      total_tax: first ? decimalText(order.shippingTax) : '0',
      taxes: serializePhp(new Map([['total', first ? taxes : new Map()]])),
    });
  }
  for (const f of order.feeLines) {
    item(f.id, f.title, 'fee', {
      _fee_amount: decimalText(f.total),
      _tax_class: f.taxClass,
      _tax_status: f.tax.isZero() ? 'none' : 'taxable',
      _line_subtotal: decimalText(f.total),
      _line_subtotal_tax: decimalText(f.tax),
      _line_total: decimalText(f.total),
      _line_tax: decimalText(f.tax),
      _line_tax_data: taxData(f.tax, f.tax),
    });
  }
  for (const c of order.couponLines) item(c.id, c.code, 'coupon', { discount_amount: decimalText(c.amount), discount_amount_tax: '0' });
}

function writeNotes(ctx: WriteContext, order: Order): void {
  for (const n of order.notes) {
    ctx.rows.add('comments', {
      comment_ID: n.id,
      comment_post_ID: order.id,
      comment_author: 'WooCommerce',
      comment_author_email: `woocommerce@${new URL(ctx.host).hostname}`,
      comment_date: localDatetime(n.createdAt, ctx.timeZone),
      comment_date_gmt: gmtDatetime(n.createdAt),
      comment_content: n.content,
      comment_approved: n.approved ? '1' : '0',
      comment_agent: 'WooCommerce',
      comment_type: n.type,
    });
    if (n.customerNote) ctx.rows.add('commentmeta', { comment_id: n.id, meta_key: 'is_customer_note', meta_value: '1' });
  }
}

function postsOrder(ctx: WriteContext, o: Order, pricesIncludeTax: boolean): void {
  const key = orderKey(o.id);
  post(ctx, { id: o.id, type: 'shop_order', status: `wc-${o.status}`, title: `Order &ndash; ${localDatetime(o.createdAt, ctx.timeZone)}`, excerpt: o.customerNote, created: o.createdAt, modified: o.updatedAt, password: key, name: `order-${o.id}` });
  const meta: Record<string, string> = {
    _order_key: key,
    _customer_user: String(o.customerId),
    _created_via: 'checkout',
    _order_currency: o.currency,
    _cart_discount: decimalText(o.cartDiscount),
    _cart_discount_tax: '0',
    _order_shipping: decimalText(o.shippingTotal),
    _order_shipping_tax: decimalText(o.shippingTax),
    _order_tax: decimalText(o.cartTax),
    _order_total: decimalText(o.total),
    _order_version: ctx.version,
    _prices_include_tax: yesNo(pricesIncludeTax),
    _billing_address_index: addressIndex(o.billing, [o.billing.email, o.billing.phone]),
    _shipping_address_index: addressIndex(o.shipping),
  };
  // The after-tax discount of WooCommerce before 2.3: only legacy-era orders carry it.
  if (!o.orderDiscount.isZero()) meta._order_discount = decimalText(o.orderDiscount);
  for (const f of ADDRESS_FIELDS) meta[`_billing_${COLUMN[f]}`] = o.billing[f];
  meta._billing_email = o.billing.email;
  meta._billing_phone = o.billing.phone;
  for (const f of ADDRESS_FIELDS) meta[`_shipping_${COLUMN[f]}`] = o.shipping[f];
  meta._payment_method = o.payment.methodId;
  meta._payment_method_title = o.payment.methodTitle;
  meta._customer_ip_address = o.customerIp;
  meta._customer_user_agent = o.customerUserAgent;
  // WooCommerce 3.0+ keeps the timestamps and, for older readers, the local strings of 2.x; an order of the 2.x era
  // (in a store upgraded since) has only the local strings, and its `_order_version`.
  const legacy = ctx.legacyOrder(o.id);
  if (legacy) meta._order_version = '2.6.14';
  if (o.payment.paidAt !== null) Object.assign(meta, legacy ? {} : { _date_paid: timestamp(o.payment.paidAt) }, { _paid_date: localDatetime(o.payment.paidAt, ctx.timeZone) });
  if (o.completedAt !== null) Object.assign(meta, legacy ? {} : { _date_completed: timestamp(o.completedAt) }, { _completed_date: localDatetime(o.completedAt, ctx.timeZone) });
  postMeta(ctx, o.id, meta);
  for (const r of o.refunds) {
    post(ctx, { id: r.id, type: 'shop_order_refund', status: 'wc-completed', title: `Refund &ndash; ${localDatetime(r.createdAt, ctx.timeZone)}`, excerpt: r.reason, parent: o.id, created: r.createdAt, modified: r.createdAt, name: `refund-${r.id}` });
    postMeta(ctx, r.id, {
      _order_currency: o.currency,
      _cart_discount: '0',
      _order_shipping: '0',
      _order_tax: '0',
      _order_total: decimalText(r.amount.neg()),
      _order_version: ctx.version,
      _prices_include_tax: yesNo(pricesIncludeTax),
      _refund_amount: decimalText(r.amount),
      _refunded_by: '1',
      _refunded_payment: '',
      _refund_reason: r.reason,
    });
  }
}

const orNull = (text: string) => (text === '' ? null : text);
const amount = (d: Decimal) => d.toFixed(8);

function hposOrder(ctx: WriteContext, o: Order, pricesIncludeTax: boolean): void {
  post(ctx, { id: o.id, type: 'shop_order_placehold', status: 'draft', created: o.createdAt, modified: o.createdAt });
  ctx.rows.add('wc_orders', {
    id: o.id,
    status: `wc-${o.status}`,
    currency: o.currency,
    type: 'shop_order',
    tax_amount: amount(o.cartTax),
    total_amount: amount(o.total),
    customer_id: o.customerId,
    billing_email: orNull(o.billing.email),
    date_created_gmt: gmtDatetime(o.createdAt),
    date_updated_gmt: gmtDatetime(o.updatedAt),
    parent_order_id: 0,
    payment_method: o.payment.methodId,
    payment_method_title: o.payment.methodTitle,
    transaction_id: '',
    ip_address: o.customerIp,
    user_agent: o.customerUserAgent,
    customer_note: o.customerNote,
  });
  for (const [type, a] of [['billing', o.billing], ['shipping', o.shipping]] as const) {
    const extra = type === 'billing' ? { email: orNull(o.billing.email), phone: orNull(o.billing.phone) } : {};
    // WooCommerce writes an address row only for an address with something in it, each empty part as NULL.
    if (ADDRESS_FIELDS.every((f) => a[f] === '') && Object.values(extra).every((v) => v === null)) continue;
    ctx.rows.add('wc_order_addresses', { order_id: o.id, address_type: type, ...Object.fromEntries(ADDRESS_FIELDS.map((f) => [COLUMN[f], orNull(a[f])])), ...extra });
  }
  ctx.rows.add('wc_order_operational_data', {
    order_id: o.id,
    created_via: 'checkout',
    woocommerce_version: ctx.version,
    prices_include_tax: pricesIncludeTax ? 1 : 0,
    coupon_usages_are_counted: 1,
    download_permission_granted: 1,
    cart_hash: '',
    new_order_email_sent: 1,
    order_key: orderKey(o.id),
    order_stock_reduced: 1,
    date_paid_gmt: o.payment.paidAt === null ? null : gmtDatetime(o.payment.paidAt),
    date_completed_gmt: o.completedAt === null ? null : gmtDatetime(o.completedAt),
    shipping_tax_amount: amount(o.shippingTax),
    shipping_total_amount: amount(o.shippingTotal),
    discount_tax_amount: amount(new Decimal(0)),
    discount_total_amount: amount(o.cartDiscount),
    recorded_sales: 1,
  });
  const meta = { _billing_address_index: addressIndex(o.billing, [o.billing.email, o.billing.phone]), _shipping_address_index: addressIndex(o.shipping) };
  for (const [key, value] of Object.entries(meta)) ctx.rows.add('wc_orders_meta', { order_id: o.id, meta_key: key, meta_value: value });
  for (const r of o.refunds) {
    post(ctx, { id: r.id, type: 'shop_order_placehold', status: 'draft', parent: o.id, created: r.createdAt, modified: r.createdAt });
    ctx.rows.add('wc_orders', {
      id: r.id,
      status: 'wc-completed',
      currency: o.currency,
      type: 'shop_order_refund',
      tax_amount: amount(new Decimal(0)),
      total_amount: amount(r.amount.neg()),
      date_created_gmt: gmtDatetime(r.createdAt),
      date_updated_gmt: gmtDatetime(r.createdAt),
      parent_order_id: o.id,
    });
    ctx.rows.add('wc_order_operational_data', { order_id: r.id, woocommerce_version: ctx.version, prices_include_tax: pricesIncludeTax ? 1 : 0, shipping_tax_amount: amount(new Decimal(0)), shipping_total_amount: amount(new Decimal(0)), discount_tax_amount: amount(new Decimal(0)), discount_total_amount: amount(new Decimal(0)) });
    const refundMeta = { _refund_amount: decimalText(r.amount), _refunded_by: '1', _refunded_payment: '', _refund_reason: r.reason };
    for (const [key, value] of Object.entries(refundMeta)) ctx.rows.add('wc_orders_meta', { order_id: r.id, meta_key: key, meta_value: value });
  }
}

/** One order with its refunds, items and notes, in the write's storage. */
export function writeOrder(ctx: WriteContext, order: Order, rates: TaxRateIds, pricesIncludeTax: boolean): void {
  if (ctx.storage === 'hpos') hposOrder(ctx, order, pricesIncludeTax);
  else postsOrder(ctx, order, pricesIncludeTax);
  writeItems(ctx, order, rates);
  writeNotes(ctx, order);
}
