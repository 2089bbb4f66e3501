import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addPeriodTotals,
  computeSalesReport,
  ORDER_STATUSES,
  REPORT_ORDER_STATUSES,
  resolveReportRange,
  serializeSalesReport,
} from 'wc-legacy-api/shop';
import type { Customer, Order, PeriodTotals, ReportRange } from 'wc-legacy-api/shop';
import { arbitraryMoney } from './builders';
import { sale, user } from './builders-reports';

const ZONES = ['UTC', 'Pacific/Auckland', 'America/Los_Angeles', 'Asia/Kathmandu'];
// Data lives in 2023-2024, so ranges include DST changes of every zone above and a leap day.
const FROM = Date.UTC(2023, 0, 1);
const TO = Date.UTC(2025, 0, 1);

const cents = (max: number) => fc.integer({ min: -max, max }).map((c) => new Decimal(c).div(100).toFixed(2));
const instant = fc.integer({ min: FROM, max: TO - 1 }).map((t) => new Date(t).toISOString());

const arbitrarySale: fc.Arbitrary<Order> = fc
  .record({
    at: instant,
    status: fc.constantFrom(...ORDER_STATUSES),
    total: cents(1_000_000),
    cartTax: cents(100_000),
    shipping: cents(100_000),
    shippingTax: cents(10_000),
    items: fc.array(fc.tuple(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 9 })), { maxLength: 4 }),
    coupons: fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), cents(5_000)), { maxLength: 3 }),
    refunds: fc.array(fc.tuple(cents(50_000), instant), { maxLength: 2 }),
  })
  .map((spec) => sale(spec));

const arbitraryCustomer: fc.Arbitrary<Customer> = fc
  .tuple(fc.nat(), instant, fc.constantFrom('customer', 'customer', 'subscriber'))
  .map(([id, at, role]) => user(id, at, role));

const arbitraryShop = fc.record({
  orders: fc.array(arbitrarySale, { maxLength: 60 }),
  customers: fc.array(arbitraryCustomer, { maxLength: 20 }),
});

const day = fc.integer({ min: FROM, max: TO - 1 }).map((t) => new Date(t).toISOString().slice(0, 10));

function resolve(dateMin: string, dateMax: string, timeZone: string): ReportRange {
  const r = resolveReportRange({ date_min: dateMin, date_max: dateMax }, { now: new Date(TO), timeZone });
  if (!r.ok) throw new Error(r.error.message);
  return r.range;
}

const sumStrings = (values: string[]) => values.reduce((acc, v) => acc.plus(v), new Decimal(0));

