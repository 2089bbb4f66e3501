// The running totals of a sales report's periods, shared by the stream fold (sales-report.ts) and the memory
// repository's column fold, so both sum the same way.
import type { Order } from '../model/order';
import type { PeriodTotals } from './report-types';
import { MoneyLedger } from './sales-exact-sum';

// Money fields of a period, each one slot of a MoneyLedger: slot = period * MONEY_FIELDS + field.
export const SALES = 0;
export const TAX = 1;
export const SHIPPING = 2;
export const DISCOUNT = 3;
export const REFUNDS = 4;
export const MONEY_FIELDS = 5;

/** Running totals of every period of a report: flat arrays, so memory is bound by the number of periods. */
export class PeriodsAccumulator {
  readonly money: MoneyLedger;
  readonly orders: Float64Array;
  readonly items: Float64Array;
  readonly customers: Float64Array;

  constructor(readonly count: number) {
    this.money = new MoneyLedger(count * MONEY_FIELDS);
    this.orders = new Float64Array(count);
    this.items = new Float64Array(count);
    this.customers = new Float64Array(count);
  }

  addOrder(period: number, order: Order): void {
    const money = this.money;
    const base = period * MONEY_FIELDS;
    this.orders[period] = (this.orders[period] as number) + 1;
    money.add(base + SALES, order.total);
    money.add(base + TAX, order.cartTax);
    money.add(base + TAX, order.shippingTax);
    money.add(base + SHIPPING, order.shippingTotal);
    let items = 0;
    for (const line of order.lineItems) items += line.quantity;
    this.items[period] = (this.items[period] as number) + items;
    // Every coupon code of the order counts (the legacy per-period query kept only the last code's sum).
    for (const coupon of order.couponLines) money.add(base + DISCOUNT, coupon.amount);
    // Refunds count in the period of their order, whenever they were made (see docs/reports.md).
    for (const refund of order.refunds) money.add(base + REFUNDS, refund.amount);
  }

  addTotals(period: number, p: PeriodTotals): void {
    const base = period * MONEY_FIELDS;
    this.orders[period] = (this.orders[period] as number) + p.orders;
    this.items[period] = (this.items[period] as number) + p.items;
    this.customers[period] = (this.customers[period] as number) + p.customers;
    this.money.add(base + SALES, p.sales);
    this.money.add(base + TAX, p.tax);
    this.money.add(base + SHIPPING, p.shipping);
    this.money.add(base + DISCOUNT, p.discount);
    this.money.add(base + REFUNDS, p.refunds);
  }

  totals(period: number): PeriodTotals {
    const base = period * MONEY_FIELDS;
    return {
      sales: this.money.value(base + SALES),
      orders: this.orders[period] as number,
      items: this.items[period] as number,
      tax: this.money.value(base + TAX),
      shipping: this.money.value(base + SHIPPING),
      discount: this.money.value(base + DISCOUNT),
      refunds: this.money.value(base + REFUNDS),
      customers: this.customers[period] as number,
    };
  }
}

/** Index of the period holding instant `t`, or -1 when it lies outside the range. */
export function periodIndex(bounds: Float64Array, t: number): number {
  const last = bounds.length - 1;
  if (last < 1 || !(t >= (bounds[0] as number)) || t >= (bounds[last] as number)) return -1;
  let lo = 0;
  let hi = last - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if ((bounds[mid] as number) <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

