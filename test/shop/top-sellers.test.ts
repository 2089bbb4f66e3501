import { describe, expect, it } from 'vitest';
import {
  computeTopSellers,
  createMemoryRepository,
  DEFAULT_TOP_SELLERS_LIMIT,
  parseTopSellersLimit,
  resolveReportRange,
  serializeTopSellers,
  topSellersFor,
  topSellersFromOrders,
} from 'wc-legacy-api/shop';
import type { Product, ReportRange, TopSellerLine } from 'wc-legacy-api/shop';
import { at, buildProduct, buildStore } from './builders';
import { sale, stream } from './builders-reports';

function resolve(filter: Parameters<typeof resolveReportRange>[0], now: string, timeZone = 'UTC'): ReportRange {
  const r = resolveReportRange(filter, { now: new Date(now), timeZone });
  if (!r.ok) throw new Error(r.error.message);
  return r.range;
}

// Week of Mar 25 - Mar 31 2024 (UTC store).
const week = resolve({ period: 'week' }, '2024-03-31T12:00:00Z');

// Product 13 is a variation of 12; product 99 has been deleted.
const products: Product[] = [
  buildProduct({ id: 10, name: 'Mug' }),
  buildProduct({ id: 11, name: 'Tea' }),
  buildProduct({ id: 12, name: 'Shirt' }),
  buildProduct({ id: 13, name: 'Shirt - L', parentId: 12 }),
  buildProduct({ id: 14, name: 'Cap' }),
  buildProduct({ id: 15, name: 'Scarf' }),
  buildProduct({ id: 16, name: 'Socks' }),
];

const orders = [
  sale({ at: '2024-03-25T00:00:00Z', items: [[10, 2], [11, 1]] }),
  sale({ at: '2024-03-27T10:00:00Z', status: 'processing', items: [[10, 1], [14, 3]] }),
  // Two variations of the shirt count toward the parent (line productId 12).
  sale({ at: '2024-03-28T10:00:00Z', status: 'on-hold', items: [[12, 2, 13], [12, 3, 17]] }),
  // A deleted product selling the most.
  sale({ at: '2024-03-29T10:00:00Z', items: [[99, 50]] }),
  // Excluded: status, and outside the week (Mar 24 23:59:59, Apr 1 00:00).
  sale({ at: '2024-03-29T10:00:00Z', status: 'cancelled', items: [[15, 100]] }),
  sale({ at: '2024-03-29T10:00:00Z', status: 'pending', items: [[15, 100]] }),
  sale({ at: '2024-03-24T23:59:59Z', items: [[16, 100]] }),
  sale({ at: '2024-04-01T00:00:00Z', items: [[16, 100]] }),
];

const byId = new Map(products.map((p) => [p.id, p]));
async function getProducts(ids: readonly number[]): Promise<Map<number, Product>> {
  return new Map(ids.flatMap((id) => (byId.has(id) ? [[id, byId.get(id) as Product] as const] : [])));
}