describe('sales report properties', () => {
  it('the periods add up to the top-level totals, and both match a naive recount', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryShop, day, day, fc.constantFrom(...ZONES), async (shop, a, b, zone) => {
        const [dateMin, dateMax] = a <= b ? [a, b] : [b, a];
        const range = resolve(dateMin, dateMax, zone);
        const report = serializeSalesReport(await computeSalesReport(shop.orders, shop.customers, range));
        const periods = Object.values(report.totals);
        expect(Object.keys(report.totals)).toEqual(range.labels);

        // Inputs have whole cents, so the 2-decimal period strings are exact and add up to the rounded totals.
        expect(sumStrings(periods.map((p) => p.sales)).toFixed(2)).toBe(report.total_sales.toFixed(2));
        expect(sumStrings(periods.map((p) => p.tax)).toFixed(2)).toBe(report.total_tax);
        expect(sumStrings(periods.map((p) => p.shipping)).toFixed(2)).toBe(report.total_shipping.toFixed(2));
        expect(sumStrings(periods.map((p) => p.discount)).toFixed(2)).toBe(report.total_discount.toFixed(2));
        expect(periods.reduce((n, p) => n + p.orders, 0)).toBe(report.total_orders);
        expect(periods.reduce((n, p) => n + p.items, 0)).toBe(report.total_items);
        expect(periods.reduce((n, p) => n + p.customers, 0)).toBe(report.total_customers);

        // An independent recount over the range's instants.
        const inRange = (d: Date) => d >= range.start && d < range.end;
        const counted = shop.orders.filter((o) => REPORT_ORDER_STATUSES.includes(o.status) && inRange(o.createdAt));
        const sum = (f: (o: Order) => Decimal[]) => counted.flatMap(f).reduce((s, v) => s.plus(v), new Decimal(0));
        expect(report.total_orders).toBe(counted.length);
        expect(report.total_sales.toFixed(2)).toBe(sum((o) => [o.total]).toFixed(2));
        expect(report.total_tax).toBe(sum((o) => [o.cartTax, o.shippingTax]).toFixed(2));
        expect(report.total_refunds.toFixed(2)).toBe(sum((o) => o.refunds.map((r) => r.amount)).toFixed(2));
        expect(report.total_discount.toFixed(2)).toBe(sum((o) => o.couponLines.map((c) => c.amount)).toFixed(2));
        expect(report.total_customers).toBe(
          shop.customers.filter((c) => c.role === 'customer' && inRange(c.registeredAt)).length,
        );
      }),
      { numRuns: 150 },
    );
  });

  function expectSameTotals(actual: PeriodTotals, expected: PeriodTotals): void {
    expect({
      ...actual,
      sales: actual.sales.toString(),
      tax: actual.tax.toString(),
      shipping: actual.shipping.toString(),
      discount: actual.discount.toString(),
      refunds: actual.refunds.toString(),
    }).toEqual({
      ...expected,
      sales: expected.sales.toString(),
      tax: expected.tax.toString(),
      shipping: expected.shipping.toString(),
      discount: expected.discount.toString(),
      refunds: expected.refunds.toString(),
    });
  }

  it('a report over a day-grouped range equals the merge of reports over a split of it', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbitraryShop,
        fc.integer({ min: 0, max: 700 }),
        fc.integer({ min: 1, max: 80 }),
        fc.integer({ min: 1, max: 80 }),
        fc.constantFrom(...ZONES),
        async (shop, offset, before, after, zone) => {
          // Whole range: [first, last] by day, split at `mid` (the first day of the second part). <= 3 months: days.
          const dayOf = (n: number) => new Date(FROM + n * 86_400_000).toISOString().slice(0, 10);
          const first = dayOf(offset);
          const mid = dayOf(offset + Math.min(before, 45));
          const last = dayOf(offset + Math.min(before, 45) + Math.min(after, 45) - 1);
          const beforeMid = dayOf(offset + Math.min(before, 45) - 1);
          const whole = await computeSalesReport(shop.orders, shop.customers, resolve(first, last, zone));
          const left = await computeSalesReport(shop.orders, shop.customers, resolve(first, beforeMid, zone));
          const right = await computeSalesReport(shop.orders, shop.customers, resolve(mid, last, zone));
          expect(whole.range.grouping).toBe('day');
          expect([...left.range.labels, ...right.range.labels]).toEqual(whole.range.labels);
          const merged = [...left.periods, ...right.periods];
          merged.forEach((p, i) => expectSameTotals(p, whole.periods[i] as PeriodTotals));
          expectSameTotals(addPeriodTotals([left.totals, right.totals]), whole.totals);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('a report over a month-grouped range equals the merge of reports over a split at a month start', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryShop, fc.integer({ min: 4, max: 20 }), fc.constantFrom(...ZONES), async (shop, m, zone) => {
        // 2023-01-01 .. 2024-12-31 split at month m (both parts hold at least 4 whole months: month grouping).
        const split = new Date(Date.UTC(2023, m, 1));
        const lastOfLeft = new Date(Date.UTC(2023, m, 0)).toISOString().slice(0, 10);
        const whole = await computeSalesReport(shop.orders, shop.customers, resolve('2023-01-01', '2024-12-31', zone));
        const left = await computeSalesReport(shop.orders, shop.customers, resolve('2023-01-01', lastOfLeft, zone));
        const right = await computeSalesReport(
          shop.orders,
          shop.customers,
          resolve(split.toISOString().slice(0, 10), '2024-12-31', zone),
        );
        expect([whole.range.grouping, left.range.grouping, right.range.grouping]).toEqual(['month', 'month', 'month']);
        expect([...left.range.labels, ...right.range.labels]).toEqual(whole.range.labels);
        [...left.periods, ...right.periods].forEach((p, i) => expectSameTotals(p, whole.periods[i] as PeriodTotals));
        expectSameTotals(addPeriodTotals([left.totals, right.totals]), whole.totals);
      }),
      { numRuns: 40 },
    );
  });

  it('sums are exact for any decimals and magnitudes, both signs (not only whole cents)', async () => {
    const range = resolve('2024-01-01', '2024-01-31', 'UTC');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(arbitraryMoney, arbitraryMoney), { maxLength: 40 }), async (amounts) => {
        const orders = amounts.map(([total, refund]) =>
          sale({ at: '2024-01-15T12:00:00Z', total: total.toString(), refunds: [[refund.toString(), '2024-02-01T00:00:00Z']] }),
        );
        const report = await computeSalesReport(orders, [], range);
        const naive = (pick: (pair: [Decimal, Decimal]) => Decimal) =>
          amounts.reduce((s, pair) => s.plus(pick(pair)), new Decimal(0));
        expect(report.totals.sales.toString()).toBe(naive(([t]) => t).toString());
        expect(report.totals.refunds.toString()).toBe(naive(([, r]) => r).toString());
      }),
      { numRuns: 200 },
    );
  });
});
