import type { Decimal } from 'decimal.js';
import type { Address, BillingAddress } from '../model/order';
import type { ShopSnapshot } from '../model/shop';
import { SNAPSHOT_FORMAT_VERSION } from './snapshot-schema';
import type { ShopSnapshotJson } from './snapshot-schema';

// Money keeps every significant decimal (so loading it back gives the same Decimal) but is written with at least two
// decimals for readability: 12.5 -> "12.50", 0.125 -> "0.125".
function money(d: Decimal): string {
  return d.decimalPlaces() <= 2 ? d.toFixed(2) : d.toFixed();
}

// Instants in UTC; milliseconds only when present, so whole-second data reads naturally.
function instant(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, -5)}Z` : iso;
}

function instantOrNull(date: Date | null): string | null {
  return date === null ? null : instant(date);
}

function address(a: Address): ShopSnapshotJson['orders'][number]['shipping'] {
  return {
    first_name: a.firstName,
    last_name: a.lastName,
    company: a.company,
    address_1: a.address1,
    address_2: a.address2,
    city: a.city,
    state: a.state,
    postcode: a.postcode,
    country: a.country,
  };
}

function billing(a: BillingAddress): ShopSnapshotJson['orders'][number]['billing'] {
  return { ...address(a), email: a.email, phone: a.phone };
}

/**
 * Converts a snapshot model to its JSON form (a plain JSON value, every field written), the inverse of
 * `loadShopSnapshot`: `loadShopSnapshot(serializeShopSnapshot(s))` gives back an equal snapshot.
 *
 * @example
 * ```ts
 * import { writeFileSync } from 'node:fs';
 * import { serializeShopSnapshot } from 'wc-legacy-api/shop';
 *
 * writeFileSync('shop.json', JSON.stringify(serializeShopSnapshot(snapshot), null, 2));
 * ```
 */
export function serializeShopSnapshot(snapshot: ShopSnapshot): ShopSnapshotJson {
  const s = snapshot.store;
  return {
    format_version: SNAPSHOT_FORMAT_VERSION,
    store: {
      name: s.name,
      description: s.description,
      site_url: s.siteUrl,
      time_zone: s.timeZone,
      currency: s.currency,
      currency_symbol: s.currencySymbol,
      prices_include_tax: s.pricesIncludeTax,
      weight_unit: s.weightUnit,
      dimension_unit: s.dimensionUnit,
    },
    products: snapshot.products.map((p) => ({ id: p.id, name: p.name, sku: p.sku, parent_id: p.parentId })),
    customers: snapshot.customers.map((c) => ({
      id: c.id,
      email: c.email,
      first_name: c.firstName,
      last_name: c.lastName,
      username: c.username,
      role: c.role,
      registered_at: instant(c.registeredAt),
    })),
    coupons: snapshot.coupons.map((c) => ({
      id: c.id,
      code: c.code,
      type: c.type,
      status: c.status,
      description: c.description,
      created_at: instant(c.createdAt),
      updated_at: instant(c.updatedAt),
      amount: money(c.amount),
      individual_use: c.individualUse,
      product_ids: [...c.productIds],
      exclude_product_ids: [...c.excludeProductIds],
      usage_limit: c.usageLimit,
      usage_limit_per_user: c.usageLimitPerUser,
      limit_usage_to_x_items: c.limitUsageToXItems,
      usage_count: c.usageCount,
      expires_at: instantOrNull(c.expiresAt),
      free_shipping: c.freeShipping,
      product_category_ids: [...c.productCategoryIds],
      exclude_product_category_ids: [...c.excludeProductCategoryIds],
      exclude_sale_items: c.excludeSaleItems,
      minimum_amount: money(c.minimumAmount),
      customer_emails: [...c.customerEmails],
    })),
    orders: snapshot.orders.map((o) => ({
      id: o.id,
      number: o.number,
      created_at: instant(o.createdAt),
      updated_at: instant(o.updatedAt),
      completed_at: instantOrNull(o.completedAt),
      status: o.status,
      currency: o.currency,
      total: money(o.total),
      cart_tax: money(o.cartTax),
      shipping_total: money(o.shippingTotal),
      shipping_tax: money(o.shippingTax),
      cart_discount: money(o.cartDiscount),
      order_discount: money(o.orderDiscount),
      payment: { method_id: o.payment.methodId, method_title: o.payment.methodTitle, paid_at: instantOrNull(o.payment.paidAt) },
      billing: billing(o.billing),
      shipping: address(o.shipping),
      customer_note: o.customerNote,
      customer_ip: o.customerIp,
      customer_user_agent: o.customerUserAgent,
      customer_id: o.customerId,
      items: o.lineItems.map((i) => ({
        id: i.id,
        name: i.name,
        product_id: i.productId,
        variation_id: i.variationId,
        quantity: i.quantity,
        subtotal: money(i.subtotal),
        total: money(i.total),
        tax: money(i.tax),
        tax_class: i.taxClass,
      })),
      shipping_lines: o.shippingLines.map((l) => ({ id: l.id, method_id: l.methodId, method_title: l.methodTitle, total: money(l.total) })),
      tax_lines: o.taxLines.map((l) => ({
        id: l.id,
        code: l.code,
        title: l.title,
        tax_total: money(l.taxTotal),
        shipping_tax_total: money(l.shippingTaxTotal),
        compound: l.compound,
      })),
      fee_lines: o.feeLines.map((l) => ({ id: l.id, title: l.title, tax_class: l.taxClass, total: money(l.total), tax: money(l.tax) })),
      coupon_lines: o.couponLines.map((l) => ({ id: l.id, code: l.code, amount: money(l.amount) })),
      refunds: o.refunds.map((r) => ({ id: r.id, created_at: instant(r.createdAt), amount: money(r.amount), reason: r.reason })),
      notes: o.notes.map((n) => ({
        id: n.id,
        created_at: instant(n.createdAt),
        content: n.content,
        customer_note: n.customerNote,
        approved: n.approved,
        type: n.type,
      })),
    })),
  };
}
