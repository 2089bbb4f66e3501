import { describe, expect, it } from 'vitest';
import {
  computeSalesReport,
  createMemoryRepository,
  REPORT_ORDER_STATUSES,
  resolveReportRange,
  salesReportFor,
  salesReportFromPeriods,
  serializeSalesReport,
} from 'wc-legacy-api/shop';
import type { ReportFilter, ReportRange, SalesPeriodResource } from 'wc-legacy-api/shop';
import { buildProduct, buildStore } from './builders';
import { sale, stream, user } from './builders-reports';

function resolve(filter: ReportFilter, now: string, timeZone: string): ReportRange {
  const result = resolveReportRange(filter, { now: new Date(now), timeZone });
  if (!result.ok) throw new Error(result.error.message);
  return result.range;
}

const zero: SalesPeriodResource = {
  sales: '0.00',
  orders: 0,
  items: 0,
  tax: '0.00',
  shipping: '0.00',
  discount: '0.00',
  customers: 0,
};

// A Los Angeles shop, custom range Mar 9 - Mar 11 2024 (Mar 10 is the 23-hour DST day). Period bounds in UTC:
// Mar 9 00:00 PST = Mar 9 08:00Z, Mar 10 00:00 PST = Mar 10 08:00Z, Mar 11 00:00 PDT = Mar 11 07:00Z,
// end Mar 12 00:00 PDT = Mar 12 07:00Z.
const LA = 'America/Los_Angeles';
const laRange = resolve({ date_min: '2024-03-09', date_max: '2024-03-11' }, '2024-04-30T00:00:00Z', LA);

const laOrders = [
  // Mar 9 (first instant of the range).
  sale({
    at: '2024-03-09T08:00:00Z',
    status: 'completed',
    total: '30.50',
    cartTax: '2.50',
    shipping: '5.00',
    shippingTax: '0.50',
    items: [[10, 2], [11, 1]],
    coupons: [['spring', '3.00'], ['vip', '1.25']],
  }),
  // Mar 9 23:59:59 PST; its refund was made weeks later and still counts on Mar 9.
  sale({
    at: '2024-03-10T07:59:59Z',
    status: 'processing',
    total: '12.00',
    cartTax: '1.00',
    items: [[10, 1]],
    refunds: [['4.00', '2024-04-20T10:00:00Z']],
  }),
  // Mar 10 23:30 PDT (Mar 11 in UTC): three coupon codes in one period, two refunds.
  sale({
    at: '2024-03-11T06:30:00Z',
    status: 'on-hold',
    total: '100.00',
    cartTax: '8.00',
    shipping: '10.00',
    shippingTax: '1.00',
    items: [[12, 5, 13]],
    coupons: [['bulk', '0.10'], ['spring', '2.00'], ['tiny', '0.05']],
    refunds: [['10.00', '2024-03-12T00:00:00Z'], ['5.55', '2024-03-13T00:00:00Z']],
  }),
  // Excluded statuses, inside the range.
  sale({ at: '2024-03-10T12:00:00Z', status: 'pending', total: '999.00', items: [[10, 9]] }),
  sale({ at: '2024-03-10T12:00:00Z', status: 'cancelled', total: '999.00', items: [[10, 9]] }),
  sale({ at: '2024-03-10T12:00:00Z', status: 'refunded', total: '999.00', items: [[10, 9]] }),
  sale({ at: '2024-03-10T12:00:00Z', status: 'failed', total: '999.00', items: [[10, 9]] }),
  // Outside the range: Mar 12 00:00 PDT (the exclusive end) and Mar 8 23:59:59 PST.
  sale({ at: '2024-03-12T07:00:00Z', status: 'completed', total: '999.00', items: [[10, 9]] }),
  sale({ at: '2024-03-09T07:59:59Z', status: 'completed', total: '999.00', items: [[10, 9]] }),
];

const laCustomers = [
  user(1, '2024-03-09T08:00:00Z'), // Mar 9
  user(2, '2024-03-11T06:59:59Z'), // Mar 10 23:59:59 PDT
  user(3, '2024-03-10T12:00:00Z', 'shop_manager'), // not a customer
  user(4, '2024-03-12T07:00:00Z'), // after the range
  user(5, '2024-03-11T07:00:00Z'), // Mar 11 00:00 PDT
];

