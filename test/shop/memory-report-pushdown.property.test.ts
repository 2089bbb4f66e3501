// The memory repository's sales report push-down (per-order columns built once, kept current through status changes)
// equals the stream fold over the repository's current orders, to every digit, on random shops, ranges and changes.
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeSalesReport, createMemoryRepository, ORDER_STATUSES, resolveReportRange, salesReportFor } from 'wc-legacy-api/shop';
import type { Customer, Order, OrderStatus, PeriodTotals, ReportRange, ShopRepository } from 'wc-legacy-api/shop';
import { arbitraryMoney, buildStore } from './builders';
import { sale, user } from './builders-reports';

const ZONES = ['UTC', 'Pacific/Auckland', 'America/Los_Angeles', 'Asia/Kathmandu'];
const FROM = Date.UTC(2023, 0, 1);
const TO = Date.UTC(2025, 0, 1);

// Whole cents mostly; also more decimals (arbitraryMoney has up to four) and sums beyond 2^52 cents.
const amount = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: -1_000_000, max: 1_000_000 }).map((c) => new Decimal(c).div(100).toFixed(2)) },
  { weight: 2, arbitrary: arbitraryMoney.map((d) => d.toFixed()) },
  { weight: 1, arbitrary: fc.constantFrom('45035996273704.96', '99999999999999999.99', '0.001') },
);
// Few distinct instants, so orders share creation times (the columns then tell them apart by id).
const instant = fc.oneof(
  fc.integer({ min: FROM, max: TO - 1 }),
  fc.constantFrom(Date.UTC(2024, 2, 31, 1), Date.UTC(2024, 5, 1), Date.UTC(2023, 11, 31, 23, 59, 59, 999)),
).map((t) => new Date(t).toISOString());

const arbitrarySale: fc.Arbitrary<Order> = fc
  .record({
    at: instant,
    status: fc.constantFrom(...ORDER_STATUSES),
    total: amount,
    cartTax: amount,
    shipping: amount,
    shippingTax: amount,
    items: fc.array(fc.tuple(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 9 })), { maxLength: 4 }),
    coupons: fc.array(fc.tuple(fc.constantFrom('a', 'b'), amount), { maxLength: 3 }),
    refunds: fc.array(fc.tuple(amount, instant), { maxLength: 2 }),
  })
  .map((spec) => sale(spec));

const arbitraryCustomer: fc.Arbitrary<Customer> = fc
  .tuple(fc.nat(), instant, fc.constantFrom('customer', 'customer', 'subscriber'))
  .map(([id, at, role]) => user(id, at, role));

const day = fc.integer({ min: FROM - 30 * 86_400_000, max: TO + 30 * 86_400_000 }).map((t) => new Date(t).toISOString().slice(0, 10));

const arbitraryRange: fc.Arbitrary<ReportRange> = fc
  .tuple(fc.oneof(fc.tuple(day, day), fc.constantFrom('week', 'month', 'last_month', 'year')), fc.constantFrom(...ZONES), day)
  .map(([spec, timeZone, now]) => {
    const filter = typeof spec === 'string' ? { period: spec } : { date_min: spec[0], date_max: spec[1] };
    const r = resolveReportRange(filter, { now: new Date(`${now}T12:00:00Z`), timeZone });
    if (!r.ok) throw new Error(r.error.message);
    return r.range;
  });

const exact = (p: PeriodTotals) => [p.orders, p.items, p.customers, ...[p.sales, p.tax, p.shipping, p.discount, p.refunds].map((d) => d.toFixed())];

async function expectPushdownEqualsFold(repo: ShopRepository, customers: readonly Customer[], range: ReportRange): Promise<void> {
  expect(repo.aggregateSales).toBeTypeOf('function');
  const current = await repo.listOrders({}, { offset: 0, limit: null });
  const folded = await computeSalesReport(current, customers, range);
  const pushed = await salesReportFor(repo, range);
  expect(pushed.periods.map(exact)).toEqual(folded.periods.map(exact));
  expect(exact(pushed.totals)).toEqual(exact(folded.totals));
}

describe('memory repository aggregateSales', () => {
  it('equals the stream fold over random shops and ranges, before and after status changes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(arbitrarySale, { maxLength: 50 }),
        fc.array(arbitraryCustomer, { maxLength: 15 }),
        fc.array(arbitraryRange, { minLength: 1, maxLength: 3 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom<OrderStatus>(...ORDER_STATUSES)), { maxLength: 12 }),
        fc.boolean(),
        async (orders, customers, ranges, changes, reportFirst) => {
          const repo = createMemoryRepository({ store: buildStore(), products: [], customers, coupons: [], orders });
          // Either the columns exist before the changes (kept current) or are built after them (from current orders).
          if (reportFirst) for (const range of ranges) await expectPushdownEqualsFold(repo, customers, range);
          for (const [k, status] of changes) {
            const order = orders[k % Math.max(1, orders.length)];
            if (order !== undefined) await repo.updateOrderStatus(order.id, { status, note: '', at: new Date(TO) });
          }
          for (const range of ranges) await expectPushdownEqualsFold(repo, customers, range);
        },
      ),
      { numRuns: 300 },
    );
  });
});
