import { Decimal } from 'decimal.js';
import type * as z from 'zod';
import type { Address, BillingAddress } from '../model/order';
import type { ShopSnapshot } from '../model/shop';
import { crossCheckSnapshot } from './cross-checks';
import type { SnapshotIssue } from './snapshot-issue';
import { getShopSnapshotSchema } from './snapshot-schema';
import type { ShopSnapshotJson } from './snapshot-schema';

/**
 * The result of {@link loadShopSnapshot}: the model, or every problem found.
 *
 * @example
 * ```ts
 * const result: LoadShopSnapshotResult = loadShopSnapshot(text);
 * const snapshot = result.ok ? result.snapshot : undefined;
 * ```
 */
export type LoadShopSnapshotResult = { ok: true; snapshot: ShopSnapshot } | { ok: false; issues: SnapshotIssue[] };

/**
 * Validates a JSON shop snapshot (parsed, or as JSON text) and converts it to the domain model. Never throws on bad
 * data: invalid JSON text, every shape problem and every cross-record problem come back as issues with paths
 * (see `docs/data-format.md` for the format).
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { createMemoryRepository, formatSnapshotIssue, loadShopSnapshot } from 'shopkeep/shop';
 *
 * const result = loadShopSnapshot(readFileSync('shop.json', 'utf8'));
 * if (!result.ok) throw new Error(result.issues.map(formatSnapshotIssue).join('\n'));
 * const repository = createMemoryRepository(result.snapshot);
 * ```
 */
export function loadShopSnapshot(json: unknown): LoadShopSnapshotResult {
  let raw = json;
  if (typeof json === 'string') {
    try {
      raw = JSON.parse(json) as unknown;
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return { ok: false, issues: [{ code: 'invalid_json', path: [], message: `invalid JSON: ${detail}` }] };
    }
  }
  const issues: SnapshotIssue[] = [];
  const parsed = getShopSnapshotSchema().safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) issues.push(...toSnapshotIssues(issue, raw));
  }
  issues.push(...crossCheckSnapshot(raw));
  if (issues.length > 0 || !parsed.success) return { ok: false, issues };
  return { ok: true, snapshot: toModel(parsed.data) };
}

function valueAt(root: unknown, path: readonly PropertyKey[]): { found: boolean; parentIsObject: boolean; value: unknown } {
  let current: unknown = root;
  let parentIsObject = false;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return { found: false, parentIsObject: false, value: undefined };
    parentIsObject = !Array.isArray(current);
    if (!(key in current)) return { found: false, parentIsObject, value: undefined };
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return { found: true, parentIsObject, value: current };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'number';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return typeof value;
}

const TYPE_NAMES: Record<string, string> = { int: 'integer', number: 'number', object: 'object', array: 'array', string: 'string', boolean: 'boolean' };

