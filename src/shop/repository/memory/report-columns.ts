import { Decimal } from 'decimal.js';
import { ORDER_STATUSES, type Order, type OrderStatus } from '../../model/order';
import { DISCOUNT, MONEY_FIELDS, PeriodsAccumulator, periodIndex, REFUNDS, SALES, SHIPPING, TAX } from '../../reports/period-accumulator';
import { ExactDecimal, exactCents } from '../../reports/sales-exact-sum';

// The memory repository's sales report push-down. Each order's report figures are computed ONCE, when the repository
// is built, into flat typed arrays in creation order: a report finds its range by binary search and reads only its
// orders' entries, sequentially, never an order object, a Date or a Decimal. Orders loaded from JSON are each their
// own object graph spread over the heap, so folding the objects costs a cache miss per field; these columns do not.

// Per order, in one row of ROW numbers: the five money fields in whole cents (SALES..REFUNDS, as in
// PeriodsAccumulator), then the item count. A row whose SALES entry is NaN holds an order with an amount that is not
// a whole number of cents (or too large for exact integer cents); its exact sums are in `exotic`.
const ITEMS = MONEY_FIELDS;
const ROW = MONEY_FIELDS + 1;
const MAX_CENTS = 2 ** 52;


const STATUS_CODES = new Map<string, number>(ORDER_STATUSES.map((s, i) => [s, i]));

function centsOfAll(amounts: readonly { readonly amount: Decimal }[]): number {
  let sum = 0;
  for (const a of amounts) sum += exactCents(a.amount);
  return sum > -MAX_CENTS && sum < MAX_CENTS ? sum : NaN;
}

function exactSum(values: readonly Decimal[]): Decimal {
  let sum = new ExactDecimal(0);
  for (const v of values) sum = sum.plus(v);
  return new Decimal(sum);
}

/** Per-order report figures of every order, in creation order (createdAt, then id, ascending). */
export class ReportColumns {
  private readonly times: Float64Array;
  private readonly ids: Float64Array;
  private readonly statuses: Uint8Array;
  private readonly rows: Float64Array;
  private readonly exotic = new Map<number, readonly Decimal[]>();

  /** @param newestFirst - every order, newest first (the order index's overall list). */
  constructor(newestFirst: readonly Order[]) {
    const n = newestFirst.length;
    this.times = new Float64Array(n);
    this.ids = new Float64Array(n);
    this.statuses = new Uint8Array(n);
    this.rows = new Float64Array(n * ROW);
    for (let k = 0; k < n; k++) this.write(n - 1 - k, newestFirst[k] as Order);
  }

  private write(at: number, order: Order): void {
    this.times[at] = order.createdAt.getTime();
    this.ids[at] = order.id;
    this.statuses[at] = STATUS_CODES.get(order.status) ?? 255;
    const base = at * ROW;
    const rows = this.rows;
    let items = 0;
    for (const line of order.lineItems) items += line.quantity;
    rows[base + ITEMS] = items;
    const tax = exactCents(order.cartTax) + exactCents(order.shippingTax);
    rows[base + SALES] = exactCents(order.total);
    rows[base + TAX] = tax > -MAX_CENTS && tax < MAX_CENTS ? tax : NaN;
    rows[base + SHIPPING] = exactCents(order.shippingTotal);
    rows[base + DISCOUNT] = centsOfAll(order.couponLines);
    rows[base + REFUNDS] = centsOfAll(order.refunds);
    let whole = true;
    for (let f = 0; f < MONEY_FIELDS; f++) whole &&= !Number.isNaN(rows[base + f] as number);
    if (whole) return;
    rows[base + SALES] = NaN;
    const sums: Decimal[] = [];
    sums[SALES] = order.total;
    sums[TAX] = exactSum([order.cartTax, order.shippingTax]);
    sums[SHIPPING] = order.shippingTotal;
    sums[DISCOUNT] = exactSum(order.couponLines.map((c) => c.amount));
    sums[REFUNDS] = exactSum(order.refunds.map((r) => r.amount));
    this.exotic.set(at, sums);
  }

  /** First position whose creation time is at or after `t`. */
  private firstAtOrAfter(t: number): number {
    let lo = 0;
    let hi = this.times.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.times[mid] as number) < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Records an order's new status (a status change keeps its creation time, id and figures). */
  setStatus(order: Order): void {
    const t = order.createdAt.getTime();
    for (let at = this.firstAtOrAfter(t); at < this.times.length && this.times[at] === t; at++) {
      if (this.ids[at] === order.id) {
        this.statuses[at] = STATUS_CODES.get(order.status) ?? 255;
        return;
      }
    }
    throw new Error(`order ${order.id} has no report columns`);
  }

  /**
   * Adds every order with one of `statuses` created in `[bounds[0], bounds[last])` to its period of `periods`
   * (period i is `[bounds[i], bounds[i + 1])`). Synchronous: no status change can interleave.
   */
  fold(bounds: Float64Array, statuses: readonly OrderStatus[], periods: PeriodsAccumulator): void {
    const wanted = new Uint8Array(256);
    for (const s of statuses) {
      const code = STATUS_CODES.get(s);
      if (code !== undefined) wanted[code] = 1;
    }
    const last = bounds.length - 1;
    if (last < 1) return;
    const { times, statuses: codes, rows, exotic } = this;
    const money = periods.money;
    const end = this.firstAtOrAfter(bounds[last] as number);
    let period = 0;
    let next = bounds[1] as number;
    for (let at = this.firstAtOrAfter(bounds[0] as number); at < end; at++) {
      if (wanted[codes[at] as number] === 0) continue;
      const t = times[at] as number;
      if (t >= next) {
        // Creation order: periods only move forward, so a binary search runs once per period boundary crossed.
        period = periodIndex(bounds, t);
        if (period < 0) continue;
        next = bounds[period + 1] as number;
      }
      const base = at * ROW;
      const slot = period * MONEY_FIELDS;
      periods.orders[period] = (periods.orders[period] as number) + 1;
      periods.items[period] = (periods.items[period] as number) + (rows[base + ITEMS] as number);
      const sales = rows[base + SALES] as number;
      if (sales === sales) {
        money.addCents(slot + SALES, sales);
        money.addCents(slot + TAX, rows[base + TAX] as number);
        money.addCents(slot + SHIPPING, rows[base + SHIPPING] as number);
        money.addCents(slot + DISCOUNT, rows[base + DISCOUNT] as number);
        money.addCents(slot + REFUNDS, rows[base + REFUNDS] as number);
      } else {
        const sums = exotic.get(at) as readonly Decimal[];
        for (let f = 0; f < MONEY_FIELDS; f++) money.add(slot + f, sums[f] as Decimal);
      }
    }
  }
}
