// Every ShopRepository method of the PostgreSQL repository against the in-memory repository on the same demo shop:
// the two must answer every query identically (the in-memory repository is the reference implementation).
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createMemoryRepository,
  createPostgresRepository,
  importShopSnapshot,
  migratePostgres,
  type CouponFilter,
  type OrderFilter,
  type Paging,
  type ShopRepository,
} from 'wc-legacy-api/shop';
import { generateDemoShop } from '../../../examples/demo-shop';
import { TARGETS } from './harness';

const shop = generateDemoShop({ orders: 400, seed: 7 });
const all = async <T>(it: AsyncIterable<T>): Promise<T[]> => {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
};
const byId = <T extends { id: number }>(xs: T[]): T[] => [...xs].sort((a, b) => a.id - b.id);

// Real values from the shop, so searches hit something.
const someOrder = shop.orders[123]!;
const midCreated = shop.orders.map((o) => o.createdAt.getTime()).sort((a, b) => a - b)[200]!;
const midUpdated = shop.orders.map((o) => o.updatedAt.getTime()).sort((a, b) => a - b)[150]!;

const ORDER_FILTERS: OrderFilter[] = [
  {},
  { statuses: ['processing'] },
  { statuses: ['completed', 'on-hold', 'refunded'] },
  { statuses: [] },
  { createdMin: new Date(midCreated) },
  { createdMax: new Date(midCreated) },
  { createdMin: new Date(midCreated - 30 * 86_400_000), createdMax: new Date(midCreated) },
  { updatedMin: new Date(midUpdated) },
  { updatedMax: new Date(midUpdated), statuses: ['completed'] },
  { search: [someOrder.billing.lastName.toLowerCase()] },
  { search: [someOrder.billing.email.toLowerCase()] },
  { search: [String(someOrder.id)] },
  { search: ['AN'] },
  { search: ['a', 'e'], statuses: ['processing', 'completed'] },
  { search: [someOrder.lineItems[0]!.name.toLowerCase().slice(0, 5)] },
  { search: ['no-such-text-anywhere'] },
];

const PAGINGS: Paging[] = [
  { offset: 0, limit: 10 },
  { offset: 7, limit: 3 },
  { offset: 0, limit: null },
  { offset: 395, limit: 10 },
  { offset: 5000, limit: 10 },
];

const COUPON_FILTERS: CouponFilter[] = [
  {},
  { search: [shop.coupons[0]!.code.slice(0, 3).toLowerCase()] },
  { createdMin: shop.coupons[3]!.createdAt },
  { updatedMax: shop.coupons[5]!.updatedAt },
  { search: ['zzz-nothing'] },
];

