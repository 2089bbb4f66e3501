// Reports pushed down to SQL equal the in-memory fold on random shops: sales per period (in the store's time zone,
// DST and odd-offset zones included) and top sellers, exactly (every decimal digit, not only the cents).
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeSalesReport,
  createMemoryRepository,
  resolveReportRange,
  salesReportFor,
  serializeSalesReport,
  topSellersFor,
  type PeriodTotals,
  type ReportFilter,
  type ShopSnapshot,
} from 'wc-legacy-api/shop';
import { DEMO_SHOP_NOW, generateDemoShop } from '../../../examples/demo-shop';
import { loadedRepository, TARGETS } from './harness';

const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kathmandu', 'America/St_Johns', 'Australia/Lord_Howe', 'Pacific/Chatham'];

const arbitraryFilter: fc.Arbitrary<ReportFilter> = fc.oneof(
  fc.constantFrom<ReportFilter>({ period: 'week' }, { period: 'month' }, { period: 'last_month' }, { period: 'year' }, {}),
  fc
    .tuple(fc.integer({ min: 0, max: 540 }), fc.integer({ min: 0, max: 400 }))
    .map(([back, span]): ReportFilter => {
      const min = new Date(DEMO_SHOP_NOW.getTime() - back * 86_400_000);
      const max = new Date(min.getTime() + span * 86_400_000);
      return { date_min: min.toISOString().slice(0, 10), date_max: max.toISOString().slice(0, 10) };
    }),
);

const arbitraryShop = fc
  .record({
    seed: fc.integer({ min: 1, max: 1_000_000 }),
    orders: fc.integer({ min: 0, max: 70 }),
    timeZone: fc.constantFrom(...ZONES),
    // Amounts with up to four decimals, so sums are checked beyond the cents.
    oddAmounts: fc.boolean(),
    // Products deleted since they were sold drop out of the top sellers.
    dropProducts: fc.integer({ min: 0, max: 5 }),
  })
  .map(({ seed, orders, timeZone, oddAmounts, dropProducts }): ShopSnapshot => {
    const shop = generateDemoShop({ orders, seed, timeZone, customers: 30 });
    const odd = (d: Decimal, k: number) => (oddAmounts ? d.plus(new Decimal(((seed + k) % 97) - 48).div(10_000)) : d);
    return {
      ...shop,
      products: shop.products.filter((p) => dropProducts === 0 || p.id % 6 !== dropProducts),
      orders: shop.orders.map((o, k) => ({
        ...o,
        total: odd(o.total, k),
        cartTax: odd(o.cartTax, k + 1),
        shippingTax: odd(o.shippingTax, k + 2),
        // Some orders hold one product on two lines (top sellers sums them).
        lineItems: k % 4 === 0 && o.lineItems[0] !== undefined ? [...o.lineItems, { ...o.lineItems[0], id: 90_000 + k }] : o.lineItems,
        couponLines: o.couponLines.map((c, j) => ({ ...c, amount: odd(c.amount, k + j) })),
        refunds: o.refunds.map((r, j) => ({ ...r, amount: odd(r.amount, k + j + 3) })),
      })),
    };
  });

const exact = (p: PeriodTotals) => ({
  ...p,
  sales: p.sales.toFixed(),
  tax: p.tax.toFixed(),
  shipping: p.shipping.toFixed(),
  discount: p.discount.toFixed(),
  refunds: p.refunds.toFixed(),
});

describe.each(TARGETS)('reports pushed down to SQL on $name', (target) => {
  it('sales per period and top sellers equal the in-memory results on random shops', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbitraryShop,
        arbitraryFilter,
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 15 }),
        async (shop, filter, daysBack, limit) => {
          const now = new Date(DEMO_SHOP_NOW.getTime() - daysBack * 86_400_000);
          const resolved = resolveReportRange(filter, { now, timeZone: shop.store.timeZone });
          if (!resolved.ok) return;
          const range = resolved.range;
          const memory = createMemoryRepository(shop);
          const repo = await loadedRepository(target, shop);
          expect(repo.aggregateSales).toBeTypeOf('function');

          // The reference: the report folded from the snapshot itself.
          const folded = await computeSalesReport(shop.orders, shop.customers, range);
          const pushed = await salesReportFor(repo, range);
          expect(pushed.periods.map(exact)).toEqual(folded.periods.map(exact));
          expect(exact(pushed.totals)).toEqual(exact(folded.totals));
          expect(serializeSalesReport(pushed)).toEqual(serializeSalesReport(folded));

          expect(await topSellersFor(repo, range, limit)).toEqual(await topSellersFor(memory, range, limit));
        },
      ),
      { numRuns: 14 },
    );
  }, 180_000); // 14 fresh schemas with an import each; generous for a loaded CI machine

  it('after status changes, both reports still equal the memory repository with the same changes', async () => {
    const shop = generateDemoShop({ orders: 300, seed: 7, timeZone: 'Asia/Kathmandu' });
    const resolved = resolveReportRange({ period: 'year' }, { now: DEMO_SHOP_NOW, timeZone: shop.store.timeZone });
    if (!resolved.ok) throw new Error('range');
    const repo = await loadedRepository(target, shop);
    const memory = createMemoryRepository(shop);
    await salesReportFor(memory, resolved.range); // the memory columns exist before the changes and must follow them
    const statuses = ['completed', 'cancelled', 'on-hold', 'refunded', 'processing', 'pending'] as const;
    for (const [k, order] of shop.orders.filter((_, i) => i % 3 === 0).entries()) {
      const change = { status: statuses[k % statuses.length]!, note: '', at: DEMO_SHOP_NOW };
      await repo.updateOrderStatus(order.id, change);
      await memory.updateOrderStatus(order.id, change);
    }
    const pushed = await salesReportFor(repo, resolved.range);
    expect(pushed.periods.map(exact)).toEqual((await salesReportFor(memory, resolved.range)).periods.map(exact));
    const current = await memory.listOrders({}, { offset: 0, limit: null });
    expect(pushed.periods.map(exact)).toEqual((await computeSalesReport(current, shop.customers, resolved.range)).periods.map(exact));
    expect(await topSellersFor(repo, resolved.range, 0)).toEqual(await topSellersFor(memory, resolved.range, 0));
  }, 120_000);

  it('a year of a bigger shop, month by month, equals the fold to every digit', async () => {
    const shop = generateDemoShop({ orders: 1500, seed: 99, timeZone: 'America/New_York' });
    const resolved = resolveReportRange({ period: 'year' }, { now: DEMO_SHOP_NOW, timeZone: shop.store.timeZone });
    if (!resolved.ok) throw new Error('range');
    const repo = await loadedRepository(target, shop);
    const folded = await computeSalesReport(shop.orders, shop.customers, resolved.range);
    const pushed = await salesReportFor(repo, resolved.range);
    expect(folded.totals.orders).toBeGreaterThan(100);
    expect(pushed.periods.map(exact)).toEqual(folded.periods.map(exact));
    expect(await topSellersFor(repo, resolved.range, 0)).toEqual(await topSellersFor(createMemoryRepository(shop), resolved.range, 0));
  }, 120_000);
});
