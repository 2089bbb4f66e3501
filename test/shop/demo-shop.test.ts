import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUPON_STATUSES, COUPON_TYPES, ORDER_STATUSES } from 'wc-legacy-api/shop';
import type { Order, ShopSnapshot } from 'wc-legacy-api/shop';
import { DEMO_SHOP_NOW, generateDemoShop } from '../../examples/demo-shop';

const sum = (xs: readonly Decimal[]) => xs.reduce((a, b) => a.plus(b), new Decimal(0));

/** Every money invariant the generator promises, for one order; returns the broken ones. */
function moneyProblems(o: Order): string[] {
  const problems: string[] = [];
  const lineTotals = sum(o.lineItems.map((l) => l.total));
  const subtotals = sum(o.lineItems.map((l) => l.subtotal));
  const fees = sum(o.feeLines.map((f) => f.total));
  const shipping = sum(o.shippingLines.map((s) => s.total));
  if (o.lineItems.some((l) => l.total.gt(l.subtotal) || l.total.isNegative())) problems.push('line total > subtotal');
  if (!subtotals.minus(lineTotals).eq(o.cartDiscount)) problems.push('discount != subtotal - total');
  if (!sum(o.couponLines.map((c) => c.amount)).eq(o.cartDiscount)) problems.push('coupon lines != discount');
  if (!shipping.eq(o.shippingTotal)) problems.push('shipping lines != shipping total');
  if (!sum(o.taxLines.map((t) => t.taxTotal)).eq(o.cartTax)) problems.push('tax lines != cart tax');
  if (!sum(o.taxLines.map((t) => t.shippingTaxTotal)).eq(o.shippingTax)) problems.push('tax lines != shipping tax');
  if (!sum([...o.lineItems.map((l) => l.tax), ...o.feeLines.map((f) => f.tax)]).eq(o.cartTax)) problems.push('line taxes != cart tax');
  // total = items + shipping + fees + taxes - discounts, where items are counted before discounts.
  if (!subtotals.plus(shipping).plus(fees).plus(o.cartTax).plus(o.shippingTax).minus(o.cartDiscount).minus(o.orderDiscount).eq(o.total)) {
    problems.push('total does not add up');
  }
  if (!o.total.eq(o.total.toDecimalPlaces(2))) problems.push('total has more than 2 decimals');
  if (sum(o.refunds.map((r) => r.amount)).gt(o.total)) problems.push('refunds exceed total');
  return problems;
}