describe.each(TARGETS)('PostgreSQL repository methods on $name', (target) => {
  const memory = createMemoryRepository(shop);
  let repo: ShopRepository;
  let chunked: ShopRepository;

  beforeAll(async () => {
    const client = await target.freshClient();
    await migratePostgres(client);
    await importShopSnapshot(client, shop, { batchSize: 97 });
    repo = createPostgresRepository({ client });
    // A tiny stream chunk makes the keyset pagination cross many chunk boundaries.
    chunked = createPostgresRepository({ client, streamChunkSize: 7 });
  });

  it('getStore returns the store settings', async () => {
    expect(await repo.getStore()).toEqual(shop.store);
  });

  it.each(ORDER_FILTERS.map((f, i) => [i, f] as const))('listOrders and countOrders agree with memory (filter #%i)', async (_i, filter) => {
    expect(await repo.countOrders(filter)).toBe(await memory.countOrders(filter));
    for (const paging of PAGINGS) {
      expect(await repo.listOrders(filter, paging)).toEqual(await memory.listOrders(filter, paging));
    }
  });

  it('getOrder returns whole orders, and undefined for ids that do not exist', async () => {
    for (const order of [shop.orders[0]!, someOrder, shop.orders[shop.orders.length - 1]!]) {
      expect(await repo.getOrder(order.id)).toEqual(order);
    }
    for (const id of [0, -1, 1.5, 987_654_321, Number.MAX_SAFE_INTEGER + 2, Number.NaN]) {
      expect(await repo.getOrder(id)).toBeUndefined();
    }
  });

  it.each(COUPON_FILTERS.map((f, i) => [i, f] as const))('listCoupons and countCoupons agree with memory (filter #%i)', async (_i, filter) => {
    expect(await repo.countCoupons(filter)).toBe(await memory.countCoupons(filter));
    for (const paging of PAGINGS) {
      expect(await repo.listCoupons(filter, paging)).toEqual(await memory.listCoupons(filter, paging));
    }
  });

  it('getCoupon and getCouponByCode agree with memory for every coupon', async () => {
    for (const coupon of shop.coupons) {
      expect(await repo.getCoupon(coupon.id)).toEqual(coupon);
      expect(await repo.getCouponByCode(coupon.code)).toEqual(await memory.getCouponByCode(coupon.code));
      expect(await repo.getCouponByCode(coupon.code.toUpperCase() + 'X')).toBeUndefined();
    }
    expect(await repo.getCoupon(424_242)).toBeUndefined();
  });

  it('getProducts returns the existing products only', async () => {
    const ids = [...shop.products.slice(0, 5).map((p) => p.id), 999_999, shop.products[0]!.id, -3];
    expect(await repo.getProducts(ids)).toEqual(await memory.getProducts(ids));
    expect((await repo.getProducts([])).size).toBe(0);
  });

  it('ordersCreatedIn streams the same orders as memory, across chunk boundaries', async () => {
    const window = { start: new Date(midCreated - 90 * 86_400_000), end: new Date(midCreated) };
    const statuses = ['completed', 'processing', 'on-hold'] as const;
    const expected = byId(await all(memory.ordersCreatedIn(window, statuses)));
    expect(expected.length).toBeGreaterThan(20);
    expect(byId(await all(chunked.ordersCreatedIn(window, statuses)))).toEqual(expected);
    expect(byId(await all(repo.ordersCreatedIn(window, statuses)))).toEqual(expected);
    expect(await all(repo.ordersCreatedIn(window, []))).toEqual([]);
    // Half-open: an order created exactly at `end` is outside, one at `start` inside.
    const edge = { start: someOrder.createdAt, end: someOrder.createdAt };
    expect(await all(repo.ordersCreatedIn(edge, [someOrder.status]))).toEqual([]);
  });

  it('customersRegisteredIn streams the same customers as memory', async () => {
    const times = shop.customers.map((c) => c.registeredAt.getTime()).sort((a, b) => a - b);
    const window = { start: new Date(times[10]!), end: new Date(times[times.length - 10]!) };
    const expected = byId(await all(memory.customersRegisteredIn(window, 'customer')));
    expect(expected.length).toBeGreaterThan(20);
    expect(byId(await all(chunked.customersRegisteredIn(window, 'customer')))).toEqual(expected);
    expect(await all(repo.customersRegisteredIn(window, 'no-such-role'))).toEqual([]);
  });
});

describe.each(TARGETS)('updateOrderStatus on $name', (target) => {
  let repo: ShopRepository;
  let memory: ShopRepository;

  beforeAll(async () => {
    const client = await target.freshClient();
    await migratePostgres(client);
    await importShopSnapshot(client, shop);
    repo = createPostgresRepository({ client });
    memory = createMemoryRepository(shop);
  });

  it('changes the status and appends the note exactly as the in-memory repository does', async () => {
    const target = shop.orders.find((o) => o.status === 'processing')!;
    const first = { status: 'completed' as const, note: '  Shipped by DHL. ', at: new Date('2026-11-21T10:00:00.123Z') };
    const after = await repo.updateOrderStatus(target.id, first);
    expect(after).toEqual(await memory.updateOrderStatus(target.id, first));
    expect(after!.status).toBe('completed');
    expect(after!.completedAt).toEqual(first.at);
    expect(after!.notes.at(-1)!.content).toBe('Shipped by DHL. Order status changed from processing to completed.');
    expect(await repo.getOrder(target.id)).toEqual(after);

    // A second change gets the next note id; setting the same status again changes nothing.
    const second = { status: 'refunded' as const, note: '', at: new Date('2026-11-21T11:00:00Z') };
    expect(await repo.updateOrderStatus(target.id, second)).toEqual(await memory.updateOrderStatus(target.id, second));
    const same = { status: 'refunded' as const, note: 'again', at: new Date('2026-11-21T12:00:00Z') };
    expect(await repo.updateOrderStatus(target.id, same)).toEqual(await memory.updateOrderStatus(target.id, same));

    // Listing by status sees the change.
    const filter = { statuses: ['refunded' as const] };
    expect(await repo.listOrders(filter, { offset: 0, limit: null })).toEqual(await memory.listOrders(filter, { offset: 0, limit: null }));
  });

  it('returns undefined for a missing order and changes nothing', async () => {
    const before = await repo.countOrders({});
    expect(await repo.updateOrderStatus(777_777, { status: 'completed', note: '', at: new Date() })).toBeUndefined();
    expect(await repo.countOrders({})).toBe(before);
  });
});