describe('topSellersFromOrders: hand-computed', () => {
  it('ranks by summed quantity, ties by product id, variations under their parent, deleted products left out', async () => {
    // Shirt (12): 2 + 3 = 5; Mug (10): 2 + 1 = 3; Cap (14): 3 (tie with Mug, higher id); Tea (11): 1.
    // Product 99 (50 sold) no longer exists; 15 only in excluded statuses; 16 only outside the week.
    const rows = await topSellersFromOrders(orders, week, 12, getProducts);
    expect(serializeTopSellers(rows)).toEqual([
      { title: 'Shirt', product_id: 12, quantity: 5 },
      { title: 'Mug', product_id: 10, quantity: 3 },
      { title: 'Cap', product_id: 14, quantity: 3 },
      { title: 'Tea', product_id: 11, quantity: 1 },
    ]);
  });

  it('a limit counts existing products only: a deleted top seller does not take a slot', async () => {
    const rows = await topSellersFromOrders(stream(orders), week, 2, getProducts);
    expect(rows.map((r) => r.productId)).toEqual([12, 10]);
  });

  it('keeps looking past many deleted products, asking for products in rank order', async () => {
    // Products 1..40 sold 1..40 each; 21..40 (the 20 best) are deleted, so limit 3 gives 20, 19, 18.
    const asked: number[][] = [];
    const lines: TopSellerLine[] = Array.from({ length: 40 }, (_, i) => ({
      productId: i + 1,
      quantity: i + 1,
      createdAt: at('2024-03-30T00:00:00Z'),
    }));
    const rows = await computeTopSellers(lines, week, 3, async (ids) => {
      asked.push([...ids]);
      return new Map(ids.filter((id) => id <= 20).map((id) => [id, buildProduct({ id, name: `P${id}` })]));
    });
    expect(rows.map((r) => [r.productId, r.quantity])).toEqual([[20, 20], [19, 19], [18, 18]]);
    // Batches of max(16, missing rows): 40..25, then 24..9 (stops once 3 rows are found).
    expect(asked).toEqual([
      Array.from({ length: 16 }, (_, i) => 40 - i),
      Array.from({ length: 16 }, (_, i) => 24 - i),
    ]);
  });

  it('limit 0 means no limit', async () => {
    const rows = await topSellersFromOrders(orders, week, 0, getProducts);
    expect(rows.map((r) => r.productId)).toEqual([12, 10, 14, 11]);
  });

  it('the default limit is 12', async () => {
    // Products 1..15 sold 1..15 times: the 12 best are 15 down to 4.
    const many = Array.from({ length: 15 }, (_, i) => buildProduct({ id: i + 1, name: `P${i + 1}` }));
    const lookup = new Map(many.map((p) => [p.id, p]));
    const lines: TopSellerLine[] = many.map((p) => ({ productId: p.id, quantity: p.id, createdAt: at('2024-03-30T00:00:00Z') }));
    const rows = await computeTopSellers(lines, week, parseTopSellersLimit(undefined), async (ids) =>
      new Map(ids.map((id) => [id, lookup.get(id) as Product])),
    );
    expect(rows.map((r) => r.quantity)).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4]);
  });

  it('an empty or inverted range has no top sellers', async () => {
    const inverted = resolve({ date_min: '2024-03-30', date_max: '2024-03-25' }, '2024-03-31T12:00:00Z');
    expect(await topSellersFromOrders(orders, inverted, 12, getProducts)).toEqual([]);
    const quiet = resolve({ date_min: '2020-01-01', date_max: '2020-01-31' }, '2024-03-31T12:00:00Z');
    expect(await topSellersFromOrders(orders, quiet, 12, getProducts)).toEqual([]);
  });

  it('computeTopSellers takes plain lines and keeps those created inside the range', async () => {
    const lines: TopSellerLine[] = [
      { productId: 10, quantity: 4, createdAt: at('2024-03-31T23:59:59.999Z') },
      { productId: 11, quantity: 9, createdAt: at('2024-04-01T00:00:00Z') }, // after the week
      { productId: 11, quantity: 2, createdAt: at('2024-03-25T00:00:00Z') },
    ];
    expect(await computeTopSellers(stream(lines), week, 12, getProducts)).toEqual([
      { productId: 10, name: 'Mug', quantity: 4 },
      { productId: 11, name: 'Tea', quantity: 2 },
    ]);
  });
});

describe('parseTopSellersLimit', () => {
  it.each([
    [undefined, 12],
    ['', 12],
    ['abc', 12],
    ['-1', 12],
    ['2.5', 12],
    ['1e3', 12],
    ['0x10', 12],
    ['0', 0],
    ['5', 5],
    [' 3 ', 3],
    ['007', 7],
    ['99999999999999999999', Number.MAX_SAFE_INTEGER],
  ])('%j -> %d', (raw, expected) => {
    expect(parseTopSellersLimit(raw)).toBe(expected);
  });

  it('defaults to DEFAULT_TOP_SELLERS_LIMIT', () => {
    expect(DEFAULT_TOP_SELLERS_LIMIT).toBe(12);
  });
});

describe('topSellersFor', () => {
  const snapshot = { store: buildStore({ timeZone: 'UTC' }), products, customers: [], coupons: [], orders };

  it('folds the memory repository streams into the same rows', async () => {
    const rows = await topSellersFor(createMemoryRepository(snapshot), week, 3);
    expect(serializeTopSellers(rows)).toEqual([
      { title: 'Shirt', product_id: 12, quantity: 5 },
      { title: 'Mug', product_id: 10, quantity: 3 },
      { title: 'Cap', product_id: 14, quantity: 3 },
    ]);
  });

  it('uses the topSellers pushdown when the repository has one', async () => {
    const memory = createMemoryRepository(snapshot);
    const calls: unknown[] = [];
    const repository = {
      ...memory,
      async topSellers(window: { start: Date; end: Date }, statuses: readonly string[], limit: number) {
        calls.push([window.start.toISOString(), window.end.toISOString(), [...statuses], limit]);
        return [{ productId: 12, name: 'Shirt', quantity: 5 }];
      },
    };
    expect(await topSellersFor(repository, week, 1)).toEqual([{ productId: 12, name: 'Shirt', quantity: 5 }]);
    expect(calls).toEqual([
      ['2024-03-25T00:00:00.000Z', '2024-04-01T00:00:00.000Z', ['completed', 'processing', 'on-hold'], 1],
    ]);
  });
});