function toSnapshotIssues(issue: z.core.$ZodIssue, raw: unknown): SnapshotIssue[] {
  const path = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ code: 'unknown_field', path: [...path, key], message: 'unknown field' }));
  }
  const at = valueAt(raw, issue.path);
  if (!at.found && path.length > 0) return [{ code: 'missing', path, message: 'required' }];
  const custom = !issue.message.startsWith('Invalid') && !issue.message.startsWith('Too');
  const got = `, got ${describe(at.value)}`;
  switch (issue.code) {
    case 'invalid_type': {
      const expected = custom ? issue.message : `expected ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
      return [{ code: 'invalid_type', path, message: expected + got }];
    }
    case 'too_small':
    case 'too_big':
      return [{ code: 'out_of_range', path, message: issue.message + got }];
    case 'invalid_format':
    case 'custom':
      return [{ code: 'invalid_format', path, message: issue.message + got }];
    default:
      return [{ code: 'invalid_value', path, message: issue.message + got }];
  }
}

function toModel(json: ShopSnapshotJson): ShopSnapshot {
  // Equal decimal strings and instants are common (zero amounts, shared timestamps); sharing their immutable values
  // keeps a large snapshot small.
  const decimals = new Map<string, Decimal>();
  const money = (text: string): Decimal => {
    let d = decimals.get(text);
    if (d === undefined) {
      d = new Decimal(text);
      decimals.set(text, d);
    }
    return d;
  };
  const at = (text: string): Date => new Date(text);
  const atOrNull = (text: string | null): Date | null => (text === null ? null : new Date(text));
  const address = (a: ShopSnapshotJson['orders'][number]['shipping']): Address => ({
    firstName: a.first_name,
    lastName: a.last_name,
    company: a.company,
    address1: a.address_1,
    address2: a.address_2,
    city: a.city,
    state: a.state,
    postcode: a.postcode,
    country: a.country,
  });
  const billing = (a: ShopSnapshotJson['orders'][number]['billing']): BillingAddress => ({ ...address(a), email: a.email, phone: a.phone });
  const s = json.store;
  return {
    store: {
      name: s.name,
      description: s.description,
      siteUrl: s.site_url,
      timeZone: s.time_zone,
      currency: s.currency,
      currencySymbol: s.currency_symbol,
      pricesIncludeTax: s.prices_include_tax,
      weightUnit: s.weight_unit,
      dimensionUnit: s.dimension_unit,
    },
    products: json.products.map((p) => ({ id: p.id, name: p.name, sku: p.sku, parentId: p.parent_id })),
    customers: json.customers.map((c) => ({
      id: c.id,
      email: c.email,
      firstName: c.first_name,
      lastName: c.last_name,
      username: c.username,
      role: c.role,
      registeredAt: at(c.registered_at),
    })),
    coupons: json.coupons.map((c) => ({
      id: c.id,
      code: c.code,
      type: c.type,
      status: c.status,
      description: c.description,
      createdAt: at(c.created_at),
      updatedAt: at(c.updated_at ?? c.created_at),
      amount: money(c.amount),
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
      minimumAmount: money(c.minimum_amount),
      customerEmails: c.customer_emails,
    })),
    orders: json.orders.map((o) => ({
      id: o.id,
      number: o.number ?? String(o.id),
      createdAt: at(o.created_at),
      updatedAt: at(o.updated_at ?? o.created_at),
      completedAt: atOrNull(o.completed_at),
      status: o.status,
      currency: o.currency ?? s.currency,
      total: money(o.total),
      cartTax: money(o.cart_tax),
      shippingTotal: money(o.shipping_total),
      shippingTax: money(o.shipping_tax),
      cartDiscount: money(o.cart_discount),
      orderDiscount: money(o.order_discount),
      payment: { methodId: o.payment.method_id, methodTitle: o.payment.method_title, paidAt: atOrNull(o.payment.paid_at) },
      billing: billing(o.billing),
      shipping: address(o.shipping),
      customerNote: o.customer_note,
      customerIp: o.customer_ip,
      customerUserAgent: o.customer_user_agent,
      customerId: o.customer_id,
      lineItems: o.items.map((i) => ({
        id: i.id,
        name: i.name,
        productId: i.product_id,
        variationId: i.variation_id,
        quantity: i.quantity,
        subtotal: money(i.subtotal),
        total: money(i.total),
        tax: money(i.tax),
        taxClass: i.tax_class,
      })),
      shippingLines: o.shipping_lines.map((l) => ({ id: l.id, methodId: l.method_id, methodTitle: l.method_title, total: money(l.total) })),
      taxLines: o.tax_lines.map((l) => ({
        id: l.id,
        code: l.code,
        title: l.title,
        taxTotal: money(l.tax_total),
        shippingTaxTotal: money(l.shipping_tax_total),
        compound: l.compound,
      })),
      feeLines: o.fee_lines.map((l) => ({ id: l.id, title: l.title, taxClass: l.tax_class, total: money(l.total), tax: money(l.tax) })),
      couponLines: o.coupon_lines.map((l) => ({ id: l.id, code: l.code, amount: money(l.amount) })),
      refunds: o.refunds.map((r) => ({ id: r.id, createdAt: at(r.created_at), amount: money(r.amount), reason: r.reason })),
      notes: o.notes.map((n) => ({
        id: n.id,
        createdAt: at(n.created_at),
        content: n.content,
        customerNote: n.customer_note,
        approved: n.approved,
        type: n.type,
      })),
    })),
  };
}
