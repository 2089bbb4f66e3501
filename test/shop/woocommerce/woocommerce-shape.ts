// What of a shop snapshot WooCommerce can hold, for tests and benches that write snapshots of their own (demo shops,
// generated shops) with the fixture writer: ids renumbered into WordPress's single posts id space, and the snapshot
// as WooCommerce's reading gives it back (whole seconds, served notes only, no order number of its own, ...).
import { Decimal } from 'decimal.js';
import type { Order, ShopSnapshot } from 'wc-legacy-api/shop';

/**
 * The shop with refunds (then orders, then coupons) moved to fresh ids where their id is taken by an earlier record in
 * WordPress's one `posts.ID` space (products, coupons, orders and refunds share it; the demo shop numbers refunds
 * from 1). Products keep their ids: line items and coupons refer to them.
 */
export function withWooCommerceIds(shop: ShopSnapshot): ShopSnapshot {
  const taken = new Set<number>();
  let next = Math.max(0, ...shop.products.map((p) => p.id), ...shop.coupons.map((c) => c.id), ...shop.orders.flatMap((o) => [o.id, ...o.refunds.map((r) => r.id)])) + 1;
  const claim = (id: number) => {
    const out = taken.has(id) ? next++ : id;
    taken.add(out);
    return out;
  };
  for (const p of shop.products) taken.add(p.id);
  const coupons = shop.coupons.map((c) => ({ ...c, id: claim(c.id) }));
  const orderIds = shop.orders.map((o) => claim(o.id));
  return {
    ...shop,
    coupons,
    orders: shop.orders.map((o, i) => {
      const id = orderIds[i]!;
      return { ...o, id, number: o.number === String(o.id) ? String(id) : o.number, refunds: o.refunds.map((r) => ({ ...r, id: claim(r.id) })) };
    }),
  };
}

const second = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);
const secondOrNull = (d: Date | null) => (d === null ? null : second(d));
const byId = <T extends { id: number }>(items: readonly T[]) => [...items].sort((a, b) => a.id - b.id);

/**
 * The shop as WooCommerce reads it back after the fixture writer stored it: instants in whole seconds, only approved
 * `order_note` notes (what WooCommerce serves), an order's number its id, no usage limit of 0 (WooCommerce's "none"),
 * records in id order, and under HPOS no pre-2.3 `order_discount` (HPOS has no column for it).
 */
export function asStoredByWooCommerce(shop: ShopSnapshot, storage: 'posts' | 'hpos'): ShopSnapshot {
  const order = (o: Order): Order => ({
    ...o,
    number: String(o.id),
    createdAt: second(o.createdAt),
    updatedAt: second(o.updatedAt),
    completedAt: secondOrNull(o.completedAt),
    orderDiscount: storage === 'hpos' ? new Decimal(0) : o.orderDiscount,
    payment: { ...o.payment, paidAt: secondOrNull(o.payment.paidAt) },
    lineItems: byId(o.lineItems),
    shippingLines: byId(o.shippingLines),
    taxLines: byId(o.taxLines),
    feeLines: byId(o.feeLines),
    couponLines: byId(o.couponLines),
    refunds: byId(o.refunds).map((r) => ({ ...r, createdAt: second(r.createdAt) })),
    notes: byId(o.notes.filter((n) => n.approved && n.type === 'order_note')).map((n) => ({ ...n, createdAt: second(n.createdAt) })),
  });
  return {
    store: { ...shop.store, siteUrl: shop.store.siteUrl.replace(/\/+$/, '') },
    products: byId(shop.products),
    customers: byId(shop.customers).map((c) => ({ ...c, registeredAt: second(c.registeredAt), role: c.role || 'customer' })),
    coupons: byId(shop.coupons).map((c) => ({
      ...c,
      createdAt: second(c.createdAt),
      updatedAt: second(c.updatedAt),
      expiresAt: secondOrNull(c.expiresAt),
      usageLimit: c.usageLimit === 0 ? null : c.usageLimit,
      usageLimitPerUser: c.usageLimitPerUser === 0 ? null : c.usageLimitPerUser,
    })),
    orders: byId(shop.orders).map(order),
  };
}
