// Compact builders for the report tests: an order is described by the few figures a report reads.
import type { Customer, Order, OrderStatus } from 'wc-legacy-api/shop';
import { at, buildCouponLine, buildLineItem, buildOrder, money } from './builders';

export interface SaleSpec {
  id?: number;
  at: string;
  status?: OrderStatus;
  total?: string;
  cartTax?: string;
  shipping?: string;
  shippingTax?: string;
  /** [productId, quantity, variationId?] per line. */
  items?: ReadonlyArray<readonly [number, number, number?]>;
  /** [code, amount] per coupon line. */
  coupons?: ReadonlyArray<readonly [string, string]>;
  /** [amount, createdAt] per refund. */
  refunds?: ReadonlyArray<readonly [string, string]>;
}

let nextId = 1;

/** An order with only the report-relevant figures set (everything else from `buildOrder`). */
export function sale(spec: SaleSpec): Order {
  const id = spec.id ?? nextId++;
  return buildOrder({
    id,
    number: String(id),
    createdAt: at(spec.at),
    status: spec.status ?? 'completed',
    total: money(spec.total ?? '0.00'),
    cartTax: money(spec.cartTax ?? '0.00'),
    shippingTotal: money(spec.shipping ?? '0.00'),
    shippingTax: money(spec.shippingTax ?? '0.00'),
    lineItems: (spec.items ?? []).map(([productId, quantity, variationId], i) =>
      buildLineItem({ id: id * 100 + i, productId, quantity, variationId: variationId ?? null }),
    ),
    couponLines: (spec.coupons ?? []).map(([code, amount], i) => buildCouponLine({ id: id * 100 + i, code, amount: money(amount) })),
    refunds: (spec.refunds ?? []).map(([amount, when], i) => ({
      id: id * 100 + i,
      createdAt: at(when),
      amount: money(amount),
      reason: '',
    })),
  });
}

/** A registered user. */
export function user(id: number, registeredAt: string, role = 'customer'): Customer {
  return {
    id,
    email: `user${id}@example.com`,
    firstName: 'User',
    lastName: String(id),
    username: `user${id}`,
    role,
    registeredAt: at(registeredAt),
  };
}

/** Wraps an array in an async generator, as a repository streams it. */
export async function* stream<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}