describe('generateDemoShop', () => {
  const shop: ShopSnapshot = generateDemoShop();

  it('is deterministic for a seed and differs between seeds', () => {
    expect(generateDemoShop({ seed: 9, orders: 120 })).toEqual(generateDemoShop({ seed: 9, orders: 120 }));
    const a = generateDemoShop({ seed: 1, orders: 50 }).orders.map((o) => o.total.toString());
    const b = generateDemoShop({ seed: 2, orders: 50 }).orders.map((o) => o.total.toString());
    expect(a).not.toEqual(b);
  });

  it('makes a few hundred orders over the 18 months before now, ids ascending with creation time', () => {
    expect(shop.orders.length).toBe(300);
    const now = DEMO_SHOP_NOW.getTime();
    const eighteenMonths = 548 * 86_400_000;
    for (const [i, o] of shop.orders.entries()) {
      expect(o.createdAt.getTime()).toBeGreaterThanOrEqual(now - eighteenMonths);
      expect(o.createdAt.getTime()).toBeLessThanOrEqual(now);
      expect(o.updatedAt.getTime()).toBeGreaterThanOrEqual(o.createdAt.getTime());
      expect(o.updatedAt.getTime()).toBeLessThanOrEqual(now);
      if (o.completedAt) expect(o.completedAt.getTime()).toBeLessThanOrEqual(o.updatedAt.getTime());
      for (const n of o.notes) expect(n.createdAt.getTime()).toBeLessThanOrEqual(o.updatedAt.getTime());
      if (i > 0) expect(o.createdAt.getTime()).toBeGreaterThanOrEqual(shop.orders[i - 1]!.createdAt.getTime());
    }
    // Spread over the whole span: some in the first month, some in the last week.
    expect(shop.orders.some((o) => o.createdAt.getTime() < now - eighteenMonths + 30 * 86_400_000)).toBe(true);
    expect(shop.orders.some((o) => o.createdAt.getTime() > now - 7 * 86_400_000)).toBe(true);
  });

  it('covers every status, mostly completed and processing', () => {
    const counts = new Map<string, number>();
    for (const o of shop.orders) counts.set(o.status, (counts.get(o.status) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([...ORDER_STATUSES].sort());
    expect((counts.get('completed') ?? 0) + (counts.get('processing') ?? 0)).toBeGreaterThan(shop.orders.length / 2);
    expect(shop.orders.filter((o) => o.status === 'completed').every((o) => o.completedAt !== null)).toBe(true);
  });

  it('keeps every order’s money exact and consistent', () => {
    const broken = shop.orders.flatMap((o) => moneyProblems(o).map((p) => `${o.id}: ${p}`));
    expect(broken).toEqual([]);
  });

  it('keeps money consistent for any seed and size', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 0, max: 80 }), (seed, orders) => {
        const generated = generateDemoShop({ seed, orders });
        expect(generated.orders.length).toBe(orders);
        expect(generated.orders.flatMap(moneyProblems)).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });

  it('has variations, deleted products, several lines per order and every kind of line', () => {
    const products = new Map(shop.products.map((p) => [p.id, p]));
    const items = shop.orders.flatMap((o) => o.lineItems);
    const variations = items.filter((l) => l.variationId !== null && products.has(l.variationId));
    expect(variations.length).toBeGreaterThan(0);
    expect(variations.every((l) => products.get(l.variationId!)?.parentId === l.productId)).toBe(true);
    expect(items.some((l) => !products.has(l.productId))).toBe(true);
    expect(shop.orders.filter((o) => o.lineItems.length >= 2).length).toBeGreaterThan(shop.orders.length / 2);
    expect(shop.orders.every((o) => o.shippingLines.length === 1 && o.taxLines.length >= 1)).toBe(true);
    expect(shop.orders.some((o) => o.feeLines.length > 0)).toBe(true);
    expect(shop.orders.some((o) => o.couponLines.length > 0)).toBe(true);
    expect(shop.orders.some((o) => o.taxLines.length === 2)).toBe(true); // standard and reduced rate
    expect(shop.orders.filter((o) => o.status === 'refunded').every((o) => o.refunds.length === 1 && o.refunds[0]!.amount.eq(o.total))).toBe(true);
    expect(shop.orders.some((o) => o.status === 'completed' && o.refunds.length > 0)).toBe(true); // partial refund
  });

  it('has approved, unapproved, customer and non-order notes with unique ids', () => {
    const notes = shop.orders.flatMap((o) => o.notes);
    expect(notes.some((n) => n.approved && n.type === 'order_note' && !n.customerNote)).toBe(true);
    expect(notes.some((n) => !n.approved)).toBe(true);
    expect(notes.some((n) => n.customerNote)).toBe(true);
    expect(notes.some((n) => n.type !== 'order_note')).toBe(true);
    expect(new Set(notes.map((n) => n.id)).size).toBe(notes.length);
    expect(shop.orders.some((o) => o.customerNote !== '')).toBe(true);
  });

  it('has guests and registered customers who registered before ordering; a couple of shop managers', () => {
    const users = new Map(shop.customers.map((c) => [c.id, c]));
    expect(shop.orders.some((o) => o.customerId === 0)).toBe(true);
    for (const o of shop.orders.filter((x) => x.customerId !== 0)) {
      const user = users.get(o.customerId);
      expect(user?.role).toBe('customer');
      expect(user!.registeredAt.getTime()).toBeLessThanOrEqual(o.createdAt.getTime());
    }
    expect(shop.customers.filter((c) => c.role === 'shop_manager').length).toBe(2);
    expect(shop.customers.filter((c) => c.role === 'customer').length).toBeGreaterThan(shop.customers.length / 2);
  });

  it('has coupons of every type and publish status, with usage limits 0, null and set', () => {
    expect(new Set(shop.coupons.map((c) => c.type))).toEqual(new Set(COUPON_TYPES));
    expect(new Set(shop.coupons.map((c) => c.status))).toEqual(new Set(COUPON_STATUSES));
    expect(shop.coupons.some((c) => c.usageLimit === 0)).toBe(true);
    expect(shop.coupons.some((c) => c.usageLimit === null)).toBe(true);
    expect(shop.coupons.some((c) => c.usageLimit !== null && c.usageLimit > 0)).toBe(true);
    // Usage counts are the coupon lines that use them.
    const used = shop.orders.reduce((n, o) => n + o.couponLines.length, 0);
    expect(shop.coupons.reduce((n, c) => n + c.usageCount, 0)).toBe(used);
    expect(new Set(shop.coupons.map((c) => c.id)).size).toBe(shop.coupons.length);
  });

  it('honours the size, time zone and now options', () => {
    const now = new Date('2030-05-05T05:05:05Z');
    const custom = generateDemoShop({ orders: 20, customers: 10, products: 7, coupons: 20, timeZone: 'America/New_York', now });
    expect(custom.orders.length).toBe(20);
    expect(custom.customers.length).toBe(10);
    expect(custom.products.filter((p) => p.parentId === null).length).toBe(7);
    expect(custom.coupons.length).toBe(20);
    expect(custom.store).toMatchObject({ timeZone: 'America/New_York', siteUrl: 'http://localhost:8080', currency: 'EUR' });
    expect(custom.orders.every((o) => o.createdAt <= now)).toBe(true);
    expect(generateDemoShop({ orders: 0 }).orders).toEqual([]);
  });

  it('scales: twenty thousand orders share their immutable values', () => {
    const big = generateDemoShop({ orders: 20_000, seed: 4 });
    expect(big.orders.length).toBe(20_000);
    // Equal amounts are one shared Decimal; one order's equal instants are one shared Date.
    const zeros = big.orders.map((o) => o.orderDiscount);
    expect(new Set(zeros).size).toBe(1);
    const pending = big.orders.find((o) => o.status === 'pending' && o.notes.length === 0)!;
    expect(pending.updatedAt).toBe(pending.createdAt);
  });
});