describe('computeSalesReport + serializeSalesReport: hand-computed', () => {
  it('sums every figure per local day and in total, exactly', async () => {
    const report = serializeSalesReport(await computeSalesReport(laOrders, laCustomers, laRange));
    expect(report).toEqual({
      // 42.50 + 100.00 (the 999.00 orders are excluded by status or range).
      total_sales: 142.5,
      // 142.50 - 13.00 tax - 15.00 shipping.
      net_sales: 114.5,
      // 142.50 / 3 periods.
      average_sales: 47.5,
      total_orders: 3,
      // 2 + 1 + 1 + 5.
      total_items: 9,
      // (2.50 + 0.50) + (1.00 + 0.00) + (8.00 + 1.00).
      total_tax: '13.00',
      // 5.00 + 0.00 + 10.00.
      total_shipping: 15,
      // 4.00 + 10.00 + 5.55, each in its order's period.
      total_refunds: 19.55,
      // 3.00 + 1.25 + 0.10 + 2.00 + 0.05.
      total_discount: 6.4,
      totals_grouped_by: 'day',
      totals: {
        // Orders 1 and 2: 30.50 + 12.00; items 2 + 1 + 1; tax 3.00 + 1.00; coupons 3.00 + 1.25; customer 1.
        '2024-03-09': { sales: '42.50', orders: 2, items: 4, tax: '4.00', shipping: '5.00', discount: '4.25', customers: 1 },
        // Order 3: every coupon code counts: 0.10 + 2.00 + 0.05 = 2.15 (legacy kept only the last code); customer 2.
        '2024-03-10': { sales: '100.00', orders: 1, items: 5, tax: '9.00', shipping: '10.00', discount: '2.15', customers: 1 },
        // No orders; customer 5 registered at 00:00 PDT.
        '2024-03-11': { ...zero, customers: 1 },
      },
      // Customers 1, 2, 5 (3 is a shop manager, 4 registered after the range).
      total_customers: 3,
    });
  });

  it('keeps every digit of sums beyond 20 significant digits (decimal.js rounds arithmetic to 20 by default)', async () => {
    const orders = [sale({ at: '2024-03-10T12:00:00Z', coupons: [['a', '0.011'], ['a', '99999999999999999.99'], ['a', '-1']] })];
    const range = resolve({ date_min: '2024-03-10', date_max: '2024-03-10' }, '2024-03-12T12:00:00Z', 'UTC');
    const folded = await computeSalesReport(orders, [], range);
    expect(folded.totals.discount.toFixed()).toBe('99999999999999999.001');
    const pushed = await salesReportFor(createMemoryRepository({ store: buildStore(), products: [], customers: [], coupons: [], orders }), range);
    expect(pushed.totals.discount.toFixed()).toBe('99999999999999999.001');
  });

  it('keeps the spec key order on the wire, and the exact refunds inside the report', async () => {
    const report = await computeSalesReport(stream(laOrders), stream(laCustomers), laRange);
    expect(Object.keys(serializeSalesReport(report))).toEqual([
      'total_sales',
      'net_sales',
      'average_sales',
      'total_orders',
      'total_items',
      'total_tax',
      'total_shipping',
      'total_refunds',
      'total_discount',
      'totals_grouped_by',
      'totals',
      'total_customers',
    ]);
    expect(Object.keys(serializeSalesReport(report).totals)).toEqual(['2024-03-09', '2024-03-10', '2024-03-11']);
    expect(report.periods.map((p) => p.refunds.toFixed(2))).toEqual(['4.00', '15.55', '0.00']);
    expect(REPORT_ORDER_STATUSES).toEqual(['completed', 'processing', 'on-hold']);
  });

  it('year grouping zero-fills months without orders', async () => {
    // now = Mar 31 2024 UTC: Jan, Feb, Mar.
    const range = resolve({ period: 'year' }, '2024-03-31T12:00:00Z', 'UTC');
    const orders = [
      sale({ at: '2024-01-31T23:59:59Z', total: '10.00', items: [[1, 1]] }),
      sale({ at: '2024-03-01T00:00:00Z', total: '20.00', items: [[1, 2]] }),
      sale({ at: '2024-03-31T23:00:00Z', total: '0.01', items: [[1, 1]] }),
    ];
    const report = serializeSalesReport(await computeSalesReport(orders, [], range));
    expect(report.totals_grouped_by).toBe('month');
    expect(report.totals).toEqual({
      '2024-01': { ...zero, sales: '10.00', orders: 1, items: 1 },
      '2024-02': zero,
      // 20.00 + 0.01.
      '2024-03': { ...zero, sales: '20.01', orders: 2, items: 3 },
    });
    // 30.01 / 3 months = 10.00333.. -> 10.00.
    expect([report.total_sales, report.average_sales]).toEqual([30.01, 10]);
  });

  it('an order just after local midnight on the DST day falls on that local day (Auckland)', async () => {
    // NZDT starts Sep 29 2024. Sep 29 23:59 NZDT = Sep 29 10:59Z; Sep 30 00:30 NZDT = Sep 29 11:30Z.
    const range = resolve({ date_min: '2024-09-29', date_max: '2024-09-30' }, '2024-10-05T00:00:00Z', 'Pacific/Auckland');
    const orders = [
      sale({ at: '2024-09-29T10:59:00Z', total: '1.00' }),
      sale({ at: '2024-09-29T11:30:00Z', total: '2.00' }),
      sale({ at: '2024-09-28T11:59:59Z', total: '4.00' }), // Sep 28 23:59:59 NZST: before the range
    ];
    const report = serializeSalesReport(await computeSalesReport(orders, [], range));
    expect(Object.fromEntries(Object.entries(report.totals).map(([k, v]) => [k, v.sales]))).toEqual({
      '2024-09-29': '1.00',
      '2024-09-30': '2.00',
    });
  });

  it('an empty range (no orders) has every period zero-filled', async () => {
    const range = resolve({ period: 'week' }, '2024-03-31T12:00:00Z', 'UTC');
    const report = serializeSalesReport(await computeSalesReport([], [], range));
    expect(Object.values(report.totals)).toEqual(Array.from({ length: 7 }, () => zero));
    expect(report).toMatchObject({ total_sales: 0, net_sales: 0, average_sales: 0, total_tax: '0.00', total_customers: 0 });
  });

  it('an inverted range reports nothing: no periods, zero totals, even with orders on those days', async () => {
    const range = resolve({ date_min: '2024-03-11', date_max: '2024-03-09' }, '2024-04-30T00:00:00Z', LA);
    expect(serializeSalesReport(await computeSalesReport(laOrders, laCustomers, range))).toEqual({
      total_sales: 0,
      net_sales: 0,
      average_sales: 0,
      total_orders: 0,
      total_items: 0,
      total_tax: '0.00',
      total_shipping: 0,
      total_refunds: 0,
      total_discount: 0,
      totals_grouped_by: 'day',
      totals: {},
      total_customers: 0,
    });
  });

  it('rounds half away from zero from the exact sum, not from rounded parts', async () => {
    const range = resolve({ date_min: '2024-03-01', date_max: '2024-03-02' }, '2024-04-01T00:00:00Z', 'UTC');
    const orders = [
      // 0.004 + 0.001 = 0.005 exactly -> 0.01 (rounding each part first would give 0.00).
      sale({ at: '2024-03-01T10:00:00Z', total: '0.004', shipping: '0.0025' }),
      sale({ at: '2024-03-01T11:00:00Z', total: '0.001', shipping: '0.0025' }),
      // 0.1 + 0.2 is 0.30000000000000004 in floating point; exactly 0.30 here.
      sale({ at: '2024-03-02T10:00:00Z', total: '0.10' }),
      sale({ at: '2024-03-02T11:00:00Z', total: '0.20' }),
    ];
    const report = serializeSalesReport(await computeSalesReport(orders, [], range));
    expect(report.totals['2024-03-01']?.sales).toBe('0.01');
    expect(report.totals['2024-03-01']?.shipping).toBe('0.01'); // 0.0025 + 0.0025 = 0.005 -> 0.01
    expect(report.totals['2024-03-02']?.sales).toBe('0.30');
    // total 0.305 -> 0.31; average 0.305 / 2 = 0.1525 -> 0.15; net 0.305 - 0.005 = 0.30.
    expect([report.total_sales, report.average_sales, report.net_sales]).toEqual([0.31, 0.15, 0.3]);
  });

  it('large amounts stay exact (beyond 15 significant digits)', async () => {
    const range = resolve({}, '2024-03-01T12:00:00Z', 'UTC');
    const orders = [
      sale({ at: '2024-03-01T10:00:00Z', total: '12345678901234.56' }),
      sale({ at: '2024-03-01T10:00:00Z', total: '0.01' }),
      sale({ at: '2024-03-01T10:00:00Z', total: '45035996273704.96' }), // 2^52 cents
      sale({ at: '2024-03-01T10:00:00Z', total: '45035996273704.96' }),
    ];
    const report = await computeSalesReport(orders, [], range);
    // 12345678901234.56 + 0.01 + 2 * 45035996273704.96 = 102417671448644.49
    expect(report.totals.sales.toFixed(2)).toBe('102417671448644.49');
    expect(serializeSalesReport(report).totals['2024-03-01']?.sales).toBe('102417671448644.49');
  });

  it('a long sum of whole-cent amounts stays exact past 2^53 cents', async () => {
    const range = resolve({}, '2024-03-01T12:00:00Z', 'UTC');
    const orders = Array.from({ length: 1000 }, () => sale({ at: '2024-03-01T10:00:00Z', total: '99999999999.99' }));
    // 1000 * 99,999,999,999.99 = 99,999,999,999,990.00 (9.99e15 cents, beyond 2^53 = 9.007e15).
    const report = await computeSalesReport(orders, [], range);
    expect(report.totals.sales.toFixed(2)).toBe('99999999999990.00');
  });

  it('negative amounts (a correction order) sum exactly and format with a sign', async () => {
    const range = resolve({}, '2024-03-01T12:00:00Z', 'UTC');
    const orders = [sale({ at: '2024-03-01T10:00:00Z', total: '-5.25' }), sale({ at: '2024-03-01T11:00:00Z', total: '2.00' })];
    const report = serializeSalesReport(await computeSalesReport(orders, [], range));
    expect([report.total_sales, report.totals['2024-03-01']?.sales]).toEqual([-3.25, '-3.25']);
  });
});

