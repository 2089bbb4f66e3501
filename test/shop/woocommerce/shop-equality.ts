// Two shops compared as the snapshot format writes them (money as decimals written one way, instants as ISO), part by
// part and order by order, so a failure names the order that differs.
import { expect } from 'vitest';
import { serializeShopSnapshot, type ShopSnapshot } from 'wc-legacy-api/shop';

export function expectSameShop(actual: ShopSnapshot, expected: ShopSnapshot): void {
  const [a, e] = [serializeShopSnapshot(actual), serializeShopSnapshot(expected)];
  expect(a.store).toEqual(e.store);
  expect(a.products).toEqual(e.products);
  expect(a.customers).toEqual(e.customers);
  expect(a.coupons).toEqual(e.coupons);
  expect(a.orders.map((o) => o.id)).toEqual(e.orders.map((o) => o.id));
  for (let i = 0; i < e.orders.length; i += 1) expect(a.orders[i], `order ${e.orders[i]!.id}`).toEqual(e.orders[i]);
}
