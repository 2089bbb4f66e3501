import { Decimal } from 'decimal.js';
import type { Coupon } from '../model/coupon';
import type { Address, BillingAddress, Order } from '../model/order';
import type { Customer, Product, StoreSettings } from '../model/shop';
import { instantMillis } from './snapshot-instant';
import type { ShopSnapshotJson, ShopSnapshotJsonInput } from './snapshot-schema';

// Validated JSON records -> the domain model, one record at a time, so a whole snapshot (loadShopSnapshot) and a
// streamed one (readShopSnapshot) build the very same values.

type Json = ShopSnapshotJson;
/** An order as written (optional fields may be absent) or as zod returns it. */
type OrderInput = NonNullable<ShopSnapshotJsonInput['orders']>[number];

/**
 * Builds model values, sharing equal decimal strings (zero amounts, common prices) as one immutable `Decimal`, which
 * keeps a large snapshot small. `maxShared` bounds the cache: a stream clears it when full, so its memory stays flat.
 */
export class SnapshotModelBuilder {
  private decimals = new Map<string, Decimal>();
  constructor(private readonly maxShared = Number.POSITIVE_INFINITY) {}

  private money(text: string): Decimal {
    let d = this.decimals.get(text);
    if (d === undefined) {
      d = new Decimal(text);
      if (this.decimals.size >= this.maxShared) this.decimals = new Map();
      this.decimals.set(text, d);
    }
    return d;
  }

  store(s: Json['store']): StoreSettings {
    return {
      name: s.name,
      description: s.description,
      siteUrl: s.site_url,
      timeZone: s.time_zone,
      currency: s.currency,
      currencySymbol: s.currency_symbol,
      pricesIncludeTax: s.prices_include_tax,
      weightUnit: s.weight_unit,
      dimensionUnit: s.dimension_unit,
    };
  }

  product(p: Json['products'][number]): Product {
    return { id: p.id, name: p.name, sku: p.sku, parentId: p.parent_id };
  }

  customer(c: Json['customers'][number]): Customer {
    return {
      id: c.id,
      email: c.email,
      firstName: c.first_name,
      lastName: c.last_name,
      username: c.username,
      role: c.role,
      registeredAt: at(c.registered_at),
    };
  }

  coupon(c: Json['coupons'][number]): Coupon {
    return {
      id: c.id,
      code: c.code,
      type: c.type,
      status: c.status,
      description: c.description,
      createdAt: at(c.created_at),
      updatedAt: at(c.updated_at ?? c.created_at),
      amount: this.money(c.amount),
      individualUse: c.individual_use,
      productIds: c.product_ids,
      excludeProductIds: c.exclude_product_ids,
      usageLimit: c.usage_limit,
      usageLimitPerUser: c.usage_limit_per_user,
      limitUsageToXItems: c.limit_usage_to_x_items,
      usageCount: c.usage_count,
      expiresAt: atOrNull(c.expires_at),
      freeShipping: c.free_shipping,
      productCategoryIds: c.product_category_ids,
      excludeProductCategoryIds: c.exclude_product_category_ids,
      excludeSaleItems: c.exclude_sale_items,
      minimumAmount: this.money(c.minimum_amount),
      customerEmails: c.customer_emails,
    };
  }

  /**
   * An order; `storeCurrency` is its currency when it names none. It takes the order as zod returns it or as written
   * (then valid, per checkOrderFast) and fills the defaults the schema would, so the fast path allocates no copy.
   */
  order(o: OrderInput, storeCurrency: string): Order {
    const money = (text: string) => this.money(text);
    const payment = o.payment;
    return {
      id: o.id,
      number: o.number ?? String(o.id),
      createdAt: at(o.created_at),
      updatedAt: at(o.updated_at ?? o.created_at),
      completedAt: atOrNull(o.completed_at),
      status: o.status,
      currency: o.currency ?? storeCurrency,
      total: money(o.total),
      cartTax: money(o.cart_tax ?? '0'),
      shippingTotal: money(o.shipping_total ?? '0'),
      shippingTax: money(o.shipping_tax ?? '0'),
      cartDiscount: money(o.cart_discount ?? '0'),
      orderDiscount: money(o.order_discount ?? '0'),
      payment: { methodId: payment?.method_id ?? '', methodTitle: payment?.method_title ?? '', paidAt: atOrNull(payment?.paid_at) },
      billing: billing(o.billing),
      shipping: address(o.shipping),
      customerNote: o.customer_note ?? '',
      customerIp: o.customer_ip ?? '',
      customerUserAgent: o.customer_user_agent ?? '',
      customerId: o.customer_id ?? 0,
      lineItems: (o.items ?? []).map((i) => ({
        id: i.id,
        name: i.name,
        productId: i.product_id,
        variationId: i.variation_id ?? null,
        quantity: i.quantity,
        subtotal: money(i.subtotal),
        total: money(i.total),
        tax: money(i.tax ?? '0'),
        taxClass: i.tax_class ?? '',
      })),
      shippingLines: (o.shipping_lines ?? []).map((l) => ({ id: l.id, methodId: l.method_id, methodTitle: l.method_title, total: money(l.total) })),
      taxLines: (o.tax_lines ?? []).map((l) => ({
        id: l.id,
        code: l.code,
        title: l.title,
        taxTotal: money(l.tax_total),
        shippingTaxTotal: money(l.shipping_tax_total ?? '0'),
        compound: l.compound ?? false,
      })),
      feeLines: (o.fee_lines ?? []).map((l) => ({ id: l.id, title: l.title, taxClass: l.tax_class ?? '', total: money(l.total), tax: money(l.tax ?? '0') })),
      couponLines: (o.coupon_lines ?? []).map((l) => ({ id: l.id, code: l.code, amount: money(l.amount) })),
      refunds: (o.refunds ?? []).map((r) => ({ id: r.id, createdAt: at(r.created_at), amount: money(r.amount), reason: r.reason ?? '' })),
      notes: (o.notes ?? []).map((n) => ({
        id: n.id,
        createdAt: at(n.created_at),
        content: n.content,
        customerNote: n.customer_note ?? false,
        approved: n.approved ?? true,
        type: n.type ?? 'order_note',
      })),
    };
  }
}

// Instants are validated before they get here: read by hand, they give the Date `new Date(text)` gives, faster.
function at(text: string): Date {
  return new Date(instantMillis(text));
}

function atOrNull(text: string | null | undefined): Date | null {
  return text === null || text === undefined ? null : at(text);
}

function address(a: OrderInput['shipping']): Address {
  return {
    firstName: a?.first_name ?? '',
    lastName: a?.last_name ?? '',
    company: a?.company ?? '',
    address1: a?.address_1 ?? '',
    address2: a?.address_2 ?? '',
    city: a?.city ?? '',
    state: a?.state ?? '',
    postcode: a?.postcode ?? '',
    country: a?.country ?? '',
  };
}

// Written out rather than `{ ...address(a), email, phone }`: spreading an object costs far more than this.
function billing(a: OrderInput['billing']): BillingAddress {
  return {
    firstName: a?.first_name ?? '',
    lastName: a?.last_name ?? '',
    company: a?.company ?? '',
    address1: a?.address_1 ?? '',
    address2: a?.address_2 ?? '',
    city: a?.city ?? '',
    state: a?.state ?? '',
    postcode: a?.postcode ?? '',
    country: a?.country ?? '',
    email: a?.email ?? '',
    phone: a?.phone ?? '',
  };
}