describe('salesReportFor', () => {
  const snapshot = {
    store: buildStore({ timeZone: LA }),
    products: [buildProduct({ id: 10 }), buildProduct({ id: 11 }), buildProduct({ id: 12 })],
    customers: laCustomers,
    coupons: [],
    orders: laOrders,
  };

  it('folds the repository streams into the same report as the arrays give', async () => {
    const repository = createMemoryRepository(snapshot);
    const viaRepository = serializeSalesReport(await salesReportFor(repository, laRange));
    expect(viaRepository).toEqual(serializeSalesReport(await computeSalesReport(laOrders, laCustomers, laRange)));
    expect(viaRepository.total_sales).toBe(142.5);
  });

  it('uses the aggregateSales pushdown when the repository has one', async () => {
    const memory = createMemoryRepository(snapshot);
    const asked: Array<readonly string[]> = [];
    const repository = {
      ...memory,
      // A pushdown answering from the same data (as a SQL GROUP BY would), recording what it was asked.
      async aggregateSales(range: ReportRange, statuses: readonly (typeof REPORT_ORDER_STATUSES)[number][]) {
        asked.push(range.labels);
        const orders = laOrders.filter((o) => statuses.includes(o.status));
        return (await computeSalesReport(orders, laCustomers, range)).periods;
      },
      ordersCreatedIn() {
        throw new Error('the stream must not be read when the pushdown exists');
      },
    };
    const report = serializeSalesReport(await salesReportFor(repository, laRange));
    expect(asked).toEqual([laRange.labels]);
    expect(report.total_sales).toBe(142.5);
  });

  it('asks the repository nothing for an empty range', async () => {
    const memory = createMemoryRepository(snapshot);
    const refuse = () => {
      throw new Error('an empty range must not reach the repository');
    };
    const repository = { ...memory, ordersCreatedIn: refuse, customersRegisteredIn: refuse, aggregateSales: refuse };
    const empty = resolve({ date_min: '2024-03-11', date_max: '2024-03-01' }, '2024-04-30T00:00:00Z', LA);
    const report = serializeSalesReport(await salesReportFor(repository, empty));
    expect([report.totals, report.total_orders]).toEqual([{}, 0]);
  });

  it('salesReportFromPeriods refuses a pushdown answer with the wrong number of periods', () => {
    expect(() => salesReportFromPeriods(laRange, [])).toThrow(RangeError);
  });
});
